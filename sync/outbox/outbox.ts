/**
 * The durable outbox: every user write is a command document written to the
 * local store before anything else, so it survives reload, crash and token
 * expiry, then sent with its client id as Idempotency-Key so that it reaches
 * the server exactly once. FIFO per entity, entities in parallel; network
 * errors, timeouts, 5xx and 429 retry with backoff; 401 pauses until the user
 * signs in again; other 4xx reject the command (shown, retried or discarded
 * by the user, never silently dropped).
 */
import type { Subscription } from 'rxjs';
import { isApiFailure, type ApiFailure } from '../api/failure';
import type { ApiClient } from '../api/client';
import { UPLOAD_FIELD } from '../contract/files';
import type { OutboxDoc, Store } from '../store/database';
import type { StoredFile } from '../store/files';
import type { CommandContext, CommandRegistry, IdMap } from './commands';
import { backoffDelay, classifyFailure, nextWakeUp, readyCommands, type CommandError } from './policy';
import { defaultFlushLock, type FlushLock } from './locks';
import { StorageFullError, isQuotaError } from './storage-errors';

export interface OutboxEnv {
  store: Store;
  api: ApiClient;
  registry: CommandRegistry;
  now?: () => number;
  random?: () => number;
  lock?: FlushLock;
  /** How many entities are sent at once. */
  concurrency?: number;
  /** Called when the server refuses a command (the UI tells the user). */
  onRejected?: (command: OutboxDoc) => void;
  /** Called when a command needs the session (401 after the refresh failed). */
  onSessionNeeded?: () => void;
}

export interface EnqueueOptions {
  files?: Omit<StoredFile, 'createdAt'>[];
  dependsOn?: string | null;
}

const IDMAP_DOC = 'outbox-idmap';
let seqCounter = 0;

export type Outbox = ReturnType<typeof createOutbox>;

