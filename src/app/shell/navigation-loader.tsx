/**
 * The global loading indicator (spec part 2 §2.4, §9): a thin bar at the top
 * of the window that starts on each navigation and stops 300 ms after it has
 * resolved. It sits over the top edge without taking room or clicks, and is
 * still: a moving bar kept the GPU process drawing frames through the load, on
 * the cores the load needs (styles.css says what it cost).
 */
import { useEffect, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { fr } from '../../i18n/fr';

/** Spec part 2 §9: loader stop delay. */
export const LOADER_STOP_MS = 300;

export function NavigationLoader() {
  const router = useRouter();
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = router.subscribe('onBeforeNavigate', () => {
      clearTimeout(timer);
      setLoading(true);
    });
    const stop = router.subscribe('onResolved', () => {
      clearTimeout(timer);
      timer = setTimeout(() => setLoading(false), LOADER_STOP_MS);
    });
    return () => {
      start();
      stop();
      clearTimeout(timer);
    };
  }, [router]);
  if (!loading) return null;
  return <div className="loader" role="progressbar" aria-label={fr.loading} />;
}
