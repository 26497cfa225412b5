/**
 * Only one tab sends the outbox at a time. Web Locks where the browser has
 * them; otherwise RxDB's leader election (one leader tab per database). In
 * Node tests an in-memory lock manager stands in for several tabs. Even if two
 * senders ever overlapped, the Idempotency-Key makes the server apply a
 * command once.
 */
import type { Database } from '../store/database';

export interface FlushLock {
  /** Runs fn if this tab may flush now; returns false when another tab holds the lock. */
  run(fn: () => Promise<void>): Promise<boolean>;
}

interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

export function webLock(name: string, locks: LockManagerLike): FlushLock {
  return {
    run: (fn) =>
      locks.request(name, { ifAvailable: true }, async (lock) => {
        if (!lock) return false;
        await fn();
        return true;
      }),
  };
}

/** A LockManager for one process: what navigator.locks does across the tabs of a browser. */
export function memoryLockManager(): LockManagerLike {
  const held = new Set<string>();
  return {
    async request(name, options, callback) {
      if (held.has(name) && options.ifAvailable) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

/** Fallback for browsers without Web Locks: the database's elected leader tab flushes. */
export function leaderLock(db: Database): FlushLock {
  const elector = (db as unknown as { leaderElector?: () => { isLeader: boolean; awaitLeadership(): Promise<boolean> } }).leaderElector?.();
  // A lone tab wins the election within a few hundred ms; wait for it once rather than skip the first flush.
  const elected = elector ? Promise.race([elector.awaitLeadership(), new Promise((r) => setTimeout(r, 1500))]) : Promise.resolve();
  return {
    async run(fn) {
      await elected;
      if (elector && !elector.isLeader) return false;
      await fn();
      return true;
    },
  };
}

const processLocks = memoryLockManager();

/** The Web Lock that one sender at a time holds: a tab's flush, or the service worker's drain (sync/background/). */
export const outboxLockName = (userId: number) => `bp-outbox-${userId}`;

/**
 * For a caller that already holds the outbox's lock around its flushes (the service worker's drain,
 * which waits for the lock instead of giving up when a tab holds it).
 */
export const heldLock = (): FlushLock => ({
  run: async (fn) => {
    await fn();
    return true;
  },
});

export function defaultFlushLock(db: Database, userId: number): FlushLock {
  const locks = (globalThis.navigator as (Navigator & { locks?: LockManagerLike }) | undefined)?.locks;
  if (locks) return webLock(outboxLockName(userId), locks);
  // Outside a browser (Node tests, tools) one process is one "tab".
  return typeof window === 'undefined' ? webLock(outboxLockName(userId), processLocks) : leaderLock(db);
}
