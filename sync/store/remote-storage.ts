/**
 * The page's side of the storage worker (storage-worker.ts): RxDB's remote
 * storage, whose writes and change events cross as messages (queries and
 * reads by id are made in the page: page-reads.ts). The app's engine opens its
 * stores on it (src/services/engine-runtime.ts); the service worker's
 * background send and Node's tests keep the storage in their own thread. One
 * worker per tab, started at the first store opened and kept for the tab's
 * life (a sign-out and the next sign-in use the same one). Other tabs' writes still reach this tab: the
 * Dexie storage in each tab's worker tells the others through a
 * BroadcastChannel, as it did in the page.
 */
import { Subject } from 'rxjs';
import type { RxStorage } from 'rxdb';
import { getRxStorageRemote, type MessageFromRemote, type MessageToRemote, type RemoteMessageChannel } from 'rxdb/plugins/storage-remote';
import { dexieStorage } from './dexie-storage';
import { readingInPage } from './page-reads';

/** The worker did not start (its script could not be fetched or evaluated). */
class StorageWorkerFailed extends Error {
  constructor(detail: string) {
    super(`Le stockage local n'a pas pu démarrer dans son worker : ${detail}`);
    this.name = 'StorageWorkerFailed';
  }
}

let channel: RemoteMessageChannel | null = null;
let storage: RxStorage<unknown, unknown> | null = null;

function workerChannel(startWorker: () => Worker): RemoteMessageChannel {
  if (channel) return channel;
  const worker = startWorker();
  const messages$ = new Subject<MessageFromRemote>();
  let started = false;
  worker.addEventListener('message', (event: MessageEvent<MessageFromRemote>) => {
    started = true;
    messages$.next(event.data);
  });
  // A worker that cannot start (its script missing from the cache) fails the store's opening instead of
  // leaving it waiting for an answer; the next opening starts a new worker (and a new remote storage:
  // RxDB keeps the failed channel for the old one). Once it has answered, an error thrown in it is a
  // bug to see in the console, not a reason to drop the store.
  worker.addEventListener('error', (event) => {
    if (started) return;
    event.preventDefault();
    if (channel === opened) {
      channel = null;
      storage = null;
    }
    messages$.error(new StorageWorkerFailed(event.message || 'worker en erreur'));
    worker.terminate();
  });
  const opened: RemoteMessageChannel = {
    messages$: messages$.asObservable(),
    send: (message: MessageToRemote) => worker.postMessage(message),
    // RxDB closes a channel when its last instance closes; the worker stays for the next store.
    close: async () => undefined,
  };
  channel = opened;
  return opened;
}

/**
 * RxDB's storage in the worker that `startWorker` starts (the engine bench bundles its own), its
 * queries and reads by id made in the page (page-reads.ts).
 */
export function remoteStorage(startWorker: () => Worker): RxStorage<unknown, unknown> {
  if (storage) return storage;
  const remote = getRxStorageRemote({
    identifier: 'stockage-local',
    mode: 'storage',
    messageChannelCreator: async () => workerChannel(startWorker),
  }) as RxStorage<unknown, unknown>;
  storage = readingInPage(remote);
  return storage;
}

const startAppWorker = () => new Worker(new URL('./storage-worker.ts', import.meta.url), { type: 'module', name: 'stockage local' });

let inPage: RxStorage<unknown, unknown> | null = null;

/**
 * The app's: the worker's script is a chunk of the build, precached with the others. A worker that
 * cannot start leaves the store in the page, as it was before the worker: the user's data is there
 * all the same, only the main thread does the work.
 */
export function workerStorage(): RxStorage<unknown, unknown> {
  const remote = remoteStorage(startAppWorker);
  return {
    name: remote.name,
    rxdbVersion: remote.rxdbVersion,
    async createStorageInstance(params) {
      if (!inPage) {
        try {
          return await remote.createStorageInstance(params);
        } catch (error) {
          if (!(error instanceof StorageWorkerFailed)) throw error;
          inPage ??= dexieStorage();
        }
      }
      return inPage.createStorageInstance(params);
    },
  };
}
