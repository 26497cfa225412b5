/**
 * The store's queries read with getAll (sync/store/getall-query.ts) give the
 * documents, order, skip and limit of RxDB's own Dexie read (a cursor), on the
 * app's collections, over random filters (by index or not), sorts, skips and
 * limits; and the store's reads use no cursor any more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dexieQuery } from 'rxdb/plugins/storage-dexie';
import { openStore, removeStore, type Store } from '../../sync/store/database';
import { firstPageByPlaces, storedDocs } from '../../sync/store/queries';

const USER = 990_001;
let store: Store;

/** A small seeded generator: the same documents and queries on every run. */
function random(seed: number) {
  let s = seed;
  const next = () => ((s = (s * 1103515245 + 12345) % 2 ** 31), s / 2 ** 31);
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]! };
}

const PLACES = ['planning', 'waiting', 'in_progress', 'planned', 'closed'] as const;

beforeAll(async () => {
  store = await openStore(USER);
  const r = random(7);
  // Ranks repeat (ties are broken by the id, as in the index).
  await store.db.interventions.bulkInsert(
    Array.from({ length: 400 }, (_, i) => ({
      id: String(1000 + i),
      data: { n: i },
      pending: r.next() < 0.2,
      refreshedAt: i,
      place: r.pick(PLACES),
      rank: `2026-0${1 + r.int(9)}-1${r.int(10)}`,
      number: `DI-${r.int(3)}-${i}`,
    })),
  );
});
afterAll(async () => {
  await store.close();
  await removeStore(USER);
});

