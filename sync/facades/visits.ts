/**
 * The visits module's door (spec part 2 §4): the visit list and dashboard,
 * the download of a visit, a downloaded visit's copy and its draft (the
 * working copy, owned here and not by a screen), the field photos kept on the
 * device, and the named operations (resuming on this device a visit started
 * on another one among them). It also holds what the engine used to
 * know about visits: a closed visit's copy goes once its commands have left,
 * copies left unsaved by a closed tab are queued at start, and unsaved
 * answers and photos not yet queued count as unsent work (sign-out, export).
 */
import { map, type Observable } from 'rxjs';
import type { VisitDashboard } from '../contract/visits';
import type { OutboxDoc } from '../store/database';
import { dataOf } from '../store/plain';
import { openVisitDraft, type VisitDraft } from '../drafts/visit-draft';
import { closedCopiesDropper, saveUnsavedCopies, unstartRefused } from '../drafts/visit-copies';
import { forgetForms } from '../drafts/visit-forms-store';
import { closeVisit, queueVisitFiles, visitFilePrefix, type CloseVisitInput } from '../commands/visit-operations';
import { downloadVisit, metaOf, pullVisitDashboard, pullVisitList, type StoredVisitCopy, type VisitCopyMeta, type VisitListDoc } from '../pull/visits';
import { DASHBOARD_VISITS } from '../pull/dashboard-keys';
import type { EngineModule, ModuleContext } from './module';
import { typedDoc, watchValue } from './docs';
import { visitUnsent } from './visits-unsent';
import { canUseVisits } from '../contract/roles';
import type { PrimePass } from '../briefcase/types';

/** A row of the visit list: the visit with its property, pending while a command changing it waits. */
export type VisitRow = VisitListDoc & { pending: boolean };

/** A photo picked for a field, kept on the device until it is queued (Pause, Terminer, the files dialog). */
export interface LocalVisitFile {
  id: string;
  name: string;
}

/** A released draft waits this long before closing: going from the detail to the fiche reuses it. */
const DRAFT_KEEP_MS = 1_000;

export interface VisitsEnv {
  /** A background draft write or save failed. */
  onDraftError?: (error: unknown) => void;
}

