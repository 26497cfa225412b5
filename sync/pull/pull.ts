/**
 * The one pull helper every module uses. Fetchers call the spec's GET
 * endpoints, check the answer's shape with a valibot schema at the boundary
 * (the schema infers the type the fetcher works with), and store it through
 * `storeFresh`, which holds the rule the whole app relies on: a document with
 * local changes pending is never overwritten or removed by a pull. Its server
 * copy is kept aside (`aside:<collection>:<id>`); the outbox puts it back if
 * the commands touching the document are refused or discarded, and drops it
 * once they are all sent (outbox/pending-docs.ts); the next pull brings the truth.
 */
import type { RxCollection, RxDocumentData } from 'rxdb';
import * as v from 'valibot';
import type { ApiClient, CallOptions } from '../api/client';
import { ApiFailure, isApiFailure } from '../api/failure';
import type { CachedDoc } from '../store/schemas';
import type { Database } from '../store/database';
import { markRefreshed, writeLocal } from '../store/local';
import { asideKey as asideKeyOf, docKey } from '../outbox/pending-docs';
import type { CommandContext } from '../outbox/commands';
import { dataOf } from '../store/plain';
import { storedDocs } from '../store/queries';
import { mayHold } from '../store/parents-seen';

export type StoredDoc = CachedDoc & Record<string, unknown>;

/** A list page as it came, its items checked, before it is stored. */
export interface FetchedPage<T> {
  /** Items the server sent (a short page is the last one), the refused included. */
  received: number;
  items: T[];
  /** When it came (epoch ms): the stored documents' refreshedAt. */
  at: number;
}
export type AnyCollection = RxCollection<StoredDoc>;
/** Any RxDB collection of cached documents, seen through the shape the helper needs. */
export const asCached = (collection: unknown) => collection as AnyCollection;

export interface PullReport {
  resource: string;
  received: number;
  stored: number;
  /** Items refused at the boundary (wrong shape). */
  refused: number;
  removed: number;
  /** Server copies kept aside because the local document has changes pending. */
  keptAside: number;
}

const invalid = (path: string, what: string) => new ApiFailure('invalid-response', 200, 'GET', path, `Réponse inattendue du serveur pour ${what}`);

/** Items that pass the schema; a non-empty answer of which none passes is an error, not an empty list. */
export function checkItems<S extends v.GenericSchema>(schema: S, items: unknown[], path: string, what = path): { valid: v.InferOutput<S>[]; refused: number } {
  const valid: v.InferOutput<S>[] = [];
  for (const item of items) {
    const result = v.safeParse(schema, item);
    if (result.success) valid.push(result.output);
  }
  if (items.length > 0 && valid.length === 0) throw invalid(path, what);
  return { valid, refused: items.length - valid.length };
}

export function checkBody<S extends v.GenericSchema>(schema: S, body: unknown, path: string, what = path): v.InferOutput<S> {
  const result = v.safeParse(schema, body);
  if (!result.success) throw invalid(path, what);
  return result.output;
}

const asideKey = (collection: AnyCollection, id: string) => asideKeyOf(collection.name, id);

export interface StoreOptions {
  /** Merge each server item into the existing document's data (a list item is shorter than the detail). */
  merge?: boolean;
  /** The local documents this answer covers: those it no longer contains are removed (never pending ones). */
  replace?: Record<string, unknown>;
}

