/**
 * RxDB's Dexie storage reads a query's documents with a cursor: one
 * IndexedDB request, and one trip through the event loop, per document. A
 * list's first page of 20 was 20 requests. Here the same index range is read
 * with getAll: one request for the page when the index gives both the filter
 * and the order, batches when a filter the index cannot apply remains, and
 * batches of 200 when the whole range is wanted (RxDB sorts, or no limit). The documents, their order,
 * skip and limit are those of RxDB's own read (the integration test
 * getall-query.test.ts compares the two on the app's collections).
 */
import { getQueryMatcher, getSortComparator, type PreparedQuery, type RxDocumentData, type RxStorage, type RxStorageInstance } from 'rxdb';
import { readOnlyStoredRows, type KeyedTable } from './sparse-get';
import { primaryOrderPlan } from './primary-plan';
import { skipEmptyAttachmentWrites, type AttachmentsTable } from './empty-attachment-writes';
import { DEXIE_DOCS_TABLE_NAME, dexieReplaceIfStartsWithPipe, fromDexieToStorage, getKeyRangeByQueryPlan } from 'rxdb/plugins/storage-dexie';

/** What RxDB's Dexie storage instance keeps in `internals` (rxdb/plugins/storage-dexie/dexie-helper.js). */
export interface DexieState {
  dexieTable: KeyedTable;
  dexieAttachmentsTable: AttachmentsTable;
  dexieDb: {
    _options: { IDBKeyRange?: typeof IDBKeyRange };
    backendDB(): IDBDatabase;
  };
  booleanIndexes: string[];
}

export type DexieInstance = RxStorageInstance<unknown, unknown, unknown> & { internals: Promise<DexieState>; closed?: unknown; primaryPath: string };

/** Documents read per request while a filter the index cannot apply remains. */
const BATCH = 50;
/**
 * Documents read per request when the whole range is wanted (no limit, or an order the index does
 * not give). Each answer is handled in a task of its own: a range of 1,000 documents read at once
 * was one task of 53-66 ms at 4× (turning the rows into documents) during the offline first pass.
 */
const RANGE_BATCH = 200;

const valueAt = (doc: unknown, path: string): unknown => path.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], doc);

export async function getAllQuery<T>(instance: DexieInstance, prepared: PreparedQuery<T>): Promise<{ documents: RxDocumentData<T>[] }> {
  const state = await instance.internals;
  const { query } = prepared;
  const plan = primaryOrderPlan(instance.primaryPath, state.booleanIndexes, query as never) ?? prepared.queryPlan;
  const skip = query.skip ?? 0;
  const limit = typeof query.limit === 'number' ? query.limit : Infinity;
  const schema = instance.schema as never;
  const matcher = plan.selectorSatisfiedByIndex ? null : getQueryMatcher<T>(schema, query as never);
  let range: IDBKeyRange;
  try {
    range = getKeyRangeByQueryPlan(state.booleanIndexes, plan, state.dexieDb._options.IDBKeyRange);
  } catch (error) {
    if ((error as Error).name === 'DataError') return { documents: [] };
    throw error;
  }
  // With the order given by the index, reading stops once skip + limit documents match.
  const wanted = plan.sortSatisfiedByIndex ? skip + limit : Infinity;
  let rows: RxDocumentData<T>[] = [];
  if (wanted > 0) {
    const indexName = `[${plan.index.map((field) => dexieReplaceIfStartsWithPipe(field)).join('+')}]`;
    // A read-only transaction of IndexedDB itself: Dexie's own (zones, promise wrappers) cost more
    // than the read of a first page.
    const transaction = state.dexieDb.backendDB().transaction(DEXIE_DOCS_TABLE_NAME, 'readonly');
    const index = transaction.objectStore(DEXIE_DOCS_TABLE_NAME).index(indexName);
    const keyPath = index.keyPath as string[];
    const KeyRange = state.dexieDb._options.IDBKeyRange ?? IDBKeyRange;
    await new Promise<void>((resolve, reject) => {
      // Each batch is asked from the previous one's success callback: the transaction stays active.
      const read = (from: IDBKeyRange) => {
        const count = wanted === Infinity ? RANGE_BATCH : matcher ? Math.max(BATCH, wanted - rows.length) : wanted - rows.length;
        const request = index.getAll(from, count);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const values = request.result as unknown[];
          for (const value of values) {
            const doc = fromDexieToStorage(state.booleanIndexes, value) as RxDocumentData<T>;
            if (matcher && !matcher(doc)) continue;
            rows.push(doc);
            if (rows.length >= wanted) return resolve();
          }
          if (values.length < count) return resolve();
          // Index keys are unique (RxDB ends every index with the primary key): go on after the last one.
          const last = keyPath.map((path) => valueAt(values[values.length - 1], path));
          read(KeyRange.bound(last, from.upper, true, from.upperOpen));
        };
      };
      read(range);
    });
  }
  if (!plan.sortSatisfiedByIndex) rows = rows.sort(getSortComparator<T>(schema, query as never));
  return { documents: rows.slice(skip, skip + limit) };
}

/**
 * The Dexie storage whose instances answer queries with getAllQuery, read before a write only the
 * rows they hold (sparse-get.ts), and skip the writes of no attachment (empty-attachment-writes.ts).
 */
export function withGetAllQueries<S extends RxStorage<unknown, unknown>>(storage: S): S {
  const create = storage.createStorageInstance.bind(storage);
  storage.createStorageInstance = async (params) => {
    const instance = (await create(params)) as unknown as DexieInstance;
    // Not awaited, the opening is not held up: this reaction runs before any write's, which awaits the same promise later.
    instance.internals
      .then((state) => {
        readOnlyStoredRows(state.dexieTable);
        skipEmptyAttachmentWrites(state.dexieAttachmentsTable);
      })
      .catch(() => undefined);
    instance.query = (prepared) => {
      // As the storage's own query: a closed instance refuses at once.
      if (instance.closed) throw new Error(`RxStorageInstanceDexie is closed ${instance.databaseName}-${instance.collectionName}`);
      return getAllQuery(instance, prepared as PreparedQuery<unknown>) as never;
    };
    return instance as never;
  };
  return storage;
}
