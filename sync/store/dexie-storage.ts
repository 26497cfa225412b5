/**
 * The storage under RxDB: its free Dexie storage on IndexedDB, with the
 * app's reads and writes (getall-query.ts). It runs where the store is opened
 * (Node's tests, the service worker's background send) or, for the app's
 * pages, in the storage worker (storage-worker.ts).
 */
import type { RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { withGetAllQueries } from './getall-query';

export interface StoreEnv {
  /** IndexedDB implementation (fake-indexeddb in Node tests); the browser's by default. */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  /** Another storage for RxDB: the page's engine gives the storage worker's (remote-storage.ts). */
  storage?: () => RxStorage<unknown, unknown>;
}

export function dexieStorage(env: StoreEnv = {}): RxStorage<unknown, unknown> {
  return withGetAllQueries(getRxStorageDexie(env.indexedDB ? { indexedDB: env.indexedDB, IDBKeyRange: env.IDBKeyRange } : {}) as RxStorage<unknown, unknown>);
}
