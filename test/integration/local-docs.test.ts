/**
 * `getLocals`: several local documents (the outbox's marks on a document it releases) in one read,
 * each answered as RxDB's `getLocal` answers it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getLocalDocStateByParent } from 'rxdb/plugins/local-documents';
import { openStore, removeStore, type Store } from '../../sync/store/database';
import { getLocals, removeLocal, writeLocal } from '../../sync/store/local';

let store: Store | null = null;
afterEach(async () => {
  await store?.close();
  await removeStore(910_001);
  store = null;
});

describe('getLocals', () => {
  it('answers as getLocal does for present, removed and absent documents, in one read', async () => {
    store = await openStore(910_001);
    const { db } = store;
    await writeLocal(db, 'a', 1);
    await writeLocal(db, 'b', 2);
    await writeLocal(db, 'c', 3);
    await removeLocal(db, 'b');
    const ids = ['a', 'b', 'c', 'never'];
    const one = await Promise.all(ids.map(async (id) => (await db.getLocal(id)) !== null));

    // A fresh opening: nothing cached, so what is read comes from IndexedDB.
    await store.close();
    store = await openStore(910_001);
    const state = await getLocalDocStateByParent(store.db as never);
    const reads = vi.spyOn(state.storageInstance, 'findDocumentsById');
    const many = await getLocals(store.db, ids);
    expect(many.map((doc) => doc !== null)).toEqual(one);
    expect(one).toEqual([true, false, true, false]);
    expect(reads).toHaveBeenCalledTimes(1);

    // What it hands back can be removed, as the outbox removes a mark.
    await many[0]!.remove();
    expect(await store.db.getLocal('a')).toBeNull();
  });
});
