/**
 * Commands the server accepted, on their way out of the store. Their documents are released
 * (pending cleared, copies set aside dropped) for all those waiting at once, at most once per
 * RELEASE_WINDOW_MS: a backlog sent in a row released one command at a time, two or three
 * IndexedDB reads per command written while the next request was out, which slowed its answer
 * (bench engine, backlog). Then the commands are removed in batches, one write for many; always
 * after their release, so that a crash never leaves a document pending with no command to release
 * it. A crash before the removal only means those commands are sent again, and the server replays
 * its answers from its idempotency records; their files (photos) stay on the device until then.
 */
import type { RxDocument } from 'rxdb';
import type { Database, OutboxDoc } from '../store/database';

/**
 * Sent commands removed per write. Each removal batch also writes the id map: 100 keeps both
 * writes under 0.3 ms per command (bench `drain`); a crash resends at most this many.
 */
const REMOVE_BATCH = 100;
/** Sent commands' documents are released together, at most this long after the answer. */
const RELEASE_WINDOW_MS = 100;

type OutboxRxDoc = RxDocument<OutboxDoc>;

export interface SentEnv {
  db: Database;
  /** Releases the documents of these commands (all sent). */
  release: (commands: OutboxDoc[]) => Promise<void>;
  /** Writes the server ids learnt: before the creations that taught them leave the store. */
  saveIds: () => Promise<void>;
  /** Removes sent files from the device: once their commands have left the store. */
  removeFiles: (ids: string[]) => Promise<void>;
}

export function sentCommands({ db, release, saveIds, removeFiles }: SentEnv) {
  const sent = new Map<string, OutboxRxDoc>();
  const released = releaseLane(release, RELEASE_WINDOW_MS);
  let removing: Promise<unknown> = Promise.resolve();
  let inProgress = 0;
  async function removeSent(): Promise<void> {
    await released.settle();
    // Only those released: one sent meanwhile waits for the next removal.
    const docs = [...sent.values()].filter((d) => !released.holds(d.id));
    if (docs.length === 0) return;
    await saveIds();
    // Removed as held (their latest state, which RxDB's cache follows), not read again first.
    const { error } = await db.outbox.bulkRemove(docs.map((d) => d.getLatest()).filter((d) => !d.deleted));
    // Written meanwhile by another tab (held state behind the stored one): removed by id, read first.
    if (error.length > 0) await db.outbox.bulkRemove(error.map((e) => e.documentId));
    for (const d of docs) sent.delete(d.id);
    // Not before: a command still stored is sent again after a crash, and its files must be there.
    await removeFiles(docs.flatMap((d) => d.fileIds));
  }
  return {
    /** Sent, not yet removed: no longer unsent, never sent again by this tab. */
    has: (id: string) => sent.has(id),
    add(doc: OutboxRxDoc): void {
      sent.set(doc.id, doc);
      released.add(doc.toJSON() as OutboxDoc);
    },
    /**
     * Releases what waits, then removes the sent commands from the store; one removal at a time
     * (a call waits for the one running).
     */
    remove(): Promise<void> {
      // Nothing sent, no removal running: at once (each pass ends with this, holding the sending lock).
      if (sent.size === 0 && inProgress === 0) return Promise.resolve();
      inProgress++;
      const next = removing.then(removeSent, removeSent).finally(() => inProgress--);
      removing = next.catch(() => undefined);
      return next;
    },
    /**
     * A batch is sent: removed without making the sender wait (the next requests go out while it is
     * written; a command's effects awaited it, and the next request waited 30 ms per batch).
     */
    removeWhenFull(): void {
      // A removal already running takes this batch, or the next send asks again once it is over.
      if (sent.size < REMOVE_BATCH || inProgress > 0) return;
      this.remove().catch(() => undefined);
    },
  };
}

/** Commands wait for their release, which runs for all those waiting, at most once per `windowMs`. */
function releaseLane(run: (commands: OutboxDoc[]) => Promise<void>, windowMs: number) {
  let waiting: OutboxDoc[] = [];
  /** Ids waiting or being released. */
  const unreleased = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;

  function runWaiting(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    running ??= (async () => {
      try {
        while (waiting.length > 0) {
          const batch = waiting;
          waiting = [];
          try {
            await run(batch);
            for (const command of batch) unreleased.delete(command.id);
          } catch (error) {
            // Kept for the next try (the commands stay stored until then; a resend is answered from
            // the server's idempotency records).
            waiting = [...batch, ...waiting];
            throw error;
          }
        }
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    add(command: OutboxDoc): void {
      waiting.push(command);
      unreleased.add(command.id);
      if (!timer && !running) timer = setTimeout(() => void runWaiting().catch(() => undefined), windowMs);
    },
    holds: (id: string) => unreleased.has(id),
    /** Releases what waits now (and what comes meanwhile); throws the first failure. */
    async settle(): Promise<void> {
      if (running) await running;
      if (waiting.length > 0) await runWaiting();
    },
  };
}
