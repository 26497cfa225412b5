/**
 * The background send in Node (issue 20): the session's token mirror that the
 * service worker reads, the worker's drain over the pages' outbox, and the
 * rotation of refresh tokens shared between the worker and a page (one
 * refresh, never the same refresh token twice). fake-indexeddb stands in for
 * the browser's IndexedDB; a promise chain per name for navigator.locks.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReferenceServer } from '../../server/app';
import { listeningServer } from './reference-server';
import { holdClockPastTokenExpiry, releaseClock } from '../token-clock';
import { createSession, memoryStore } from '../../sync/index';
import { indexedDbMirror, memoryMirror } from '../../sync/session/token-mirror';
import { drainOutbox, type DrainEnv, type WaitingLock } from '../../sync/background/drain';
import { openStore } from '../../sync/store/database';
import { createOutbox } from '../../sync/outbox/outbox';
import { commandRegistry } from '../../sync/commands/registry';
import { outboxLockName } from '../../sync/outbox/locks';
import { createOs } from '../../sync/commands/os-operations';
import { demoPng } from '../../server/seed/images';

let server: ReferenceServer;
let base: string;
const refreshes: string[] = [];
const counting: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (new URL(url).pathname === '/api/token/refresh') refreshes.push(url);
  return fetch(input, init);
};

beforeAll(async () => {
  // Access tokens of three seconds: the worker's drain meets a 401 and must refresh. The test moves
  // the clock past them and holds it, so the pair it rotates still lives when the page uses it,
  // whatever CI's load (test/token-clock.ts).
  ({ server, base } = await listeningServer({ tokenTtl: 3 }));
});
afterEach(releaseClock);
afterAll(() => server.app.close());

/** navigator.locks.request(name, run) for one process: callers of a name wait in turn. */
function waitingLocks(): WaitingLock {
  const chains = new Map<string, Promise<unknown>>();
  return (name, run) => {
    const next = (chains.get(name) ?? Promise.resolve()).then(run, run);
    chains.set(
      name,
      next.catch(() => undefined),
    );
    return next;
  };
}

const mirror = indexedDbMirror(indexedDB);
const storeEnv = { indexedDB, IDBKeyRange };
const gsmOf = (email: string) => (server.ctx.db.prepare(`SELECT gsm FROM users WHERE email = ?`).get(email) as { gsm: string }).gsm;
const putsOf = (email: string) =>
  (
    server.ctx.db
      .prepare(`SELECT COUNT(*) AS n FROM idempotency_records k JOIN users u ON k.scope = 'u:' || u.id WHERE u.email = ? AND k.method = 'PUT'`)
      .get(email) as { n: number }
  ).n;

async function pageSignedIn(email: string, lock: WaitingLock) {
  const page = createSession({
    store: memoryStore(),
    defaultBaseUrl: base,
    fetch: counting,
    tokenMirror: mirror,
    refreshLock: (run) => lock('bp-token-refresh', run),
  });
  await page.login(email, 'demo1234');
  return page;
}

/** A change queued while the page had no network: in the user's outbox, not sent. */
async function queueOffline(userId: number, email: string, gsm: string): Promise<void> {
  const store = await openStore(userId, storeEnv);
  const api = createSession({ store: memoryStore(), defaultBaseUrl: base }).api;
  const outbox = createOutbox({ store, api, registry: commandRegistry, isOffline: () => true });
  await outbox.enqueue('account.update', { userId, firstname: 'Julie', lastname: 'Test', gsm, email });
  await outbox.stop();
  await store.close();
}

async function outboxOf(userId: number) {
  const store = await openStore(userId, storeEnv);
  const commands = (await store.db.outbox.find().exec()).map((d) => d.toJSON());
  await store.close();
  return commands;
}

describe('token mirror', () => {
  it('signing in copies the tokens, user and API base where the worker reads them; signing out clears them', async () => {
    const page = await pageSignedIn('gestionnaire@demo.fr', waitingLocks());
    const mirrored = await mirror.read();
    expect(mirrored).toMatchObject({ tokens: page.state.tokens, userId: page.state.user!.id, baseUrl: base, tokensAt: page.state.tokensAt });
    page.logout();
    await vi.waitFor(async () => expect(await mirror.read()).toBeNull());
  });

  it('a page started with an older pair than the mirror takes the newer one (rotated by the worker)', async () => {
    const store = memoryStore();
    const lock = waitingLocks();
    const first = createSession({ store, defaultBaseUrl: base, tokenMirror: mirror, refreshLock: (run) => lock('bp-token-refresh', run) });
    await first.login('admin@demo.fr', 'demo1234');
    const newer = { ...(await mirror.read())!, tokens: { token: 't2', refresh_token: 'r2' }, tokensAt: first.state.tokensAt + 1000 };
    await mirror.write(newer);
    const reopened = createSession({ store, defaultBaseUrl: base, tokenMirror: mirror });
    await vi.waitFor(() => expect(reopened.state.tokens).toEqual(newer.tokens));
    // An older pair in the mirror is never taken: the page's own is written there instead.
    await mirror.write({ ...newer, tokens: { token: 't0', refresh_token: 'r0' }, tokensAt: 1 });
    const again = createSession({ store, defaultBaseUrl: base, tokenMirror: mirror });
    await vi.waitFor(async () => expect((await mirror.read())?.tokens).toEqual(newer.tokens));
    expect(again.state.tokens).toEqual(newer.tokens);
  });
});

