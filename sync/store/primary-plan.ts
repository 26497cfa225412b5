/**
 * RxDB's query planner knows only the schema's indexes. A query that walks a collection by id
 * (the offline pass's sweep of objects no list gives any more: `id > after`, by id, 100 at a
 * time) got the `_meta.lwt` index: every read went through the whole collection and sorted it,
 * 1,124 rows for 100 and a task of up to 280 ms at 4× (bench offline-home). RxDB's Dexie storage
 * also keeps the index [_deleted+id] on every table: such a query is planned on it here, its
 * range and order given by the index, and it reads what it returns.
 */
import { INDEX_MAX, INDEX_MIN, type RxQueryPlan } from 'rxdb';

type Bound = { key: unknown; inclusive: boolean };

/** The primary key's range in a selector, or null when the selector says anything else. */
function rangeOf(condition: unknown): { start: Bound; end: Bound } | null {
  let start: Bound = { key: INDEX_MIN, inclusive: true };
  let end: Bound = { key: INDEX_MAX, inclusive: true };
  if (typeof condition === 'string') return { start: { key: condition, inclusive: true }, end: { key: condition, inclusive: true } };
  if (condition === undefined) return { start, end };
  if (typeof condition !== 'object' || condition === null) return null;
  for (const [operator, value] of Object.entries(condition)) {
    if (typeof value !== 'string') return null;
    if (operator === '$eq') {
      start = { key: value, inclusive: true };
      end = { key: value, inclusive: true };
    } else if (operator === '$gt' || operator === '$gte') start = { key: value, inclusive: operator === '$gte' };
    else if (operator === '$lt' || operator === '$lte') end = { key: value, inclusive: operator === '$lte' };
    else return null;
  }
  return { start, end };
}

/**
 * The plan on [_deleted+primary] for a query whose selector names only the primary key (and
 * `_deleted: false`, which RxDB adds) and whose order is the primary key ascending; null otherwise.
 * `booleanIndexes`: the storage writes `_deleted` as an index key ('0') only when some schema index
 * names it (every index of the app's collections does); a boolean is no IndexedDB key.
 */
export function primaryOrderPlan(
  primaryPath: string,
  booleanIndexes: readonly string[],
  query: { selector?: Record<string, unknown>; sort?: Record<string, string>[] },
): RxQueryPlan | null {
  if (!booleanIndexes.includes('_deleted')) return null;
  const { selector = {}, sort = [] } = query;
  if (sort.length !== 1 || Object.keys(sort[0]!).join() !== primaryPath || sort[0]![primaryPath] !== 'asc') return null;
  for (const key of Object.keys(selector)) if (key !== primaryPath && key !== '_deleted') return null;
  const deleted = selector._deleted as { $eq?: unknown } | undefined;
  if (deleted === undefined || Object.keys(deleted).join() !== '$eq' || deleted.$eq !== false) return null;
  const range = rangeOf(selector[primaryPath]);
  if (!range) return null;
  return {
    index: ['_deleted', primaryPath],
    // false: written '0' by the storage's range (rangeFieldToBooleanSubstitute).
    startKeys: [false as never, range.start.key as string],
    endKeys: [false as never, range.end.key as string],
    inclusiveStart: range.start.inclusive,
    inclusiveEnd: range.end.inclusive,
    sortSatisfiedByIndex: true,
    selectorSatisfiedByIndex: true,
  };
}
