/**
 * The shell's own pieces (bars, the session's life, prompts) load after the first screen. On a
 * first visit, before the service worker holds them, the network can go while they load: a
 * failed import would reach the router's error screen and take the whole app down. Here the
 * piece waits instead (its Suspense fallback holds its place) and is fetched again once the
 * network is back.
 *
 * Fetched again under a new address (services/module-retry.ts): no other module imports these
 * pieces, so each still runs once.
 */
import { lazy, type ComponentType } from 'react';
import { retriedImport } from '../../services/module-retry';

const FIRST_WAIT_MS = 5_000;
const LONGEST_WAIT_MS = 300_000;

/**
 * `load()` (one dynamic import), tried again until it succeeds: when the network is back, or after a
 * growing wait if it never left (the server failed), the failed module asked under a new address.
 */
export function untilLoaded<M>(load: () => Promise<M>): Promise<M> {
  const again = retriedImport(load);
  const attempt = (waitMs: number): Promise<M> => again().catch(() => networkBack(waitMs).then(() => attempt(Math.min(waitMs * 2, LONGEST_WAIT_MS))));
  return attempt(FIRST_WAIT_MS);
}

function networkBack(waitMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (navigator.onLine) setTimeout(resolve, waitMs);
    else window.addEventListener('online', () => resolve(), { once: true });
  });
}

/** React.lazy over `untilLoaded`: the component `name` of a module's chunk, fetched again until it arrives. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyRetried<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(() => untilLoaded(load).then((module) => ({ default: module[name] })));
}
