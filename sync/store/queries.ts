/**
 * Queries shaped for the indexes, shared by the screens. Lists are shown
 * newest first; IndexedDB indexes are ascending, and a descending sort makes
 * RxDB's Dexie storage read the whole range and sort it in memory. So list
 * documents carry `rank`, a string that sorts ascending from newest to oldest,
 * and a first page filtered by several places is one short indexed range per
 * place (place, rank), merged in memory.
 */
import { normalizeMangoQuery, prepareQuery, type MangoQuery, type PreparedQuery, type RxCollection, type RxQuery } from 'rxdb';
import { combineLatest, map, of, type Observable } from 'rxjs';

const RANK_BASE = 9_000_000_000_000_000;

/** '2026-11-22T10:00:00Z' → a fixed-width string; a later date gives a smaller rank. */
export function rankOf(createdAt: string, id = ''): string {
  const time = Date.parse(createdAt);
  const inverted = RANK_BASE - (Number.isFinite(time) ? time : 0);
  return `${String(inverted).padStart(19, '0')}:${id}`;
}

export interface Ranked {
  id: string;
  place: string;
  rank: string;
}

export const byRank = (a: Ranked, b: Ranked) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0);

/** The newest `limit` documents among the given places, after `afterRank` (the last of the previous page). */
export async function firstPageByPlaces<T extends Ranked>(
  collection: RxCollection<T>,
  places: readonly string[],
  limit: number,
  afterRank?: string,
): Promise<T[]> {
  const parts = await Promise.all(
    places.map((place) =>
      // Each scroll reads one page per place: RxDB's exec cost half as much again as the read.
      storedDocs(collection, {
        selector: { place, ...(afterRank ? { rank: { $gt: afterRank } } : {}) } as never,
        sort: [{ rank: 'asc' } as never],
        limit,
      }),
    ),
  );
  return parts.flat().sort(byRank).slice(0, limit);
}

/**
 * A one-off read: the documents as RxDB's `toJSON()` gives them, prepared by RxDB (its index, the
 * deleted left out) and read from the storage itself, without the query's exec and cache nor a
 * document object per row (the offline pass reads a request's children and detail so, thousands
 * of times).
 */
export async function storedDocs<T>(collection: RxCollection<T>, query: RxQuery<T> | MangoQuery<T>): Promise<T[]> {
  const prepared = 'getPreparedQuery' in query ? query.getPreparedQuery() : preparedQuery(collection, query);
  const { documents } = await collection.storageInstance.query(prepared);
  return documents.map((doc) => withoutMeta(doc) as unknown as T);
}

/**
 * The query prepared as RxDB's `RxQuery.getPreparedQuery()` prepares it (normalized, deleted
 * documents left out, index chosen), without an RxQuery: `find()` builds one with its cache key (a
 * stringified copy of the query), registers it in the collection's query cache and schedules that
 * cache's clean-up, all for a read made once (a tenth of a first page's time, bench engine). The
 * `prePrepareQuery` hook RxDB runs there is dev-mode's check alone, and dev-mode is not loaded.
 */
function preparedQuery<T>(collection: RxCollection<T>, query: MangoQuery<T>): PreparedQuery<T> {
  const schema = collection.schema.jsonSchema;
  const normalized = normalizeMangoQuery(schema, query);
  normalized.selector = { ...normalized.selector, _deleted: { $eq: false } } as never;
  if (normalized.index) normalized.index = ['_deleted', ...normalized.index];
  return prepareQuery(schema, normalized);
}

/** One document as stored (`toJSON()`'s shape), null when absent or deleted: one read by key, no query. */
export async function storedDoc<T>(collection: RxCollection<T>, id: string): Promise<T | null> {
  const [doc] = await collection.storageInstance.findDocumentsById([id], false);
  return doc ? (withoutMeta(doc) as unknown as T) : null;
}

/** A stored document as RxDB's `toJSON()` gives it: without revision, attachments, deletion flag and meta. */
function withoutMeta<D extends { _rev?: unknown; _attachments?: unknown; _deleted?: unknown; _meta?: unknown }>(doc: D) {
  const { _rev, _attachments, _deleted, _meta, ...data } = doc;
  return data;
}

/** The same first page, following the store: emits again whenever one of the places' pages changes. */
export function watchFirstPageByPlaces<T extends Ranked>(collection: RxCollection<T>, places: readonly string[], limit: number): Observable<T[]> {
  if (places.length === 0) return of([]);
  const pages = places.map((place) => collection.find({ selector: { place } as never, sort: [{ rank: 'asc' } as never], limit }).$);
  return combineLatest(pages).pipe(
    map((parts) =>
      parts
        .flat()
        .map((d) => d.toJSON() as T)
        .sort(byRank)
        .slice(0, limit),
    ),
  );
}

/** Every document of the places whose searchable text contains the needle (local search over the cache). */
export function watchSearch<T extends Ranked>(collection: RxCollection<T>, places: readonly string[], test: (doc: T) => boolean): Observable<T[]> {
  return collection.find({ selector: { place: { $in: [...places] } } as never }).$.pipe(
    map((docs) =>
      docs
        .map((d) => d.toJSON() as T)
        .filter(test)
        .sort(byRank),
    ),
  );
}
