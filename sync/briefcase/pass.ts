/**
 * One pass of the briefcase: the queue the modules' `prime` hooks fill. Tasks
 * are keyed (the same key asked twice in a pass runs once), list pages go
 * first (they reveal the other tasks), at most `concurrency` tasks run at
 * once and their requests share the limiter's slots, and each task yields to
 * the page before the next starts so that screens stay responsive. A network
 * failure pauses the pass (the gate) and the task runs again once the
 * network is back: nothing done is fetched twice.
 */
import type { ApiClient } from '../api/client';
import { isApiFailure } from '../api/failure';
import type { Database } from '../store/database';
import { limitedApi, PassStopped, type Limiter } from './limiter';
import { digest, isDue, writeTask, type TaskRecord } from './records';
import type { MediaCandidate } from './media';
import type { PrimePass, PrimeTask } from './types';
import { yieldToPage } from '../yield-to-page';

/** Waits for the network: closed after a network failure, open again on `online` or after a while. */
export interface NetworkGate {
  ready(): Promise<void>;
  close(): void;
}

export interface PassEnv {
  db: Database;
  /** The task records of the store (readTaskRecords, read as the pass starts), kept current by the pass. */
  records: Promise<Map<string, TaskRecord>>;
  /** The session's client: the pass's calls go through `limiter`, and stop() cancels those in flight. */
  api: ApiClient;
  limiter: Limiter;
  startedAt: number;
  staleMs: number;
  concurrency: number;
  gate: NetworkGate;
  /** Progress: a task was queued, or ended (done or skipped). */
  onQueued(): void;
  onEnded(): void;
  onError(error: unknown): void;
}

export type Outcome = 'done' | 'failed' | 'stopped';

/** A refusal that will not change by asking again (the object is not ours, or gone): the task counts as done. */
const permanent = (e: unknown) =>
  isApiFailure(e) && e.kind === 'http' && e.status !== null && e.status >= 400 && e.status < 500 && ![401, 408, 429].includes(e.status);

interface Entry {
  task: PrimeTask;
  resolve(): void;
}

export interface PassRun {
  pass: PrimePass;
  media: MediaCandidate[];
  readonly failures: number;
  readonly stopped: boolean;
  /** Runs one request-making step with the pass's offline rule (pause, wait, again). */
  withNetwork(run: () => Promise<unknown>): Promise<Outcome>;
  /** Resolves once every queued task has ended. */
  drained(): Promise<void>;
  stop(): void;
}

export function createPass(env: PassEnv): PassRun {
  const seen = new Map<string, Promise<void>>();
  const lists: Entry[] = [];
  const rest: Entry[] = [];
  const media: MediaCandidate[] = [];
  let running = 0;
  let failures = 0;
  // Aborted by stop(): the pass's requests in flight are cancelled, the next ones never leave.
  const stopping = new AbortController();
  const api = limitedApi(env.api, env.limiter, stopping.signal);
  const stopped = () => stopping.signal.aborted;
  let onDrained: (() => void)[] = [];

  async function withNetwork(run: () => Promise<unknown>): Promise<Outcome> {
    for (;;) {
      // Checked before the gate too: a task that reaches here after stop() must not close it again
      // (the next pass would wait out the retry delay behind it).
      if (stopped()) return 'stopped';
      await env.gate.ready();
      if (stopped()) return 'stopped';
      try {
        await run();
        return 'done';
      } catch (error) {
        if (stopped() || error instanceof PassStopped) return 'stopped';
        if (isApiFailure(error) && error.kind === 'network') {
          env.gate.close();
          continue;
        }
        if (permanent(error)) return 'done';
        failures++;
        env.onError(error);
        return 'failed';
      }
    }
  }

  async function runEntry({ task, resolve }: Entry): Promise<void> {
    try {
      if (stopped()) return;
      const records = await env.records;
      const record = task.always ? null : (records.get(task.key) ?? null);
      if (!isDue(task, record, env.startedAt, Date.now(), env.staleMs)) return;
      const outcome = await withNetwork(() => task.run());
      if (outcome === 'done' && !task.always) {
        const done = { at: Date.now(), fingerprint: task.fingerprint ?? null };
        records.set(task.key, done);
        // Recorded even when the pass was stopped meanwhile: what came is stored, a resumed pass skips it.
        // Not waited for: the record joins the next batch of local writes (a lost one only runs the task again).
        writeTask(env.db, task.key, done).catch(() => undefined);
      }
    } catch (error) {
      // The store closed under a stopped pass, or a write failed: the task runs again next pass.
      if (!stopped()) {
        failures++;
        env.onError(error);
      }
    } finally {
      env.onEnded();
      resolve();
      await yieldToPage();
      running--;
      pump();
    }
  }

  function pump(): void {
    while (running < env.concurrency && (lists.length > 0 || rest.length > 0)) {
      const entry = lists.shift() ?? rest.shift()!;
      running++;
      void runEntry(entry);
    }
    if (running === 0 && lists.length === 0 && rest.length === 0) {
      const waiters = onDrained;
      onDrained = [];
      for (const w of waiters) w();
    }
  }

  const pass: PrimePass = {
    task(task: PrimeTask): Promise<void> {
      if (stopped()) return Promise.resolve();
      const known = seen.get(task.key);
      if (known) return known;
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      seen.set(task.key, promise);
      env.onQueued();
      // Records keep a digest of the fingerprint (a list item's JSON): small enough to be read all at once.
      const queued = task.fingerprint === undefined ? task : { ...task, fingerprint: digest(task.fingerprint) };
      (task.always ? lists : rest).push({ task: queued, resolve });
      pump();
      return promise;
    },
    async media(path: string, date: string | null, object?: string): Promise<void> {
      if (!stopped()) media.push({ path, date, object: object ?? null });
    },
    get stopped() {
      return stopped();
    },
    api,
  };

  return {
    pass,
    media,
    get failures() {
      return failures;
    },
    get stopped() {
      return stopped();
    },
    withNetwork,
    drained: () => (running === 0 && lists.length === 0 && rest.length === 0 ? Promise.resolve() : new Promise((r) => onDrained.push(r))),
    stop() {
      stopping.abort();
      for (const entry of [...lists.splice(0), ...rest.splice(0)]) {
        env.onEnded();
        entry.resolve();
      }
      pump();
    },
  };
}
