/**
 * Fetchers of the intervention screens (spec part 1 §7 "Interventions",
 * "Messaging, notifications, dashboards"): list pages, one request's detail,
 * appointments, debriefings and messages, the dashboard, the inbox threads
 * and the planning. Each checks the answer's shape and upserts it into the
 * store; documents with local changes pending are left alone until their
 * commands are answered.
 */
import * as v from 'valibot';
import type { ApiClient } from '../api/client';
import { interventionPaths as paths, type InterventionDashboard, type InterventionDetailDto, type InterventionListItem } from '../contract/interventions';
import type { Database } from '../store/database';
import { markRefreshed } from '../store/local';
import { rankOf } from '../store/queries';
import { asCached, checkItems, fetchList, pullDetail, pullSingleton, storeFresh, storeList, type FetchedPage, type ListStore, type StoredDoc } from './pull';
import { DASHBOARD_INTERVENTIONS } from './dashboard-keys';

export const LIST_PAGE_SIZE = 10;
export const FEED_PAGE_SIZE = 30;

// Loose objects: the fields the screens rely on are checked, the rest is kept as it came.
const listItem = v.looseObject({ id: v.number(), number: v.string(), place: v.string(), createdAt: v.string(), realEstate: v.looseObject({}) });
const appointment = v.looseObject({ id: v.number(), date: v.string(), dateEnd: v.string(), status: v.number() });
const debriefing = v.looseObject({ id: v.number(), status: v.number(), dateEnd: v.nullish(v.string()) });
/** A message of a thread (interventions and OS answer the same shape). */
const messageSchema = v.looseObject({ id: v.number(), messageText: v.string(), date: v.string(), sendBy: v.looseObject({}) });
const thread = v.looseObject({ id: v.number(), type: v.string(), date: v.string() });
const planning = v.looseObject({ id: v.number(), date: v.string(), interventionRequest: v.looseObject({}) });
const count = v.number();
const dashboard = v.looseObject({
  countAppointments: count,
  countInProgressInterventionRequests: count,
  countReclaims: count,
  countInterventionRequestToPlanned: count,
  countInterventionRequestPlanned: count,
});

const plain = (item: object) => item as Record<string, unknown>;

type InterventionShape = Pick<InterventionListItem, 'id' | 'number' | 'createdAt'> & { place: string };

export const interventionDoc = (item: InterventionShape | InterventionDetailDto, now: number) => ({
  id: String(item.id),
  data: plain(item),
  pending: false,
  refreshedAt: now,
  place: item.place,
  rank: rankOf(item.createdAt, String(item.id)),
  number: item.number,
});

/** One server page of the list for the given places (page 1 first). Returns how many items came. */
export async function pullInterventionPage(db: Database, api: ApiClient, places: readonly string[], page: number, pageSize = LIST_PAGE_SIZE): Promise<number> {
  const fetched = await fetchInterventionPage(api, places, page, pageSize);
  await storeInterventionPage(db, fetched);
  return fetched.received;
}

/** A list page asked and checked, not yet stored (the briefcase stores it while it asks for the next: prime-list.ts). */
export async function fetchInterventionPage(
  api: ApiClient,
  places: readonly string[],
  page: number,
  pageSize = LIST_PAGE_SIZE,
): Promise<FetchedPage<InterventionListItem>> {
  const searchParams = { itemsPerPage: pageSize, page, 'order[id]': 'desc', 'place[]': [...places] };
  const fetched = await fetchList(api, { path: paths.list, options: { searchParams }, item: listItem, what: paths.list });
  return fetched as unknown as FetchedPage<InterventionListItem>;
}

// A list item has fewer fields than the detail: merge so that an opened request keeps its detail.
const listPageStore: ListStore<InterventionListItem> = { resource: 'interventions:list', toDoc: interventionDoc, merge: true };

export async function storeInterventionPage(db: Database, fetched: FetchedPage<InterventionListItem>): Promise<void> {
  await storeList(db, asCached(db.interventions), listPageStore, fetched);
}

export function pullInterventionDetail(db: Database, api: ApiClient, id: number, onStored?: (doc: StoredDoc) => void): Promise<'stored' | 'removed' | 'kept'> {
  return pullDetail(db, api, asCached(db.interventions), {
    onStored,
    resource: 'intervention',
    path: paths.detail(id),
    schema: listItem,
    docId: String(id),
    toDoc: interventionDoc,
    merge: true,
  });
}

/** Messages asked per page of a thread, and the most pages read (10,000 messages). */
const THREAD_PAGE_SIZE = 200;
const MAX_PAGES = 50;

/**
 * The children of one request (appointments, debriefings, messages): the server's replace the cached
 * ones. Resolves with the server's children as written (the briefcase reads their media there).
 */
async function pullChildren<S extends v.GenericSchema>(
  db: Database,
  api: ApiClient,
  collection: unknown,
  pull: {
    path: string;
    searchParams: Record<string, string | number>;
    item: S;
    parent: Record<string, string>;
    resource: string;
    toDoc(item: v.InferOutput<S>, now: number): StoredDoc;
    /** Asked page by page (itemsPerPage) until a short page; absent: one call. */
    pageSize?: number;
  },
): Promise<StoredDoc[]> {
  const items: unknown[] = [];
  for (let page = 1; ; page++) {
    const size = pull.pageSize;
    const searchParams = size ? { ...pull.searchParams, page, itemsPerPage: size } : pull.searchParams;
    const batch = (await api.list<unknown>(pull.path, { searchParams })).items;
    // A backend that ignores the paging answers the same items again: they are not taken twice.
    if (page > 1 && batch.length > 0 && JSON.stringify(batch[0]) === JSON.stringify(items[0])) break;
    items.push(...batch);
    if (!size || batch.length !== size || page >= MAX_PAGES) break;
  }
  const now = Date.now();
  const { valid } = checkItems(pull.item, items, pull.path);
  const docs = valid.map((item) => ({ ...pull.toDoc(item, now), ...pull.parent }));
  await storeFresh(db, asCached(collection), docs, { replace: pull.parent });
  await markRefreshed(db, pull.resource, now);
  return docs;
}

