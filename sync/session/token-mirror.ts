/**
 * The session's tokens where a service worker can read them. localStorage is
 * the pages' copy (read synchronously for the first paint) but workers have
 * no localStorage, so the tokens, the user's id and the API base are mirrored
 * into a one-record IndexedDB database that the worker's background send
 * (sync/background/) reads and writes.
 *
 * Refresh tokens rotate and the server revokes the whole sign-in when a used
 * one comes back, so two contexts must never refresh with the same pair. The
 * rule, for pages and the worker alike (`sharedRefreshLock`): every refresh
 * runs under the Web Lock 'bp-token-refresh'; inside it, the mirror is read
 * first and a newer pair there is taken instead of refreshing; a new pair is
 * written to the mirror before the lock is released. "Newer" is `tokensAt`,
 * the time the pair was obtained (login or refresh), never when it was copied.
 */
import type { TokenPair } from '../contract/core';
import { idbRequest } from '../idb-request';

export interface MirroredSession {
  tokens: TokenPair;
  /** When this pair was obtained (ms): the newest pair wins, in both directions. */
  tokensAt: number;
  userId: number;
  /** API base ('' = the app's own origin). */
  baseUrl: string;
}

export interface TokenMirror {
  read(): Promise<MirroredSession | null>;
  write(session: MirroredSession): Promise<void>;
  clear(): Promise<void>;
}

const DB_NAME = 'bp-session';
const STORE = 'kv';
const KEY = 'session';

/**
 * Plain IndexedDB, not Dexie: this module is on the login path (the session writes it at sign-in),
 * and a dozen lines cost less than a library there. One connection, opened on first use.
 */
export function indexedDbMirror(idb: IDBFactory): TokenMirror {
  let opening: Promise<IDBDatabase> | null = null;
  const open = () => {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = idb.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => {
        const db = req.result;
        // Another context deleting or upgrading the database must not wait on this connection.
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        resolve(db);
      };
      req.onerror = () => {
        opening = null;
        reject(req.error ?? new Error('IndexedDB'));
      };
    });
    return opening;
  };
  const run = async <T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const tx = (await open()).transaction(STORE, mode);
    const result = idbRequest(act(tx.objectStore(STORE)));
    // A write counts once committed: the lock around a refresh is released only after it.
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB'));
    });
    return result;
  };
  return {
    read: async () => parse(await run('readonly', (s) => s.get(KEY) as IDBRequest<unknown>)),
    write: async (session) => void (await run('readwrite', (s) => s.put(copy(session), KEY))),
    clear: async () => void (await run('readwrite', (s) => s.delete(KEY))),
  };
}

/** For Node tests and tools: the same contract in memory. */
export function memoryMirror(): TokenMirror {
  let value: MirroredSession | null = null;
  return {
    read: async () => (value ? copy(value) : null),
    write: async (session) => void (value = copy(session)),
    clear: async () => void (value = null),
  };
}

const copy = (s: MirroredSession): MirroredSession => ({
  tokens: { token: s.tokens.token, refresh_token: s.tokens.refresh_token },
  tokensAt: s.tokensAt,
  userId: s.userId,
  baseUrl: s.baseUrl,
});

function parse(value: unknown): MirroredSession | null {
  const v = value as Partial<MirroredSession> | undefined;
  if (!v || typeof v !== 'object' || typeof v.userId !== 'number' || typeof v.tokensAt !== 'number') return null;
  if (typeof v.tokens?.token !== 'string' || typeof v.tokens.refresh_token !== 'string') return null;
  return copy({ tokens: v.tokens, tokensAt: v.tokensAt, userId: v.userId, baseUrl: typeof v.baseUrl === 'string' ? v.baseUrl : '' });
}

/** True when `candidate` is a pair of the same user obtained after `current` (or current has none). */
export function isNewer(candidate: MirroredSession | null, current: { tokensAt: number; userId: number | null; tokens: TokenPair | null } | null): boolean {
  // Without a pair of its own a context is signed out: it adopts nothing (signing in writes the mirror).
  if (!candidate || !current?.tokens) return false;
  if (current.userId !== null && current.userId !== candidate.userId) return false;
  return candidate.tokensAt > current.tokensAt && candidate.tokens.refresh_token !== current.tokens.refresh_token;
}

export interface RefreshSide {
  /** This context's pair now (null tokens when it has none). */
  current(): { tokens: TokenPair | null; tokensAt: number; userId: number | null; baseUrl: string };
  /** Takes the mirror's newer pair, where the API client's `storedTokens` will find it. */
  adopt(session: MirroredSession): void;
}

/**
 * Wraps a cross-context lock (navigator.locks 'bp-token-refresh') so that a refresh first adopts
 * a newer pair another context left in the mirror, and leaves its own new pair there before the
 * lock is released. A mirror that cannot be read or written (storage refused) is skipped: the
 * pages keep working as they did before the worker had a copy.
 */
export function sharedRefreshLock(lock: <T>(run: () => Promise<T>) => Promise<T>, mirror: TokenMirror, side: RefreshSide) {
  return <T>(run: () => Promise<T>): Promise<T> =>
    lock(async () => {
      const mirrored = await mirror.read().catch(() => null);
      if (isNewer(mirrored, side.current())) side.adopt(mirrored!);
      const result = await run();
      const after = side.current();
      if (after.tokens && after.userId !== null && (!mirrored || after.tokensAt > mirrored.tokensAt)) {
        await mirror.write({ tokens: after.tokens, tokensAt: after.tokensAt, userId: after.userId, baseUrl: after.baseUrl }).catch(() => undefined);
      }
      return result;
    });
}
