/**
 * A record copied with one key replaced remembers it, and from which record: a diff of the copy
 * against an earlier version then visits the keys replaced since, not every key. A form may hold
 * 4,000 sibling sections; each pause in typing copies that record, and walking it again to find
 * the one section typed in cost 10 ms at 4× (the drawer's missing-field counts).
 */
const sources = new WeakMap<object, { from: object; key: string }>();

/** How many copies back a diff looks for its earlier version (screens skip a few versions at most). */
const MAX_HOPS = 16;

/** A copy of `record` where `key` is `value`. */
export function withKey<T>(record: Readonly<Record<string, T>>, key: string, value: T): Record<string, T> {
  const copy = { ...record, [key]: value };
  sources.set(copy, { from: record, key });
  return copy;
}

/**
 * The keys replaced when `record` was copied, in one or more steps, from `earlier`; null when it
 * was not (or not through withKey), which leaves the caller to compare every key.
 */
export function keysReplacedSince(earlier: object, record: object): ReadonlySet<string> | null {
  const keys = new Set<string>();
  let at = record;
  for (let hop = 0; hop < MAX_HOPS && at !== earlier; hop++) {
    const source = sources.get(at);
    if (!source) return null;
    keys.add(source.key);
    at = source.from;
  }
  return at === earlier ? keys : null;
}
