/**
 * The sync engine of a signed-in user: opens their store, runs the outbox,
 * pulls the singletons (user, unread count, version) into local documents,
 * and follows the session: paused when it expires (nothing pending is lost),
 * resumed when the same user signs in again, wiped on an explicit logout.
 */
import { proxy, ref, subscribe } from 'valtio/vanilla';
import type { Subscription } from 'rxjs';
import type { Session } from './session/session';
import type { UserData } from './contract/core';
import { openStore, removeStore, type Database, type Store, type StoreEnv, type OutboxDoc } from './store/database';
import { createOutbox, type EnqueueOptions, type Outbox } from './outbox/outbox';
import type { AppCommandName, AppPayload, AppRegistry } from './commands/registry';
import { LOCAL_COUNTS, LOCAL_USER, LOCAL_VERSION, markRefreshed, readLocal, watchLocal, writeLocal } from './store/local';
import { ApiFailure } from './api/failure';
import { buildExport } from './outbox/export';
import { openVisitDraft, type VisitDraft } from './drafts/visit-draft';
import { closedCopiesDropper, saveUnsavedCopies } from './drafts/visit-copies';
import { pullVisitList } from './pull/visits';

export interface EngineState {
  userId: number | null;
  ready: boolean;
  pending: number;
  rejected: number;
  commands: OutboxDoc[];
  /** Upload progress (percent) of the file commands being sent, by command id. */
  progress: Record<string, number>;
}

export interface EngineEnv {
  session: Session;
  registry: AppRegistry;
  storeEnv?: StoreEnv;
  onRejected?: (command: OutboxDoc) => void;
  /** A state proxy made by the caller (the UI creates it before the engine loads). */
  state?: EngineState;
  /** A background draft write or save failed. */
  onDraftError?: (error: unknown) => void;
}

export type Engine = ReturnType<typeof createEngine>;

