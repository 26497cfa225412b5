/**
 * Singletons of the store as RxDB local documents: the user, counts, version,
 * dashboards, and when each resource was last refreshed.
 */
import type { Observable } from 'rxjs';
import { map } from 'rxjs';
import { getLocalDocStateByParent } from 'rxdb/plugins/local-documents';
import type { Database } from './database';
import { plainData } from './plain';
import { pendingLocal, writeLocalSoon } from './local-batch';

export const LOCAL_USER = 'user';
export const LOCAL_COUNTS = 'counts';
export const LOCAL_VERSION = 'version';
/** One local document per resource ('refreshed:interventions:list'): concurrent pulls never overwrite each other's time. */
export const refreshedKey = (resource: string) => `refreshed:${resource}`;

export async function readLocal<T>(db: Database, id: string): Promise<T | null> {
  const waiting = pendingLocal(db, id);
  if (waiting) return waiting.value as T;
  const doc = await db.getLocal<{ value: T }>(id);
  return doc ? plainData(doc.toJSON().data.value as T) : null;
}

/**
 * Several local documents in one IndexedDB read (RxDB's `getLocal` reads one per call), as `getLocal`
 * answers each: from RxDB's cache when it holds the document, null when deleted or absent.
 */
export async function getLocals(db: Database, ids: readonly string[]): Promise<({ remove(): Promise<unknown> } | null)[]> {
  // The parent's type is RxDB's generic database; ours is typed by its collections.
  const { docCache, storageInstance } = await getLocalDocStateByParent(db as never);
  const uncached = ids.filter((id) => !docCache.getLatestDocumentDataIfExists(id));
  const stored = uncached.length > 0 ? await storageInstance.findDocumentsById(uncached, false) : [];
  const byId = new Map(stored.map((data) => [data.id, data]));
  return ids.map((id) => {
    const data = docCache.getLatestDocumentDataIfExists(id) ?? byId.get(id);
    return data && !data._deleted ? docCache.getCachedRxDocument(data) : null;
  });
}

export async function writeLocal<T>(db: Database, id: string, value: T): Promise<void> {
  await db.upsertLocal(id, { value: plainData(value) });
}

export function watchLocal<T>(db: Database, id: string): Observable<T | null> {
  // Copies: RxDB's cached object must never be handed to code that could change it (a valtio
  // state wraps what it is given in proxies, which then poison the cross-tab events).
  return db.getLocal$<{ value: T }>(id).pipe(map((doc) => (doc ? plainData(doc.toJSON().data.value as T) : null)));
}

/** The marks each store last wrote: a pass of 20 list pages wrote 20, one IndexedDB transaction each. */
const lastMarks = new WeakMap<Database, Map<string, number>>();
/** Marks closer than this are one: the screens say when in minutes. */
const MARK_GRAIN_MS = 1000;

/**
 * Records that a resource was refreshed from the server now ('user', 'interventions:list', …). The
 * mark joins the next batch of local writes (local-batch.ts) and is not waited for: readers see it
 * at once (`readLocal`), the screens that watch it when its batch lands.
 */
export async function markRefreshed(db: Database, resource: string, at = Date.now()): Promise<void> {
  const marks = lastMarks.get(db) ?? new Map<string, number>();
  lastMarks.set(db, marks);
  const last = marks.get(resource);
  if (last !== undefined && at >= last && at - last < MARK_GRAIN_MS) return;
  marks.set(resource, at);
  // A mark that could not be written (the store closed under it) is written again by the next refresh.
  writeLocalSoon(db, refreshedKey(resource), at).catch(() => marks.delete(resource));
}

/** Whether a resource was refreshed from the server less than `maxAgeMs` ago (never: false). */
export async function refreshedWithin(db: Database, resource: string, maxAgeMs: number): Promise<boolean> {
  const at = await readLocal<number>(db, refreshedKey(resource));
  return at !== null && Date.now() - at < maxAgeMs;
}

/** Removes a local document as it is when the removal lands: one rewritten between the read and the
 * removal (a pull, another tab) is read again once, as RxDB refuses a removal of an older revision. */
export async function removeLocal(db: Database, id: string): Promise<void> {
  try {
    await (await db.getLocal(id))?.remove();
  } catch {
    await (await db.getLocal(id))?.remove();
  }
}