describe('drain in the worker', () => {
  it('nobody signed in: nothing to do', async () => {
    expect(await drainOutbox({ mirror: memoryMirror(), lock: waitingLocks(), storeEnv })).toBe('no-session');
  });

  it('sends a change queued offline once, refreshing under the shared lock; the page then takes the new pair instead of refreshing again', async () => {
    const lock = waitingLocks();
    const page = await pageSignedIn('inspecteur@demo.fr', lock);
    const userId = page.state.user!.id;
    await queueOffline(userId, 'inspecteur@demo.fr', '0612121212');
    holdClockPastTokenExpiry(3); // both access tokens have expired; the pair the worker gets next cannot
    refreshes.length = 0;

    const env: DrainEnv = { mirror, lock, storeEnv, fetch: counting };
    expect(await drainOutbox(env)).toBe('done');
    expect(gsmOf('inspecteur@demo.fr')).toBe('0612121212');
    expect(putsOf('inspecteur@demo.fr')).toBe(1);
    expect(await outboxOf(userId)).toHaveLength(0);
    expect(refreshes).toHaveLength(1);
    const rotated = (await mirror.read())!;
    expect(rotated.tokens.refresh_token).not.toBe(page.state.tokens!.refresh_token);

    // The page's access token has expired too: it refreshes under the lock, finds the worker's pair and uses it.
    const user = await page.api.call<{ email: string }>('GET', 'api/personal/data/0');
    expect(user.email).toBe('inspecteur@demo.fr');
    expect(refreshes).toHaveLength(1);
    expect(page.state.tokens).toEqual(rotated.tokens);
    expect(page.state.expired).toBe(false);
    // Had the page refreshed with its old refresh token after the grace window, the server would
    // have ended the sign-in: the pair the worker rotated still works.
    expect(await drainOutbox(env)).toBe('done');
    page.logout();
  });

  it('no network: the command stays with its attempt counted and the drain says so (the event is retried)', async () => {
    const lock = waitingLocks();
    const page = await pageSignedIn('prestataire@demo.fr', lock);
    const userId = page.state.user!.id;
    await queueOffline(userId, 'prestataire@demo.fr', '0634343434');
    const down: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await drainOutbox({ mirror, lock, storeEnv, fetch: down })).toBe('left');
    const [command] = await outboxOf(userId);
    expect(command).toMatchObject({ status: 'pending', attempts: 1 });
    // The browser's retry, with the network back: the backoff is cut short (the browser chose the moment).
    expect(await drainOutbox({ mirror, lock, storeEnv })).toBe('done');
    expect(gsmOf('prestataire@demo.fr')).toBe('0634343434');
    expect(putsOf('prestataire@demo.fr')).toBe(1);
    page.logout();
  });

  it('waits while a page holds the outbox lock, then sends', async () => {
    const lock = waitingLocks();
    const page = await pageSignedIn('dp@demo.fr', lock);
    const userId = page.state.user!.id;
    await queueOffline(userId, 'dp@demo.fr', '0656565656');
    let release!: () => void;
    const held = lock(outboxLockName(userId), () => new Promise<void>((r) => (release = r)));
    let result: string | null = null;
    const draining = drainOutbox({ mirror, lock, storeEnv }).then((r) => (result = r));
    await new Promise((r) => setTimeout(r, 300));
    expect(result).toBeNull();
    expect(gsmOf('dp@demo.fr')).not.toBe('0656565656');
    release();
    await held;
    await draining;
    expect(result).toBe('done');
    expect(gsmOf('dp@demo.fr')).toBe('0656565656');
    page.logout();
  });

  it('files too: an OS created offline with a photo is created, then its photo uploaded as multipart, by the drain', async () => {
    const lock = waitingLocks();
    const page = await pageSignedIn('gt@demo.fr', lock);
    const userId = page.state.user!.id;
    const sql = <T>(query: string) => server.ctx.db.prepare(query).get() as T;
    const r = sql<{ re: number; ba: number; rt: number; pc: number }>(
      `SELECT real_estate_id AS re, business_area_id AS ba, request_type_id AS rt, provider_company_id AS pc FROM work_validation_requests LIMIT 1`,
    );
    const body = {
      information: 'OS du sous-sol',
      realEstatId: r.re,
      businessAreaId: r.ba,
      buildingIdList: [],
      contactId: null,
      serviceProviderCompanyId: r.pc,
      typeId: r.rt,
      price: 4200,
    };
    const preview = { realEstate: { id: 1, name: 'Résidence' }, buildings: [], businessArea: null, requestType: null, serviceProviderCompany: null };
    const photo = { id: 'photo-bg', name: 'fuite.png', type: 'image/png', size: 100, blob: new Blob([new Uint8Array(demoPng(3))], { type: 'image/png' }) };
    const store = await openStore(userId, storeEnv);
    const outbox = createOutbox({ store, api: page.api, registry: commandRegistry, isOffline: () => true });
    expect(await createOs(outbox, { body, preview, files: [photo], submit: true })).toHaveLength(3);
    await outbox.stop();
    await store.close();

    expect(await drainOutbox({ mirror, lock, storeEnv })).toBe('done');
    const row = sql<{ place: string; n: number }>(
      `SELECT place, (SELECT COUNT(*) FROM work_validation_media WHERE request_id = w.id) AS n FROM work_validation_requests w WHERE information = 'OS du sous-sol'`,
    );
    expect(row).toEqual({ place: 'request_completion', n: 1 });
    expect(await outboxOf(userId)).toHaveLength(0);
    page.logout();
  });
});
