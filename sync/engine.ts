/**
 * The sync engine of a signed-in user: opens their store, runs the outbox,
 * plugs in the modules (each brings its facade: engine.os, engine.visits, …),
 * keeps the singletons (user, unread count, version) in local documents, and
 * follows the session: paused when it expires (nothing pending is lost),
 * resumed when the same user signs in again, wiped on an explicit logout.
 * It knows every piece of unsent work (queued and refused commands, drafts,
 * modules' unsaved copies, files), which sign-out and export read.
 */
import { proxy, ref, subscribe } from 'valtio/vanilla';
import type { Subscription } from 'rxjs';
import type { Session } from './session/session';
import type { UserData } from './contract/core';
import { openStore, removeStore, type Store, type StoreEnv, type OutboxDoc } from './store/database';
import { createOutbox, type EnqueueOptions, type Outbox } from './outbox/outbox';
import type { AppCommandName, AppPayload, AppRegistry } from './commands/registry';
import { LOCAL_COUNTS, LOCAL_USER, LOCAL_VERSION, readLocal, refreshedKey, watchLocal, writeLocal } from './store/local';
import { buildExport } from './outbox/export';
import { draftKit } from './drafts/kit';
import { NoLocalStore } from './errors';
import { collectUnsent, type UnsentWork } from './outbox/unsent';
import type { CollectionName } from './store/schemas';
import type { EngineModule, FacadesOf, ModuleContext, ModuleInstance } from './facades/module';
import { createBriefcase, type Briefcase, type BriefcaseOptions } from './briefcase/briefcase';
import { startOnePerTask, yieldToPage } from './yield-to-page';
import type { PrimePass } from './briefcase/types';
import { joinUrl } from './api/client';
import { MEDIA_CACHE } from './contract/caches';

export interface EngineState {
  userId: number | null;
  ready: boolean;
  pending: number;
  rejected: number;
  commands: OutboxDoc[];
  /** Upload progress (percent) of the file commands being sent, by command id. */
  progress: Record<string, number>;
}

export const emptyEngineState = (): EngineState => ({ userId: null, ready: false, pending: 0, rejected: 0, commands: [], progress: {} });

export interface EngineEnv<M extends Record<string, EngineModule>> {
  session: Session;
  registry: AppRegistry;
  modules: M;
  storeEnv?: StoreEnv;
  /** The server refused a command: the app tells the user once (the command stays, marked refused). */
  onRejected?: (command: OutboxDoc) => void;
  /** A state proxy made by the caller (the UI creates it before the engine loads). */
  state?: EngineState;
  /** The offline briefcase's knobs (tests and benches: network, timings, limits). */
  briefcase?: BriefcaseOptions;
}

/** What a screen learns after queuing an operation: sent, kept on the device, or refused (with why). */
export type Outcome = { outcome: 'sent' } | { outcome: 'pending' } | { outcome: 'rejected'; command: OutboxDoc };

