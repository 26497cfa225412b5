/**
 * The echopark module's door (spec part 2 §3.1, §4.1): the communities and
 * the current one, its requests, one request (by its server id or the
 * temporary id it had when created offline), the creation data and consigne,
 * the tunnel's drafts (one per request being created), the blob of a photo
 * still on the device, and the named operations.
 */
import type { Observable } from 'rxjs';
import type { EchoparkCommunities, EchoparkCreationData, EchoparkDetail } from '../contract/echopark';
import { canUseEchopark } from '../contract/roles';
import {
  addEchoparkPhotos,
  createEchoparkRequest,
  moveEchoparkStep,
  sendEchoparkDebrief,
  sendEchoparkMessage,
  submitEchoparkForm,
  switchEchoparkCommunity,
} from '../commands/echopark-operations';
import {
  ECHOPARK_COMMUNITIES,
  currentCommunityId,
  echoparkCreationKey,
  fetchCreationConsigne,
  pullEchoparkCommunities,
  pullEchoparkCreationData,
  pullEchoparkDetail,
  pullEchoparkList,
  type EchoparkDocData,
} from '../pull/echopark';
import { PREFETCH_MAX_AGE_MS, type EngineModule, type ModuleContext } from './module';
import { LEGACY_ECHOPARK_DRAFT, isBlankDraft, type EchoparkDraft } from '../commands/echopark-draft';
import { refreshedWithin, removeLocal } from '../store/local';
import { readValue, serverIdOf, watchMany, watchOne, watchValue, type Doc } from './docs';
import { forgetClosedEchopark, primeEchopark } from '../pull/prime-echopark';
import type { PrimePass } from '../briefcase/types';

export type EchoparkRequestDoc = Doc<EchoparkDocData & Partial<EchoparkDetail>>;
export type StoredCommunities = EchoparkCommunities & { pending?: boolean };
/** The creation tunnel's drafts (one per request being created). */
export const ECHOPARK_DRAFT_KIND = 'echopark';

function echoparkFacade(ctx: ModuleContext) {
  return {
    watchCommunities: () => watchValue<StoredCommunities>(ctx.db(), ECHOPARK_COMMUNITIES),
    watchList: (communityId: number | null): Observable<EchoparkRequestDoc[]> =>
      watchMany<EchoparkDocData & Partial<EchoparkDetail>>(
        ctx.db().echopark.find({ selector: { communityId: communityId ?? -1 }, sort: [{ createdAt: 'desc' }] }),
      ),
    /** Everything an echopark user needs offline: the list (forced: requests/1) and the creation data. */
    async refreshAll(force: boolean): Promise<void> {
      await pullEchoparkList(ctx.db(), ctx.api, force);
      await pullEchoparkCreationData(ctx.db(), ctx.api);
    },
    watchCreationData: (communityId: number | null) => watchValue<EchoparkCreationData>(ctx.db(), echoparkCreationKey(communityId ?? -1)),
    /** A request created offline is opened by its temporary id; once sent it lives under its server id. */
    watchRequest: (id: string) => {
      ctx.viewed(`echopark:${id}`);
      return watchOne<EchoparkDocData & Partial<EchoparkDetail>>(ctx.db().echopark.findOne({ selector: { $or: [{ id }, { 'data.tempId': id }] } as never }));
    },
    async refreshRequest(id: string): Promise<void> {
      const n = serverIdOf(id);
      if (n !== null) await pullEchoparkDetail(ctx.db(), ctx.api, n);
    },
    /** The consigne of a type, domain and property (five seconds at most; null without it). */
    creationConsigne: (query: Parameters<typeof fetchCreationConsigne>[1]) => fetchCreationConsigne(ctx.api, query),
    /** A photo still in the device's blob store (shown until its upload is confirmed). */
    localPhoto: async (fileId: string): Promise<Blob | null> => (await ctx.files().get(fileId))?.blob ?? null,

    create: (input: Parameters<typeof createEchoparkRequest>[1]) => createEchoparkRequest(ctx.outbox, input),
    addPhotos: (input: Parameters<typeof addEchoparkPhotos>[1]) => addEchoparkPhotos(ctx.outbox, input),
    moveStep: (input: Parameters<typeof moveEchoparkStep>[1]) => moveEchoparkStep(ctx.outbox, input),
    sendMessage: (input: Parameters<typeof sendEchoparkMessage>[1]) => sendEchoparkMessage(ctx.outbox, input),
    submitForm: (input: Parameters<typeof submitEchoparkForm>[1]) => submitEchoparkForm(ctx.outbox, input),
    sendDebrief: (input: Parameters<typeof sendEchoparkDebrief>[1]) => sendEchoparkDebrief(ctx.outbox, input),
    switchCommunity: (input: Parameters<typeof switchEchoparkCommunity>[1]) => switchEchoparkCommunity(ctx.outbox, input),

    drafts: {
      /** Saved with the photos it holds; a blank draft is no draft (nothing to lose). */
      save: (key: string, draft: EchoparkDraft, label: string) =>
        isBlankDraft(draft)
          ? ctx.drafts.remove(ECHOPARK_DRAFT_KIND, key, { keepFiles: true })
          : ctx.drafts.save(ECHOPARK_DRAFT_KIND, key, draft, { label, fileIds: draft.photos.map((p) => p.id) }),
      /** The most recent draft started in this community, to resume when the tunnel opens. */
      async latest(communityId: number | null) {
        const drafts = await ctx.drafts.list(ECHOPARK_DRAFT_KIND);
        return (
          drafts
            .filter((d) => (d.value as EchoparkDraft).communityId === communityId)
            .sort((a, b) => b.savedAt - a.savedAt)
            .map((d) => ({ key: d.key, draft: d.value as EchoparkDraft }))[0] ?? null
        );
      },
      remove: (key: string, keepFiles: boolean) => ctx.drafts.remove(ECHOPARK_DRAFT_KIND, key, { keepFiles }),
      /** Photos of a draft go to the blob store at once (a phone may kill the page next). */
      putPhoto: (file: { id: string; blob: Blob; name: string; type: string; size: number }) => ctx.files().put(file),
      photo: (id: string) => ctx.files().get(id),
      removePhotos: (ids: string[]) => ctx.files().remove(ids),
    },
  };
}

