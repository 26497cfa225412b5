/**
 * The one rule of every pull (sync/pull/pull.ts, storeFresh): new documents are stored, changed ones
 * rewritten (a list item merged into what the detail had, the mark of a refused change dropped),
 * unchanged ones left as they are (same revision: no event, no cross-tab message), and a document
 * with local changes pending is never overwritten: the server's copy goes aside.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openStore, removeStore, type Store } from '../../sync/store/database';
import { asCached, storeFresh, type StoredDoc } from '../../sync/pull/pull';
import { interventionDoc } from '../../sync/pull/interventions';
import { markRefreshed, readLocal } from '../../sync/store/local';

const USER = 7400;
let store: Store | null = null;
afterEach(async () => {
  await store?.close();
  await removeStore(USER);
  store = null;
});

const item = (id: number, information = 'Fuite') => ({ id, number: `DI-${id}`, place: 'start', createdAt: '2026-03-01T08:00:00Z', information });
const docOf = (id: number, information?: string) => interventionDoc(item(id, information), 1) as unknown as StoredDoc;

async function stored(id: number) {
  const doc = await store!.db.interventions.findOne(String(id)).exec();
  return doc ? { rev: doc.revision, ...(doc.toJSON() as unknown as StoredDoc) } : null;
}

describe('storeFresh', () => {
  it('stores the new, rewrites the changed with what only the detail had, leaves the unchanged and keeps a pending one aside', async () => {
    store = await openStore(USER);
    const collection = asCached(store.db.interventions);
    const detail = { ...docOf(2), data: { ...item(2), appointments: [7], stale: true } };
    await collection.bulkInsert([docOf(1), detail, docOf(3), { ...docOf(4, 'Changé ici'), pending: true, refreshedAt: 0 }]);
    const before = { one: await stored(1), three: await stored(3) };

    const page = [docOf(1), docOf(2, 'Nouvelle information'), docOf(3), docOf(4, 'Réponse du serveur'), docOf(5)];
    const writes = vi.spyOn((collection as unknown as { storageInstance: { bulkWrite(): unknown } }).storageInstance, 'bulkWrite');
    const result = await storeFresh(store.db, collection, page, { merge: true });
    // The insert (the new one stored, the others handed back), then the changed ones in one write.
    expect(writes).toHaveBeenCalledTimes(2);

    expect(result).toEqual({ stored: 2, keptAside: 1, removed: 0 });
    // Unchanged: the same revision, not written again.
    expect((await stored(1))!.rev).toBe(before.one!.rev);
    expect((await stored(3))!.rev).toBe(before.three!.rev);
    // Changed: the list item over the detail, which keeps its own fields; the refused change's mark is gone.
    const two = (await stored(2))!.data as Record<string, unknown>;
    expect(two).toMatchObject({ information: 'Nouvelle information', appointments: [7] });
    expect(two).not.toHaveProperty('stale');
    // Pending: the local change stays, the server's copy waits aside.
    expect(((await stored(4))!.data as Record<string, unknown>).information).toBe('Changé ici');
    expect(((await readLocal<StoredDoc>(store.db, 'aside:interventions:4'))!.data as Record<string, unknown>).information).toBe('Réponse du serveur');
    // New.
    expect(((await stored(5))!.data as Record<string, unknown>).number).toBe('DI-5');
  });

  it('stores a page again over documents removed since (their tombstones), and an empty page stores nothing', async () => {
    store = await openStore(USER);
    const collection = asCached(store.db.interventions);
    await collection.bulkInsert([docOf(1), docOf(2)]);
    await collection.bulkRemove(['1']);
    expect(await storeFresh(store.db, collection, [docOf(1), docOf(2, 'Autre')])).toEqual({ stored: 2, keptAside: 0, removed: 0 });
    expect(((await stored(1))!.data as Record<string, unknown>).number).toBe('DI-1');
    expect(((await stored(2))!.data as Record<string, unknown>).information).toBe('Autre');
    expect(await storeFresh(store.db, collection, [])).toEqual({ stored: 0, keptAside: 0, removed: 0 });
  });

  it('writes refresh marks of one resource closer than a second apart once (the screens say minutes)', async () => {
    store = await openStore(USER);
    const mark = () => readLocal<number>(store!.db, 'refreshed:interventions:list');
    await markRefreshed(store.db, 'interventions:list', 10_000);
    await markRefreshed(store.db, 'interventions:list', 10_600);
    expect(await mark()).toBe(10_000);
    await markRefreshed(store.db, 'interventions:list', 11_000);
    expect(await mark()).toBe(11_000);
    // Another resource has its own mark.
    await markRefreshed(store.db, 'visits:list', 11_100);
    expect(await readLocal<number>(store.db, 'refreshed:visits:list')).toBe(11_100);
  });
});
