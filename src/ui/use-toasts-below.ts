/**
 * Keeps the toasts clear of a screen's own sticky bar. The visit screens have no top bar, and their
 * toolbar (menu, save, previous and next section) wraps to two rows on a phone: a toast at the top bar's
 * height lay over its second row for 5 s, and a tap meant for « Section suivante » hit the toast.
 */
import { useCallback } from 'react';
import { toasts } from '../services/toasts';

const GAP_PX = 8;

/** A ref callback for the bar: while it is mounted, the toasts start below it. */
export function useToastsBelow(): (bar: HTMLElement | null) => (() => void) | undefined {
  return useCallback((bar: HTMLElement | null) => {
    if (!bar) return undefined;
    const place = () => {
      // Measured on resize only, never on scroll (a write per scrolled frame would restyle the toasts):
      // the larger of the bar's place in the flow and its height, which is its bottom once stuck at top 0.
      const bottom = Math.max(bar.getBoundingClientRect().bottom, bar.offsetHeight);
      toasts.top = Math.round(bottom + GAP_PX);
    };
    // Its first observation comes once the bar is laid out: measuring here, in React's commit, forced a layout.
    const observer = new ResizeObserver(place);
    observer.observe(bar);
    return () => {
      observer.disconnect();
      toasts.top = null;
    };
  }, []);
}
