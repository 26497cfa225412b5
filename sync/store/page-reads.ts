/**
 * Reads in the page, writes in the worker. With the store in its worker (remote-storage.ts), a
 * screen's query went to the worker and its answer came back as a message: 1.0-2.0 ms on a read of
 * ~1.5 ms (the engine bench's first page). IndexedDB can be read from the page as well as from the
 * worker, so queries and reads by id open the same database in the page and read it there with
 * getAll (getall-query.ts), while writes (their pre-reads, conflicts, change events) stay in the
 * worker, off the main thread. The read is consistent with the writes: a write's answer, and its
 * change event, reach the page after its IndexedDB transaction has committed, and a read-only
 * transaction opened after that sees it.
 */
import { getPrimaryFieldOfPrimaryKey, type RxDocumentData, type RxStorage, type RxStorageInstance, type RxStorageInstanceCreationParams } from 'rxdb';
import { closeDexieDb, DEXIE_DOCS_TABLE_NAME, fromDexieToStorage, getDexieDbWithTables } from 'rxdb/plugins/storage-dexie';
import { getAllQuery, type DexieInstance, type DexieState } from './getall-query';
import { idbRequest } from '../idb-request';

type Instance = RxStorageInstance<unknown, unknown, unknown>;

/** The rows of `ids`, in one read-only transaction of IndexedDB itself (Dexie's bulkGet, as RxDB's read, without its zones). */
async function readByIds<T>(state: DexieState, ids: string[], withDeleted: boolean): Promise<RxDocumentData<T>[]> {
  if (ids.length === 0) return [];
  const store = state.dexieDb.backendDB().transaction(DEXIE_DOCS_TABLE_NAME, 'readonly').objectStore(DEXIE_DOCS_TABLE_NAME);
  const rows = await Promise.all(ids.map((id) => idbRequest<unknown>(store.get(id))));
  const found: RxDocumentData<T>[] = [];
  for (const row of rows) {
    if (row === undefined) continue;
    const doc = fromDexieToStorage(state.booleanIndexes, row) as RxDocumentData<T>;
    if (withDeleted || !doc._deleted) found.push(doc);
  }
  return found;
}

/** `instance` (the worker's, through RxDB's remote storage) answering its reads from the page. */
function withPageReads<I extends Instance>(instance: I, params: RxStorageInstanceCreationParams<unknown, unknown>): I {
  // Opened at the first read: a collection this session never reads (a manager's visits) costs the page no connection.
  let internals: Promise<DexieState> | null = null;
  let open = true;
  const state = () => {
    if (!open) throw new Error(`Stockage fermé : ${params.databaseName}-${params.collectionName}`);
    internals ??= getDexieDbWithTables(params.databaseName, params.collectionName, {}, params.schema as never) as unknown as Promise<DexieState>;
    return internals;
  };
  const primaryPath = getPrimaryFieldOfPrimaryKey(params.schema.primaryKey);
  instance.query = (prepared) =>
    getAllQuery({ internals: state(), schema: params.schema, primaryPath } as unknown as DexieInstance, prepared as never) as never;
  instance.findDocumentsById = async (ids, withDeleted) => readByIds(await state(), ids, withDeleted) as never;
  // The page's connection closes with the instance, before the worker's: an IndexedDB connection left open
  // in the page would hold the database (a deletion of it waits for every connection to close).
  const closeReader = () => {
    open = false;
    const opened = internals;
    internals = null;
    return opened ? closeDexieDb(opened as never).catch(() => undefined) : Promise.resolve();
  };
  const close = instance.close.bind(instance);
  const remove = instance.remove.bind(instance);
  instance.close = () => closeReader().then(close);
  instance.remove = () => closeReader().then(remove);
  return instance;
}

/** `storage` (RxDB's remote storage to the worker) whose instances read in the page. */
export function readingInPage(storage: RxStorage<unknown, unknown>): RxStorage<unknown, unknown> {
  return {
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    createStorageInstance: async (params) => withPageReads((await storage.createStorageInstance(params)) as never, params as never),
  };
}
