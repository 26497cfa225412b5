/**
 * Before a write, the store reads only the rows it holds (sync/store/sparse-get.ts): the answer
 * is Dexie's own for any mix of stored and new keys, a page of new documents reads no row, and
 * RxDB still finds every conflict.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStore, removeStore, type Store } from '../../sync/store/database';

const USER = 990_002;
let store: Store;

const row = (id: string) => ({ id, data: { id }, pending: false, refreshedAt: 1, place: 'planning', rank: `2026-01-${id}`, number: `DI-${id}` });
/** Ids as the server gives them (numbers as strings: '1000' sorts between '1' and '2'). */
const stored = Array.from({ length: 300 }, (_, i) => String(3 * i + 1));

interface Table {
  bulkGet(keys: string[]): Promise<unknown[]>;
  get(key: string): Promise<unknown>;
}
interface Internals {
  dexieTable: Table;
  dexieDb: { backendDB(): IDBDatabase };
}
const internalsOf = (s: Store): Promise<Internals> =>
  (s.db.interventions.storageInstance as unknown as { originalStorageInstance: { internals: Promise<Internals> } }).originalStorageInstance.internals;
const tableOf = async (s: Store): Promise<Table> => (await internalsOf(s)).dexieTable;

/** IndexedDB `get` requests made while `run` runs (Dexie's bulkGet makes one per key). */
async function countGets<T>(run: () => Promise<T>): Promise<{ result: T; gets: number }> {
  const get = vi.spyOn(IDBObjectStore.prototype, 'get');
  try {
    const result = await run();
    return { result, gets: get.mock.calls.length };
  } finally {
    get.mockRestore();
  }
}

beforeAll(async () => {
  store = await openStore(USER);
  await store.db.interventions.bulkInsert(stored.map(row));
});
afterAll(async () => {
  await store.close();
  await removeStore(USER);
});

describe('reading before a write', () => {
  it('answers as one read per key does, for random mixes of stored and new keys', async () => {
    const table = await tableOf(store);
    let seed = 5;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31);
    let asked = 0;
    let read = 0;
    for (let round = 0; round < 40; round++) {
      const size = 1 + Math.floor(next() * 120);
      // Scattered over the whole store, or within a window (a page of a list).
      const from = round % 2 ? 0 : Math.floor(next() * 1000);
      const span = round % 2 ? 1200 : size * 3;
      const keys = Array.from({ length: size }, () => String(from + Math.floor(next() * span)));
      const expected = await Promise.all(keys.map((key) => table.get(key)));
      const { result, gets } = await countGets(() => table.bulkGet(keys));
      expect(result).toEqual(expected);
      asked += keys.length;
      read += gets;
    }
    // Rows not stored were not read.
    expect(read).toBeLessThan(asked * 0.8);
  });

  it('a page of documents the device does not hold reads no row, and is written', async () => {
    const page = Array.from({ length: 200 }, (_, i) => String(5000 + i));
    const { result, gets } = await countGets(() => store.db.interventions.bulkInsert(page.map(row)));
    expect(result.error).toEqual([]);
    expect(gets).toBe(0);
    expect(await store.db.interventions.count().exec()).toBe(500);
  });

  it('stored documents filling their range are read at once, not one request per row', async () => {
    const table = await tableOf(store);
    // A page pulled again: 50 stored ids in a row ('751' to '898': the range also holds '76' to '88'),
    // two new ones among them.
    const keys = [...stored.slice(250, 300), '752', '755'];
    const expected = await Promise.all(keys.map((key) => table.get(key)));
    const { result, gets } = await countGets(() => table.bulkGet(keys));
    expect(result).toEqual(expected);
    expect(result.filter((r) => r !== undefined)).toHaveLength(50);
    expect(gets).toBe(0);
  });

  it('RxDB still finds every conflict: a page mixing stored and new documents', async () => {
    const page = [...stored.slice(0, 60), ...Array.from({ length: 60 }, (_, i) => String(9000 + i))];
    // The interventions' own IndexedDB transactions, as Dexie uses them (it binds the database's
    // `transaction` when it opens): each names its object stores through `objectStore`, counted here.
    const idb = (await internalsOf(store)).dexieDb.backendDB();
    const proto = Object.getPrototypeOf(idb.transaction(Array.from(idb.objectStoreNames), 'readonly')) as IDBTransaction;
    const objectStore = proto.objectStore;
    const used = new Set<IDBTransaction>();
    proto.objectStore = function (this: IDBTransaction, name: string) {
      if (this.db === idb) used.add(this);
      return objectStore.call(this, name);
    };
    const { error, success } = await store.db.interventions.bulkInsert(page.map(row)).finally(() => (proto.objectStore = objectStore));
    const transactions = used.size;
    // The keys listed and the rows read are in the write's own transaction: nothing changes between the read and the write.
    expect(transactions).toBe(1);
    expect(error.map((e) => e.documentId).sort()).toEqual(stored.slice(0, 60).sort());
    expect(error.every((e) => e.status === 409 && e.documentInDb?.id === e.documentId)).toBe(true);
    expect(success).toHaveLength(60);
  });
});
