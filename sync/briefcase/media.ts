/**
 * Photos and documents of open objects kept for offline reading, within a
 * byte budget. The download itself goes through the API client: in the
 * browser the service worker keeps every media path in its media cache
 * (sw/sw.ts, cache-first), so a fetched photo opens offline. The index
 * (path, bytes, object, date) lives in one local document; objects' last
 * views in another. Over budget, closed objects leave the device with their
 * media, least recently viewed first; an object with unsent work never does.
 */
import type { Database } from '../store/database';
import { readLocal, writeLocal } from '../store/local';
import { MEDIA_DOC, VIEWED_DOC } from './records';

export interface MediaEntry {
  path: string;
  bytes: number;
  /** The object it belongs to ('intervention:12'), null when not said. */
  object: string | null;
  /** The media's own date (newest first), and when it was downloaded. */
  date: string | null;
  at: number;
}

export interface MediaCandidate {
  path: string;
  date: string | null;
  object: string | null;
}

export type MediaIndex = Record<string, MediaEntry>;

export const readMediaIndex = async (db: Database): Promise<MediaIndex> => (await readLocal<MediaIndex>(db, MEDIA_DOC)) ?? {};
export const writeMediaIndex = (db: Database, index: MediaIndex) => writeLocal(db, MEDIA_DOC, index);
export const readViewed = async (db: Database): Promise<Record<string, number>> => (await readLocal<Record<string, number>>(db, VIEWED_DOC)) ?? {};
export const writeViewed = (db: Database, viewed: Record<string, number>) => writeLocal(db, VIEWED_DOC, viewed);

export const mediaBytesOf = (index: MediaIndex) => Object.values(index).reduce((sum, e) => sum + e.bytes, 0);

/** Newest first (undated last), each path once, those already kept left out. */
export function mediaToFetch(candidates: readonly MediaCandidate[], index: MediaIndex): MediaCandidate[] {
  const seen = new Set<string>();
  const fresh = candidates.filter((c) => !index[c.path] && !seen.has(c.path) && (seen.add(c.path), true));
  const time = (c: MediaCandidate) => (c.date ? Date.parse(c.date) || 0 : 0);
  return fresh.sort((a, b) => time(b) - time(a));
}

export interface EvictEnv {
  /** Objects with unsent work (queued or refused commands, drafts, unsaved copies): never removed. */
  unsent: ReadonlySet<string>;
  viewed: Readonly<Record<string, number>>;
  /** Removes a closed object's documents (false: not closed, pending, or not a module's). */
  forget(object: string): Promise<boolean>;
  /** Drops a media path from the service worker's cache. */
  drop(path: string): Promise<void>;
}

/**
 * Brings the kept media under `budget`: closed objects (and their media) go, least recently viewed
 * first (never viewed: oldest download first). Returns the paths removed from the index.
 */
export async function evictOverBudget(index: MediaIndex, budget: number, env: EvictEnv): Promise<string[]> {
  let bytes = mediaBytesOf(index);
  if (bytes <= budget) return [];
  const byObject = new Map<string, MediaEntry[]>();
  for (const entry of Object.values(index)) {
    if (!entry.object) continue;
    byObject.set(entry.object, [...(byObject.get(entry.object) ?? []), entry]);
  }
  const lastUse = (object: string) => env.viewed[object] ?? Math.min(...byObject.get(object)!.map((e) => e.at));
  const order = [...byObject.keys()].filter((o) => !env.unsent.has(o)).sort((a, b) => lastUse(a) - lastUse(b));
  const removed: string[] = [];
  for (const object of order) {
    if (bytes <= budget) break;
    if (!(await env.forget(object))) continue;
    for (const entry of byObject.get(object)!) {
      await env.drop(entry.path).catch(() => undefined);
      delete index[entry.path];
      bytes -= entry.bytes;
      removed.push(entry.path);
    }
  }
  return removed;
}
