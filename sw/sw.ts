/**
 * The service worker: precaches the app shell (html, js, css, icons) so the
 * installed app starts with no network; navigations fall back to the shell;
 * API JSON is never cached here (the local store is the cache); media and map
 * tiles are cache-first with expiry. Where the browser has static routing, the
 * shell's files and the API's JSON go around the worker (routeAroundTheWorker). A new version waits until the user
 * accepts the update prompt (SKIP_WAITING message), never reloading by itself.
 * Where the browser has Background Sync, it also sends the outbox when the
 * network returns with no page open (sync/background/).
 */
/// <reference lib="webworker" />
import { cacheNames, clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { MEDIA_CACHE, MEDIA_URL_PATTERNS, TILES_CACHE, isMediaPath } from '../sync/contract/caches';
import { DEFAULT_TILE_URL, tileUrlMatcher } from '../sync/contract/echopark';
// Static, not import(): a classic service worker may not import modules at run time, and
// injectManifest builds one file. The drain (RxDB, the commands) makes the worker larger, not the pages.
import { drainInWorker, OUTBOX_DRAINED_MESSAGE, OUTBOX_SYNC_TAG } from '../sync/background/worker';

/** A rule of the static routing API (InstallEvent.addRoutes); not in TypeScript's webworker library. */
interface RouterCondition {
  urlPattern?: string | { pathname: string };
  requestMethod?: string;
  or?: RouterCondition[];
}
interface RouterRule {
  condition: RouterCondition;
  source: 'network' | 'fetch-event' | { cacheName: string };
}

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };
/** Background Sync's event (Chromium); not in TypeScript's webworker library. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

// The first install takes control of the open page at once, so that the very first visit
// already works offline; later versions wait for the user's consent (SKIP_WAITING).
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
routeAroundTheWorker();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

registerRoute(
  ({ url, request }) => request.method === 'GET' && isMediaPath(url.pathname),
  new CacheFirst({ cacheName: MEDIA_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 60 * 24 * 3600 })] }),
);

// Map tiles of the configured server (VITE_MAP_TILES, OpenStreetMap by default): only the tiles a user
// viewed are kept (the OSM tile policy forbids bulk prefetching), at most 2000 and for 30 days.
const isTile = tileUrlMatcher(import.meta.env.VITE_MAP_TILES || DEFAULT_TILE_URL);
registerRoute(
  ({ url, request }) => request.method === 'GET' && isTile(url.href),
  new CacheFirst({ cacheName: TILES_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 2000, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })] }),
);

/**
 * The requests this worker would only pass on go around it (static routing, Chromium 123+): the
 * shell's hashed files straight from the precache (the network if one is missing there), the API's
 * JSON straight to the network, on any origin the API is served from. The worker no longer wakes for
 * each of a load's ~50 module files and first pulls: on this 2-core machine its thread worked ~100
 * ms per screen load, ~15 ms now (docs/measurements.md, 22e session); on a phone whose worker was
 * stopped, the files no longer wait for it to start. Media stay with the worker (cache-first above).
 * A browser without the API goes through the routes above, which answer the same.
 */
function routeAroundTheWorker(): void {
  self.addEventListener('install', (event) => {
    const install = event as ExtendableEvent & { addRoutes?: (rules: RouterRule[]) => Promise<void> };
    if (typeof install.addRoutes !== 'function') return;
    event.waitUntil(
      install
        .addRoutes([
          { condition: { or: MEDIA_URL_PATTERNS.map((pathname) => ({ urlPattern: { pathname } })) }, source: 'fetch-event' },
          { condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' },
          { condition: { urlPattern: '/assets/*', requestMethod: 'GET' }, source: { cacheName: cacheNames.precache } },
        ])
        .catch((error: unknown) => console.warn('Routage statique refusé', error)),
    );
  });
}

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// A tapped notification (the tick's notes, app/shell/push-notes.ts) brings the app forward, or opens it.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows[0];
      return open ? open.focus().then(() => undefined) : self.clients.openWindow('/').then(() => undefined);
    }),
  );
});

/**
 * A page queued commands and registered the sync (src/services/engine-runtime.ts); the browser fires it
 * when the network is back, page open or not. The open pages are told afterwards so that they look at
 * their outbox again. What could not go rejects the event: the browser tries again later, with its own
 * backoff, a few times; after its last chance the pages send when the app is next opened.
 */
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    drainInWorker().then(async (result) => {
      for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: OUTBOX_DRAINED_MESSAGE, result });
      if (result === 'left') throw new Error('Envois en attente : nouvel essai plus tard');
    }),
  );
});
