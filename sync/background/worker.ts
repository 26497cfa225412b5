/**
 * The service worker's door to the background send (sw/ imports only this
 * folder besides Workbox and the contract): the drain bound to the worker's
 * own IndexedDB and Web Locks, which pages of the same origin share.
 */
import { indexedDbMirror } from '../session/token-mirror';
import { drainOutbox, type DrainResult } from './drain';

export { OUTBOX_DRAINED_MESSAGE, OUTBOX_SYNC_TAG } from './tag';
export type { DrainResult } from './drain';

interface WorkerLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export function drainInWorker(): Promise<DrainResult> {
  const locks = (navigator as Navigator & { locks: WorkerLocks }).locks;
  return drainOutbox({
    mirror: indexedDbMirror(indexedDB),
    lock: (name, run) => locks.request(name, run),
    // Given explicitly: RxDB's Dexie storage looks for IDBKeyRange on `window`, which a worker has not.
    storeEnv: { indexedDB, IDBKeyRange },
  });
}
