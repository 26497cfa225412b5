/**
 * What goes into RxDB must be plain data: documents and their change events
 * cross tabs through a BroadcastChannel, which structured-clones them, and a
 * valtio proxy, a class instance, a function or a Blob cannot be cloned
 * (the DataCloneError every screen threw while the user document held the
 * session's proxied `roles`). Values entering the store from the app (the
 * user, command payloads, local documents) pass through here.
 */
export function plainData<T>(value: T): T {
  if (value === undefined) return value;
  if (!isRecord(value)) return JSON.parse(JSON.stringify(value)) as T;
  // Texts at the top are plain already and kept as they are: a visit's forms (8 MB for 20,000
  // fields) went through a JSON round trip of ~80 ms on a 4× slower CPU at each save.
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string') out[key] = item;
    else if (item !== undefined && typeof item !== 'function' && typeof item !== 'symbol') out[key] = JSON.parse(JSON.stringify(item)) as unknown;
  }
  return out as T;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype && !('toJSON' in value);

/**
 * A cached document's `data` as plain data. RxDB's `doc.data` is a Proxy (for `doc.data.x$`
 * observables), and so is every nested object read through it: spreading it into a new document
 * writes proxies, which no tab can clone. Lint forbids `...x.data`; use this instead.
 */
export function dataOf<T = Record<string, unknown>>(doc: { toJSON(): { data: unknown } }): T {
  return doc.toJSON().data as T;
}