/** Upserts server documents, except over pending local changes (their server copy goes aside). */
export async function storeFresh(
  db: Database,
  collection: AnyCollection,
  docs: StoredDoc[],
  options: StoreOptions = {},
): Promise<{ stored: number; keptAside: number; removed: number }> {
  let removed = 0;
  // Those no longer given are read first, unless the collection cannot hold any (parents-seen.ts).
  if (options.replace && (await mayHold(collection, options.replace))) {
    const keep = new Set(docs.map((d) => d.id));
    const stale = (await storedDocs(collection, { selector: options.replace as never })).filter((d) => !keep.has(d.id) && !d.pending);
    removed = stale.length;
    if (removed > 0) await collection.bulkRemove(stale.map((d) => d.id));
  }
  if (docs.length === 0) return { stored: 0, keptAside: 0, removed };
  // Documents RxDB holds in memory (a list page just stored them, a screen shows them) are written
  // over at once. The others are inserted at once where nothing is stored yet: RxDB reads every row
  // before it writes, and hands back the stored document of each it could not insert, so the page is
  // read once, not twice. A first pass of 10,000 interventions is all inserts.
  const storedCopies = new Map<string, StoredDoc>();
  const toInsert: StoredDoc[] = [];
  for (const doc of docs) {
    const cached = collection._docCache.getLatestDocumentDataIfExists(doc.id);
    if (cached && !cached._deleted) storedCopies.set(doc.id, cached);
    else toInsert.push(doc);
  }
  const { error } = toInsert.length > 0 ? await collection.bulkInsert(toInsert) : { error: [] };
  for (const refused of error) if (refused.status === 409 && refused.documentInDb) storedCopies.set(refused.documentId, refused.documentInDb as StoredDoc);
  const sent = new Map(docs.map((doc) => [doc.id, doc]));
  const updates: Promise<unknown>[] = [];
  let keptAside = 0;
  for (const [id, local] of storedCopies) {
    const doc = sent.get(id);
    if (!doc) continue;
    if (local.pending) {
      await writeLocal(db, asideKey(collection, doc.id), doc);
      keptAside++;
      continue;
    }
    // Unchanged documents are not written again: no revision, no event, no cross-tab message.
    if (local.refreshedAt !== 0 && sameContent(local, fresher(doc, local, options))) continue;
    // Written over the stored document, all in one write (RxDB's queue; its conflict retry reads the
    // latest): `bulkUpsert` would try to insert them again first, one more write transaction.
    updates.push(
      collection.incrementalWriteQueue.addWrite(local as RxDocumentData<StoredDoc>, (current) =>
        // Changed locally since: the local change stays (the next pull brings the truth).
        current.pending ? current : { ...fresher(doc, current, options), ...storageFields(current) },
      ),
    );
  }
  await Promise.all(updates);
  return { stored: toInsert.length - error.length + updates.length, keptAside, removed };
}

/** What RxDB keeps of a stored document when it is written over (it sets the revision). */
const storageFields = ({ _deleted, _attachments, _meta, _rev }: RxDocumentData<StoredDoc>) => ({ _deleted, _attachments, _meta, _rev });

/** The server's document over the stored one: a merge keeps what only the detail had, never the mark of a refused change the server now answers for. */
const fresher = (doc: StoredDoc, local: StoredDoc, options: StoreOptions): StoredDoc =>
  options.merge ? { ...doc, data: { ...withoutStale(local.data), ...doc['data'] } } : doc;

function sameContent(local: StoredDoc, next: StoredDoc): boolean {
  for (const key of Object.keys(next)) {
    if (key === 'refreshedAt') continue;
    if (JSON.stringify(local[key]) !== JSON.stringify(next[key])) return false;
  }
  return true;
}

const withoutStale = (data: Record<string, unknown>) => {
  const { stale: _stale, ...rest } = data;
  return rest;
};

/**
 * A command's answer (the server's copy of what it changed), stored by its reconcile: written at
 * once, unless another unsent command touches the same document — then it waits aside like a
 * pull's copy, so the later command's optimistic effect stays on screen until it is answered.
 */
export async function storeAnswer(ctx: CommandContext, collection: AnyCollection, doc: StoredDoc, options: { merge?: boolean } = {}): Promise<void> {
  if (await ctx.stillPending(docKey(collection.name as never, doc.id))) {
    await writeLocal(ctx.db, asideKey(collection, doc.id), doc);
    return;
  }
  const local = await collection.findOne(doc.id).exec();
  const data = options.merge && local ? { ...withoutStale(dataOf(local)), ...doc['data'] } : doc['data'];
  await collection.upsert({ ...doc, data, pending: false });
}

/** Where a list's checked items go: their documents, how they are stored, the refresh time recorded. */
export interface ListStore<T> extends StoreOptions {
  /** Name of the refresh time recorded (`refreshed:<resource>`). */
  resource: string;
  toDoc(item: T, now: number): StoredDoc;
}

