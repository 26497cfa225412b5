/**
 * Local documents written together. The briefcase's pass writes two small
 * local documents per task (its record, and the object's refresh mark): a
 * first pass of 1,000 requests made 5,400 IndexedDB write transactions of
 * them in 45 s, 40 % of all its transactions (scratch count), each with its
 * own Dexie promises for the garbage collector. Written here, every
 * LOCAL_BATCH_MS, in one transaction of RxDB's local-documents storage
 * (its change events still reach the screens that watch them). A value
 * waiting for its batch is read from memory (`pendingLocal`); the store
 * writes what waits before it closes.
 */
import { getDefaultRevision, getDefaultRxDocumentMeta } from 'rxdb';
import { getLocalDocStateByParent } from 'rxdb/plugins/local-documents';
import type { Database } from './database';

/** How long a value waits for others: a task's two writes, and the other tasks ending meanwhile. */
export const LOCAL_BATCH_MS = 100;

interface Batch {
  values: Map<string, unknown>;
  timer: ReturnType<typeof setTimeout>;
  written: Promise<void>;
}

const batches = new WeakMap<Database, Batch>();

/** Writes a local document with the others of the next LOCAL_BATCH_MS; resolves once it is stored. */
export function writeLocalSoon(db: Database, id: string, value: unknown): Promise<void> {
  let batch = batches.get(db);
  if (!batch) {
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const written = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
    const values = new Map<string, unknown>();
    const timer = setTimeout(() => {
      batches.delete(db);
      writeLocals(db, values).then(resolve, reject);
    }, LOCAL_BATCH_MS);
    batch = { values, timer, written };
    batches.set(db, batch);
  }
  batch.values.set(id, value);
  return batch.written;
}

/** The value waiting for its batch, if one does. */
export function pendingLocal(db: Database, id: string): { value: unknown } | null {
  const values = batches.get(db)?.values;
  return values?.has(id) ? { value: values.get(id) } : null;
}

/** Writes what waits now (before the store closes). */
export async function flushLocalWrites(db: Database): Promise<void> {
  const batch = batches.get(db);
  if (!batch) return;
  clearTimeout(batch.timer);
  batches.delete(db);
  await writeLocals(db, batch.values);
}

async function writeLocals(db: Database, values: Map<string, unknown>): Promise<void> {
  // The parent's type is RxDB's generic database; ours is typed by its collections.
  const { docCache, storageInstance } = await getLocalDocStateByParent(db as never);
  const ids = [...values.keys()];
  const uncached = ids.filter((id) => !docCache.getLatestDocumentDataIfExists(id));
  // Deleted ones too: a removed document is written again over its tombstone.
  const stored = uncached.length > 0 ? await storageInstance.findDocumentsById(uncached, true) : [];
  const storedById = new Map(stored.map((doc) => [doc.id, doc]));
  const rows = ids.map((id) => {
    const previous = docCache.getLatestDocumentDataIfExists(id) ?? storedById.get(id);
    const document = {
      id,
      data: { value: values.get(id) },
      _deleted: false,
      _attachments: {},
      _meta: previous ? { ...previous._meta } : getDefaultRxDocumentMeta(),
      _rev: previous?._rev ?? getDefaultRevision(),
    };
    return previous ? { document, previous } : { document };
  });
  const { error } = await storageInstance.bulkWrite(rows, 'local-document-batch');
  // Another write came between the read and this one (an other tab's): that document goes alone.
  for (const refused of error) await db.upsertLocal(refused.documentId, { value: values.get(refused.documentId) });
}
