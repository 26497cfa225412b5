/**
 * The store's writes make no operation on RxDB's attachments table when there is no attachment
 * (sync/store/empty-attachment-writes.ts), and what follows a skipped one in a Dexie transaction
 * still runs in that transaction.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import Dexie, { type Table } from 'dexie';
import { openStore, removeStore, type Store } from '../../sync/store/database';
import { skipEmptyAttachmentWrites } from '../../sync/store/empty-attachment-writes';

const USER = 990_003;
let store: Store | null = null;
afterAll(async () => {
  await store?.close();
  await removeStore(USER);
});

interface Internals {
  dexieAttachmentsTable: { _trans(...args: unknown[]): unknown };
}
const internalsOf = (s: Store): Promise<Internals> =>
  (s.db.interventions.storageInstance as unknown as { originalStorageInstance: { internals: Promise<Internals> } }).originalStorageInstance.internals;

describe('writes with no attachment', () => {
  it('insert, update and remove a document without touching the attachments table', async () => {
    store = await openStore(USER);
    const attachments = vi.spyOn((await internalsOf(store)).dexieAttachmentsTable, '_trans');
    const doc = { id: '1', data: { id: 1 }, pending: false, refreshedAt: 1, place: 'planning', rank: '2026-01-01', number: 'DI-1' };
    await store.db.interventions.insert(doc as never);
    await store.db.interventions.upsert({ ...doc, number: 'DI-1 bis' } as never);
    expect((await store.db.interventions.findOne('1').exec())?.toJSON()).toMatchObject({ number: 'DI-1 bis' });
    await store.db.interventions.bulkRemove(['1']);
    expect(await store.db.interventions.findOne('1').exec()).toBeNull();
    expect(attachments).not.toHaveBeenCalled();
  });

  it('goes on in the same transaction after a skipped write, and still writes what it is given', async () => {
    const db = new Dexie('empty-attachment-writes-test') as Dexie & { docs: Table<{ id: string }>; files: Table<{ id: string }> };
    db.version(1).stores({ docs: 'id', files: 'id' });
    skipEmptyAttachmentWrites(db.files);
    await db.transaction('rw', db.docs, db.files, async () => {
      await db.files.bulkPut([]);
      await db.files.bulkDelete([]);
      await db.docs.put({ id: 'a' });
      await db.files.bulkPut([{ id: 'f' }]);
    });
    expect(await db.docs.get('a')).toEqual({ id: 'a' });
    expect(await db.files.get('f')).toEqual({ id: 'f' });
    await db.files.bulkDelete(['f']);
    expect(await db.files.count()).toBe(0);
    db.close();
    await Dexie.delete('empty-attachment-writes-test');
  });
});
