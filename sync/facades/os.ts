/**
 * The OS module's door (spec part 1 §7 "OS"): what the OS screens read
 * (list pages, search, one OS with its thread, the dashboard, the tunnel's
 * reference data, drafts), the pulls that refresh it, and the named
 * operations that write. The model for the other modules' facades.
 */
import { of, type Observable } from 'rxjs';
import type { BuildingDto, BusinessAreaDto, RealEstateDto } from '../contract/core';
import type { OsDashboard, OsMessageDto } from '../contract/os';
import { osPlaceLabel } from '../contract/os-workflow';
import { addOsDocuments, advanceOs, createOs, refuseOs, saveOs, signOs } from '../commands/os-operations';
import {
  OS_PAGE_SIZE,
  OS_REAL_ESTATE_KIND,
  osThread,
  prefetchOsTunnel,
  pullOsDashboard,
  pullOsDetail,
  pullOsMessages,
  pullOsNextSteps,
  pullOsPage,
  type OsData,
} from '../pull/os';
import { DASHBOARD_OS } from '../pull/dashboard-keys';
import { openPagedList, type PagedList } from '../store/paged-list';
import { watchSearch } from '../store/queries';
import type { RxCollection } from 'rxdb';
import { PREFETCH_MAX_AGE_MS, type EngineModule, type ModuleContext } from './module';
import { readValue, serverIdOf, watchMany, watchOne, watchValue, type Doc } from './docs';
import { refreshedWithin, removeLocal } from '../store/local';
import { canUseOs } from '../contract/roles';
import { watchReferenceKind } from './reference';
import { forgetClosedOs, primeOsModule } from '../pull/prime-os';
import type { PrimePass } from '../briefcase/types';

export type OsDoc = Doc<OsData, { place: string; rank: string }>;
export type OsMessageDoc = Doc<OsMessageDto & { failed?: boolean }>;

/** A tunnel an earlier version saved on the device only (one per OS being prepared). */
export const OS_DRAFT_KIND = 'os';

function matches(doc: OsDoc, needle: string): boolean {
  const d = doc.data;
  return [d.number, d.realEstate?.name, osPlaceLabel(d.place), d.serviceProviderCompany?.name, d.businessArea?.name].some(
    (v) => typeof v === 'string' && v.toLowerCase().includes(needle),
  );
}

