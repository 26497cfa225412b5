/**
 * Fetchers of the OS screens (spec part 1 §7 "OS"): list pages (10), one
 * OS's detail and the steps its caller may send (next_step), its thread, the
 * OS dashboard (a local document), and the creation tunnel's reference data
 * (providers, every real estate with its buildings, business areas, request
 * types) so that an OS can be prepared offline. All go through the one pull
 * helper: a document with local changes pending is never overwritten.
 */
import * as v from 'valibot';
import type { ApiClient } from '../api/client';
import { corePaths } from '../contract/core';
import { DEFAULT_FIRM_PREFIX, osPaths, type OsDashboard, type OsDto } from '../contract/os';
import { OS_WORKFLOW, type StepCode } from '../contract/os-workflow';
import type { Database } from '../store/database';
import { refreshedWithin } from '../store/local';
import { modifyData } from '../store/modify-data';
import { rankOf } from '../store/queries';
import {
  asCached,
  checkItems,
  fetchList,
  pullDetail,
  pullList,
  pullSingleton,
  storeList,
  type FetchedPage,
  type ListStore,
  type PullReport,
  type StoredDoc,
} from './pull';
import { pullBuildings, pullBusinessAreas, pullProviders, pullRequestTypes } from './reference';
import { pullThreadMessages, threadKey } from './interventions';
import { DASHBOARD_OS } from './dashboard-keys';

export const OS_PAGE_SIZE = 10;
/**
 * The firm prefix of the OS paths (spec part 1 §7 `{firm_prefix}`): the build variable
 * VITE_FIRM_PREFIX, which must match the server's FIRM_PREFIX; `firm` (the reference server's
 * default) when unset, and under Node (`import.meta.env` is Vite's).
 */
export const OS_FIRM: string = import.meta.env?.VITE_FIRM_PREFIX || DEFAULT_FIRM_PREFIX;
/** Real estates of the OS tunnel: every one the user manages, kept apart from the intervention tunnel's (with contract only). */
export const OS_REAL_ESTATE_KIND = 'osRealEstate';

// Loose objects: the fields the screens rely on are checked, the rest is kept as it came.
const named = v.looseObject({ name: v.string() });
const osItem = v.looseObject({
  id: v.number(),
  number: v.string(),
  place: v.string(),
  // Null on a draft saved before its price was typed.
  price: v.nullable(v.number()),
  createdAt: v.string(),
  realEstate: named,
  medias: v.optional(v.array(v.looseObject({ id: v.number() }))),
});
const stepCode = v.looseObject({ code: v.string(), name: v.string() });
const count = v.number();
const flag = v.boolean();
const dashboard = v.looseObject({
  countPurchaseOrderDT: count,
  countPurchaseOrderDP: count,
  countSignN1: count,
  countSignN2: count,
  countCompleteWorkValidationRequest: count,
  countCreateOS: count,
  countSendOS: count,
  canPurchaseOrderDT: flag,
  canPurchaseOrderDP: flag,
  canSignN1: flag,
  canSignN2: flag,
  canCompleteWorkValidationRequest: flag,
  canCreateOS: flag,
  canSendOS: flag,
  canCreateWorkValidationRequest: flag,
});
const realEstate = v.looseObject({ id: v.number(), name: v.string(), mainContact: v.looseObject({}) });

/** What the store keeps for an OS: the server's answer plus the step codes its caller may send. */
export type OsData = OsDto & { nextSteps?: StepCode[] };

export const osDoc = (item: Pick<OsDto, 'id' | 'place' | 'createdAt'>, now: number): StoredDoc & { place: string; rank: string } => ({
  id: String(item.id),
  data: item as unknown as Record<string, unknown>,
  pending: false,
  refreshedAt: now,
  place: item.place,
  rank: rankOf(item.createdAt, String(item.id)),
});

/** One server page of the OS list for the given places (page 1 first). Returns how many items came. */
export async function pullOsPage(db: Database, api: ApiClient, places: readonly string[], page: number): Promise<number> {
  const fetched = await fetchOsPage(api, places, page);
  await storeOsPage(db, fetched);
  return fetched.received;
}