export function createEngine<M extends Record<string, EngineModule>>(env: EngineEnv<M>) {
  const { session } = env;
  const state = env.state ?? proxy<EngineState>(emptyEngineState());
  let store: Store | null = null;
  let outbox: Outbox<AppRegistry> | null = null;
  let attaching: Promise<void> | null = null;
  /**
   * Opening and closing take turns: a sign-out in another tab (detach) that lands while this tab's
   * store is still opening closes it once opened, instead of racing the opening that would then write
   * into a store the other tab had wiped. One that failed does not block the next.
   */
  const inTurn = (step: () => Promise<void>): Promise<void> => {
    const next = (attaching ?? Promise.resolve()).catch(() => undefined).then(step);
    attaching = next;
    return next;
  };
  const subscriptions: Subscription[] = [];

  const requireStore = (): Store => {
    if (!store) throw new NoLocalStore();
    return store;
  };
  const requireOutbox = (): Outbox<AppRegistry> => {
    if (!outbox) throw new NoLocalStore();
    return outbox;
  };
  const enqueue = <N extends AppCommandName>(name: N, payload: AppPayload<N>, options?: EnqueueOptions) => requireOutbox().enqueue(name, payload, options);

  const drafts = draftKit(
    () => requireStore().db,
    () => requireStore().files,
  );
  const ctx: ModuleContext = {
    db: () => requireStore().db,
    files: () => requireStore().files,
    api: session.api,
    outbox: { enqueue },
    drafts,
    user: () => session.state.user,
    viewed: (object) => briefcase.viewed(object),
  };
  const instances = Object.fromEntries(Object.entries(env.modules).map(([name, module]) => [name, module(ctx)])) as Record<string, ModuleInstance>;
  const facades = Object.fromEntries(Object.entries(instances).map(([name, instance]) => [name, instance.facade])) as FacadesOf<M>;
  const each = (hook: (m: ModuleInstance) => Promise<void> | void) => Promise.all(Object.values(instances).map(async (m) => hook(m)));

  const briefcase: Briefcase = createBriefcase({
    db: () => requireStore().db,
    api: session.api,
    modules: () =>
      Object.entries(instances).flatMap(([name, m]) =>
        m.prime ? [{ name, prime: (roles: readonly string[], pass: PrimePass) => m.prime!(roles, pass) }] : [],
      ),
    // A message's command names its thread ('thread:intervention:12'): the object is the request.
    unsentObjects: async () => new Set((await unsentWork()).items.map((item) => item.object.replace(/^thread:/, ''))),
    async forget(object) {
      for (const m of Object.values(instances)) if (m.forget && (await m.forget(object))) return true;
      return false;
    },
    dropMedia: dropCachedMedia,
    ...env.briefcase,
  });

  /** Drops one media path from the service worker's media cache (briefcase eviction); nothing outside a browser. */
  async function dropCachedMedia(path: string): Promise<void> {
    if (typeof caches === 'undefined' || typeof location === 'undefined') return;
    const cache = await caches.open(MEDIA_CACHE);
    await cache.delete(new URL(joinUrl(session.baseUrl(), path), location.href).href);
  }

  /** The server's copy of a document, re-read after a refusal by the module that owns the collection. */
  async function refetch(collection: CollectionName | 'local', id: string): Promise<boolean> {
    for (const instance of Object.values(instances)) {
      const read = instance.refetch?.[collection];
      if (read && (await read(id)) !== false) return true;
    }
    return false;
  }

  // Opening runs while the first screen settles: each step of it is its own task (yieldToPage between
  // them), so that IndexedDB's callbacks and RxDB's promise chains never add up to one long task.
  async function open(userId: number): Promise<void> {
    store = await openStore(userId, env.storeEnv);
    await yieldToPage();
    outbox = createOutbox({
      store,
      api: session.api,
      registry: env.registry,
      onRejected: tellRefusal,
      refetch,
      onSessionNeeded: () => {
        session.state.expired = true;
      },
      onProgress: (id, percent) => {
        if (percent === null) delete state.progress[id];
        else state.progress[id] = percent;
      },
    });
    subscriptions.push(
      outbox.all$().subscribe((docs) => {
        const commands = docs.map((d) => d.toJSON() as OutboxDoc);
        // ref(): valtio must not wrap RxDB's own objects in proxies (they would no longer clone
        // across tabs); the list is replaced as a whole on every change anyway.
        state.commands = ref(commands);
        state.pending = commands.filter((c) => c.status !== 'rejected').length;
        state.rejected = commands.length - state.pending;
        for (const instance of Object.values(instances)) instance.onCommands?.(commands);
      }),
      // The store is the truth for the user; the session keeps a copy for the first paint.
      watchLocal<UserData>(store.db, LOCAL_USER).subscribe((user) => {
        if (user) session.state.user = user;
      }),
    );
    if (session.state.user?.id === userId) await writeLocalIfMissing(store, session.state.user);
    await mirrorSessionCounts(store);
    await yieldToPage();
    await outbox.start();
    followReachable();
    await yieldToPage();
    await each((m) => m.start?.());
    // Ready once the modules have started: a screen or a save let through by `attach` finds them so.
    state.userId = userId;
    state.ready = true;
    await yieldToPage();
    // The account's « Données hors ligne » shows what the last passes left before this one runs.
    await briefcase.load().catch(() => undefined);
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

  /** Once the server answers again after a request failed for want of network, the outbox's network waits end. */
  function followReachable(): void {
    let reachable = session.state.reachable;
    const unsubscribe = subscribe(session.state, () => {
      if (session.state.reachable && !reachable) void outbox?.reconnected().catch(() => undefined);
      reachable = session.state.reachable;
    });
    subscriptions.push({ unsubscribe } as Subscription);
  }

  async function writeLocalIfMissing(s: Store, user: UserData) {
    const existing = await s.db.getLocal(LOCAL_USER);
    if (!existing) await writeLocal(s.db, LOCAL_USER, user);
  }

  async function close(): Promise<void> {
    // The pass stops before the store closes (it resumes at the next start).
    await briefcase.stop();
    if (store) await each((m) => m.stop?.().catch(() => undefined));
    for (const s of subscriptions.splice(0)) s.unsubscribe();
    await outbox?.stop();
    await store?.close();
    outbox = null;
    store = null;
    Object.assign(state, { ...emptyEngineState(), commands: ref([]) });
  }

  // Commands whose refusal a form waits for (outcome with withdraw): it says why itself, next to its
  // button, so the refusal is not told a second time by a toast over that form. One refused while
  // held is kept here, and told after all if the form stopped waiting before it learned of it.
  const heldByForm = new Map<string, OutboxDoc | null>();
  function tellRefusal(command: OutboxDoc): void {
    if (heldByForm.has(command.id)) heldByForm.set(command.id, command);
    else env.onRejected?.(command);
  }

  /** Waits until a command has left the outbox (sent) or is refused, at most timeoutMs. */
  async function settle(id: string, timeoutMs: number): Promise<'sent' | 'rejected' | 'pending'> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const command = state.commands.find((c) => c.id === id);
      if (!command) return 'sent';
      if (command.status === 'rejected') return 'rejected';
      await new Promise((r) => setTimeout(r, 100));
    }
    return state.commands.some((c) => c.id === id) ? 'pending' : 'sent';
  }

  async function unsentWork(): Promise<UnsentWork> {
    const s = requireStore();
    const extra = (await Promise.all(Object.values(instances).map((m) => m.unsent?.() ?? Promise.resolve([])))).flat();
    return collectUnsent(await requireOutbox().all(), await drafts.list(), extra, s.files);
  }

  return {
    ...facades,
    state,
    /**
     * The offline briefcase (issue 20): `state` (valtio: useSnapshot), `start(roles)` once the first
     * screen is painted and the user idle, `runNow()` (« Mettre à jour maintenant »), `setBudget`.
     */
    briefcase,
    /** Opens the user's store and starts sending (idempotent for the same user). */
    attach(userId: number): Promise<void> {
      if (state.userId === userId && state.ready) {
        outbox?.resume();
        return Promise.resolve();
      }
      return inTurn(async () => {
        if (state.userId !== userId) await close();
        if (!state.ready) await open(userId);
        outbox?.resume();
      });
    },

    /** Session over: stop sending, keep everything for the next sign-in of the same user. */
    detach(): Promise<void> {
      return inTurn(close);
    },

    /** Explicit logout: the user's store, blobs and queued work are deleted from this device. */
    wipe(): Promise<void> {
      return inTurn(async () => {
        const userId = state.userId ?? session.state.user?.id ?? null;
        await close();
        if (userId !== null) await removeStore(userId, env.storeEnv);
      });
    },

    enqueue,
    /** The page is being hidden or closed: grouped draft writes go to disk now. */
    async flushDrafts(): Promise<void> {
      await each((m) => m.flush?.());
    },
    retry: (id: string) => requireOutbox().retry(id),
    discard: (id: string) => requireOutbox().discard(id),
    flush: () => outbox?.flush() ?? Promise.resolve(),
    /** The user asked to send now: backoffs are cut short, then the queue is flushed. */
    sendNow: () => outbox?.sendNow() ?? Promise.resolve(),
    pause: () => outbox?.pause(),
    resume: () => outbox?.resume(),
    /**
     * A new version is about to take over and reload the page: the offline pass stops (its requests in
     * flight are cancelled; it resumes after the reload), nothing more is sent (a send under way ends),
     * and grouped draft writes go to disk. Chromium lets a waiting service worker take over only once
     * the running one has no request in flight: a pass downloading photos would hold it for minutes.
     */
    async standBy(): Promise<void> {
      outbox?.pause();
      await Promise.all([briefcase.stop(), each((m) => m.flush?.())]);
    },

    settle,

    /**
     * Waits for the first command of an operation (the one that decides: a creation, an update)
     * and says what became of it. `withdraw`: a refusal while the user is still on the form takes
     * the operation's commands back (the form keeps everything typed and shows why; `onRejected`
     * is not called for it, unless the refusal comes after the wait).
     */
    async outcome(ids: readonly string[], timeoutMs: number, options: { withdraw?: boolean } = {}): Promise<Outcome> {
      const first = ids[0];
      if (!first) return { outcome: 'sent' };
      if (options.withdraw) heldByForm.set(first, null);
      const result = await settle(first, timeoutMs);
      // Only the wait that held the command lets it go (a wait without withdraw holds nothing).
      const refusedWhileHeld = options.withdraw ? heldByForm.get(first) : undefined;
      if (options.withdraw) heldByForm.delete(first);
      // Refused as the wait ended, too late for the form to learn it: the one error handler says it.
      if (result !== 'rejected' && refusedWhileHeld) env.onRejected?.(refusedWhileHeld);
      if (result !== 'rejected') return { outcome: result };
      const command = state.commands.find((c) => c.id === first)!;
      // One that cannot be taken back stays in 'Envois en attente' (refused or queued): the others still go.
      if (options.withdraw)
        for (const id of ids)
          await requireOutbox()
            .discard(id)
            .catch((error: unknown) => console.warn('Envoi non retiré', id, error));
      return { outcome: 'rejected', command };
    },

    /** When a resource was last refreshed from the server ('os:list', 'user', …), null if never. */
    watchRefreshedAt: (resource: string) => watchLocal<number>(requireStore().db, refreshedKey(resource)),

    /** After sign-in: each module loads what the user's roles need offline; the first failure is thrown. */
    async prefetch(roles: readonly string[]): Promise<void> {
      // Each module's requests leave in a task of their own (all together, one long task at a page load).
      const prefetches = Object.values(instances).flatMap((m) => (m.prefetch ? [m.prefetch.bind(m)] : []));
      const started = await startOnePerTask(
        prefetches.map((prefetch) => () => {
          const prefetching = prefetch(roles);
          // Seen below with the others: not an unhandled rejection if it fails while the next ones start.
          prefetching.catch(() => undefined);
          return prefetching;
        }),
      );
      const failed = (await Promise.allSettled(started)).find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    },

    /** Everything not on the server yet, per kind and per object (sign-out, need-update, export). */
    unsentWork,

    /** Every unsent command, draft and file in one JSON download (the safety valve). */
    async exportUnsent(): Promise<Blob> {
      const s = requireStore();
      return buildExport(await requireOutbox().all(), await drafts.list(), await unsentWork(), s.files, { email: session.state.user?.email ?? null });
    },
  };
}
