/**
 * A long list read from the store a page at a time, newest first, that
 * follows the store without reading it again. The list holds every document
 * of the places whose rank is at most `bound` (the rank of the last one read);
 * the next page is one short indexed read per place after `bound`. Changes
 * reach it through the collection's change events (a pull, a command's
 * optimistic write, another tab): a changed document is replaced, a removed
 * one or one that left the places is dropped, a new one is inserted in order
 * when its rank is within what is shown. No read grows with the list, and an
 * unchanged item keeps its object, so a screen can skip re-rendering it.
 */
import type { RxCollection, RxStorageChangeEvent } from 'rxdb';
import { BehaviorSubject, type Observable } from 'rxjs';
import { byRank, firstPageByPlaces, type Ranked } from './queries';

export interface PagedState<T> {
  /** Newest first; unchanged items keep their identity from one state to the next. */
  items: readonly T[];
  /** The first page has been read. */
  loaded: boolean;
  /** The store holds nothing older for these places: every one of them is in `items`. */
  complete: boolean;
}

export interface PagedList<T> {
  state$: Observable<PagedState<T>>;
  /** Reads the next page from the store; resolves once it is in `items` (at once when complete). */
  more(): Promise<void>;
  close(): void;
}

type Change = RxStorageChangeEvent<unknown>;

const META = new Set(['_meta', '_rev', '_attachments', '_deleted']);

/** A change event's document as `toJSON()` gives it: without RxDB's meta fields. */
function plain<T>(data: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(data)) if (!META.has(key)) out[key] = data[key];
  return out as T;
}

export function openPagedList<T extends Ranked>(collection: RxCollection<T>, places: readonly string[], pageSize: number): PagedList<T> {
  const wanted = new Set(places);
  let items: T[] = [];
  let bound: string | null = null;
  let complete = places.length === 0;
  let loaded = places.length === 0;
  let reading: Promise<void> | null = null;
  /** Changes seen while a page is being read, applied again under the new bound (the read may predate them). */
  let seenDuringRead: Change[] | null = null;
  let closed = false;
  const state$ = new BehaviorSubject<PagedState<T>>({ items, loaded, complete });
  const emit = () => !closed && state$.next({ items, loaded, complete });
  const shown = (doc: T) => wanted.has(doc.place) && (complete || (bound !== null && doc.rank <= bound));

  /** Applies changes; true when `items` changed. */
  function apply(changes: readonly Change[]): boolean {
    const gone = new Set<string>();
    const added = new Map<string, T>();
    for (const change of changes) {
      const data = change.documentData as Record<string, unknown> | undefined;
      const removed = change.operation === 'DELETE' || !data || data['_deleted'] === true;
      gone.add(change.documentId);
      added.delete(change.documentId);
      if (removed) continue;
      const doc = plain<T>(data);
      if (shown(doc)) added.set(change.documentId, doc);
    }
    const kept = items.filter((item) => !gone.has(item.id));
    if (kept.length === items.length && added.size === 0) return false;
    items = added.size > 0 ? [...kept, ...added.values()].sort(byRank) : kept;
    return true;
  }

  const subscription = collection.eventBulks$.subscribe((bulk) => {
    if (bulk.isLocal) return;
    const changes = bulk.events as Change[];
    seenDuringRead?.push(...changes);
    if (apply(changes)) emit();
  });

  async function read(): Promise<void> {
    seenDuringRead = [];
    try {
      const page = await firstPageByPlaces(collection, places, pageSize, bound ?? undefined);
      const fresh = new Set(page.map((d) => d.id));
      items = [...items.filter((item) => !fresh.has(item.id)), ...page].sort(byRank);
      if (page.length > 0) bound = page[page.length - 1]!.rank;
      if (page.length < pageSize) complete = true;
      loaded = true;
      apply(seenDuringRead);
    } finally {
      seenDuringRead = null;
      reading = null;
    }
    // After `reading` is cleared: a subscriber may ask for the next page as soon as it sees this one.
    emit();
  }

  function more(): Promise<void> {
    if (complete || closed) return Promise.resolve();
    reading ??= read();
    return reading;
  }

  void more().catch((error: unknown) => !closed && state$.error(error));
  return {
    state$: state$.asObservable(),
    more,
    close() {
      closed = true;
      subscription.unsubscribe();
      state$.complete();
    },
  };
}
