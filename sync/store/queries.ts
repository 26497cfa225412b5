/**
 * Queries shaped for the indexes, shared by the screens. Lists are shown
 * newest first; IndexedDB indexes are ascending, and a descending sort makes
 * RxDB's Dexie storage read the whole range and sort it in memory. So list
 * documents carry `rank`, a string that sorts ascending from newest to oldest,
 * and a first page filtered by several places is one short indexed range per
 * place (place, rank), merged in memory.
 */
import type { RxCollection } from 'rxdb';

const RANK_BASE = 9_000_000_000_000_000;

/** '2026-11-22T10:00:00Z' → a fixed-width string; a later date gives a smaller rank. */
export function rankOf(createdAt: string, id = ''): string {
  const time = Date.parse(createdAt);
  const inverted = RANK_BASE - (Number.isFinite(time) ? time : 0);
  return `${String(inverted).padStart(19, '0')}:${id}`;
}

interface Ranked {
  id: string;
  place: string;
  rank: string;
}

/** The newest `limit` documents among the given places, after `afterRank` (the last of the previous page). */
export async function firstPageByPlaces<T extends Ranked>(collection: RxCollection<T>, places: readonly string[], limit: number, afterRank?: string): Promise<T[]> {
  const parts = await Promise.all(
    places.map((place) =>
      collection
        .find({
          selector: { place, ...(afterRank ? { rank: { $gt: afterRank } } : {}) } as never,
          sort: [{ rank: 'asc' } as never],
          limit,
        })
        .exec(),
    ),
  );
  return parts
    .flat()
    .map((d) => d.toJSON() as T)
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
    .slice(0, limit);
}
