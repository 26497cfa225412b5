/**
 * A screen is drawn in a render of its own, after the click that reached it or the page's load.
 *
 * The router hands React its new matches through useSyncExternalStore, so the click's task did it
 * all at once: the router's load, the old screen taken down, the new one drawn and committed.
 * 80-140 ms at 4× CPU slowdown for the visit list, the longest task of every navigation and of a
 * visit's pause (issue 22). Here the new screen's first render is empty (the bars stay) and React
 * draws it right after as a deferred render, which yields to the browser every few milliseconds:
 * the click's task no longer holds the whole screen. At 4× its title comes a little later, its
 * list no later (docs/measurements.md); at 1× no empty frame was seen between the two screens.
 * The first screen of a page load too: the router's load ends in the same kind of update, and the
 * screen's whole first render was one task of 50-70 ms at 4× after the frame was drawn (11th session).
 */
import { useDeferredValue } from 'react';
import type { RouteComponent } from '@tanstack/react-router';

/** The router's lazy screen (with its `preload`), drawn after the router's update; the router gives screens no props. */
export function drawnDeferred(Screen: RouteComponent): RouteComponent {
  const Deferred: RouteComponent = () => {
    const ready = useDeferredValue(true, false);
    return ready ? <Screen /> : null;
  };
  Deferred.preload = Screen.preload;
  return Deferred;
}