const cached = (id: string, data: object, now: number) => ({ id, data: plain(data), pending: false, refreshedAt: now });

export function pullAppointments(db: Database, api: ApiClient, interventionId: number): Promise<StoredDoc[]> {
  return pullChildren(db, api, db.appointments, {
    path: paths.appointments,
    searchParams: { interventionRequest: interventionId },
    item: appointment,
    parent: { interventionId: String(interventionId) },
    resource: `appointments:${interventionId}`,
    toDoc: (a, now) => ({ ...cached(String(a.id), a, now), date: a.date, status: a.status }),
  });
}

/** Resolves with the server's debriefings (one with changes pending keeps its local copy in the store). */
export function pullDebriefings(db: Database, api: ApiClient, interventionId: number): Promise<StoredDoc[]> {
  return pullChildren(db, api, db.debriefings, {
    path: paths.debriefings,
    searchParams: { interventionRequest: interventionId, 'order[dateEnd]': 'desc' },
    item: debriefing,
    parent: { interventionId: String(interventionId) },
    resource: `debriefings:${interventionId}`,
    toDoc: (d, now) => ({ ...cached(String(d.id), d, now), dateEnd: d.dateEnd ?? '' }),
  });
}

export const threadKey = (kind: 'intervention' | 'os', id: number | string) => `${kind}:${id}`;

/** The messages of one thread (an intervention's or an OS's), oldest first: the server's replace the cached ones. */
export function pullThreadMessages(db: Database, api: ApiClient, key: string, path: string, filter: Record<string, string | number>): Promise<StoredDoc[]> {
  return pullChildren(db, api, db.messages, {
    path,
    searchParams: { ...filter, 'order[date]': 'asc' },
    item: messageSchema,
    parent: { thread: key },
    resource: `messages:${key}`,
    toDoc: (m, now) => ({ ...cached(`${key}:${m.id}`, m, now), date: m.date }),
    // The reference server pages long threads (200 by default); a backend that does not page answers all in the first.
    pageSize: THREAD_PAGE_SIZE,
  });
}

export function pullMessages(db: Database, api: ApiClient, interventionId: number): Promise<StoredDoc[]> {
  return pullThreadMessages(db, api, threadKey('intervention', interventionId), paths.messages, { interventionRequest: interventionId });
}

export async function pullInterventionDashboard(db: Database, api: ApiClient, manager: boolean): Promise<InterventionDashboard> {
  const path = manager ? paths.ownerDashboard : paths.providerDashboard;
  // The can-flags are read as truthy by the screens; only the counts are checked.
  return (await pullSingleton(db, api, { key: DASHBOARD_INTERVENTIONS, path, schema: dashboard })) as unknown as InterventionDashboard;
}

/** A feed page (inbox threads or planning). Page 1 replaces the kind's cached entries. */
async function pullFeed<S extends v.GenericSchema>(
  db: Database,
  kind: string,
  items: unknown[],
  item: S,
  path: string,
  page: number,
  key: (item: v.InferOutput<S>) => { id: string; sortKey: string },
): Promise<number> {
  const now = Date.now();
  const { valid } = checkItems(item, items, path);
  const docs = valid.map((entry) => ({ ...key(entry), kind, data: entry as Record<string, unknown>, pending: false, refreshedAt: now }));
  await storeFresh(db, asCached(db.feed), docs, page === 1 ? { replace: { kind } } : {});
  await markRefreshed(db, `feed:${kind}`, now);
  return items.length;
}

export async function pullThreads(db: Database, api: ApiClient, page: number): Promise<number> {
  const { items } = await api.list<unknown>(paths.threads, { searchParams: { itemsPerPage: FEED_PAGE_SIZE, page } });
  // Newest first: the sort key is the inverted date (the index is ascending).
  return pullFeed(db, 'thread', items, thread, paths.threads, page, (t) => ({ id: `thread:${t.type}:${t.id}`, sortKey: rankOf(t.date, String(t.id)) }));
}

/** One textual form for range queries on the sort key, whatever offset notation the server used. */
const isoOf = (date: string) => (Number.isFinite(Date.parse(date)) ? new Date(date).toISOString() : date);

export interface PlanningRange {
  after: string;
  before?: string;
}

export async function pullPlanning(db: Database, api: ApiClient, range: PlanningRange, page: number): Promise<number> {
  const searchParams: Record<string, string | number> = { itemsPerPage: FEED_PAGE_SIZE, page, 'order[date]': 'asc', 'date[after]': range.after };
  if (range.before) searchParams['date[before]'] = range.before;
  const { items } = await api.list<unknown>(paths.planning, { searchParams });
  return pullFeed(db, 'planning', items, planning, paths.planning, page, (p) => ({ id: `planning:${p.id}`, sortKey: `${isoOf(p.date)}:${p.id}` }));
}
