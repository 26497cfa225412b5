/**
 * The list walk the briefcase does for the paged modules (interventions, OS):
 * every list page (always fetched: they give the fingerprints), each object
 * not closed primed by the module, then, once the whole list was read, the
 * objects on the device it no longer gives asked once (a 404 removes them).
 */
import type { PrimePass } from '../briefcase/types';
import { yieldToPage } from '../yield-to-page';
import type { FetchedPage, StoredDoc } from './pull';

/** Most list pages read in a pass (10,000 requests). */
export const MAX_LIST_PAGES = 1000;

export interface PagedModule<T extends { id: number; place: string }> {
  /** Objects' task keys' prefix ('intervention', 'os'). */
  kind: string;
  /** List pages' task keys' prefix ('interventions:list', 'os:list'). */
  listKey: string;
  pageSize: number;
  fetchPage(page: number): Promise<FetchedPage<T>>;
  storePage(fetched: FetchedPage<T>): Promise<void>;
  /** Primes one object not closed (its detail and children). */
  open(item: T): Promise<void>;
  collection: SweptCollection;
  pullDetail(id: number): Promise<unknown>;
}

/** An object's detail as a task; false when it is gone (its 404 removed it) or the pass stopped: no children then. */
export async function primeDetail(pass: PrimePass, object: string, fingerprint: string, pull: () => Promise<string>): Promise<boolean> {
  let removed = false;
  await pass.task({
    key: object,
    fingerprint,
    run: async () => {
      removed = (await pull()) === 'removed';
    },
  });
  return !removed && !pass.stopped;
}

/** A photo or document an object lists (`medias`): enough to download and date it. */
export interface ListedMedia {
  id: number;
  date?: string | null;
}

const listedIn = (data: unknown): ListedMedia[] | null => {
  const medias = (data as { medias?: unknown } | null | undefined)?.medias;
  return Array.isArray(medias) ? (medias as ListedMedia[]) : null;
};

/** The media a stored document's data lists (none when it lists none). */
export const mediaListed = (data: unknown): ListedMedia[] => listedIn(data) ?? [];

/**
 * An object's media as its detail pull stored them in this pass (`onStored`), else (the detail was
 * not due, or listed none) as the store holds them: one IndexedDB read fewer per object, each
 * transaction costing the garbage collector a finalization (docs/architecture.md, Briefcase).
 */
export async function mediaOfObject(fresh: StoredDoc | undefined, stored: () => Promise<{ data: unknown } | null>): Promise<ListedMedia[]> {
  return listedIn(fresh?.data) ?? listedIn((await stored())?.data) ?? [];
}

/**
 * A walk over list pages that, once page n has come full, asks for the `depth` pages after it
 * at once and stores page n meanwhile: the round trips overlap each other and the local writes
 * instead of following them one by one (a pass after a few changes is mostly list pages). Call it
 * with pages 1, 2, 3... `full(fetched)`: whether a page may have others after it; `more(page)`:
 * whether `page` may be asked at all (the pass not stopped, the most pages not read). A page asked
 * past the list's end comes back empty, unused. An early request that fails is met by its own
 * page's call, which asks again when it is run again (a network failure reruns the pass's task).
 */
export function fetchingAhead<P extends FetchedPage<unknown>>(
  fetchPage: (page: number) => Promise<P>,
  full: (fetched: P) => boolean,
  more: (page: number) => boolean,
  depth = 1,
) {
  const early = new Map<number, Promise<P>>();
  return async (page: number, store: (fetched: P) => Promise<void>): Promise<P> => {
    const asked = early.get(page);
    early.delete(page);
    const fetched = await (asked ?? fetchPage(page));
    if (full(fetched)) {
      for (let next = page + 1; next <= page + depth && more(next); next++) {
        if (early.has(next)) continue;
        const request = fetchPage(next);
        request.catch(() => undefined);
        early.set(next, request);
      }
    } else early.clear();
    await store(fetched);
    return fetched;
  };
}

/** List pages asked ahead of the one being stored: with it, as many as the pass's requests in flight (limiter.ts). */
export const LIST_PAGES_AHEAD = 3;

export async function primeListPages<T extends { id: number; place: string }>(pass: PrimePass, module: PagedModule<T>): Promise<void> {
  const jobs: Promise<void>[] = [];
  const listed = new Set<string>();
  let complete = false;
  const walk = fetchingAhead(
    module.fetchPage,
    (fetched) => fetched.received >= module.pageSize,
    (page) => page <= MAX_LIST_PAGES && !pass.stopped,
    LIST_PAGES_AHEAD,
  );
  for (let page = 1; page <= MAX_LIST_PAGES && !pass.stopped; page++) {
    let received = -1;
    let items: T[] = [];
    await pass.task({
      key: `${module.listKey}:${page}`,
      always: true,
      run: async () => {
        ({ received, items } = await walk(page, module.storePage));
      },
    });
    for (const item of items) {
      listed.add(String(item.id));
      if (item.place !== 'closed') jobs.push(module.open(item));
    }
    complete = received >= 0 && received < module.pageSize;
    if (received < module.pageSize) break;
  }
  if (complete) jobs.push(sweepUnlisted(module.collection, listed, pass, module.pullDetail, module.kind));
  await Promise.all(jobs);
}

/**
 * Objects on the device that the whole list no longer gives (deleted, or no longer the user's):
 * their detail is asked once; a 404 removes them (pullDetail keeps one with changes pending).
 */
export async function sweepUnlisted(
  collection: SweptCollection,
  listed: ReadonlySet<string>,
  pass: PrimePass,
  pull: (id: number) => Promise<unknown>,
  kind: string,
): Promise<void> {
  const jobs: Promise<void>[] = [];
  // Read in slices by id: one read of a thousand documents is a long task on a slow phone (issue 20's bench).
  for (let after = ''; !pass.stopped;) {
    const slice = await collection.find({ selector: { id: { $gt: after } }, sort: [{ id: 'asc' }], limit: SWEEP_SLICE }).exec();
    for (const d of slice)
      if (/^\d+$/.test(d.id) && !d.pending && !listed.has(d.id))
        jobs.push(pass.task({ key: `${kind}:${d.id}`, fingerprint: 'unlisted', run: () => pull(Number(d.id)) }));
    if (slice.length < SWEEP_SLICE) break;
    after = slice[slice.length - 1]!.id;
    await yieldToPage();
  }
  await Promise.all(jobs);
}

/**
 * Removes documents as they were read, for eviction: one written since (an edit now pending,
 * another pass's removal) is kept, and the answer is false. RxDB's bulk removal reports such a
 * conflict instead of throwing it, as a document's own `remove()` would.
 */
export async function removeAsRead(docs: readonly AsRead[]): Promise<boolean> {
  const byCollection = new Map<AsRead['collection'], AsRead[]>();
  for (const doc of docs) byCollection.set(doc.collection, [...(byCollection.get(doc.collection) ?? []), doc]);
  let all = true;
  for (const [collection, list] of byCollection) if ((await collection.bulkRemove(list as never[])).error.length > 0) all = false;
  return all;
}

/** An RxDB document of any collection, as far as its removal goes. */
interface AsRead {
  readonly collection: { bulkRemove(docs: never[]): Promise<{ error: readonly unknown[] }> };
}

const SWEEP_SLICE = 100;
type SweptCollection = {
  find(query: { selector: { id: { $gt: string } }; sort: { id: 'asc' }[]; limit: number }): { exec(): Promise<{ id: string; pending: boolean }[]> };
};
