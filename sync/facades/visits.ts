/**
 * The visits module's door (spec part 2 §4): the visit list and dashboard,
 * a downloaded visit's copy and its draft (the working copy, owned here and
 * not by a screen), and the named operations. It also holds what the engine
 * used to know about visits: a closed visit's copy goes once its commands
 * have left, and copies left unsaved by a closed tab are queued at start.
 */
import type { OutboxDoc } from '../store/database';
import { openVisitDraft, type VisitDraft } from '../drafts/visit-draft';
import { closedCopiesDropper, saveUnsavedCopies } from '../drafts/visit-copies';
import { pullVisitList } from '../pull/visits';
import type { EngineModule, ModuleContext } from './module';

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

    const newDraft = (visitId: number) => openVisitDraft({ db: ctx.db(), outbox: ctx.outbox, onError: report }, visitId);

    /** Opens a visit's draft off screen, and closes it: closing queues what was typed and not saved. */
    async function saveClosedDraft(visitId: number): Promise<boolean> {
      const draft = newDraft(visitId);
      await draft.load();
      await draft.close();
      return true;
    }

    const facade = {
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
      refetch: {
        visits: () => pullVisitList(ctx.db(), ctx.api, false).then(() => undefined),
      },
      async start() {
        dropSentCopies = closedCopiesDropper(ctx.db());
        void saveUnsavedCopies(ctx.db(), saveClosedDraft, (id) => drafts.has(id)).catch(report);
      },
      async stop() {
        // Drafts first: what was typed is queued while the outbox still runs.
        for (const { draft, closing } of drafts.values()) {
          if (closing) clearTimeout(closing);
          await draft.close().catch(() => undefined);
        }
        drafts.clear();
        dropSentCopies = null;
      },
      async flush() {
        await Promise.all([...drafts.values()].map(({ draft }) => draft.flushLocal().catch(() => undefined)));
      },
      onCommands(commands: readonly OutboxDoc[]) {
        void dropSentCopies?.(commands)
          .then((dropped) => (dropped.length > 0 ? pullVisitList(ctx.db(), ctx.api, false) : undefined))
          .catch(() => undefined); // offline: the list is pulled again later
      },
    };
  }) satisfies EngineModule;
}

export type VisitsFacade = ReturnType<ReturnType<typeof visitsModule>>['facade'];
