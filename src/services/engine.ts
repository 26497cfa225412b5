/**
 * The app's sync engine, loaded on demand: the login screen never downloads
 * RxDB, and the shell starts it once the first signed-in screen is painted
 * (shell/session-life.ts). Its state (pending and rejected counts, the
 * queued commands) lives in a small proxy the shell reads at once; the engine
 * fills it once loaded.
 */
import { proxy } from 'valtio';
import { AppError, type Engine, type EngineState } from '../../sync/index';
import { fr } from '../i18n/fr';
import { retriedImport } from './module-retry';
import { session } from './session';

export const engineState = proxy<EngineState>({ userId: null, ready: false, pending: 0, rejected: 0, commands: [], progress: {} });

let loading: Promise<Engine> | null = null;

/** Who sends queued changes once the app is closed (the account's offline section): see session.ts. */
export { backgroundSendMode } from './session';

/**
 * The engine's code could not be fetched: the network went before a first visit's service worker
 * had cached it. Said in words (nothing was recorded), and the next call fetches it again.
 */
export class EngineNotLoaded extends AppError {
  constructor() {
    super(fr.engineNotLoaded);
    this.name = 'EngineNotLoaded';
  }
}

function loadEngine(): Promise<Engine> {
  loading ??= (servedFromCache() ? inSteps() : warmEngineChunks().then(firstVisitImport))
    .catch(() => {
      // Not kept: the next call imports it again (the network back), under a new address if need be.
      loading = null;
      throw new EngineNotLoaded();
    })
    // The modules' evaluation (RxDB, Dexie, the facades) and the engine's building are two tasks, not one long one.
    .then(async (m) => {
      await nextTask();
      return m.startEngine(engineState);
    });
  return loading;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A first visit (no worker yet): the engine's chunks, all fetched at once into the browser's HTTP
 * cache (their names written in the HTML by the build, `htmlPreloads` in vite.config.ts; hashed,
 * they are cached for good), so the import that follows finds its whole graph on the device even if
 * the network goes in between. fetch(), not `<link rel=modulepreload>`: Chromium 150 keeps a failed
 * preload's failure for the module until the page is loaded again; a failed fetch is only a failed
 * fetch, and the import after it is asked again (module-retry.ts).
 */
async function warmEngineChunks(): Promise<void> {
  const names = document.querySelector<HTMLMetaElement>('meta[name="engine-chunks"]')?.content.split(' ').filter(Boolean) ?? [];
  await Promise.all(
    names.map((url) =>
      fetch(url)
        .then((response) => response.arrayBuffer())
        .catch(() => undefined),
    ),
  );
}

/** The engine's runtime on a first visit: one module, that no other imports, asked anew after a failure. */
const firstVisitImport = retriedImport(() => import('./engine-runtime-at-once'));

/**
 * The engine's code evaluated a part per task: Dexie, then RxDB, then the engine and its modules.
 * Evaluated as one graph, they made one task of ~70 ms at page load (×4 on a phone, Lighthouse's
 * blocking time). Nothing of Dexie or RxDB is used here: importing them first only evaluates them
 * earlier, and the engine's import then finds them done.
 */
const inSteps = () =>
  import('dexie')
    .then(nextTask)
    .then(() => import('rxdb'))
    .then(nextTask)
    .then(() => import('./engine-runtime'));

/** Whether the service worker answers this page's requests (its cache holds every chunk). */
const servedFromCache = () => typeof navigator !== 'undefined' && navigator.serviceWorker?.controller != null;

/**
 * The engine, with the signed-in user's store open: a screen that reads or
 * writes before the shell has opened it (a save clicked in the first frames
 * after a reload) waits for it instead of being refused. Opening is
 * idempotent; nothing is opened while signed out or with an expired session.
 */
export async function getEngine(): Promise<Engine> {
  const engine = await loadEngine();
  const userId = session.signedIn ? session.state.user?.id : undefined;
  if (userId === undefined || (engineState.ready && engineState.userId === userId)) return engine;
  // Signed out in another tab, not yet followed here (this tab closes its store first): not reopened.
  // Read only when about to open: the stored session is parsed from localStorage.
  if (session.storedChange() !== 'signed-out') await engine.attach(userId);
  return engine;
}

/**
 * Session over (expired, or signed out in another tab): the store closes if
 * one is open and is kept for the next sign-in; loads nothing otherwise.
 */
export async function detachEngine(): Promise<void> {
  await (await loadedEngine())?.detach();
}

/**
 * Signed out in another tab, which deleted the user's data: this tab's store closes, then what it
 * wrote after the other tab's deletion (a background pass finishing, a save) is deleted too.
 */
export async function closeAndDeleteEngine(): Promise<void> {
  await (await loadedEngine())?.wipe();
  await clearMediaCaches();
}

/** A new version takes over and the page reloads: the engine, if loaded, stops its requests first (engine.standBy). */
export async function standByEngine(): Promise<void> {
  await (await loadedEngine())?.standBy();
}

/** The engine if it is loaded or loading; null if not, or if its code could not come (nothing of it runs then). */
const loadedEngine = (): Promise<Engine | null> => (loading ?? Promise.resolve(null)).catch(() => null);

/** Explicit logout: the user's local data and queued work are deleted, then the session. */
export async function logoutEverywhere(): Promise<void> {
  await getEngine()
    .then((engine) => engine.wipe())
    .catch((error: unknown) => console.warn('Suppression des données locales incomplète', error));
  await clearMediaCaches();
  session.logout({ dataDeleted: true });
}

async function clearMediaCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  for (const name of await caches.keys()) if (name.startsWith('bp-media')) await caches.delete(name);
}
