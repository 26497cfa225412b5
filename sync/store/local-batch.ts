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
  resolve(): void;
  reject(error: unknown): void;
}

const batches = new WeakMap<Database, Batch>();
/** The last batch's write: batches are written one after the other (a later value of a document lands last). */
const writes = new WeakMap<Database, Promise<void>>();
/** Batches being written, oldest first: still read from memory until they land. */
const landings = new WeakMap<Database, Map<string, unknown>[]>();

/** Writes a local document with the others of the next LOCAL_BATCH_MS; resolves once it is stored. */
export function writeLocalSoon(db: Database, id: string, value: unknown): Promise<void> {
  let batch = batches.get(db);
  if (!batch) {
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const written = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
    const timer = setTimeout(() => void write(db), LOCAL_BATCH_MS);
    batch = { values: new Map(), timer, written, resolve, reject };
    batches.set(db, batch);
  }
  batch.values.set(id, value);
  return batch.written;
}

/** The value waiting for its batch or being written with it, if one is (the latest). */
export function pendingLocal(db: Database, id: string): { value: unknown } | null {
  for (const values of [batches.get(db)?.values, ...[...(landings.get(db) ?? [])].reverse()]) if (values?.has(id)) return { value: values.get(id) };
  return null;
}

/** Writes what waits now, and resolves once every batch is written (before the store closes, before a read of the store itself). */
export async function flushLocalWrites(db: Database): Promise<void> {
  await write(db);
}

function write(db: Database): Promise<void> {
  const batch = batches.get(db);
  const previous = writes.get(db) ?? Promise.resolve();
  if (!batch) return previous;
  clearTimeout(batch.timer);
  batches.delete(db);
  const landing = landings.get(db) ?? [];
  landings.set(db, landing);
  landing.push(batch.values);
  const done = previous
    .then(() => writeLocals(db, batch.values))
    .then(batch.resolve, batch.reject)
    .finally(() => landing.splice(landing.indexOf(batch.values), 1));
  writes.set(db, done);
  return done;
}

async function writeLocals(db: Database, values: Map<string, unknown>): Promise<void> {
  // The parent's type is RxDB's generic database; ours is typed by its collections.
  const { docCache, storageInstance } = await getLocalDocStateByParent(db as never);
  type Stored = NonNullable<ReturnType<typeof docCache.getLatestDocumentDataIfExists>>;
  const rowOf = (id: string, previous: Stored | undefined) => {
    const document = {
      id,
      data: { value: values.get(id) },
      _deleted: false,
      _attachments: {},
      _meta: previous ? { ...previous._meta } : getDefaultRxDocumentMeta(),
      _rev: previous?._rev ?? getDefaultRevision(),
    };
    return previous ? { document, previous } : { document };
  };
  // Those RxDB does not hold in memory are written as new (a first pass's records all are), with no
  // read first: the storage refuses those it has, handing back its copy, over which they go again.
  const first = await storageInstance.bulkWrite(
    [...values.keys()].map((id) => rowOf(id, docCache.getLatestDocumentDataIfExists(id))),
    'local-document-batch',
  );
  const held = first.error.flatMap((refused) => (refused.status === 409 && refused.documentInDb ? [refused] : []));
  const again =
    held.length > 0
      ? await storageInstance.bulkWrite(
          held.map((refused) => rowOf(refused.documentId, refused.documentInDb)),
          'local-document-batch',
        )
      : { error: [] };
  // Refused otherwise, or another write came in between (another tab's): that document goes alone.
  const alone = [...first.error.filter((refused) => !held.some((h) => h === refused)), ...again.error];
  for (const refused of alone) await db.upsertLocal(refused.documentId, { value: values.get(refused.documentId) });
}
