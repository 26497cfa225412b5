/**
 * The code of the screens a signed-in user may open, loaded ahead while the page is idle: a screen
 * opened for the first time (offline above all) then shows as fast as one opened before, instead of
 * fetching its chunks from the worker's cache and evaluating them on the tap (bench offline-10k: the
 * first list and detail opens after going offline took 100 ms, the next ones 30 to 40). The worker
 * has precached every chunk; only the modules the user's roles open are loaded, one screen per idle
 * period so that no task grows long, and only once the first screen's load is over: started with it,
 * the chunks' fetches through the worker and their evaluation ran beside the load's own work on a
 * 2-core machine (Lighthouse, /visites, alternated builds: TBT median ~470 → ~225 ms).
 */
import type { AnyRoute, AnyRouter } from '@tanstack/react-router';
import { mayOpen } from '../../domain/access';
import { whenIdle } from '../../ui/after-paint';

/** After the session's first screen: its store opening, first pulls and render are done by then on a slow phone. */
export const WARM_AFTER_MS = 3000;

/** A route's lazy screen (lazyRouteComponent): loads its code. */
type Preload = () => Promise<unknown>;

/** The screens' loaders, in the route tree's order (home first, each module's lists before its details). */
function screensOf(router: AnyRouter, roles: readonly string[]): Preload[] {
  const loaders = new Set<Preload>();
  for (const route of Object.values(router.routesById as Record<string, AnyRoute>)) {
    const meta = route.options.staticData;
    const preload = (route.options.component as { preload?: Preload } | undefined)?.preload;
    if (!preload || meta?.access !== 'auth' || (meta.module && !mayOpen(meta.module, roles))) continue;
    loaders.add(preload);
  }
  return [...loaders];
}

/** Starts loading the screens' code in idle periods; returns how to stop (sign-out). */
export function warmScreens(router: AnyRouter, roles: readonly string[]): () => void {
  const queue = screensOf(router, roles);
  let cancel: (() => void) | null = null;
  const start = setTimeout(() => next(), WARM_AFTER_MS);
  const next = () => {
    const preload = queue.shift();
    if (!preload) return;
    cancel = whenIdle(() => {
      // A screen whose code fails to load now (a chunk missing from an old cache) loads on its open, as before.
      void preload()
        .catch(() => undefined)
        .then(next);
    });
  };
  return () => {
    clearTimeout(start);
    queue.length = 0;
    cancel?.();
  };
}