function osFacade(ctx: ModuleContext) {
  const collection = () => ctx.db().workrequests as unknown as RxCollection<OsDoc>;
  return {
    PAGE_SIZE: OS_PAGE_SIZE,
    /** The list for the chosen places, newest first, a page at a time from the store. */
    openList: (places: readonly string[]): PagedList<OsDoc> => openPagedList(collection(), places, OS_PAGE_SIZE),
    /** Everything cached for the places whose number, property, place, provider or trade contains `needle`. */
    watchSearch: (places: readonly string[], needle: string): Observable<OsDoc[]> =>
      needle ? watchSearch(collection(), places, (d) => matches(d, needle)) : of([]),
    /** One server page of the list; returns how many came (fewer than PAGE_SIZE: the end). */
    refreshPage: (places: readonly string[], page: number) => pullOsPage(ctx.db(), ctx.api, places, page),

    watchDetail: (id: string) => {
      ctx.viewed(`os:${id}`);
      return watchOne<OsData, { place: string; rank: string }>(ctx.db().workrequests.findOne(id));
    },
    watchMessages: (id: string) =>
      watchMany<OsMessageDto & { failed?: boolean }>(ctx.db().messages.find({ selector: { thread: osThread(id) }, sort: [{ date: 'asc' }] })),
    /** The OS, then (when it still exists) its next steps, its thread and the dashboard's can-flags. */
    async refreshDetail(id: string): Promise<void> {
      const n = serverIdOf(id);
      if (n === null) return;
      const db = ctx.db();
      if ((await pullOsDetail(db, ctx.api, n)) === 'removed') return;
      await Promise.all([pullOsNextSteps(db, ctx.api, n), pullOsMessages(db, ctx.api, n), pullOsDashboard(db, ctx.api)]);
    },

    watchDashboard: (): Observable<OsDashboard | null> => watchValue<OsDashboard>(ctx.db(), DASHBOARD_OS),
    refreshDashboard: () => pullOsDashboard(ctx.db(), ctx.api),

    /** The tunnel's reference data, pulled again unless younger than maxAgeMs. */
    refreshTunnelData: (maxAgeMs = 0) => prefetchOsTunnel(ctx.db(), ctx.api, maxAgeMs),
    watchProviders: () => watchReferenceKind<{ id: number; name: string }>(ctx.db(), 'provider'),
    watchRequestTypes: () => watchReferenceKind<{ id: number; name: string }>(ctx.db(), 'requestType'),
    watchRealEstates: () => watchReferenceKind<RealEstateDto>(ctx.db(), OS_REAL_ESTATE_KIND),
    watchBuildings: () => watchReferenceKind<BuildingDto>(ctx.db(), 'building'),
    watchBusinessAreas: () => watchReferenceKind<BusinessAreaDto>(ctx.db(), 'businessArea'),

    create: (input: Parameters<typeof createOs>[1]) => createOs(ctx.outbox, input),
    save: (input: Parameters<typeof saveOs>[1]) => saveOs(ctx.outbox, input),
    advance: (input: Parameters<typeof advanceOs>[1]) => advanceOs(ctx.outbox, input),
    sign: (input: Parameters<typeof signOs>[1]) => signOs(ctx.outbox, input),
    refuse: (input: Parameters<typeof refuseOs>[1]) => refuseOs(ctx.outbox, input),
    addDocuments: (input: Parameters<typeof addOsDocuments>[1]) => addOsDocuments(ctx.outbox, input),

    /**
     * Tunnel drafts that earlier versions kept on the device only (a draft now posts as soon as a
     * property is chosen): listed, resumed and dropped once posted.
     */
    readDraft: (key: string) => ctx.drafts.read<Record<string, unknown>>(OS_DRAFT_KIND, key),
    dropDraft: (key: string) => ctx.drafts.remove(OS_DRAFT_KIND, key),
    watchDrafts: () => ctx.drafts.watch<Record<string, unknown>>(OS_DRAFT_KIND),
  };
}

export type OsFacade = ReturnType<typeof osFacade>;

/** The single device-only draft slot of earlier versions ('os:draft'): moved once into the drafts kit. */
const LEGACY_DRAFT = 'os:draft';

async function adoptLegacyDraft(ctx: ModuleContext): Promise<void> {
  const legacy = await readValue<{ values: Record<string, unknown> }>(ctx.db(), LEGACY_DRAFT);
  if (!legacy) return;
  const estate = (legacy.values.realEstate as { name?: string } | null | undefined)?.name;
  await ctx.drafts.save(OS_DRAFT_KIND, 'legacy', legacy.values, { label: `Brouillon d'OS${estate ? ` (${estate})` : ''}` });
  await removeLocal(ctx.db(), LEGACY_DRAFT);
}

export const osModule = ((ctx: ModuleContext) => ({
  facade: osFacade(ctx),
  start: () => adoptLegacyDraft(ctx),
  /** OS users get their dashboard; those who may create OS, the tunnel's data for a basement later. */
  async prefetch(roles: readonly string[]) {
    if (!canUseOs(roles)) return;
    const db = ctx.db();
    const stored = (await refreshedWithin(db, DASHBOARD_OS, PREFETCH_MAX_AGE_MS)) ? await readValue<OsDashboard>(db, DASHBOARD_OS) : null;
    const dashboard = stored ?? (await pullOsDashboard(db, ctx.api));
    if (dashboard.canCreateWorkValidationRequest) await prefetchOsTunnel(db, ctx.api, PREFETCH_MAX_AGE_MS);
  },
  /** Every list page, each open OS's detail (documents included), next steps and thread. */
  prime: (roles: readonly string[], pass: PrimePass) => primeOsModule(ctx.db(), roles, pass),
  forget: (object: string) => forgetClosedOs(ctx.db(), object),
  refetch: {
    workrequests: async (id: string) => {
      const n = serverIdOf(id);
      if (n !== null) await pullOsDetail(ctx.db(), ctx.api, n);
    },
  },
})) satisfies EngineModule<OsFacade>;
