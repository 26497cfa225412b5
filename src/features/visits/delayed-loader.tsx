/**
 * The loaders of spec part 2 §9: 'The loader hides 1000 ms after the visit
 * forms load' and '300 ms after the owner visit dashboard loads'. The same
 * thin bar as the navigation loader (.loader), named for screen readers; it
 * never covers the screen or takes the pointer, so nobody waits for it to
 * type or tap.
 */
import { useEffect, useState } from 'react';

export const FORMS_LOADER_MS = 1000;
export const DASHBOARD_LOADER_MS = 300;

/** True until `delayMs` after `loaded` became true (and again whenever it goes back to false). */
export function useDelayedLoader(loaded: boolean, delayMs: number): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    if (!loaded) {
      setVisible(true);
      return;
    }
    const timer = setTimeout(() => setVisible(false), delayMs);
    return () => clearTimeout(timer);
  }, [loaded, delayMs]);
  return visible;
}

export function DelayedLoader({ loaded, delayMs, label }: { loaded: boolean; delayMs: number; label: string }) {
  const visible = useDelayedLoader(loaded, delayMs);
  return visible ? <div className="loader" role="progressbar" aria-label={label} /> : null;
}
