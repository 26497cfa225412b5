/**
 * The offline briefcase (issue 20), owned by the engine: once the user is
 * signed in and idle, a pass downloads everything their roles open (each
 * module's `prime` hook says what), then photos and documents of open
 * objects within a budget. At most 4 requests in flight; offline it pauses
 * and resumes where it stopped (even after a reload: the running pass and
 * each task's record are local documents); again on each reconnect and
 * every 15 minutes while the app is open. Screens read `state` (valtio).
 */
import { proxy } from 'valtio/vanilla';
import type { ApiClient } from '../api/client';
import type { Database } from '../store/database';
import { createLimiter } from './limiter';
import { createPass, type NetworkGate, type PassRun } from './pass';
import { evictOverBudget, mediaBytesOf, mediaToFetch, readMediaIndex, readViewed, writeMediaIndex, writeViewed, type MediaIndex } from './media';
import { readPass, readSummary, readTaskRecords, writePass, writeSummary, type BriefcaseSummary } from './records';
import type { BriefcaseModule, BriefcaseState, PrimePass } from './types';
import { browserMediaKept, browserNetwork, browserPersist, browserSaveData, type NetworkEnv } from './browser-env';

export const DEFAULT_BUDGET_BYTES = 100_000_000;
export const PASS_INTERVAL_MS = 15 * 60_000;
const REQUEST_LIMIT = 4;
/** More tasks than request slots: a task's store writes overlap other tasks' requests. */
const TASK_CONCURRENCY = 8;
/** Offline with no `online` event (a server down, a captive portal): tried again after this. */
const RETRY_MS = 30_000;
/** A cut pass resumes (tasks it did are skipped) if it started less than this ago. */
const RESUME_WITHIN_MS = 60 * 60_000;
/** Progress is published at most this often (each change re-renders the screens that show it). */
const PUBLISH_MS = 250;

export interface PrimeModule {
  name: string;
  prime(roles: readonly string[], pass: PrimePass): Promise<void>;
}

/** What the engine tells the briefcase; the options are for tests and benches. */
export interface BriefcaseOptions {
  network?: NetworkEnv;
  saveData?: () => boolean;
  persist?: () => Promise<boolean>;
  /** Drops a media path from the service worker's cache (eviction). */
  dropMedia?: (path: string) => Promise<void>;
  /** Media fetched now will be kept (the service worker controls the page). */
  mediaKept?: () => Promise<boolean>;
  requestLimit?: number;
  taskConcurrency?: number;
  intervalMs?: number;
  retryMs?: number;
  onError?: (error: unknown) => void;
}

export interface BriefcaseEnv extends BriefcaseOptions {
  db(): Database;
  api: ApiClient;
  modules(): PrimeModule[];
  /** Objects with unsent work ('intervention:12'…): never evicted. */
  unsentObjects(): Promise<Set<string>>;
  /** Removes a closed object's documents; false when it is not closed, pending, or no module's. */
  forget(object: string): Promise<boolean>;
}

/** The pass that runs now: its run is set synchronously when it starts, so stop() always reaches it. */
interface Holder {
  run: PassRun | null;
  done: Promise<void>;
}

export const emptyCounts = (): Record<BriefcaseModule, number> => ({ interventions: 0, os: 0, echopark: 0, visits: 0 });

export const emptyBriefcaseState = (): BriefcaseState => ({
  running: false,
  paused: false,
  done: 0,
  total: 0,
  lastCompleteAt: null,
  counts: emptyCounts(),
  mediaBytes: 0,
  budgetBytes: DEFAULT_BUDGET_BYTES,
  saveData: false,
  backgroundSend: 'pages',
});

async function countDocs(db: Database): Promise<Record<BriefcaseModule, number>> {
  const [interventions, os, echopark, visits] = await Promise.all([
    db.interventions.count().exec(),
    db.workrequests.count().exec(),
    db.echopark.count().exec(),
    db.visits.count().exec(),
  ]);
  return { interventions, os, echopark, visits };
}

