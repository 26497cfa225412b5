/**
 * Reads in the page (sync/store/page-reads.ts): with the store's writes in
 * its worker, queries and reads by id are made from the page's own IndexedDB
 * connection. Here the Dexie storage stands in for the worker's: the page's
 * reads give what RxDB's own Dexie reads give (deleted documents, unknown
 * ids, queries), and closing then removing the store is not held up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RxStorageInstanceDexie, dexieQuery } from 'rxdb/plugins/storage-dexie';
import { openStore, removeStore, type Store } from '../../sync/store/database';
import { dexieStorage } from '../../sync/store/dexie-storage';
import { readingInPage } from '../../sync/store/page-reads';

const USER = 990_002;
const env = { storage: () => readingInPage(dexieStorage()) };
let store: Store;

beforeAll(async () => {
  store = await openStore(USER, env);
  await store.db.interventions.bulkInsert(
    Array.from({ length: 60 }, (_, i) => ({
      id: String(2000 + i),
      data: { n: i },
      pending: i % 7 === 0,
      refreshedAt: i,
      place: i % 2 ? 'planning' : 'waiting',
      rank: `2026-0${1 + (i % 9)}-${10 + i}`,
      number: `DI-${i}`,
    })),
  );
  for (const id of ['2003', '2010', '2041']) await (await store.db.interventions.findOne(id).exec())!.remove();
});
afterAll(async () => {
  await store?.close().catch(() => undefined);
  await removeStore(USER, env);
});

/** The Dexie instance under RxDB's wrapper: its own methods are RxDB's reads. */
const underlying = () =>
  (store.db.interventions.storageInstance as unknown as { originalStorageInstance: RxStorageInstanceDexie<unknown> }).originalStorageInstance;

describe('reads made in the page', () => {
  it('by id give RxDB’s own answer, with and without the deleted documents, unknown ids left out', async () => {
    const instance = underlying();
    const ids = ['2001', '2003', '2010', '2059', '9999', '2041', '2020'];
    for (const withDeleted of [false, true]) {
      const mine = await instance.findDocumentsById(ids, withDeleted);
      const theirs = await RxStorageInstanceDexie.prototype.findDocumentsById.call(instance, ids, withDeleted);
      expect(mine).toEqual(theirs);
      expect(mine.map((d) => (d as unknown as { id: string }).id).sort()).toEqual(
        withDeleted ? ['2001', '2003', '2010', '2020', '2041', '2059'] : ['2001', '2020', '2059'],
      );
    }
    expect(await instance.findDocumentsById([], false)).toEqual([]);
  });

  it('by query give RxDB’s own answer, and see a write as soon as it is answered', async () => {
    const collection = store.db.interventions;
    const prepared = () => collection.find({ selector: { place: 'planning' }, sort: [{ rank: 'desc' }], limit: 12 }).getPreparedQuery();
    const mine = await underlying().query(prepared());
    expect(mine.documents).toEqual((await dexieQuery(underlying(), prepared())).documents);
    expect(mine.documents).toHaveLength(12);
    await collection.insert({ id: '3000', data: {}, pending: false, refreshedAt: 0, place: 'planning', rank: '2027-12-31', number: 'DI-X' });
    expect((await underlying().query(prepared())).documents[0]).toMatchObject({ id: '3000' });
    expect((await collection.findOne('3000').exec())?.number).toBe('DI-X');
  });

  it('stop with the store, whose removal then deletes everything', async () => {
    const instance = underlying();
    const prepared = store.db.interventions.find().getPreparedQuery();
    await store.close();
    expect(() => instance.query(prepared)).toThrow(/Stockage fermé/);
    await removeStore(USER, env);
    const again = await openStore(USER, env);
    expect(await again.db.interventions.count().exec()).toBe(0);
    await again.close();
  });
});
