/**
 * The session's persisted part (tokens, last known user, counts, version) in
 * a small key-value store: localStorage in the browser, a Map in tests. The
 * sync engine's local database takes over the data later; the tokens stay here
 * so that the app knows who is signed in before any database is opened.
 */
import type { TokenPair, UserData } from '../contract/core';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

export interface PersistedSession {
  tokens: TokenPair | null;
  /**
   * When the pair was obtained (ms; 0 for sessions saved before it was kept): the service worker's
   * copy (token-mirror.ts) and this one are compared by it, the newest pair wins.
   */
  tokensAt: number;
  user: UserData | null;
  unreadCount: number;
  minVersionToUse: string | null;
}

/** Storage key of the session; other tabs listen for its changes. */
export const SESSION_KEY = 'bp.session.v1';
const KEY = SESSION_KEY;
export const SERVER_URL_KEY = 'bp.serverUrl';
export const HIDE_BOARDING_KEY = 'bp.hideBoarding';

export const emptySession = (): PersistedSession => ({ tokens: null, tokensAt: 0, user: null, unreadCount: 0, minVersionToUse: null });

export function readSession(store: KeyValueStore): PersistedSession {
  try {
    const raw = store.getItem(KEY);
    if (!raw) return emptySession();
    const parsed = JSON.parse(raw) as Partial<PersistedSession>;
    return { ...emptySession(), ...parsed };
  } catch {
    return emptySession();
  }
}

export function writeSession(store: KeyValueStore, session: PersistedSession): void {
  store.setItem(KEY, JSON.stringify(session));
}

export function clearSession(store: KeyValueStore): void {
  store.removeItem(KEY);
}