export function createBriefcase(env: BriefcaseEnv) {
  const state = proxy<BriefcaseState>(emptyBriefcaseState());
  const network = env.network ?? browserNetwork;
  const intervalMs = env.intervalMs ?? PASS_INTERVAL_MS;
  const onError = env.onError ?? ((error: unknown) => console.warn('Préchargement hors ligne', error));
  let roles: readonly string[] = [];
  let started = false;
  let current: Holder | null = null;
  let summary: BriefcaseSummary | null = null;
  let viewed: Record<string, number> = {};
  let viewedTimer: ReturnType<typeof setTimeout> | null = null;
  const cleanups: (() => void)[] = [];
  /** Requests sent by passes (the bench and tests read it). */
  const stats = { requests: 0, peak: 0 };

  // --- the network gate shared by the tasks of a pass ---
  let gateWaiter: { promise: Promise<void>; open(): void; timer: ReturnType<typeof setTimeout> } | null = null;
  const openGate = () => {
    if (!gateWaiter) return;
    clearTimeout(gateWaiter.timer);
    const { open } = gateWaiter;
    gateWaiter = null;
    state.paused = false;
    open();
  };
  const gate: NetworkGate = {
    async ready() {
      if (!gateWaiter && !network.isOnline()) gate.close();
      if (gateWaiter) await gateWaiter.promise;
    },
    close() {
      if (gateWaiter) return;
      let open!: () => void;
      const promise = new Promise<void>((resolve) => (open = resolve));
      gateWaiter = { promise, open, timer: setTimeout(openGate, env.retryMs ?? RETRY_MS) };
      state.paused = true;
    },
  };

  // --- progress, published at most every PUBLISH_MS ---
  const progress = { done: 0, total: 0 };
  let publishTimer: ReturnType<typeof setTimeout> | null = null;
  const publish = (now = false) => {
    if (now) {
      if (publishTimer) clearTimeout(publishTimer);
      publishTimer = null;
      state.done = progress.done;
      state.total = progress.total;
      return;
    }
    publishTimer ??= setTimeout(() => publish(true), PUBLISH_MS);
  };

  async function saveSummary(db: Database, patch: Partial<BriefcaseSummary>): Promise<void> {
    summary = { ...(summary ?? { lastCompleteAt: null, counts: emptyCounts(), mediaBytes: 0, budgetBytes: state.budgetBytes, persistAsked: false }), ...patch };
    state.counts = summary.counts;
    state.mediaBytes = summary.mediaBytes;
    state.lastCompleteAt = summary.lastCompleteAt;
    await writeSummary(db, summary);
  }

  /** False when the media were left for a later pass (save-data, or no service worker to keep them). */
  async function primeMedia(db: Database, run: PassRun, index: MediaIndex): Promise<boolean> {
    if (state.saveData || !(await (env.mediaKept ?? browserMediaKept)())) return false;
    const list = mediaToFetch(run.media, index);
    progress.total += list.length;
    let bytes = mediaBytesOf(index);
    let next = 0;
    let full = false;
    const worker = async () => {
      while (!run.stopped && !full && next < list.length) {
        const candidate = list[next++]!;
        if (bytes >= state.budgetBytes) {
          await evict(db, index);
          bytes = mediaBytesOf(index);
          full = bytes >= state.budgetBytes;
          if (full) break;
        }
        await run.withNetwork(async () => {
          const blob = await run.pass.api.call<Blob>('GET', candidate.path, { blob: true });
          index[candidate.path] = { ...candidate, bytes: blob.size, at: Date.now() };
          bytes += blob.size;
        });
        progress.done++;
        state.mediaBytes = bytes;
        publish();
      }
    };
    await Promise.all(Array.from({ length: env.requestLimit ?? REQUEST_LIMIT }, worker));
    // Not fetched (budget reached, or stopped): no longer counted as to do.
    progress.total = progress.done;
    return true;
  }

  /** One eviction at a time: the media workers reach the budget together, and two evictions would
   * pick the same objects and remove them twice. A worker that comes during one waits for it. */
  let evicting: Promise<void> = Promise.resolve();
  function evict(db: Database, index: MediaIndex): Promise<void> {
    const next = evicting.then(async () => {
      await evictOverBudget(index, state.budgetBytes, {
        unsent: await env.unsentObjects(),
        viewed,
        forget: (object) => env.forget(object),
        drop: env.dropMedia ?? (async () => undefined),
      });
    });
    evicting = next.catch(() => undefined);
    return next;
  }

  async function runPass(resumeFrom: number | null, holder: Holder): Promise<void> {
    const db = env.db();
    const startedAt = resumeFrom ?? Date.now();
    const limiter = createLimiter(env.requestLimit ?? REQUEST_LIMIT);
    progress.done = 0;
    progress.total = 0;
    const records = readTaskRecords(db);
    // Awaited by each task, which fails with it: not an unhandled rejection when no task runs.
    records.catch(() => undefined);
    const run = createPass({
      db,
      records,
      api: env.api,
      limiter,
      startedAt,
      staleMs: intervalMs,
      concurrency: env.taskConcurrency ?? TASK_CONCURRENCY,
      gate,
      onQueued: () => {
        progress.total++;
        publish();
      },
      onEnded: () => {
        progress.done++;
        publish();
      },
      onError,
    });
    holder.run = run;
    state.running = true;
    state.saveData = (env.saveData ?? browserSaveData)();
    publish(true);
    try {
      await writePass(db, { startedAt, completedAt: null });
      for (const module of env.modules()) {
        if (run.stopped) break;
        await module.prime(roles, run.pass).catch((error: unknown) => {
          if (!run.stopped) onError(error);
        });
        await run.drained();
        if (!run.stopped) await saveSummary(db, { counts: await countDocs(db) });
      }
      if (run.stopped) return;
      const index = await readMediaIndex(db);
      const mediaPrimed = await primeMedia(db, run, index);
      if (run.stopped) return;
      await evict(db, index);
      await writeMediaIndex(db, index);
      const complete = run.failures === 0;
      const now = Date.now();
      await saveSummary(db, { counts: await countDocs(db), mediaBytes: mediaBytesOf(index), ...(complete ? { lastCompleteAt: now } : {}) });
      // Ended (not cut): the next start begins a new pass; one with failures asks them again then.
      await writePass(db, { startedAt, completedAt: now, mediaPrimed });
      if (complete) {
        // Asked once the device holds the user's work (issue 20): the browser keeps it under storage pressure.
        if (!summary?.persistAsked) {
          await saveSummary(db, { persistAsked: true });
          void (env.persist ?? browserPersist)().catch(() => false);
        }
      }
    } finally {
      stats.requests += limiter.sent;
      stats.peak = Math.max(stats.peak, limiter.peak);
      state.running = false;
      publish(true);
    }
  }

  async function load(): Promise<void> {
    const db = env.db();
    summary = await readSummary(db);
    if (summary)
      Object.assign(state, {
        counts: summary.counts,
        mediaBytes: summary.mediaBytes,
        lastCompleteAt: summary.lastCompleteAt,
        budgetBytes: summary.budgetBytes,
      });
    viewed = await readViewed(db);
  }

  function launch(resumeFrom: number | null): Promise<void> {
    if (current) return current.done;
    const holder: Holder = { run: null, done: Promise.resolve() };
    current = holder;
    holder.done = runPass(resumeFrom, holder)
      .catch((error: unknown) => {
        if (started) onError(error);
      })
      .finally(() => {
        if (current === holder) current = null;
      });
    return holder.done;
  }

  return {
    state,
    stats,

    /**
     * First pass (resuming one a reload cut short; none yet after a complete one younger than the
     * interval that fetched the media), then one on each reconnect and every 15 minutes.
     */
    async start(userRoles: readonly string[]): Promise<void> {
      if (started) return current?.done;
      started = true;
      roles = [...userRoles];
      // A gate left closed by a stopped pass opens: this pass looks at the network itself.
      openGate();
      await load();
      const last = await readPass(env.db());
      if (!started) return; // stopped meanwhile (sign-out)
      cleanups.push(
        network.onOnline(() => {
          if (current) openGate();
          else void launch(null);
        }),
      );
      const everyInterval = () => {
        const timer = setInterval(() => void launch(null), intervalMs);
        cleanups.push(() => clearInterval(timer));
      };
      // A reload soon after a complete pass starts none now: it would fetch and write every list page
      // again on the main thread while the first screen settles, for what is minutes old. Not when that
      // pass left the media (a first visit's pass runs before the service worker controls the page).
      // The next one comes when the interval since that pass is over, then every interval.
      const since = last?.completedAt != null && last.mediaPrimed && summary?.lastCompleteAt === last.completedAt ? Date.now() - last.completedAt : -1;
      if (since >= 0 && since < intervalMs) {
        const next = setTimeout(() => (void launch(null), everyInterval()), intervalMs - since);
        cleanups.push(() => clearTimeout(next));
        return;
      }
      everyInterval();
      // A pass cut by a reload or a sign-out resumes; one cut long ago starts afresh (its records are stale).
      const resume = last && last.completedAt === null && Date.now() - last.startedAt < RESUME_WITHIN_MS ? last.startedAt : null;
      return launch(resume);
    },

    /** What the last passes left (counts, size, last complete pass), for the account before any pass runs. */
    load,

    /** « Mettre à jour maintenant »: a pass now (a paused one tries the network again at once). */
    runNow(): Promise<void> {
      if (!started) return Promise.resolve();
      if (current) {
        openGate();
        return current.done;
      }
      return launch(null);
    },

    /** Sign-out or detach: the pass stops where it is (it resumes at the next start). */
    async stop(): Promise<void> {
      started = false;
      for (const cleanup of cleanups.splice(0)) cleanup();
      const running = current;
      running?.run?.stop();
      openGate();
      if (viewedTimer) clearTimeout(viewedTimer);
      viewedTimer = null;
      // Its requests in flight are cancelled (pass.ts); what is being stored finishes before the store closes.
      if (running) await Promise.race([running.done, new Promise((r) => setTimeout(r, 3000))]);
      current = null;
      if (publishTimer) clearTimeout(publishTimer);
      publishTimer = null;
      progress.done = 0;
      progress.total = 0;
      summary = null;
      viewed = {};
      // How changes are sent is the device's, not the user's: it outlives the store.
      Object.assign(state, { ...emptyBriefcaseState(), backgroundSend: state.backgroundSend });
    },

    /** The budget of photos and documents (bytes); over it, closed objects leave at the next pass. */
    async setBudget(bytes: number): Promise<void> {
      state.budgetBytes = bytes;
      await saveSummary(env.db(), { budgetBytes: bytes });
    },

    /** The photos and documents kept, by path (bytes, object, date). */
    mediaIndex: () => readMediaIndex(env.db()),

    /** A detail was opened: eviction removes least recently viewed objects first. */
    viewed(object: string): void {
      viewed[object] = Date.now();
      viewedTimer ??= setTimeout(() => {
        viewedTimer = null;
        void Promise.resolve()
          .then(() => writeViewed(env.db(), viewed))
          .catch(() => undefined);
      }, 1000);
    },
  };
}

export type Briefcase = ReturnType<typeof createBriefcase>;
