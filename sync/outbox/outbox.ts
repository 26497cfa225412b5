/**
 * The durable outbox: every user write is a command document written to the
 * local store before anything else, so it survives reload, crash and token
 * expiry, then sent with its client id as Idempotency-Key so that it reaches
 * the server exactly once. FIFO per entity, entities in parallel; network
 * errors, timeouts, 5xx and 429 retry with backoff; 401 pauses until the user
 * signs in again; other 4xx reject the command (shown, retried or discarded
 * by the user, never silently dropped). The documents a command touches are
 * pending while it is unsent and undone if it is refused (touched.ts, pending-docs.ts); sent
 * commands leave the store in batches once their documents are released (sent-commands.ts).
 */
import type { Subscription } from 'rxjs';
import { isApiFailure, type ApiFailure } from '../api/failure';
import type { RxDocument } from 'rxdb';
import type { OutboxDoc } from '../store/database';
import type { CommandContext, CommandName, CommandRegistry, IdMap, PayloadOf } from './commands';
import { backoffDelay, classifyFailure, nextWakeUp, readyCommands, type CommandError } from './policy';
import { defaultFlushLock } from './locks';
import { StorageFullError, isQuotaError } from './storage-errors';
import { plainData } from '../store/plain';
import { AppError } from '../errors';
import { sendCommand } from './send-command';
import { idMapOf } from './id-map';
import { isPending, type Refetch } from './pending-docs';
import { touchedDocuments } from './touched';
import { sentCommands } from './sent-commands';
import { sendHolds } from './send-holds';
import type { EnqueueOptions, OutboxEnv } from './outbox-env';

export type { EnqueueOptions, OutboxEnv };

type OutboxRxDoc = RxDocument<OutboxDoc>;

/** How soon a tab that found the sending lock held looks again. */
export const LOCK_RETRY_MS = 2_000;
let seqCounter = 0;

export type Outbox<Reg extends CommandRegistry = CommandRegistry> = ReturnType<typeof createOutbox<Reg>>;