export function createOutbox(env: OutboxEnv) {
  const { store, api, registry } = env;
  const { db, files } = store;
  const now = env.now ?? Date.now;
  const random = env.random ?? Math.random;
  const lock = env.lock ?? defaultFlushLock(db, store.userId);
  const concurrency = env.concurrency ?? 4;
  const ctx: CommandContext = { db, files };
  let paused = false;
  let stopped = false;
  let flushing: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const subscriptions: Subscription[] = [];

  async function readIdMap(): Promise<IdMap> {
    const doc = await db.getLocal<{ map: IdMap }>(IDMAP_DOC);
    return doc?.toJSON().data.map ?? {};
  }

  async function rememberId(tempId: string, serverId: string): Promise<void> {
    const map = await readIdMap();
    await db.upsertLocal(IDMAP_DOC, { map: { ...map, [tempId]: serverId } });
  }

  function schedule(at: number | null): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (at === null || stopped) return;
    timer = setTimeout(() => void flush(), Math.max(0, at - now()));
  }

  async function sendRequest(command: OutboxDoc, ids: IdMap): Promise<unknown> {
    const definition = registry[command.name];
    if (!definition) throw new Error(`Commande inconnue : ${command.name}`);
    const spec = definition.request(command.payload, ids);
    if (spec.file) {
      const stored = await files.get(spec.file.id);
      if (!stored) throw new Error('Le fichier à envoyer a disparu du stockage local.');
      const form = new FormData();
      for (const [key, value] of Object.entries(spec.file.fields ?? {})) form.append(key, value);
      form.append(UPLOAD_FIELD, stored.blob, stored.name);
      return api.call(spec.method, spec.path, { body: form, idempotencyKey: command.id });
    }
    return api.call(spec.method, spec.path, { json: spec.json, idempotencyKey: command.id });
  }

  const errorOf = (failure: ApiFailure): CommandError => ({ status: failure.status, code: failure.code, message: failure.description || failure.message });

  async function sendOne(command: OutboxDoc): Promise<void> {
    const found = await db.outbox.findOne(command.id).exec();
    if (!found || found.status !== 'pending') return;
    let doc: typeof found;
    try {
      doc = await found.incrementalPatch({ status: 'inflight' });
    } catch {
      return; // replaced by a newer save, or discarded, in the meantime
    }
    const definition = registry[command.name];
    try {
      const answer = await sendRequest(command, await readIdMap());
      const created = await definition?.reconcile?.(ctx, command.payload, answer);
      if (created) await rememberId(created.tempId, created.serverId);
      await files.remove(command.fileIds);
      await doc.getLatest().remove();
    } catch (error) {
      const latest = doc.getLatest();
      if (!isApiFailure(error)) {
        await latest.incrementalPatch({ status: 'rejected', lastError: { status: null, message: error instanceof Error ? error.message : String(error) } });
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
        await definition?.rollback?.(ctx, command.payload).catch(() => undefined);
        env.onRejected?.(latest.getLatest().toJSON() as OutboxDoc);
      }
    }
  }

  async function pass(): Promise<void> {
    while (!paused && !stopped) {
      const all = (await db.outbox.find({ sort: [{ seq: 'asc' }] }).exec()).map((d) => d.toJSON() as OutboxDoc);
      const ready = readyCommands(all, now()).slice(0, concurrency);
      if (ready.length === 0) {
        schedule(nextWakeUp(all, now()));
        return;
      }
      await Promise.all(ready.map(sendOne));
    }
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
        await lock.run(pass);
      } while (again && !paused && !stopped);
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  return {
    /** Writes the command (and its files) durably, applies its optimistic effect, then tries to send. */
    async enqueue(name: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<string> {
      const definition = registry[name];
      if (!definition) throw new Error(`Commande inconnue : ${name}`);
      const id = crypto.randomUUID();
      const entity = definition.entity(payload);
      const fileIds = (options.files ?? []).map((f) => f.id);
      try {
        for (const file of options.files ?? []) await files.put(file);
        if (definition.coalesce) {
          const older = await db.outbox.find({ selector: { name, entity, status: 'pending' } }).exec();
          for (const doc of older) {
            const latest = doc.getLatest();
            // One already on its way is left alone: it goes first, the new one after it.
            if (latest.status !== 'pending') continue;
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
      await definition.apply?.(ctx, payload);
      void flush();
      return id;
    },

    flush,

    /** A rejected command goes back in line, attempts reset (the user asked). */
    async retry(id: string): Promise<void> {
      const doc = await db.outbox.findOne(id).exec();
      if (!doc) return;
      await doc.incrementalPatch({ status: 'pending', attempts: 0, nextAttemptAt: now() });
      void flush();
    },

    /** The user gave up a command: it is removed with its files, and its optimistic effect undone. */
    async discard(id: string): Promise<void> {
      const doc = await db.outbox.findOne(id).exec();
      if (!doc) return;
      const command = doc.toJSON() as OutboxDoc;
      await files.remove(command.fileIds);
      await doc.remove();
      await registry[command.name]?.rollback?.(ctx, command.payload).catch(() => undefined);
    },

    /** After a reload or crash: commands caught in flight go back in line (their key makes a resend safe). */
    async recover(): Promise<void> {
      const inflight = await db.outbox.find({ selector: { status: 'inflight' } }).exec();
      for (const doc of inflight) await doc.incrementalPatch({ status: 'pending' });
    },

    /** Starts sending: now, on new work, and on the triggers the caller wires (online, focus). */
    async start(): Promise<void> {
      stopped = false;
      await this.recover();
      subscriptions.push(db.outbox.insert$.subscribe(() => void flush()));
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
    },

    count: async () => db.outbox.count().exec(),
    all: async () => (await db.outbox.find({ sort: [{ seq: 'asc' }] }).exec()).map((d) => d.toJSON() as OutboxDoc),
    /** Live list for the 'Envois en attente' screen and the pending badge. */
    all$: () => db.outbox.find({ sort: [{ seq: 'asc' }] }).$,
  };
}
