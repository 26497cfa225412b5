/**
 * The interventions module's door (spec part 1 §4, §7): the list a page at a
 * time and its search, one request with its appointments, debriefings and
 * thread, the dashboards, the inbox threads and the planning, the creation
 * tunnel's reference data (real estates with contract, their buildings,
 * business areas), and the named operations. Screens use this only.
 */
import type { Observable } from 'rxjs';
import type { RxCollection } from 'rxdb';
import type { BuildingDto, BusinessAreaDto, RealEstateDto } from '../contract/core';
import type { AppointmentDto, DebriefingDto, InterventionDashboard, InterventionDetailDto, InterventionListItem, MessageDto } from '../contract/interventions';
import { isManager } from '../contract/roles';
import { createIntervention, proposeAppointment, saveDebriefing } from '../commands/intervention-operations';
import {
  LIST_PAGE_SIZE,
  pullAppointments,
  pullDebriefings,
  pullInterventionDashboard,
  pullInterventionDetail,
  pullInterventionPage,
  pullMessages,
  pullPlanning,
  pullThreads,
  threadKey,
  type PlanningRange,
} from '../pull/interventions';
import { DASHBOARD_INTERVENTIONS } from '../pull/dashboard-keys';
import { REAL_ESTATES, pullBuildings, pullBusinessAreas, pullRealEstates } from '../pull/reference';
import { refreshedWithin } from '../store/local';
import { openPagedList, type PagedList } from '../store/paged-list';
import { watchSearch } from '../store/queries';
import { PREFETCH_MAX_AGE_MS, type EngineModule, type ModuleContext } from './module';
import type { PrimePass } from '../briefcase/types';
import { serverIdOf, watchMany, watchOne, watchValue, type Doc } from './docs';
import { watchReferenceKind } from './reference';
import { forgetClosedIntervention, primeInterventions } from '../pull/prime-interventions';

export type InterventionListDoc = Doc<InterventionListItem, { place: string; rank: string }>;

/** Everything the creation tunnel needs, fetched at once so that it can be filled in offline afterwards. */
async function refreshTunnelData(ctx: ModuleContext): Promise<void> {
  const db = ctx.db();
  await pullRealEstates(db, ctx.api, true);
  await pullBusinessAreas(db, ctx.api);
  const estates = await db.reference.find({ selector: { kind: 'realEstate' } }).exec();
  for (const estate of estates) await pullBuildings(db, ctx.api, Number(estate.id.slice('realEstate:'.length)));
}