export function createEngine(env: EngineEnv) {
  const { session } = env;
  const state = env.state ?? proxy<EngineState>({ userId: null, ready: false, pending: 0, rejected: 0, commands: [], progress: {} });
  let store: Store | null = null;
  let outbox: Outbox<AppRegistry> | null = null;
  let attaching: Promise<void> | null = null;
  const subscriptions: Subscription[] = [];
  /** Open visit drafts, shared by the screens that show the same visit. */
  const drafts = new Map<number, { draft: VisitDraft; users: number; closing: ReturnType<typeof setTimeout> | null }>();
  /** A released draft waits this long before closing: going from the detail to the fiche reuses it. */
  const DRAFT_KEEP_MS = 1_000;

  function requireOutbox(): Outbox<AppRegistry> {
    if (!outbox) throw new ApiFailure('http', 401, 'POST', 'outbox', 'Connectez-vous pour enregistrer vos modifications.');
    return outbox;
  }

  async function open(userId: number): Promise<void> {
    store = await openStore(userId, env.storeEnv);
    outbox = createOutbox({
      store,
      api: session.api,
      registry: env.registry,
      ...(env.onRejected ? { onRejected: env.onRejected } : {}),
      onSessionNeeded: () => {
        session.state.expired = true;
      },
      onProgress: (id, percent) => {
        if (percent === null) delete state.progress[id];
        else state.progress[id] = percent;
      },
    });
    const dropSentCopies = closedCopiesDropper(store.db);
    const opened = store;
    subscriptions.push(
      outbox.all$().subscribe((docs) => {
        const commands = docs.map((d) => d.toJSON() as OutboxDoc);
        // ref(): valtio must not wrap RxDB's own objects in proxies (they would no longer clone
        // across tabs); the list is replaced as a whole on every change anyway.
        state.commands = ref(commands);
        state.pending = commands.filter((c) => c.status !== 'rejected').length;
        state.rejected = commands.length - state.pending;
        void dropSentCopies(commands)
          .then((dropped) => (dropped.length > 0 ? pullVisitList(opened.db, session.api, false) : undefined))
          .catch(() => undefined); // offline: the list is pulled again later
      }),
      // The store is the truth for the user; the session keeps a copy for the first paint.
      watchLocal<UserData>(store.db, LOCAL_USER).subscribe((user) => {
        if (user) session.state.user = user;
      }),
    );
    if (session.state.user?.id === userId) await writeLocalIfMissing(store, session.state.user);
    await mirrorSessionCounts(store);
    await outbox.start();
    state.userId = userId;
    state.ready = true;
    void saveUnsavedCopies(store.db, saveClosedDraft, (id) => drafts.has(id)).catch(env.onDraftError ?? (() => undefined));
  }

  function newDraft(db: Database, visitId: number): VisitDraft {
    return openVisitDraft(
      {
        db,
        outbox: { enqueue: (name, payload, options) => requireOutbox().enqueue(name, payload, options) },
        ...(env.onDraftError ? { onError: env.onDraftError } : {}),
      },
      visitId,
    );
  }

  /** Opens a visit's draft off screen, and closes it: closing queues what was typed and not saved. */
  async function saveClosedDraft(visitId: number): Promise<boolean> {
    const db = store?.db;
    if (!db) return false;
    const draft = newDraft(db, visitId);
    await draft.load();
    await draft.close();
    return true;
  }

  /**
   * The unread count and the minimum version live in the store like every other datum; the
   * session keeps a copy for the first paint. Restored from the store when the session lacks them.
   */
  async function mirrorSessionCounts(s: Store): Promise<void> {
    const counts = await readLocal<{ unreadCount: number }>(s.db, LOCAL_COUNTS);
    const version = await readLocal<{ minVersionToUse: string | null }>(s.db, LOCAL_VERSION);
    if (session.state.unreadCount === 0 && counts) session.state.unreadCount = counts.unreadCount;
    if (session.state.minVersionToUse === null && version) session.state.minVersionToUse = version.minVersionToUse;
    let last = { unread: session.state.unreadCount, version: session.state.minVersionToUse };
    const write = () => {
      const { unreadCount, minVersionToUse } = session.state;
      if (unreadCount !== last.unread) void writeLocal(s.db, LOCAL_COUNTS, { unreadCount }).catch(() => undefined);
      if (minVersionToUse !== last.version) void writeLocal(s.db, LOCAL_VERSION, { minVersionToUse }).catch(() => undefined);
      last = { unread: unreadCount, version: minVersionToUse };
    };
    await writeLocal(s.db, LOCAL_COUNTS, { unreadCount: session.state.unreadCount });
    await writeLocal(s.db, LOCAL_VERSION, { minVersionToUse: session.state.minVersionToUse });
    const unsubscribe = subscribe(session.state, write);
    subscriptions.push({ unsubscribe } as Subscription);
  }

  async function writeLocalIfMissing(s: Store, user: UserData) {
    const existing = await s.db.getLocal(LOCAL_USER);
    if (!existing) await writeLocal(s.db, LOCAL_USER, user);
  }

  async function close(): Promise<void> {
    // Drafts first: what was typed is queued while the outbox still runs.
    for (const { draft, closing } of drafts.values()) {
      if (closing) clearTimeout(closing);
      await draft.close().catch(() => undefined);
    }
    drafts.clear();
    for (const s of subscriptions.splice(0)) s.unsubscribe();
    await outbox?.stop();
    await store?.close();
    outbox = null;
    store = null;
    state.ready = false;
    state.userId = null;
    state.commands = [];
    state.pending = 0;
    state.rejected = 0;
    state.progress = {};
  }

  return {
    state,
    get store() {
      return store;
    },
    /** The session's API client (fetchers take it with the store). */
    get api() {
      return session.api;
    },

    /** Opens the user's store and starts sending (idempotent for the same user). */
    attach(userId: number): Promise<void> {
      if (state.userId === userId && state.ready) {
        outbox?.resume();
        return Promise.resolve();
      }
      attaching = (attaching ?? Promise.resolve()).then(async () => {
        if (state.userId !== userId) await close();
        if (!state.ready) await open(userId);
        outbox?.resume();
      });
      return attaching;
    },

    /** Session over: stop sending, keep everything for the next sign-in of the same user. */
    async detach(): Promise<void> {
      await close();
    },

    /** Explicit logout: the user's store, blobs and queued work are deleted from this device. */
    async wipe(): Promise<void> {
      const userId = state.userId ?? session.state.user?.id ?? null;
      await close();
      if (userId !== null) await removeStore(userId, env.storeEnv);
    },

    enqueue<N extends AppCommandName>(name: N, payload: AppPayload<N>, options?: EnqueueOptions): Promise<string> {
      return requireOutbox().enqueue(name, payload, options);
    },
    /**
     * The draft of a visit, shared by every screen that shows it; `release` when the screen goes.
     * The last release saves what was typed (the draft outlives a screen, not the engine).
     */
    visitDraft(visitId: number): { draft: VisitDraft; release: () => void } {
      const db = store?.db;
      if (!db) throw new ApiFailure('http', 401, 'GET', 'visit', 'Aucune donnée locale ouverte.');
      let entry = drafts.get(visitId);
      if (!entry) {
        const draft = newDraft(db, visitId);
        entry = { draft, users: 0, closing: null };
        drafts.set(visitId, entry);
        void draft.load().catch(env.onDraftError ?? (() => undefined));
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
    /** The page is being hidden or closed: grouped draft writes go to disk now. */
    async flushDrafts(): Promise<void> {
      await Promise.all([...drafts.values()].map(({ draft }) => draft.flushLocal().catch(() => undefined)));
    },
    retry: (id: string) => requireOutbox().retry(id),
    discard: (id: string) => requireOutbox().discard(id),
    flush: () => outbox?.flush() ?? Promise.resolve(),
    pause: () => outbox?.pause(),
    resume: () => outbox?.resume(),

    /** Waits until a command has left the outbox (sent) or is rejected, at most timeoutMs. */
    async settle(id: string, timeoutMs: number): Promise<'sent' | 'rejected' | 'pending'> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const command = state.commands.find((c) => c.id === id);
        if (!command) return 'sent';
        if (command.status === 'rejected') return 'rejected';
        await new Promise((r) => setTimeout(r, 100));
      }
      return state.commands.some((c) => c.id === id) ? 'pending' : 'sent';
    },

    /** Pulls the user into the store (the screens follow the local document). */
    async pullUser(): Promise<void> {
      const user = await session.loadUser();
      if (store) {
        await writeLocal(store.db, LOCAL_USER, user);
        await markRefreshed(store.db, 'user');
      }
    },

    /** Every unsent command and its files in one JSON download (the safety valve). */
    async exportUnsent(): Promise<Blob> {
      if (!store || !outbox) throw new ApiFailure('http', 401, 'GET', 'outbox', 'Aucune donnée locale ouverte.');
      return buildExport(await outbox.all(), store.files, { email: session.state.user?.email ?? null });
    },
  };
}
