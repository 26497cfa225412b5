/**
 * Shared set-up of the outbox integration tests: the reference server on a
 * real port (so faults cut real connections), an API client signed in as a
 * demo user, and stores on fake-indexeddb.
 */
import 'fake-indexeddb/auto';
import type { ReferenceServer } from '../../server/app';
import { listeningServer } from './reference-server';
import { createApiClient, type ApiClient } from '../../sync/api/client';
import type { TokenPair } from '../../sync/contract/core';
import { openStore, type Store } from '../../sync/store/database';
import { createOutbox, type OutboxEnv } from '../../sync/outbox/outbox';
import { testRegistry } from './generic-request';
import type { CommandRegistry } from '../../sync/outbox/commands';

export interface OutboxWorld {
  server: ReferenceServer;
  base: string;
  tokens: { current: TokenPair | null };
  api: ApiClient;
  /** HTTP requests seen by the client, by method and path. */
  sent: string[];
  close(): Promise<void>;
}

let storeCounter = 1000;
/** A fresh store name each time (the API user stays the same). */
export const nextStoreId = () => ++storeCounter;

export async function startOutboxWorld(email = 'gestionnaire@demo.fr'): Promise<OutboxWorld> {
  const { server, base } = await listeningServer();
  const tokens: { current: TokenPair | null } = { current: null };
  const sent: string[] = [];
  const api = createApiClient({
    baseUrl: () => base,
    tokens: { get: () => tokens.current, set: (t) => void (tokens.current = t) },
    onSessionExpired: () => undefined,
    timeoutMs: 5000,
    fetch: (input, init) => {
      const request = new Request(input, init);
      if (request.method !== 'GET') sent.push(`${request.method} ${new URL(request.url).pathname}`);
      return fetch(request);
    },
  });
  tokens.current = await api.call<TokenPair>('POST', 'api/authentication_token', { json: { email, password: 'demo1234' } });
  return { server, base, tokens, api, sent, close: () => server.app.close() };
}

const openStores = new Set<Store>();

/** Closes the stores a failed test left open (RxDB allows 13 open collections per process). */
export async function closeOpenStores(): Promise<void> {
  for (const store of openStores) await store.close().catch(() => undefined);
  openStores.clear();
}

export async function openOutbox<Reg extends CommandRegistry = typeof testRegistry>(world: OutboxWorld, storeId: number, extra: Partial<OutboxEnv<Reg>> = {}) {
  const opened = await openStore(storeId);
  const store: Store = {
    ...opened,
    close: async () => {
      if (!openStores.delete(store)) return;
      await opened.close();
    },
  };
  openStores.add(store);
  const outbox = createOutbox<Reg>({ store, api: world.api, registry: testRegistry as unknown as Reg, ...extra });
  return { store, outbox };
}

/** Rows of generic requests on the server whose information starts with prefix. */
export function serverRequests(world: OutboxWorld, prefix: string): string[] {
  return (
    world.server.ctx.db.prepare(`SELECT information FROM generic_requests WHERE information LIKE ? ORDER BY id`).all(`${prefix}%`) as { information: string }[]
  ).map((r) => r.information);
}