function interventionsFacade(ctx: ModuleContext) {
  const collection = () => ctx.db().interventions as unknown as RxCollection<InterventionListDoc>;
  return {
    PAGE_SIZE: LIST_PAGE_SIZE,
    openList: (places: readonly string[]): PagedList<InterventionListDoc> => openPagedList(collection(), places, LIST_PAGE_SIZE),
    /** Everything cached for the places that passes `test` (the screen's search). */
    watchSearch: (places: readonly string[], test: (doc: InterventionListDoc) => boolean): Observable<InterventionListDoc[]> =>
      watchSearch(collection(), places, test),
    refreshPage: (places: readonly string[], page: number) => pullInterventionPage(ctx.db(), ctx.api, places, page),

    watchDetail: (id: string) => {
      ctx.viewed(`intervention:${id}`);
      return watchOne<InterventionDetailDto>(ctx.db().interventions.findOne(id));
    },
    watchAppointments: (id: string) => watchMany<AppointmentDto>(ctx.db().appointments.find({ selector: { interventionId: id }, sort: [{ date: 'asc' }] })),
    watchDebriefings: (id: string) => watchMany<DebriefingDto>(ctx.db().debriefings.find({ selector: { interventionId: id }, sort: [{ dateEnd: 'desc' }] })),
    watchMessages: (id: string) =>
      watchMany<MessageDto>(ctx.db().messages.find({ selector: { thread: threadKey('intervention', id) }, sort: [{ date: 'asc' }] })),
    /** The request, then (when it still exists) its appointments, debriefings and thread. */
    async refreshDetail(id: string): Promise<void> {
      const n = serverIdOf(id);
      if (n === null) return;
      const db = ctx.db();
      if ((await pullInterventionDetail(db, ctx.api, n)) === 'removed') return;
      await Promise.all([pullAppointments(db, ctx.api, n), pullDebriefings(db, ctx.api, n), pullMessages(db, ctx.api, n)]);
    },

    watchDashboard: () => watchValue<InterventionDashboard>(ctx.db(), DASHBOARD_INTERVENTIONS),
    refreshDashboard: (manager: boolean) => pullInterventionDashboard(ctx.db(), ctx.api, manager),

    /** A feed (inbox threads or planning) as stored, oldest key first, at most `limit`. */
    watchFeed<T>(kind: 'thread' | 'planning', limit: number, range?: { after: string; before?: string }): Observable<Doc<T>[]> {
      const sortKey = range ? { $gte: range.after, ...(range.before ? { $lt: range.before } : {}) } : undefined;
      return watchMany<T>(ctx.db().feed.find({ selector: { kind, ...(sortKey ? { sortKey } : {}) }, sort: [{ sortKey: 'asc' }], limit }));
    },
    refreshThreads: (page: number) => pullThreads(ctx.db(), ctx.api, page),
    refreshPlanning: (range: PlanningRange, page: number) => pullPlanning(ctx.db(), ctx.api, range, page),

    refreshTunnelData: () => refreshTunnelData(ctx),
    watchRealEstates: () => watchReferenceKind<RealEstateDto>(ctx.db(), 'realEstate'),
    watchBuildings: () => watchReferenceKind<BuildingDto>(ctx.db(), 'building'),
    watchBusinessAreas: () => watchReferenceKind<BusinessAreaDto>(ctx.db(), 'businessArea'),

    create: (input: Parameters<typeof createIntervention>[1]) => createIntervention(ctx.outbox, input),
    saveDebriefing: (input: Parameters<typeof saveDebriefing>[1]) => saveDebriefing(ctx.outbox, input),
    proposeAppointment: (input: Parameters<typeof proposeAppointment>[1]) => proposeAppointment(ctx.outbox, input),
  };
}

export type InterventionsFacade = ReturnType<typeof interventionsFacade>;

/** Re-reads one request and what hangs on it (after a refusal of a command that touched them). */
async function refetchRequest(ctx: ModuleContext, id: string): Promise<boolean> {
  const n = serverIdOf(id);
  if (n === null) return false;
  const db = ctx.db();
  await pullInterventionDetail(db, ctx.api, n);
  await pullAppointments(db, ctx.api, n);
  return true;
}

/** The request a child document belongs to, from the store. */
async function parentOf(ctx: ModuleContext, collection: 'appointments' | 'debriefings', id: string): Promise<string | null> {
  const doc = await ctx.db()[collection].findOne(id).exec();
  return doc ? doc.interventionId : null;
}

export const interventionsModule = ((ctx: ModuleContext) => ({
  facade: interventionsFacade(ctx),
  /** Managers get the tunnel's real estates with contract after sign-in. */
  async prefetch(roles: readonly string[]) {
    if (!isManager(roles) || (await refreshedWithin(ctx.db(), REAL_ESTATES, PREFETCH_MAX_AGE_MS))) return;
    await pullRealEstates(ctx.db(), ctx.api, true);
  },
  /** Every list page, each open request's detail, appointments, debriefings and thread; the inbox and the Agenda. */
  prime: (roles: readonly string[], pass: PrimePass) => primeInterventions(ctx.db(), roles, pass),
  forget: (object: string) => forgetClosedIntervention(ctx.db(), object),
  refetch: {
    interventions: (id: string) => refetchRequest(ctx, id),
    appointments: async (id: string) => {
      const parent = await parentOf(ctx, 'appointments', id);
      return parent ? refetchRequest(ctx, parent) : false;
    },
    debriefings: async (id: string) => {
      const parent = await parentOf(ctx, 'debriefings', id);
      const n = parent ? serverIdOf(parent) : null;
      if (n === null) return false;
      await pullDebriefings(ctx.db(), ctx.api, n);
      return true;
    },
  },
})) satisfies EngineModule<InterventionsFacade>;
