/**
 * A cached document's `data` rewritten from its state at the write, not from a read before it.
 * RxDB runs a document's writes one after the other and hands each modifier the latest state (again
 * after a conflict with another tab's write). `incrementalPatch({ data: { ...dataOf(doc), x } })`
 * wrote back the whole `data` as it had been read, and a change written in between was lost:
 * « Démarrer » tapped while a download's last files came left the copy not started, the download
 * writing its list of missing files over the start (visit-detail browser test, twice in two days).
 */
import type { RxDocument } from 'rxdb';

/** A stored document's fields as a modifier sees them (plain data: a copy of the latest state). */
type Stored = Record<string, unknown> & { data: unknown };

/**
 * Writes `next(data)` as the document's `data`, `data` being the latest stored; `extra`, fields of
 * the document itself set with it (savedAt, refreshedAt…). Resolves to the document as written. A
 * caller that may have nothing to change checks on the document it holds first: RxDB's modifier
 * always writes.
 */
export async function modifyData<T>(doc: RxDocument<never>, next: (data: T) => T, extra: Record<string, unknown> = {}): Promise<RxDocument<never>> {
  const written = await (doc as unknown as RxDocument<Stored>).incrementalModify((stored) => ({ ...stored, ...extra, data: next(stored.data as T) }));
  return written as unknown as RxDocument<never>;
}
