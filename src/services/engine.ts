/**
 * The app's sync engine, loaded on demand: the login screen never downloads
 * RxDB. Its state (pending and rejected counts, the queued commands) lives in
 * a small proxy the shell reads at once; the engine fills it once loaded.
 */
import { proxy } from 'valtio';
import type { Engine, EngineState } from '../../sync/index';

export const engineState = proxy<EngineState>({ userId: null, ready: false, pending: 0, rejected: 0, commands: [], progress: {} });

let loading: Promise<Engine> | null = null;

export function getEngine(): Promise<Engine> {
  loading ??= import('./engine-runtime').then((m) => m.startEngine(engineState));
  return loading;
}

/** Explicit logout: the user's local data and queued work are deleted, then the session. */
export async function logoutEverywhere(): Promise<void> {
  const { session } = await import('./session');
  await getEngine()
    .then((engine) => engine.wipe())
    .catch((error: unknown) => console.warn('Suppression des données locales incomplète', error));
  await clearMediaCaches();
  session.logout();
}

async function clearMediaCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  for (const name of await caches.keys()) if (name.startsWith('bp-media')) await caches.delete(name);
}
