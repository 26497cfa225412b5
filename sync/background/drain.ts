/**
 * The background send: what the service worker runs on a Background Sync
 * event, with no page open. It is the pages' outbox (sync/outbox/), not a copy:
 * the signed-in user's store opened in the worker, the same command registry,
 * the same Idempotency-Key, retry and refusal rules, files sent as multipart.
 *
 * - Who: the user, tokens and API base come from the session's IndexedDB
 *   mirror (session/token-mirror.ts); no mirror, no drain (signed out).
 * - One sender: the worker waits for the outbox's Web Lock ('bp-outbox-<id>')
 *   that a flushing tab holds, then sends under it; tabs that find it held
 *   skip their flush, as they do for each other.
 * - Tokens: a 401 refreshes under the pages' lock 'bp-token-refresh', taking a
 *   newer pair from the mirror first and leaving its own there (sharedRefreshLock).
 *   A refused refresh ends the drain: the pages ask the user to sign in.
 * - Each command waiting out a backoff is tried once now (the browser chose
 *   this moment: the network is back); what is still unsent after that is
 *   reported 'left', and the worker rejects the event so that the browser
 *   tries again later.
 */
import { createApiClient } from '../api/client';
import type { TokenPair } from '../contract/core';
import { commandRegistry } from '../commands/registry';
import type { CommandRegistry } from '../outbox/commands';
import { heldLock, outboxLockName } from '../outbox/locks';
import { createOutbox } from '../outbox/outbox';
import { blockedBy } from '../outbox/policy';
import { openStore, type OutboxDoc, type StoreEnv } from '../store/database';
import { sharedRefreshLock, type MirroredSession, type TokenMirror } from '../session/token-mirror';

/** Runs `run` holding the named lock, waiting for it (navigator.locks.request(name, run) in a worker). */
export type WaitingLock = <T>(name: string, run: () => Promise<T>) => Promise<T>;

export interface DrainEnv {
  mirror: TokenMirror;
  lock: WaitingLock;
  storeEnv?: StoreEnv;
  fetch?: typeof fetch;
  now?: () => number;
  /** navigator.onLine === false in the worker: nothing is tried, the event is retried later. */
  isOffline?: () => boolean;
  /** The app's commands; tests add their own. */
  registry?: CommandRegistry;
}

/**
 * - done: nothing left to send (refused commands stay for the user, as in the pages);
 * - left: some commands could not go (offline, server down): try again later;
 * - no-session: nobody signed in on this device;
 * - session-ended: the server ended the session; the pages will ask the user to sign in.
 */
export type DrainResult = 'done' | 'left' | 'no-session' | 'session-ended';

export const TOKEN_REFRESH_LOCK = 'bp-token-refresh';

export async function drainOutbox(env: DrainEnv): Promise<DrainResult> {
  const now = env.now ?? Date.now;
  const session = await env.mirror.read();
  if (!session) return 'no-session';
  let ended = false;
  const api = workerApi(env, session, now, () => {
    ended = true;
  });
  const store = await openStore(session.userId, env.storeEnv);
  try {
    const outbox = createOutbox({
      store,
      api,
      registry: env.registry ?? commandRegistry,
      lock: heldLock(),
      now,
      ...(env.isOffline ? { isOffline: env.isOffline } : {}),
      onSessionNeeded: () => {
        ended = true;
      },
    });
    await env.lock(outboxLockName(session.userId), async () => {
      // sendNow: the commands waiting out a backoff are due now, then one flush to its end.
      await outbox.sendNow();
      await outbox.stop();
    });
    if (ended) return 'session-ended';
    const commands = (await store.db.outbox.find().exec()).map((d) => d.toJSON() as OutboxDoc);
    // A command behind a refused one waits for the user, not for the network: retrying would not help.
    const unsent = commands.filter((c) => c.status !== 'rejected' && !blockedBy(c, commands));
    return unsent.length > 0 ? 'left' : 'done';
  } finally {
    await store.close();
  }
}

/** The API client of the worker: the mirror's user and base, its tokens refreshed under the shared lock. */
function workerApi(env: DrainEnv, session: MirroredSession, now: () => number, onEnded: () => void) {
  let tokens: TokenPair = session.tokens;
  let tokensAt = session.tokensAt;
  // What the API client compares with inside the refresh lock: the mirror as read there.
  let stored: MirroredSession = session;
  return createApiClient({
    baseUrl: () => session.baseUrl,
    ...(env.fetch ? { fetch: env.fetch } : {}),
    tokens: {
      get: () => tokens,
      set: (next) => {
        if (!next) return;
        tokensAt = next.refresh_token === stored.tokens.refresh_token ? stored.tokensAt : now();
        tokens = next;
      },
    },
    onSessionExpired: onEnded,
    storedTokens: () => stored.tokens,
    refreshLock: sharedRefreshLock((run) => env.lock(TOKEN_REFRESH_LOCK, run), env.mirror, {
      current: () => ({ tokens, tokensAt, userId: session.userId, baseUrl: session.baseUrl }),
      adopt: (newer) => {
        stored = newer;
      },
    }),
  });
}