/** A list page asked and checked, not yet stored (the briefcase stores it while it asks for the next: prime-list.ts). */
export async function fetchOsPage(api: ApiClient, places: readonly string[], page: number): Promise<FetchedPage<OsDto>> {
  const searchParams = { itemsPerPage: OS_PAGE_SIZE, page, 'order[id]': 'desc', 'place[]': [...places] };
  const fetched = await fetchList(api, { path: osPaths.list, options: { searchParams }, item: osItem, what: 'la liste des OS' });
  return fetched as unknown as FetchedPage<OsDto>;
}

// Merge: an opened OS keeps what only its detail brought (next steps).
const listPageStore: ListStore<OsDto> = { resource: 'os:list', toDoc: osDoc, merge: true };

export async function storeOsPage(db: Database, fetched: FetchedPage<OsDto>): Promise<void> {
  await storeList(db, asCached(db.workrequests), listPageStore, fetched);
}

export function pullOsDetail(db: Database, api: ApiClient, id: number, onStored?: (doc: StoredDoc) => void): Promise<'stored' | 'removed' | 'kept'> {
  return pullDetail(db, api, asCached(db.workrequests), {
    onStored,
    resource: 'os',
    path: osPaths.detail(id),
    schema: osItem,
    docId: String(id),
    toDoc: (item, now) => osDoc(item as unknown as OsDto, now),
    merge: true,
  });
}

/** The step codes the user may send from the OS's place (empty: no action); kept on the OS for offline use. */
export async function pullOsNextSteps(db: Database, api: ApiClient, id: number): Promise<StepCode[]> {
  const path = osPaths.nextStep(OS_FIRM);
  const { items } = await api.list<unknown>(path, { searchParams: { page: 1, itemsPerPage: 30, workflow: OS_WORKFLOW, objectId: id } });
  const steps = checkItems(stepCode, items, path, 'les étapes suivantes').valid.map((s) => ({ code: s.code, name: s.name }));
  const local = await db.workrequests.findOne(String(id)).exec();
  // Pending: the OS is moving; its next steps will be asked again once the server has the move.
  if (local && !local.pending) await modifyData<Record<string, unknown>>(local as never, (data) => ({ ...data, nextSteps: steps }));
  return steps;
}

export const osThread = (id: number | string) => threadKey('os', id);

export function pullOsMessages(db: Database, api: ApiClient, id: number): Promise<StoredDoc[]> {
  return pullThreadMessages(db, api, osThread(id), osPaths.messages(OS_FIRM), { workValidationRequest: id });
}

export function pullOsDashboard(db: Database, api: ApiClient): Promise<OsDashboard> {
  return pullSingleton(db, api, { key: DASHBOARD_OS, path: osPaths.ownerDashboard(OS_FIRM), schema: dashboard });
}

function pullOsRealEstates(db: Database, api: ApiClient): Promise<PullReport> {
  return pullList(db, api, asCached(db.reference), {
    resource: `reference:${OS_REAL_ESTATE_KIND}`,
    path: corePaths.realEstates,
    item: realEstate,
    toDoc: (r, now) => ({
      id: `${OS_REAL_ESTATE_KIND}:${r.id}`,
      kind: OS_REAL_ESTATE_KIND,
      name: r.name,
      data: r as Record<string, unknown>,
      pending: false,
      refreshedAt: now,
    }),
    replace: { kind: OS_REAL_ESTATE_KIND },
  });
}

/**
 * Everything the OS tunnel needs, fetched at once (after sign-in, when the dashboard or the tunnel
 * opens) for a user who may create OS, so that one can be prepared in a basement afterwards.
 */
export async function prefetchOsTunnel(db: Database, api: ApiClient, maxAgeMs = 0): Promise<void> {
  // The dashboard asks on every 120 s tick: reference data that fresh is not asked again.
  if (maxAgeMs > 0 && (await refreshedWithin(db, `reference:${OS_REAL_ESTATE_KIND}`, maxAgeMs))) return;
  await Promise.all([pullProviders(db, api), pullRequestTypes(db, api), pullBusinessAreas(db, api), pullOsRealEstates(db, api)]);
  const estates = await db.reference.find({ selector: { kind: OS_REAL_ESTATE_KIND } }).exec();
  for (const estate of estates) await pullBuildings(db, api, (estate.data as { id: number }).id);
}
