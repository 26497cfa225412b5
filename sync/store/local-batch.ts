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

/** A store's batches: the one waiting, those being written (oldest first), the last write. */
interface Batches {
  waiting: Batch | null;
  /** Still read from memory until they land. */
  landing: Map<string, unknown>[];
  /** Batches are written one after the other: a later value of a document lands last. */
  last: Promise<void>;
}

const stores = new WeakMap<Database, Batches>();
function batchesOf(db: Database): Batches {
  let batches = stores.get(db);
  if (!batches) stores.set(db, (batches = { waiting: null, landing: [], last: Promise.resolve() }));
  return batches;
}

/** Writes a local document with the others of the next LOCAL_BATCH_MS; resolves once it is stored. */
export function writeLocalSoon(db: Database, id: string, value: unknown): Promise<void> {
  const batches = batchesOf(db);
  if (!batches.waiting) {
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const written = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
    const timer = setTimeout(() => void flushLocalWrites(db), LOCAL_BATCH_MS);
    batches.waiting = { values: new Map(), timer, written, resolve, reject };
  }
  batches.waiting.values.set(id, value);
  return batches.waiting.written;
}

/** The value waiting for its batch or being written with it, if one is (the latest). */
export function pendingLocal(db: Database, id: string): { value: unknown } | null {
  const batches = stores.get(db);
  if (!batches) return null;
  if (batches.waiting?.values.has(id)) return { value: batches.waiting.values.get(id) };
  // The latest batch first; read on every local read, so no array is copied.
  for (let i = batches.landing.length - 1; i >= 0; i--) if (batches.landing[i]!.has(id)) return { value: batches.landing[i]!.get(id) };
  return null;
}

/** Writes what waits now; resolves once every batch is written (before the store closes, before a read of the store itself). */
export function flushLocalWrites(db: Database): Promise<void> {
  const batches = batchesOf(db);
  const batch = batches.waiting;
  if (!batch) return batches.last;
  clearTimeout(batch.timer);
  batches.waiting = null;
  batches.landing.push(batch.values);
  batches.last = batches.last
    .then(() => writeLocals(db, batch.values))
    .then(batch.resolve, batch.reject)
    .finally(() => batches.landing.splice(batches.landing.indexOf(batch.values), 1));
  return batches.last;
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
