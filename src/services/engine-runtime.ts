/**
 * Builds the engine bound to the app's session, with the app's modules (this
 * module and RxDB load after sign-in). A refused command is told once,
 * through the one error handler; the 'Envois en attente' screen keeps it
 * until the user retries or discards it. Where the browser has Background
 * Sync, commands the page could not send are handed to the service worker.
 */
import { subscribe } from 'valtio/vanilla';
import {
  appModules,
  commandRegistry,
  createEngine,
  OUTBOX_DRAINED_MESSAGE,
  OUTBOX_SYNC_TAG,
  refusalOf,
  workerStorage,
  type EngineState,
} from '../../sync/index';
import { backgroundSendMode, session } from './session';
import { handleError } from './errors';

export function startEngine(state: EngineState) {
  const engine = createEngine({
    session,
    registry: commandRegistry,
    // A visit draft could not be written or queued in the background (storage full, store closed):
    // the user is told at once, and what is on screen stays in memory for the next save.
    modules: appModules({ onDraftError: (error) => handleError(error), loadUser: () => session.loadUser() }),
    state,
    onRejected: (command) => handleError(refusalOf(command)),
    // IndexedDB and RxDB's storage layer in a worker: off the thread that draws and takes the typing.
    storeEnv: { storage: workerStorage },
  });
  // The account's « Données hors ligne » says which of the two sends the queued changes.
  engine.briefcase.state.backgroundSend = backgroundSendMode();
  if (engine.briefcase.state.backgroundSend === 'worker') handToWorker(state, () => engine.flush());
  return engine;
}

export type AppEngine = ReturnType<typeof startEngine>;

/** A page sees each failed attempt; one registration per this interval is enough (the browser keeps it). */
const REGISTER_EVERY_MS = 30_000;

/**
 * Registers the background sync when commands wait for the network: queued while this page is
 * offline, after an attempt that found no network, and again when the page is hidden or closed
 * with such commands (the worker then sends them when the network returns, page open or not). Not on
 * every queued command: online, the page sends at once, and waking the worker for nothing costs a
 * store opening. Not for a command the server answered 5xx or 429: Background Sync fires on
 * connectivity, so it would fire at once and fail alike; the pages retry those with their backoff.
 * (A send cut short by closing the page while online waits for the next opening, as before.)
 * The worker waits for the outbox's lock if this page is sending, and tells the pages when it is
 * done so that they look again (a command it left in backoff has no timer here).
 */
function handToWorker(state: EngineState, flush: () => Promise<void>): void {
  let known = new Set<string>();
  let registeredAt = 0;
  const register = () => {
    registeredAt = Date.now();
    void navigator.serviceWorker.ready
      .then((registration) => (registration as ServiceWorkerRegistration & { sync: { register(tag: string): Promise<void> } }).sync.register(OUTBOX_SYNC_TAG))
      // Refused (background sync turned off for the site): the pages send, as without it.
      .catch(() => undefined);
  };
  // Never answered, or the last attempt found no network (no HTTP status).
  const forNetwork = () => state.commands.filter((c) => c.status === 'pending' && (c.lastError === null || c.lastError.status === null));
  const cannotSend = () => navigator.onLine === false || !session.state.reachable;
  subscribe(state, () => {
    const commands = forNetwork();
    const fresh = commands.some((c) => !known.has(c.id));
    known = new Set(commands.map((c) => c.id));
    if (commands.length === 0) return;
    const failed = commands.some((c) => c.attempts > 0) && Date.now() - registeredAt > REGISTER_EVERY_MS;
    if ((fresh && cannotSend()) || failed) register();
  });
  const onHidden = () => {
    const commands = forNetwork();
    if (commands.length > 0 && (cannotSend() || commands.some((c) => c.attempts > 0))) register();
  };
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && onHidden());
  window.addEventListener('pagehide', onHidden);
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string } | null>) => {
    if (event.data?.type === OUTBOX_DRAINED_MESSAGE) void flush();
  });
}
