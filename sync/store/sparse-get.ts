/**
 * Before each write, RxDB's Dexie storage reads every row it is about to write (Dexie's bulkGet:
 * one IndexedDB request per document) to find conflicts. A pull's page of documents the device does
 * not hold yet (the first download on a device: 10,000 interventions in pages of 500) asked for 500
 * rows that are not there: 7 ms a page, 450 ms of the engine bench's pull. Here the keys stored
 * between the lowest and the highest key asked are listed first (one request, keys only, capped),
 * and only the rows present are read: where they fill most of the range (a page pulled again, a
 * read by id of stored documents), all at once, one request for the range's rows instead of one per
 * row (each request is also an object for Blink's garbage collector, whose pauses are the offline
 * pass's long tasks). Same answer as Dexie's bulkGet, in the same transaction.
 */

/** The part of a Dexie table used here (rxdb/plugins/storage-dexie keeps the table in `internals`). */
export interface KeyedTable {
  /** Where a row holds its key (Dexie's schema; inbound keys only). */
  schema: { primKey: { keyPath: string | string[] | null } };
  bulkGet(keys: string[]): Promise<unknown[]>;
  where(index: ':id'): {
    between(
      lower: string,
      upper: string,
      includeLower: boolean,
      includeUpper: boolean,
    ): { limit(n: number): { primaryKeys(): Promise<string[]>; toArray(): Promise<unknown[]> } };
  };
}

/** Below this many keys, one request per key costs no more than listing the range first. */
const MIN_KEYS = 20;
/** Keys listed per key asked before the range is given up for Dexie's own read (a sparse request over a full store). */
const KEYS_LISTED_PER_KEY = 4;
/** The range's rows are read at once when at most this many are stored per row wanted. */
const ROWS_READ_PER_ROW = 2;

const patched = new WeakSet<object>();

export function readOnlyStoredRows(table: KeyedTable): void {
  if (patched.has(table)) return;
  patched.add(table);
  const bulkGet = table.bulkGet.bind(table);
  // Dexie's own promises, chained with then (no native await): both reads stay in the write's transaction.
  table.bulkGet = (keys) => {
    if (keys.length < MIN_KEYS) return bulkGet(keys);
    let lowest = keys[0]!;
    let highest = keys[0]!;
    for (const key of keys) {
      if (key < lowest) lowest = key;
      if (key > highest) highest = key;
    }
    const cap = keys.length * KEYS_LISTED_PER_KEY;
    const range = (limit: number) => table.where(':id').between(lowest, highest, true, true).limit(limit);
    return range(cap + 1)
      .primaryKeys()
      .then((listed) => {
        if (listed.length > cap) return bulkGet(keys);
        const stored = new Set(listed);
        const present = keys.filter((key) => stored.has(key));
        if (present.length === 0) return keys.map(() => undefined);
        const answer = (rowKeys: readonly string[], rows: readonly unknown[]) => {
          const byKey = new Map(rowKeys.map((key, i) => [key, rows[i]]));
          return keys.map((key) => byKey.get(key));
        };
        const keyPath = table.schema.primKey.keyPath;
        if (typeof keyPath !== 'string' || present.length < MIN_KEYS || listed.length > present.length * ROWS_READ_PER_ROW) {
          return bulkGet(present).then((rows) => answer(present, rows));
        }
        // Each row by its own key: a read outside a transaction may see the range changed since it was listed.
        return range(cap + 1)
          .toArray()
          .then((rows) =>
            rows.length > cap
              ? bulkGet(present).then((again) => answer(present, again))
              : answer(
                  rows.map((row) => (row as Record<string, string>)[keyPath]!),
                  rows,
                ),
          );
      });
  };
}
