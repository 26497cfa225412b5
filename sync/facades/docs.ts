/**
 * Typed views of stored documents for the facades. A collection keeps the
 * server's answer in `data` as it came (checked at the boundary by the
 * fetchers); these helpers give screens `Doc<T>` objects, plain and typed,
 * so no screen casts a document. The one place a document's `data` meets its
 * type is here, per collection, in the module's facade.
 */
import { map, type Observable } from 'rxjs';
import type { CachedDoc } from '../store/schemas';
import type { Database } from '../store/database';
import { readLocal, watchLocal } from '../store/local';

/** Any RxDB document, seen through the one method these helpers use. */
interface Stored {
  toJSON(): unknown;
}

/** A stored document as the screens see it: the server's data typed, pending derived by the outbox. */
export type Doc<T, Extra = unknown> = CachedDoc<T> & Extra;

/** One RxDB document as a plain typed object (RxDB's own objects are never handed out). */
export function typedDoc<T, Extra = unknown>(doc: Stored): Doc<T, Extra> {
  return doc.toJSON() as Doc<T, Extra>;
}

/** A query's documents as typed data only. */
export const dataList = <T>(docs: readonly Stored[]): T[] => docs.map((d) => typedDoc<T>(d).data);

export const watchOne = <T, Extra = unknown>(query: { $: Observable<Stored | null> }): Observable<Doc<T, Extra> | null> =>
  query.$.pipe(map((d) => (d ? typedDoc<T, Extra>(d) : null)));

export const watchMany = <T, Extra = unknown>(query: { $: Observable<Stored[]> }): Observable<Doc<T, Extra>[]> =>
  query.$.pipe(map((docs) => docs.map((d) => typedDoc<T, Extra>(d))));

/** A local document (dashboard, user, refresh time) as a typed value, reactive. */
export const watchValue = <T>(db: Database, key: string): Observable<T | null> => watchLocal<T>(db, key);
export const readValue = <T>(db: Database, key: string): Promise<T | null> => readLocal<T>(db, key);

/** Temporary ids (objects created on this device) are never asked from the server. */
export const serverIdOf = (id: string): number | null => (/^\d+$/.test(id) ? Number(id) : null);
