/**
 * Before each write, RxDB's Dexie storage reads every row it is about to write (Dexie's bulkGet:
 * one IndexedDB request per document) to find conflicts. A pull's page of documents the device does
 * not hold yet (the first download on a device: 10,000 interventions in pages of 500) asked for 500
 * rows that are not there: 7 ms a page, 450 ms of the engine bench's pull. Here the keys stored
 * between the lowest and the highest key asked are listed first (one request, keys only, capped),
 * and only the rows present are read. Same answer as Dexie's bulkGet, in the same transaction.
 */

/** The part of a Dexie table used here (rxdb/plugins/storage-dexie keeps the table in `internals`). */
export interface KeyedTable {
  bulkGet(keys: string[]): Promise<unknown[]>;
  where(index: ':id'): {
    between(lower: string, upper: string, includeLower: boolean, includeUpper: boolean): { limit(n: number): { primaryKeys(): Promise<string[]> } };
  };
}

/** Below this many keys, one request per key costs no more than listing the range first. */
const MIN_KEYS = 20;
/** Keys listed per key asked before the range is given up for Dexie's own read (a sparse request over a full store). */
const KEYS_LISTED_PER_KEY = 4;

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
    return table
      .where(':id')
      .between(lowest, highest, true, true)
      .limit(cap + 1)
      .primaryKeys()
      .then((listed) => {
        if (listed.length > cap) return bulkGet(keys);
        const stored = new Set(listed);
        const present = keys.filter((key) => stored.has(key));
        if (present.length === 0) return keys.map(() => undefined);
        return bulkGet(present).then((rows) => {
          const byKey = new Map(present.map((key, i) => [key, rows[i]]));
          return keys.map((key) => byKey.get(key));
        });
      });
  };
}
