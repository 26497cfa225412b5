/**
 * A function that keeps one identity for the life of the component and always
 * runs the latest render's `fn`. Handed to memoised children, it lets them skip
 * a render when only the parent's closure changed: a keystroke in a visit of
 * 1,000 fields re-renders the field typed in, not every field and tree entry.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';

export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