describe('getAll queries', () => {
  it('answer as RxDB’s cursor read does, for 300 random queries, with no cursor opened', async () => {
    const r = random(11);
    const collection = store.db.interventions;
    const cursors = { n: 0 };
    const openCursor = IDBIndex.prototype.openCursor;
    IDBIndex.prototype.openCursor = function (this: IDBIndex, ...args: Parameters<IDBIndex['openCursor']>) {
      cursors.n++;
      return openCursor.apply(this, args);
    };
    try {
      const selectors = [
        () => ({}),
        () => ({ place: r.pick(PLACES) }),
        () => ({ place: { $in: [r.pick(PLACES), r.pick(PLACES)] } }),
        () => ({ place: r.pick(PLACES), rank: { $gt: `2026-0${1 + r.int(9)}` } }),
        () => ({ rank: { $lt: `2026-0${1 + r.int(9)}` } }),
        () => ({ number: { $regex: `^DI-${r.int(3)}` } }),
        () => ({ pending: true }),
        () => ({ place: r.pick(PLACES), pending: false }),
        // By id (the offline pass's sweep): planned on the storage's [_deleted+id] index with the order by id.
        () => ({ id: { $gt: String(1000 + r.int(400)) } }),
        () => ({ id: { $gte: String(1000 + r.int(200)), $lt: String(1200 + r.int(200)) } }),
        () => ({ id: String(1000 + r.int(400)) }),
      ];
      const sorts = [
        undefined,
        [{ rank: 'asc' }],
        [{ rank: 'desc' }],
        [{ number: 'asc' }],
        [{ place: 'asc' }, { rank: 'asc' }],
        [{ id: 'asc' }],
        [{ id: 'asc' }],
      ];
      let compared = 0;
      for (let i = 0; i < 300; i++) {
        const limit = r.next() < 0.3 ? undefined : 1 + r.int(40);
        const skip = r.next() < 0.7 ? 0 : r.int(6);
        const sort = r.pick(sorts);
        const prepared = collection
          .find({ selector: r.pick(selectors)() as never, ...(sort ? { sort: sort as never } : {}), ...(limit ? { limit } : {}), skip })
          .getPreparedQuery();
        cursors.n = 0;
        const mine = await collection.storageInstance.query(prepared);
        expect(cursors.n).toBe(0);
        const theirs = await dexieQuery(collection.storageInstance as never, prepared);
        expect(mine.documents, JSON.stringify(prepared.query)).toEqual(theirs.documents);
        compared += mine.documents.length;
      }
      expect(compared).toBeGreaterThan(3000);
    } finally {
      IDBIndex.prototype.openCursor = openCursor;
    }
  });

  it('a walk by id reads only the documents it returns, and never a deleted one', async () => {
    const collection = store.db.interventions;
    await (await collection.findOne('1101').exec())!.remove();
    const getAll = IDBIndex.prototype.getAll;
    let read = 0;
    IDBIndex.prototype.getAll = function (this: IDBIndex, ...args: Parameters<IDBIndex['getAll']>) {
      const request = getAll.apply(this, args);
      request.addEventListener('success', () => (read += request.result.length));
      return request;
    };
    try {
      const slice = await collection.find({ selector: { id: { $gt: '1099' } }, sort: [{ id: 'asc' }], limit: 10 }).exec();
      expect(slice.map((d) => d.id)).toEqual(['1100', '1102', '1103', '1104', '1105', '1106', '1107', '1108', '1109', '1110']);
      // Before, the query went through the whole collection by its last-write index and sorted it (300 rows for 10).
      expect(read).toBe(10);
    } finally {
      IDBIndex.prototype.getAll = getAll;
    }
  });

  it('a one-off read (a list’s page, the offline pass) gives what RxDB’s find gives, removed documents left out', async () => {
    const r = random(23);
    const collection = store.db.interventions;
    // Removed documents in every place, among those the pages would show first.
    const newest = await collection.find({ sort: [{ rank: 'asc' }], limit: 40 }).exec();
    for (const doc of newest.filter((_, i) => i % 4 === 0)) await doc.remove();
    const removed = new Set(newest.filter((_, i) => i % 4 === 0).map((d) => d.id));
    for (let i = 0; i < 60; i++) {
      // One place: ranks repeat in these documents, and across places a tie keeps the places' order.
      const place = r.pick(PLACES);
      const after = r.next() < 0.5 ? `2026-0${1 + r.int(9)}` : undefined;
      const limit = 1 + r.int(20);
      const mango = { selector: { place, ...(after ? { rank: { $gt: after } } : {}) }, sort: [{ rank: 'asc' as const }], limit };
      const expected = (await collection.find(mango).exec()).map((d) => d.toJSON());
      const page = await firstPageByPlaces(collection, [place], limit, after);
      expect(page).toEqual(expected);
      expect(page.some((d) => removed.has(d.id))).toBe(false);
      expect(await storedDocs(collection, mango)).toEqual(expected);
    }
  });

  it('the outbox’s reads by status and sequence are the same too', async () => {
    const outbox = store.db.outbox;
    await outbox.bulkInsert(
      Array.from({ length: 60 }, (_, i) => ({
        id: `c${i}`,
        seq: i,
        name: 'account.update',
        entity: 'user:1',
        label: 'Modification',
        payload: {},
        status: i % 3 === 0 ? 'rejected' : 'pending',
        attempts: 0,
        nextAttemptAt: 0,
        createdAt: i,
        lastError: null,
        dependsOn: null,
        fileIds: [],
      })),
    );
    for (const query of [
      { selector: { status: 'pending' }, sort: [{ seq: 'asc' }], limit: 10 },
      { selector: { status: 'rejected' }, sort: [{ seq: 'asc' }] },
      { selector: { seq: { $gte: 17 } }, sort: [{ seq: 'asc' }], limit: 5, skip: 2 },
      { selector: {}, sort: [{ seq: 'desc' }], limit: 7 },
    ]) {
      const prepared = outbox.find(query as never).getPreparedQuery();
      const mine = await outbox.storageInstance.query(prepared);
      expect(mine.documents.length).toBeGreaterThan(0);
      expect(mine.documents).toEqual((await dexieQuery(outbox.storageInstance as never, prepared)).documents);
    }
  });
});