export type EchoparkFacade = ReturnType<typeof echoparkFacade>;

/** The single device-only draft slot of earlier versions: moved once into the drafts kit. */
async function adoptLegacyDraft(ctx: ModuleContext): Promise<void> {
  const legacy = await readValue<EchoparkDraft>(ctx.db(), LEGACY_ECHOPARK_DRAFT);
  if (!legacy) return;
  if (!isBlankDraft(legacy)) await ctx.drafts.save(ECHOPARK_DRAFT_KIND, 'legacy', legacy, { label: DRAFT_LABEL, fileIds: legacy.photos.map((p) => p.id) });
  await removeLocal(ctx.db(), LEGACY_ECHOPARK_DRAFT);
}

/** How the sign-out warning names an echopark draft. */
export const DRAFT_LABEL = 'Brouillon de demande echopark';

export const echoparkModule = ((ctx: ModuleContext) => ({
  facade: echoparkFacade(ctx),
  start: () => adoptLegacyDraft(ctx),
  /** Echopark members get their communities and creation data after sign-in (the tunnel works offline). */
  async prefetch(roles: readonly string[]) {
    if (!canUseEchopark(roles)) return;
    const community = await currentCommunityId(ctx.db());
    if (community !== null && (await refreshedWithin(ctx.db(), echoparkCreationKey(community), PREFETCH_MAX_AGE_MS))) return;
    // The creation data pulls the communities first (which one is current).
    await pullEchoparkCreationData(ctx.db(), ctx.api);
  },
  /** The current community's list, each open request's detail and consigne. */
  prime: (roles: readonly string[], pass: PrimePass) => primeEchopark(ctx.db(), roles, pass),
  forget: (object: string) => forgetClosedEchopark(ctx.db(), object),
  refetch: {
    echopark: async (id: string) => {
      const n = serverIdOf(id);
      if (n === null) return false;
      await pullEchoparkDetail(ctx.db(), ctx.api, n);
      return true;
    },
    local: async (id: string) => {
      if (id !== ECHOPARK_COMMUNITIES) return false;
      await pullEchoparkCommunities(ctx.db(), ctx.api);
      return true;
    },
  },
})) satisfies EngineModule<EchoparkFacade>;
