/**
 * `getLocals`: several local documents (the outbox's marks on a document it releases) in one read,
 * each answered as RxDB's `getLocal` answers it. `writeLocalSoon` (local-batch.ts): the pass's task
 * records and refresh marks written together, seen at once, never lost to the store's close.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getLocalDocStateByParent } from 'rxdb/plugins/local-documents';
import { openStore, removeStore, type Store } from '../../sync/store/database';
import { firstValueFrom, filter } from 'rxjs';
import { getLocals, markRefreshed, readLocal, removeLocal, watchLocal, writeLocal } from '../../sync/store/local';
import { flushLocalWrites, LOCAL_BATCH_MS, writeLocalSoon } from '../../sync/store/local-batch';
import { readTaskRecords, taskKey } from '../../sync/briefcase/records';

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

describe('writeLocalSoon', () => {
  it('writes what comes within the batch time in one write, over stored and removed documents, seen at once by readers and then by watchers', async () => {
    store = await openStore(910_001);
    const { db } = store;
    await writeLocal(db, 'task:kept', { at: 1 });
    await writeLocal(db, 'task:removed', { at: 2 });
    await removeLocal(db, 'task:removed');
    const state = await getLocalDocStateByParent(db as never);
    const writes = vi.spyOn(state.storageInstance, 'bulkWrite');
    const watched = firstValueFrom(watchLocal<number>(db, 'refreshed:intervention:12').pipe(filter((at) => at !== null)));

    const written = [writeLocalSoon(db, 'task:kept', { at: 10 }), writeLocalSoon(db, 'task:removed', { at: 20 }), writeLocalSoon(db, 'task:new', { at: 30 })];
    await markRefreshed(db, 'intervention:12', 40);
    // Not written yet, already read as written.
    expect(writes).not.toHaveBeenCalled();
    expect(await readLocal(db, 'task:new')).toEqual({ at: 30 });
    expect(await readLocal(db, 'refreshed:intervention:12')).toBe(40);

    await Promise.all(written);
    // One write; a second for a stored document RxDB no longer held in memory (its cache is weak).
    expect(writes.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(writes.mock.calls.length).toBeLessThanOrEqual(2);
    expect(await watched).toBe(40);
    // A fresh opening reads them from IndexedDB.
    await store.close();
    store = await openStore(910_001);
    expect(await Promise.all(['task:kept', 'task:removed', 'task:new', 'refreshed:intervention:12'].map((id) => readLocal(store!.db, id)))).toEqual([
      { at: 10 },
      { at: 20 },
      { at: 30 },
      40,
    ]);
  });

  it('reads a value from memory while its batch is being written', async () => {
    store = await openStore(910_001);
    const { db } = store;
    await writeLocal(db, 'refreshed:os:list', 1);
    const state = await getLocalDocStateByParent(db as never);
    const bulkWrite = state.storageInstance.bulkWrite.bind(state.storageInstance);
    let land!: () => void;
    const landed = new Promise<void>((resolve) => (land = resolve));
    const writing = vi.spyOn(state.storageInstance, 'bulkWrite').mockImplementationOnce(async (...args) => (await landed, bulkWrite(...args)));
    void writeLocalSoon(db, 'refreshed:os:list', 2);
    const flushed = flushLocalWrites(db);
    await vi.waitFor(() => expect(writing).toHaveBeenCalled());
    expect(await readLocal(db, 'refreshed:os:list')).toBe(2);
    land();
    await flushed;
    expect(await readLocal(db, 'refreshed:os:list')).toBe(2);
    expect((await db.getLocal<{ value: number }>('refreshed:os:list'))?.toJSON().data.value).toBe(2);
  });

  it('writes what waits before the store closes', async () => {
    store = await openStore(910_001);
    void writeLocalSoon(store.db, 'task:late', { at: 5 });
    await store.close();
    await new Promise((resolve) => setTimeout(resolve, LOCAL_BATCH_MS * 2));
    store = await openStore(910_001);
    expect(await readLocal(store.db, 'task:late')).toEqual({ at: 5 });
  });
});

describe('readTaskRecords', () => {
  it('reads every task record by ranges (those still waiting for their batch too), not a removed one nor another local document', async () => {
    store = await openStore(910_001);
    const { db } = store;
    await writeLocal(db, 'briefcase:pass', { startedAt: 1 });
    await writeLocal(db, taskKey('removed'), { at: 1, fingerprint: null });
    await removeLocal(db, taskKey('removed'));
    // More than one range of 500; the last ones wait for their batch when the read starts.
    await Promise.all(Array.from({ length: 1_200 }, (_, i) => writeLocalSoon(db, taskKey(`intervention:${i}`), { at: i, fingerprint: 'f' })));
    void writeLocalSoon(db, taskKey('late'), { at: 7, fingerprint: null });
    const records = await readTaskRecords(db);
    expect(records.size).toBe(1_201);
    expect(records.get('intervention:1199')).toEqual({ at: 1199, fingerprint: 'f' });
    expect(records.get('late')).toEqual({ at: 7, fingerprint: null });
    expect(records.has('removed')).toBe(false);
  });
});
