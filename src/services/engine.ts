/**
 * The app's sync engine, bound to the app's session. A refused command is
 * said at once in a toast; the 'Envois en attente' screen keeps it until the
 * user retries or discards it.
 */
import { commandRegistry, createEngine, type Engine } from '../../sync/index';
import { session } from './session';
import { showToast } from './toasts';

export const engine: Engine = createEngine({
  session,
  registry: commandRegistry,
  onRejected: (command) =>
    showToast({ title: 'Envoi refusé', text: `${command.label} : ${command.lastError?.message ?? 'refusé par le serveur'}`, tone: 'error' }),
});

/** Explicit logout: the user's local data and queued work are deleted, then the session. */
export async function logoutEverywhere(): Promise<void> {
  await engine.wipe().catch((error: unknown) => console.warn('Suppression des données locales incomplète', error));
  await clearMediaCaches();
  session.logout();
}

async function clearMediaCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  for (const name of await caches.keys()) if (name.startsWith('bp-media') || name.startsWith('bp-tiles')) await caches.delete(name);
}
