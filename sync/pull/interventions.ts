/**
 * Fetchers of the intervention screens (spec part 1 §7 "Interventions",
 * "Messaging, notifications, dashboards"): list pages, one request's detail,
 * appointments, debriefings and messages, the dashboard, the inbox threads
 * and the planning. Each checks the answer's shape and upserts it into the
 * store; documents with local changes pending are left alone until their
 * commands are answered.
 */
import type { RxCollection } from 'rxdb';
import type { ApiClient } from '../api/client';
import {
  interventionPaths as paths,
  type AppointmentDto,
  type DebriefingDto,
  type InterventionDashboard,
  type InterventionDetailDto,
  type InterventionListItem,
  type MessageDto,
  type PlanningEntry,
  type ThreadDto,
} from '../contract/interventions';
import { ApiFailure } from '../api/failure';
import type { Database } from '../store/database';
import type { CachedDoc } from '../store/schemas';
import { markRefreshed, writeLocal } from '../store/local';
import { rankOf } from '../store/queries';
import { partition, shape } from './guards';
import { pullDetail } from './pull';

export const LIST_PAGE_SIZE = 10;
export const FEED_PAGE_SIZE = 30;

type AnyCollection = RxCollection<CachedDoc & Record<string, unknown>>;
const loose = (c: unknown) => c as AnyCollection;

const isListItem = shape<InterventionListItem>({ id: 'number', number: 'string', place: 'string', createdAt: 'string', realEstate: 'object' });
const isDetail = shape<InterventionDetailDto>({ id: 'number', number: 'string', place: 'string', createdAt: 'string', realEstate: 'object' });
const isAppointment = shape<AppointmentDto>({ id: 'number', date: 'string', dateEnd: 'string', status: 'number' });
const isDebriefing = shape<DebriefingDto>({ id: 'number', status: 'number' });
const isMessage = shape<MessageDto>({ id: 'number', messageText: 'string', date: 'string', sendBy: 'object' });
const isThread = shape<ThreadDto>({ id: 'number', type: 'string', date: 'string' });
const isPlanning = shape<PlanningEntry>({ id: 'number', date: 'string', interventionRequest: 'object' });
const isDashboard = (v: unknown): v is InterventionDashboard => typeof v === 'object' && v !== null && typeof (v as InterventionDashboard).countInterventionRequestPlanned === 'number';

export const interventionDoc = (item: InterventionListItem | InterventionDetailDto, now: number, previous?: Record<string, unknown>) => ({
  id: String(item.id),
  data: { ...previous, ...item } as Record<string, unknown>,
  pending: false,
  refreshedAt: now,
  place: item.place,
  rank: rankOf(item.createdAt, String(item.id)),
  number: item.number,
});

/** Upserts fresh server items, except documents the user changed and whose commands are not answered yet. */
async function upsertFresh(collection: AnyCollection, docs: (CachedDoc & Record<string, unknown>)[], merge = false): Promise<number> {
  if (docs.length === 0) return 0;
  const existing = await collection.findByIds(docs.map((d) => d.id)).exec();
  const fresh = docs
    .filter((d) => !existing.get(d.id)?.pending)
    .map((d) => (merge && existing.get(d.id) ? { ...d, data: { ...existing.get(d.id)!.data, ...d.data } } : d));
  await collection.bulkUpsert(fresh);
  return fresh.length;
}

function checked<T>(items: unknown[], guard: (v: unknown) => v is T, path: string): T[] {
  const { valid } = partition(items, guard);
  if (items.length > 0 && valid.length === 0) throw new ApiFailure('invalid-response', 200, 'GET', path, 'Réponse inattendue du serveur');
  return valid;
}

/** One server page of the list for the given places (page 1 first). Returns how many items came. */
export async function pullInterventionPage(db: Database, api: ApiClient, places: readonly string[], page: number, pageSize = LIST_PAGE_SIZE): Promise<number> {
  const searchParams = { itemsPerPage: pageSize, page, 'order[id]': 'desc', 'place[]': [...places] };
  const { items } = await api.list<unknown>(paths.list, { searchParams });
  const now = Date.now();
  const valid = checked(items, isListItem, paths.list);
  // A list item has fewer fields than the detail: merge so that an opened request keeps its detail.
  await upsertFresh(loose(db.interventions), valid.map((i) => interventionDoc(i, now)), true);
  await markRefreshed(db, 'interventions:list', now);
  return items.length;
}

export async function pullInterventionDetail(db: Database, api: ApiClient, id: number): Promise<'stored' | 'removed'> {
  const local = await db.interventions.findOne(String(id)).exec();
  if (local?.pending) return 'stored';
  const previous = local?.toJSON().data;
  return pullDetail(db, api, loose(db.interventions), {
    resource: 'intervention',
    path: paths.detail(id),
    guard: isDetail,
    docId: String(id),
    toDoc: (item, now) => interventionDoc(item, now, previous as Record<string, unknown> | undefined),
  });
}