/** How a list is asked and checked: `what` names it in the error of a wrong answer. */
export interface ListFetch<S extends v.GenericSchema> {
  path: string;
  options?: CallOptions;
  item: S;
  what: string;
}

export interface ListPull<S extends v.GenericSchema> extends ListStore<v.InferOutput<S>>, Omit<ListFetch<S>, 'what'> {}

/** A list asked and its items checked, not yet stored (the briefcase stores a page while it asks for the next: prime-list.ts). */
export async function fetchList<S extends v.GenericSchema>(api: ApiClient, list: ListFetch<S>): Promise<FetchedPage<v.InferOutput<S>> & { refused: number }> {
  const { items } = await api.list<unknown>(list.path, list.options);
  const at = Date.now();
  const { valid, refused } = checkItems(list.item, items, list.path, list.what);
  return { received: items.length, refused, items: valid, at };
}

/** Stores a list's checked items as it came (`fetched.at` their refresh time) and records when. */
export async function storeList<T>(db: Database, collection: AnyCollection, list: ListStore<T>, fetched: FetchedPage<T>) {
  const result = await storeFresh(
    db,
    collection,
    fetched.items.map((item) => list.toDoc(item, fetched.at)),
    list,
  );
  await markRefreshed(db, list.resource, fetched.at);
  return result;
}

export async function pullList<S extends v.GenericSchema>(
  db: Database,
  api: ApiClient,
  collection: AnyCollection,
  pull: ListPull<S>,
): Promise<PullReport & { items: v.InferOutput<S>[] }> {
  const fetched = await fetchList(api, { ...pull, what: pull.resource });
  const result = await storeList(db, collection, pull, fetched);
  return { resource: pull.resource, received: fetched.received, refused: fetched.refused, ...result, items: fetched.items };
}

export interface DetailPull<S extends v.GenericSchema> {
  resource: string;
  path: string;
  schema: S;
  docId: string;
  toDoc(item: v.InferOutput<S>, now: number): StoredDoc;
  merge?: boolean;
  /**
   * Told the server's document once it is stored (not when it went aside for pending changes): the
   * briefcase reads an object's media there rather than from the store again, one IndexedDB
   * transaction fewer per object (each one costs the garbage collector a finalization).
   */
  onStored?: (doc: StoredDoc) => void;
}

/**
 * Pulls one object. A 404 removes it (it no longer exists or is no longer ours) unless it has
 * changes pending: then it stays, and its commands will say what the server thinks.
 */
export async function pullDetail<S extends v.GenericSchema>(
  db: Database,
  api: ApiClient,
  collection: AnyCollection,
  pull: DetailPull<S>,
): Promise<'stored' | 'removed' | 'kept'> {
  let body: unknown;
  try {
    body = await api.call<unknown>('GET', pull.path);
  } catch (error) {
    if (isApiFailure(error) && error.status === 404) {
      const local = await collection.findOne(pull.docId).exec();
      if (local?.pending) return 'kept';
      await local?.remove();
      return 'removed';
    }
    throw error;
  }
  const item = checkBody(pull.schema, body, pull.path, pull.resource);
  const now = Date.now();
  const doc = pull.toDoc(item, now);
  const { keptAside } = await storeFresh(db, collection, [doc], pull.merge ? { merge: true } : {});
  await markRefreshed(db, `${pull.resource}:${pull.docId}`, now);
  if (keptAside === 0) pull.onStored?.(doc);
  return keptAside > 0 ? 'kept' : 'stored';
}

export interface SingletonPull<S extends v.GenericSchema> {
  /** Local document key, e.g. 'dashboard:os'; its refresh time is recorded under the same name. */
  key: string;
  path: string;
  schema: S;
  options?: CallOptions;
}

/** A one-object answer (a dashboard, creation data) kept as a local document. */
export async function pullSingleton<S extends v.GenericSchema>(db: Database, api: ApiClient, pull: SingletonPull<S>): Promise<v.InferOutput<S>> {
  const body = await api.call<unknown>('GET', pull.path, pull.options);
  const value = checkBody(pull.schema, body, pull.path, pull.key);
  await writeLocal(db, pull.key, value);
  await markRefreshed(db, pull.key);
  return value;
}
