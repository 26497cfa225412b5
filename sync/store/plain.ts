/**
 * What goes into RxDB must be plain data: documents and their change events
 * cross tabs through a BroadcastChannel, which structured-clones them, and a
 * valtio proxy, a class instance, a function or a Blob cannot be cloned
 * (the DataCloneError every screen threw while the user document held the
 * session's proxied `roles`). Values entering the store from the app (the
 * user, command payloads, local documents) pass through here.
 */
export function plainData<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/**
 * A cached document's `data` as plain data. RxDB's `doc.data` is a Proxy (for `doc.data.x$`
 * observables), and so is every nested object read through it: spreading it into a new document
 * writes proxies, which no tab can clone. Lint forbids `...x.data`; use this instead.
 */
export function dataOf<T = Record<string, unknown>>(doc: { toJSON(): { data: unknown } }): T {
  return doc.toJSON().data as T;
}
