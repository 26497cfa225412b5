/**
 * The dedicated server a user may target at login (spec part 1 §1): an
 * http(s) URL stored locally. Empty means the app's own origin.
 */
import { SERVER_URL_KEY, type KeyValueStore } from './persisted';

/** True for an absolute http:// or https:// URL with a host. */
export function isValidServerUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function readServerUrl(store: KeyValueStore): string {
  return store.getItem(SERVER_URL_KEY) ?? '';
}

/** Stores the URL (trimmed, without trailing slash), or forgets it when empty. */
export function writeServerUrl(store: KeyValueStore, value: string): void {
  const trimmed = value.trim().replace(/\/+$/, '');
  if (trimmed === '') store.removeItem(SERVER_URL_KEY);
  else store.setItem(SERVER_URL_KEY, trimmed);
}
