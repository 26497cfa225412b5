/**
 * RxDB's Dexie storage writes, in each write's transaction, the documents' attachments: a bulkPut
 * and a bulkDelete even when there are none, which is always in this app (its files live in
 * files.ts). Each is a Dexie operation with its own promises for the garbage collector, whose
 * pauses are the offline pass's long tasks: the bulkDelete of nothing alone allocated 13 MB of
 * 301 in 45 s of a first pass (V8's sampling heap profiler). An empty one here answers at once,
 * with Dexie's own promise, so the transaction's zone goes on as after Dexie's.
 */
import Dexie from 'dexie';

/** The part of RxDB's attachments table used here. */
export interface AttachmentsTable {
  bulkPut(items: readonly unknown[]): Promise<unknown>;
  bulkDelete(keys: readonly unknown[]): Promise<unknown>;
}

const patched = new WeakSet<object>();

export function skipEmptyAttachmentWrites(table: AttachmentsTable): void {
  if (patched.has(table)) return;
  patched.add(table);
  const bulkPut = table.bulkPut.bind(table);
  const bulkDelete = table.bulkDelete.bind(table);
  table.bulkPut = (items) => (items.length === 0 ? Dexie.Promise.resolve(undefined) : bulkPut(items));
  table.bulkDelete = (keys) => (keys.length === 0 ? Dexie.Promise.resolve(undefined) : bulkDelete(keys));
}