export function createOutbox<Reg extends CommandRegistry>(env: OutboxEnv<Reg>) {
  const { store, api } = env;
  // Inside, commands are looked up by the name stored in their document.
  const registry: CommandRegistry = env.registry;
  const { db, files } = store;
  const now = env.now ?? Date.now;
  const random = env.random ?? Math.random;
  const lock = env.lock ?? defaultFlushLock(db, store.userId);
  const concurrency = env.concurrency ?? 4;
  const refetch: Refetch = env.refetch ?? (async () => false);
  const ctx = (self: string | null): CommandContext => ({ db, files, stillPending: async (key) => (await touchedByOthers(self))(key) });
  const isOffline = env.isOffline ?? (() => typeof navigator !== 'undefined' && navigator.onLine === false);
  let paused = false;
  let stopped = false;
  let flushing: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const subscriptions: Subscription[] = [];
  // Enqueues whose `sendAfter` has not settled: no send starts meanwhile (send-holds.ts).
  const holds = sendHolds(() => void flush(), env.sendHoldMaxMs);

  // Commands being sent by this tab. Kept in memory, not written: only one tab flushes, and after a
  // crash every command is simply pending again (its Idempotency-Key makes the resend safe).
  const inflight = new Set<string>();
  const idMap = idMapOf(db);
  const readIdMap = idMap.read;
  const rememberId = idMap.remember;

  /**
   * Local effects run one at a time in this tab: an answer's reconcile checks whether a later
   * command touches the same document and then writes; an enqueue between the two (the user acting
   * while the answer arrives) would otherwise see its optimistic effect overwritten.
   */
  let effects: Promise<unknown> = Promise.resolve();
  function exclusive<T>(run: () => Promise<T>): Promise<T> {
    const next = effects.then(run, run);
    effects = next.catch(() => undefined);
    return next;
  }

  const {
    touchesOf,
    touchedByOthers,
    release,
    readAgain,
    releaseRefused,
    markTouched,
    close: closeTouched,
  } = touchedDocuments({
    db,
    registry,
    readIdMap,
    temporariesOf: idMap.temporariesOf,
    isCompleted: (id) => completed.has(id),
    refetch,
    exclusive,
  });

  function schedule(at: number | null): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (at === null || stopped) return;
    timer = setTimeout(() => void flush(), Math.max(0, at - now()));
  }

  const sendRequest = (command: OutboxDoc, ids: IdMap) => sendCommand({ api, files, registry, onProgress: env.onProgress }, command, ids);

  const errorOf = (failure: ApiFailure): CommandError => ({ status: failure.status, code: failure.code, message: failure.description || failure.message });

  const completed = sentCommands({
    db,
    // An earlier command on the same documents was refused: now the last has left, the truth is read.
    release: async (commands) => readAgain(await exclusive(() => release(commands, false))),
    // Server ids first: a creation must never leave the outbox before its id is on disk, or a
    // command waiting for it could not be rewritten after a crash.
    saveIds: () => idMap.save(),
    // Most batches hold no file: no transaction on the file store for them.
    removeFiles: (ids) => (ids.length > 0 ? files.remove(ids) : Promise.resolve()),
  });
  const removeCompleted = () => completed.remove();

  /**
   * Sends one command. `answered` resolves once the network is free again (the answer is in, or the
   * failure dealt with); `settled` once its local effects are done too (reconcile, release, files).
   */
  function sendOne(doc: OutboxRxDoc): { answered: Promise<void>; settled: Promise<void> } {
    let free!: () => void;
    const answered = new Promise<void>((resolve) => (free = resolve));
    const settled = (async () => {
      if (inflight.has(doc.id) || completed.has(doc.id)) return;
      inflight.add(doc.id);
      try {
        await sendAndSettle(doc, free);
      } finally {
        inflight.delete(doc.id);
      }
    })().finally(free);
    // Awaited by the worker after its next request: a failure meanwhile is not an unhandled one.
    settled.catch(() => undefined);
    return { answered, settled };
  }

  async function sendAndSettle(found: OutboxRxDoc, answered: () => void): Promise<void> {
    const doc = found.getLatest();
    if (doc.deleted || doc.status !== 'pending') return; // replaced by a newer save, or discarded
    const command = doc.toJSON() as OutboxDoc;
    const definition = registry[command.name];
    try {
      const answer = await sendRequest(command, await readIdMap());
      answered();
      await exclusive(async () => {
        const created = await definition?.reconcile?.(ctx(command.id), command.payload, answer);
        if (created) await rememberId(created.tempId, created.serverId);
        completed.add(doc);
      });
      completed.removeWhenFull();
    } catch (error) {
      const latest = doc.getLatest();
      if (latest.deleted) return;
      if (!isApiFailure(error)) {
        await latest.incrementalPatch({ status: 'rejected', lastError: { status: null, message: error instanceof Error ? error.message : String(error) } });
        await releaseRefused(command);
        env.onRejected?.(latest.getLatest().toJSON() as OutboxDoc);
        return;
      }
      const kind = classifyFailure(error);
      if (kind === 'retry') {
        const attempts = latest.attempts + 1;
        await latest.incrementalPatch({ status: 'pending', attempts, nextAttemptAt: now() + backoffDelay(attempts, random), lastError: errorOf(error) });
      } else if (kind === 'session') {
        // Not the command's fault: no attempt counted; it waits for the user to sign in again.
        paused = true;
        await latest.incrementalPatch({ status: 'pending', lastError: errorOf(error) });
        env.onSessionNeeded?.();
      } else {
        await latest.incrementalPatch({ status: 'rejected', attempts: latest.attempts + 1, lastError: errorOf(error) });
        await releaseRefused(command);
        env.onRejected?.(latest.getLatest().toJSON() as OutboxDoc);
      }
    }
  }

  /** Sends every ready command (one per entity) through `concurrency` workers, then looks again. */
  async function pass(): Promise<void> {
    while (!paused && !stopped && !holds.held && !isOffline()) {
      await removeCompleted();
      const docs = await db.outbox.find({ sort: [{ seq: 'asc' }] }).exec();
      const byId = new Map(docs.map((d) => [d.id, d]));
      const all = docs.map((d) => d.toJSON() as OutboxDoc);
      const ready = readyCommands(all, now()).filter((c) => !inflight.has(c.id));
      if (ready.length === 0) {
        schedule(nextWakeUp(all, now()));
        return;
      }
      let next = 0;
      // Each worker's next request goes out while the last answer's local effects are written: the
      // store's round trips (a backlog releases a document per command) stay off the network's path.
      // One command's effects at most run behind: a worker waits for them before its next answer.
      const worker = async () => {
        let behind: Promise<void> = Promise.resolve();
        while (next < ready.length && !paused && !stopped && !holds.held) {
          const { answered, settled } = sendOne(byId.get(ready[next++]!.id)!);
          await answered;
          await behind;
          behind = settled;
        }
        await behind;
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, ready.length) }, worker));
    }
    await removeCompleted();
  }

  /** Commands waiting out a backoff (those `which` picks) are due at once; then the queue is flushed and its end awaited. */
  async function dueNow(which: (doc: OutboxRxDoc) => boolean): Promise<void> {
    const time = now();
    await exclusive(async () => {
      const waiting = await db.outbox.find({ selector: { status: 'pending', nextAttemptAt: { $gt: time } } }).exec();
      for (const doc of waiting.filter(which)) await doc.getLatest().incrementalPatch({ nextAttemptAt: time });
    });
    await flush();
  }

  function flush(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (flushing) {
      again = true;
      return flushing;
    }
    flushing = (async () => {
      do {
        again = false;
        try {
          // Another tab sends (or a page just left by a reload still held the lock): look again soon,
          // not only at the next enqueue, focus or reconnection.
          if (!(await lock.run(pass))) schedule(now() + LOCK_RETRY_MS);
        } catch (error) {
          // The store closed under the flush (tab closing, logout): the next start resumes.
          if (!stopped) console.warn('Envoi interrompu', error);
          return;
        }
      } while (again && !paused && !stopped);
    })().finally(() => {
      flushing = null;
      // A request that came after the loop's last check (between it and this line) is not lost.
      if (again && !paused && !stopped) void flush();
    });
    return flushing;
  }

  return {
    /** Writes the command (and its files) durably, applies its optimistic effect, then tries to send. */
    async enqueue<N extends CommandName<Reg>>(name: N, given: PayloadOf<Reg[N]>, options: EnqueueOptions = {}): Promise<string> {
      // Plain data only: the command document crosses tabs (see store/plain.ts).
      const payload = plainData(given);
      const definition = registry[name];
      if (!definition) throw new AppError(`Commande inconnue : ${name}`);
      const id = crypto.randomUUID();
      const entity = definition.entity(payload);
      const fileIds = (options.files ?? []).map((f) => f.id);
      await holds.queue(options.sendAfter, () =>
        exclusive(async () => {
          try {
            for (const file of options.files ?? []) await files.put(file);
            if (definition.coalesce) {
              const older = await db.outbox.find({ selector: { name, entity, status: 'pending' } }).exec();
              for (const doc of older) {
                const latest = doc.getLatest();
                // One already on its way is left alone: it goes first, the new one after it.
                if (latest.status !== 'pending' || inflight.has(latest.id)) continue;
                await latest.incrementalRemove().catch(() => undefined);
                await files.remove(latest.fileIds);
              }
            }
            const time = now();
            await db.outbox.insert({
              id,
              seq: time * 1000 + (seqCounter++ % 1000),
              name,
              entity,
              label: definition.label(payload),
              payload,
              status: 'pending',
              attempts: 0,
              nextAttemptAt: time,
              createdAt: time,
              lastError: null,
              dependsOn: options.dependsOn ?? null,
              fileIds,
            });
          } catch (error) {
            await files.remove(fileIds).catch(() => undefined);
            if (isQuotaError(error)) throw new StorageFullError();
            throw error;
          }
          await definition.apply?.(ctx(id), payload);
          await markTouched({ name, payload });
        }),
      );
      holds.kick();
      return id;
    },

    flush,

    /**
     * The user asked to send now (sign-out warning, need-update screen): commands waiting out a
     * backoff are due at once, then the queue is flushed and its end awaited. Refused ones stay.
     */
    sendNow: () => dueNow(() => true),

    /**
     * The server answers again (any request, after one failed for want of network): the commands
     * waiting out a backoff after a network error are due now. A phone can say it is online while
     * nothing gets through, and then no `online` event comes when the network is back.
     */
    reconnected: () => (stopped ? Promise.resolve() : dueNow((doc) => doc.lastError?.status === null)),

    /** A refused command goes back in line, attempts reset (the user asked), its effect shown again. */
    async retry(id: string): Promise<void> {
      const doc = await db.outbox.findOne(id).exec();
      if (!doc) return;
      const wasRefused = doc.status === 'rejected';
      await doc.incrementalPatch({ status: 'pending', attempts: 0, nextAttemptAt: now() });
      const command = doc.getLatest().toJSON() as OutboxDoc;
      await exclusive(async () => {
        if (wasRefused) await registry[command.name]?.apply?.(ctx(id), command.payload);
        await markTouched(command);
      });
      void flush();
    },

    /** The user gave up a command: it is removed with its files, and its optimistic effect undone. */
    async discard(id: string): Promise<void> {
      const doc = await db.outbox.findOne(id).exec();
      if (!doc) return;
      const command = doc.toJSON() as OutboxDoc;
      // Undone before it goes: a crash in between leaves the command to discard again, never a
      // document pending with nothing to send.
      await releaseRefused(command);
      await files.remove(command.fileIds);
      // Removed as it is now: the drain (here or in the worker) may have written it since it was read.
      await doc.incrementalRemove();
    },

    /**
     * After a reload or crash: commands an older version left marked in flight go back in line, and a
     * refusal the crash cut short is finished (its documents still pending with nothing to send).
     */
    async recover(): Promise<void> {
      const stale = await db.outbox.find({ selector: { status: 'inflight' } }).exec();
      for (const doc of stale) await doc.incrementalPatch({ status: 'pending' });
      const refused = (await db.outbox.find({ selector: { status: 'rejected' } }).exec()).map((d) => d.toJSON() as OutboxDoc);
      if (refused.length === 0) return;
      const touchedByOther = await touchedByOthers(null);
      const ids = await readIdMap();
      for (const command of refused) {
        const cut = [];
        for (const key of touchesOf(command, ids)) if (!touchedByOther(key) && (await isPending(db, key))) cut.push(key);
        if (cut.length > 0) await releaseRefused(command, cut);
      }
    },

    /** Ids of the commands this tab is sending right now (for 'Envoi en cours'). */
    isSending: (id: string) => inflight.has(id),

    /** Starts sending: now, on new work, and on the triggers the caller wires (online, focus). */
    async start(): Promise<void> {
      stopped = false;
      await this.recover();
      subscriptions.push(db.outbox.insert$.subscribe(holds.kick));
      void flush();
    },

    pause(): void {
      paused = true;
    },
    resume(): void {
      paused = false;
      void flush();
    },
    get paused() {
      return paused;
    },

    async stop(): Promise<void> {
      stopped = true;
      schedule(null);
      for (const s of subscriptions.splice(0)) s.unsubscribe();
      await flushing;
      await removeCompleted().catch(() => undefined);
      closeTouched();
    },

    count: async () => db.outbox.count().exec(),
    all: async () => (await db.outbox.find({ sort: [{ seq: 'asc' }] }).exec()).map((d) => d.toJSON() as OutboxDoc),
    /** Live list for the 'Envois en attente' screen and the pending badge. */
    all$: () => db.outbox.find({ sort: [{ seq: 'asc' }] }).$,
  };
}
