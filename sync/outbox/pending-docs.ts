/**
 * "Pending" belongs to the outbox. Each command says which documents it
 * touches ('workrequests:12', 'messages:tmp-…', 'local:user'); a document is
 * pending exactly while an unsent command touches it — the outbox sets and
 * clears the flag, no module does. When the last command touching a document
 * leaves, the document is released: after successes the copy a pull set aside
 * is dropped (it predates the change); if any of them was refused, the
 * optimistic state is undone the same way in every module — the copy set
 * aside comes back, or a document created on this device and never accepted
 * goes, or the module re-reads the server's copy; offline, the document is
 * marked stale until the next pull brings the truth.
 */
import type { Database } from '../store/database';
import type { RxCollection, RxDocument } from 'rxdb';
import type { CollectionName } from '../store/schemas';
import { getLocals, readLocal, removeLocal, writeLocal } from '../store/local';
import { modifyData } from '../store/modify-data';
import type { IdMap } from './commands';

/** 'workrequests:12', or 'local:user' for a local document. */
export type DocKey = string;
export type DocCollection = CollectionName | 'local';

export const docKey = (collection: DocCollection, id: string): DocKey => `${collection}:${id}`;

export function parseKey(key: DocKey): { collection: DocCollection; id: string } {
  const at = key.indexOf(':');
  return { collection: key.slice(0, at) as DocCollection, id: key.slice(at + 1) };
}

/** A key naming an object created offline, once the server's id is known, names the server's object. */
export function resolveKey(key: DocKey, ids: IdMap): DocKey {
  const { collection, id } = parseKey(key);
  const server = ids[id];
  return server ? docKey(collection, server) : key;
}

/** Where a pull keeps the server's copy of a pending document (see pull.ts storeFresh). */
export const asideKey = (collection: string, id: string) => `aside:${collection}:${id}`;
/** Marks a document one of whose commands was refused: undone when its last command leaves. */
const refusedKey = (key: DocKey) => `refused:${key}`;

type LocalValue = Record<string, unknown> & { pending?: boolean };

type Flag = { pending: boolean; set(pending: boolean): Promise<unknown> };

/** A document's pending flag as read now, and how to change it; null when the document is not here. */
async function flagOf(db: Database, key: DocKey): Promise<Flag | null> {
  return (await flagsOf(db, [key]))[0]!;
}

/** The flags of several documents: one read per collection (RxDB answers cached documents without one). */
async function flagsOf(db: Database, keys: readonly DocKey[]): Promise<(Flag | null)[]> {
  const parsed = keys.map(parseKey);
  const byCollection = new Map<DocCollection, string[]>();
  for (const { collection, id } of parsed) if (collection !== 'local') byCollection.set(collection, [...(byCollection.get(collection) ?? []), id]);
  const found = new Map<string, Map<string, RxDocument>>();
  await Promise.all(
    [...byCollection].map(async ([collection, ids]) => {
      const rx = db.collections[collection as CollectionName] as RxCollection | undefined;
      if (rx) found.set(collection, (await rx.findByIds(ids).exec()) as Map<string, RxDocument>);
    }),
  );
  return Promise.all(
    parsed.map(async ({ collection, id }): Promise<Flag | null> => {
      if (collection === 'local') {
        const value = await readLocal<LocalValue>(db, id);
        return value && { pending: Boolean(value.pending), set: (pending) => writeLocal(db, id, { ...value, pending }) };
      }
      const doc = found.get(collection)?.get(id) as (RxDocument & { pending?: boolean }) | undefined;
      if (!doc || !('pending' in doc)) return null;
      return { pending: Boolean(doc.pending), set: (pending) => doc.incrementalPatch({ pending } as never) };
    }),
  );
}

export async function setPending(db: Database, key: DocKey, pending: boolean): Promise<void> {
  const flag = await flagOf(db, key);
  if (flag && flag.pending !== pending) await flag.set(pending);
}

export async function isPending(db: Database, key: DocKey): Promise<boolean> {
  return Boolean((await flagOf(db, key))?.pending);
}

export const rememberRefusal = (db: Database, key: DocKey) => writeLocal(db, refusedKey(key), true);

/** Re-reads the server's copy of a document; false when no module can, or the read failed (offline). */
export type Refetch = (collection: CollectionName | 'local', id: string) => Promise<boolean>;

/**
 * The last command touching each document left: its flag goes, and a refusal is undone from what
 * the device holds. Returns the documents whose server copy must be read again (`refetchDoc`,
 * outside any lock: it is a network call). The documents and their marks are read at once: sending
 * a backlog releases documents by the dozen, and each read is an IndexedDB transaction.
 */
export async function releaseDocs(db: Database, keys: readonly DocKey[]): Promise<DocKey[]> {
  if (keys.length === 0) return [];
  const markIds = keys.flatMap((key) => {
    const { collection, id } = parseKey(key);
    return [refusedKey(key), asideKey(collection, id)];
  });
  const [marks, flags] = await Promise.all([getLocals(db, markIds), flagsOf(db, keys)]);
  const toRead: DocKey[] = [];
  for (const [i, key] of keys.entries()) {
    const [refused, aside, flag] = [marks[2 * i], marks[2 * i + 1], flags[i]];
    if (!refused) {
      // The copy set aside may have been rewritten by a pull since it was read: removed as it is now.
      await Promise.all([flag?.pending && flag.set(false), aside && removeLocal(db, markIds[2 * i + 1]!)]);
      continue;
    }
    await refused.remove();
    const { collection, id } = parseKey(key);
    if (await undoLocally(db, collection, id)) toRead.push(key);
  }
  return toRead;
}

/** Reads the server's copy again; offline (or no module can), the document is marked stale until the next pull. */
export async function refetchDoc(db: Database, key: DocKey, refetch: Refetch): Promise<void> {
  const { collection, id } = parseKey(key);
  if (await refetch(collection, id).catch(() => false)) return;
  if (collection === 'local') {
    const value = await readLocal<LocalValue>(db, id);
    if (value) await writeLocal(db, id, { ...value, pending: false, stale: true });
    return;
  }
  // The collections' document types differ; any of them is a cached document with its `data`.
  const held = (await (db.collections[collection] as RxCollection).findOne(id).exec()) as RxDocument | null;
  if (held) await modifyData<Record<string, unknown>>(held as never, (data) => ({ ...data, stale: true }));
}

async function undoLocally(db: Database, collection: DocCollection, id: string): Promise<boolean> {
  if (collection === 'local') {
    await setPending(db, docKey('local', id), false);
    return true;
  }
  const rx = db.collections[collection];
  const aside = await readLocal<Record<string, unknown>>(db, asideKey(collection, id));
  if (aside) {
    await rx.upsert({ ...aside, pending: false } as never);
    await removeLocal(db, asideKey(collection, id));
    return false;
  }
  const doc = await rx.findOne(id).exec();
  if (!doc) return false;
  // Created on this device and never accepted: it goes (the command, with what was typed, stays refused).
  if ((doc as { refreshedAt?: number }).refreshedAt === 0) {
    await doc.remove();
    return false;
  }
  await doc.incrementalPatch({ pending: false } as never);
  return true;
}
