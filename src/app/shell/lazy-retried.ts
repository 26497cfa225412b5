/**
 * The shell's own pieces (bars, the session's life, prompts) load after the first screen. On a
 * first visit, before the service worker holds them, the network can go while they load: a
 * failed import would reach the router's error screen and take the whole app down. Here the
 * piece waits instead (its Suspense fallback holds its place) and is fetched again once the
 * network is back; Chromium fetches a failed module again rather than keeping the failure.
 */
import { lazy, type ComponentType } from 'react';

const FIRST_WAIT_MS = 5_000;
const LONGEST_WAIT_MS = 300_000;

/** `load()`, tried again until it succeeds: when the network is back, or after a growing wait if it never left (the server failed). */
export function untilLoaded<T>(load: () => Promise<T>, waitMs = FIRST_WAIT_MS): Promise<T> {
  return load().catch(() => networkBack(waitMs).then(() => untilLoaded(load, Math.min(waitMs * 2, LONGEST_WAIT_MS))));
}

function networkBack(waitMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (navigator.onLine) setTimeout(resolve, waitMs);
    else window.addEventListener('online', () => resolve(), { once: true });
  });
}

/** React.lazy over `untilLoaded`: the component's chunk, fetched again until it arrives. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyRetried<C extends ComponentType<any>>(load: () => Promise<C>) {
  return lazy(() => untilLoaded(load).then((component) => ({ default: component })));
}