/** Replaces the cached children of one request (appointments, debriefings, messages) by the server's. */
async function replaceChildren(collection: AnyCollection, selector: Record<string, unknown>, docs: (CachedDoc & Record<string, unknown>)[]): Promise<void> {
  const keep = new Set(docs.map((d) => d.id));
  const stale = (await collection.find({ selector: selector as never }).exec()).filter((d) => !keep.has(d.id) && !d.pending);
  if (stale.length > 0) await collection.bulkRemove(stale.map((d) => d.id));
  await upsertFresh(collection, docs);
}

export async function pullAppointments(db: Database, api: ApiClient, interventionId: number): Promise<void> {
  const path = paths.appointments;
  const { items } = await api.list<unknown>(path, { searchParams: { interventionRequest: interventionId } });
  const now = Date.now();
  const docs = checked(items, isAppointment, path).map((a) => ({ id: String(a.id), data: a as unknown as Record<string, unknown>, pending: false, refreshedAt: now, interventionId: String(interventionId), date: a.date, status: a.status }));
  await replaceChildren(loose(db.appointments), { interventionId: String(interventionId) }, docs);
  await markRefreshed(db, `appointments:${interventionId}`, now);
}

export async function pullDebriefings(db: Database, api: ApiClient, interventionId: number): Promise<void> {
  const path = paths.debriefings;
  const { items } = await api.list<unknown>(path, { searchParams: { interventionRequest: interventionId, 'order[dateEnd]': 'desc' } });
  const now = Date.now();
  const docs = checked(items, isDebriefing, path).map((d) => ({ id: String(d.id), data: d as unknown as Record<string, unknown>, pending: false, refreshedAt: now, interventionId: String(interventionId), dateEnd: d.dateEnd ?? '' }));
  await replaceChildren(loose(db.debriefings), { interventionId: String(interventionId) }, docs);
  await markRefreshed(db, `debriefings:${interventionId}`, now);
}

export const threadKey = (kind: 'intervention' | 'os', id: number | string) => `${kind}:${id}`;

export async function pullMessages(db: Database, api: ApiClient, interventionId: number): Promise<void> {
  const path = paths.messages;
  const { items } = await api.list<unknown>(path, { searchParams: { interventionRequest: interventionId, 'order[date]': 'asc' } });
  const now = Date.now();
  const thread = threadKey('intervention', interventionId);
  const docs = checked(items, isMessage, path).map((m) => ({ id: `${thread}:${m.id}`, data: m as unknown as Record<string, unknown>, pending: false, refreshedAt: now, thread, date: m.date }));
  await replaceChildren(loose(db.messages), { thread }, docs);
  await markRefreshed(db, `messages:${thread}`, now);
}

export const DASHBOARD_INTERVENTIONS = 'dashboard:interventions';

export async function pullInterventionDashboard(db: Database, api: ApiClient, manager: boolean): Promise<InterventionDashboard> {
  const path = manager ? paths.ownerDashboard : paths.providerDashboard;
  const body = await api.call<unknown>('GET', path);
  if (!isDashboard(body)) throw new ApiFailure('invalid-response', 200, 'GET', path, 'Réponse inattendue du serveur');
  await writeLocal(db, DASHBOARD_INTERVENTIONS, body);
  await markRefreshed(db, DASHBOARD_INTERVENTIONS);
  return body;
}

/** A feed page (inbox threads or planning). Page 1 replaces the kind's cached entries. */
async function pullFeed<T>(db: Database, kind: string, items: unknown[], guard: (v: unknown) => v is T, path: string, page: number, key: (item: T) => { id: string; sortKey: string }): Promise<number> {
  const now = Date.now();
  const docs = checked(items, guard, path).map((item) => ({ ...key(item), kind, data: item as unknown as Record<string, unknown>, pending: false, refreshedAt: now }));
  if (page === 1) await replaceChildren(loose(db.feed), { kind }, docs);
  else await upsertFresh(loose(db.feed), docs);
  await markRefreshed(db, `feed:${kind}`, now);
  return items.length;
}

export async function pullThreads(db: Database, api: ApiClient, page: number): Promise<number> {
  const { items } = await api.list<unknown>(paths.threads, { searchParams: { itemsPerPage: FEED_PAGE_SIZE, page } });
  // Newest first: the sort key is the inverted date (the index is ascending).
  return pullFeed(db, 'thread', items, isThread, paths.threads, page, (t) => ({ id: `thread:${t.type}:${t.id}`, sortKey: rankOf(t.date, String(t.id)) }));
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
  return pullFeed(db, 'planning', items, isPlanning, paths.planning, page, (p) => ({ id: `planning:${p.id}`, sortKey: `${isoOf(p.date)}:${p.id}` }));
}