export function visitsModule(env: VisitsEnv = {}) {
  return ((ctx: ModuleContext) => {
    const report = env.onDraftError ?? (() => undefined);
    /** Open visit drafts, shared by the screens that show the same visit. */
    const drafts = new Map<number, { draft: VisitDraft; users: number; closing: ReturnType<typeof setTimeout> | null }>();
    let dropSentCopies: ReturnType<typeof closedCopiesDropper> | null = null;

    const newDraft = (visitId: number) => openVisitDraft({ db: ctx.db(), files: ctx.files(), outbox: ctx.outbox, onError: report }, visitId);

    /** Opens a visit's draft off screen, and closes it: closing queues what was typed and not saved. */
    async function saveClosedDraft(visitId: number): Promise<boolean> {
      const draft = newDraft(visitId);
      await draft.load();
      await draft.close();
      return true;
    }

    /** The outbox's commands as last seen (the files already in an upload are not queued twice). */
    let commands: readonly OutboxDoc[] = [];
    const queuedFileIds = () => new Set(commands.flatMap((c) => c.fileIds));
    const flushDrafts = () => Promise.all([...drafts.values()].map(({ draft }) => draft.flushLocal().catch(() => undefined)));

    const facade = {
      /** Every visit of the list, with its property (the screens filter and group). */
      watchList: (): Observable<VisitRow[]> =>
        ctx
          .db()
          .visits.find()
          .$.pipe(
            map((docs) => docs.map((d) => typedDoc<VisitListDoc>(d)).map(({ data, pending }) => ({ visit: data.visit, property: data.property, pending }))),
          ),
      /** One visit as the list knows it; null when the list does not have it (yet). */
      watchVisit: (visitId: number): Observable<VisitListDoc | null> =>
        ctx
          .db()
          .visits.findOne(String(visitId))
          .$.pipe(map((d) => (d ? typedDoc<VisitListDoc>(d).data : null))),
      /** The whole list from the server (there is no one-visit endpoint): returns how many visits came. */
      refreshList: () => pullVisitList(ctx.db(), ctx.api, false),

      /** The downloaded visits' copies (flags, info, fiche, files; not the forms), by visit id. */
      watchCopies: (): Observable<Map<number, VisitCopyMeta>> =>
        ctx
          .db()
          .visitdata.find()
          .$.pipe(map((docs) => new Map(docs.map((d) => [Number(d.id), metaOf(dataOf<StoredVisitCopy>(d))])))),
      /** Downloads a visit for offline work (data, info, fiche, files); only the failed files again. */
      download: (visitId: number, onProgress: (percent: number) => void): Promise<VisitCopyMeta> =>
        downloadVisit(ctx.db(), ctx.files(), ctx.api, visitId, onProgress),

      watchDashboard: (): Observable<VisitDashboard | null> => watchValue<VisitDashboard>(ctx.db(), DASHBOARD_VISITS),
      refreshDashboard: () => pullVisitDashboard(ctx.db(), ctx.api),

      start: async (visitId: number) => [await ctx.outbox.enqueue('visit.start', { visitId })],
      /**
       * 'Reprendre sur cet appareil': the user's visit was started on a device they no longer have.
       * Downloads what the server saved (data, info, fiche, files; a copy here never started is
       * replaced, being older), then starts it here, so it is edited and autosaved as usual. The
       * start is queued only once the data, info, fiche and file list are stored: a download cut
       * before starts nothing and leaves no copy, and the next attempt begins again; files that
       * failed stay listed for 'Réessayer'. What the other device never saved is not on the server.
       */
      resume: async (visitId: number, onProgress: (percent: number) => void): Promise<string[]> => {
        await downloadVisit(ctx.db(), ctx.files(), ctx.api, visitId, onProgress, { fresh: true });
        return [await ctx.outbox.enqueue('visit.start', { visitId })];
      },
      /** 'Récupérer la visite': the signed-in user takes it over. */
      takeOver: async (visitId: number) => [await ctx.outbox.enqueue('visit.assign', { visitId, userId: ctx.user()?.id ?? -1 })],
      /** Pause (draft) or Terminer: the data, then the fiche, then the field photos not yet queued. */
      close: (input: CloseVisitInput) => closeVisit(ctx.outbox, ctx.files(), queuedFileIds(), input),
      /** Queues every field photo of the visit not yet queued (the files dialog's send button). */
      sendFiles: (visitId: number) => queueVisitFiles(ctx.outbox, ctx.files(), visitId, queuedFileIds()),

      /** Keeps a photo picked for a field under its generated name (the one the answer refers to). */
      keepFieldPhoto: (visitId: number, name: string, blob: Blob, originalName = name) =>
        ctx.files().put({ id: `${visitFilePrefix(visitId)}${name}`, blob, name: originalName, type: blob.type, size: blob.size }),
      /** The field photos of the visit kept on this device (queued or not), oldest first. */
      localFiles: async (visitId: number): Promise<LocalVisitFile[]> =>
        (await ctx.files().all()).filter((f) => f.id.startsWith(visitFilePrefix(visitId))).map((f) => ({ id: f.id, name: f.name })),

      /**
       * The draft of a visit, shared by every screen that shows it; `release` when the screen goes.
       * The last release saves what was typed (the draft outlives a screen, not the engine).
       */
      draft(visitId: number): { draft: VisitDraft; release: () => void } {
        let entry = drafts.get(visitId);
        if (!entry) {
          const draft = newDraft(visitId);
          entry = { draft, users: 0, closing: null };
          drafts.set(visitId, entry);
          void draft.load().catch(report);
        }
        if (entry.closing) clearTimeout(entry.closing);
        entry.closing = null;
        entry.users++;
        const held = entry;
        let released = false;
        return {
          draft: held.draft,
          release: () => {
            if (released) return;
            released = true;
            if (--held.users > 0) return;
            held.closing = setTimeout(() => {
              if (drafts.get(visitId) !== held || held.users > 0) return;
              drafts.delete(visitId);
              void held.draft.close();
            }, DRAFT_KEEP_MS);
          },
        };
      },
    };

    return {
      facade,
      /** The visit list only: a visit's data is downloaded when the inspector asks (Télécharger). */
      async prime(roles: readonly string[], pass: PrimePass) {
        if (!canUseVisits(roles)) return;
        await pass.task({ key: 'visits:list', always: true, run: () => pullVisitList(ctx.db(), pass.api, false).then(() => undefined) });
      },
      refetch: {
        visits: () => pullVisitList(ctx.db(), ctx.api, false).then(() => undefined),
      },
      async start() {
        dropSentCopies = closedCopiesDropper(ctx.db(), ctx.files());
        void saveUnsavedCopies(ctx.db(), saveClosedDraft, (id) => drafts.has(id)).catch(report);
      },
      async stop() {
        // Drafts first: what was typed is queued while the outbox still runs.
        for (const { draft, closing } of drafts.values()) {
          if (closing) clearTimeout(closing);
          await draft.close().catch(() => undefined);
        }
        drafts.clear();
        forgetForms();
        dropSentCopies = null;
        commands = [];
      },
      async flush() {
        await flushDrafts();
      },
      onCommands(latest: readonly OutboxDoc[]) {
        commands = latest;
        // A copy started by a start the server refused is not editable (store closing: next change).
        void Promise.resolve()
          .then(() => unstartRefused(ctx.db(), latest))
          .catch(() => undefined);
        void dropSentCopies?.(latest)
          .then((dropped) => (dropped.length > 0 ? pullVisitList(ctx.db(), ctx.api, false) : undefined))
          .catch(() => undefined); // offline: the list is pulled again later
      },
      /** Unsaved answers of a started visit and field photos not yet queued (typed ones first on disk). */
      async unsent() {
        await flushDrafts();
        return visitUnsent(ctx.db(), ctx.files(), commands);
      },
    };
  }) satisfies EngineModule;
}

export type VisitsFacade = ReturnType<ReturnType<typeof visitsModule>>['facade'];
