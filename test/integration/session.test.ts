/**
 * The session and API client against the reference server over real HTTP:
 * login and what is loaded after it, one shared refresh for concurrent 401s,
 * the end of a session when the refresh is refused, and user switching.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReferenceServer } from '../../server/app';
import { listeningServer } from './reference-server';
import { holdClockAtSecondStart, holdClockPastTokenExpiry, releaseClock } from '../token-clock';
import { createSession, isApiFailure, memoryStore, SESSION_KEY } from '../../sync/index';

let server: ReferenceServer;
let base: string;
const calls: string[] = [];
const countingFetch: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  calls.push(new URL(url).pathname);
  return fetch(input, init);
};

beforeAll(async () => {
  ({ server, base } = await listeningServer({ tokenTtl: 1, minVersionToUse: '1.0.1' }));
});
afterAll(() => server.app.close());
afterEach(releaseClock);

const newSession = () => createSession({ store: memoryStore(), defaultBaseUrl: base, fetch: countingFetch });

describe('session', () => {
  it('a failed login throws and leaves no token', async () => {
    const session = newSession();
    await expect(session.login('gestionnaire@demo.fr', 'faux')).rejects.toSatisfy((e) => isApiFailure(e) && e.status === 401);
    expect(session.state.tokens).toBeNull();
    expect(session.signedIn).toBe(false);
  });

  it('loads the user and the version after login', async () => {
    const session = newSession();
    const user = await session.login('gestionnaire@demo.fr', 'demo1234');
    expect(user.email).toBe('gestionnaire@demo.fr');
    expect(session.state.user?.roles).toContain('ROLE_OWNER_ADMIN');
    expect(session.state.minVersionToUse).toBe('1.0.1');
    expect(session.needsUpdate).toBe(false);
    expect(session.signedIn).toBe(true);
  });

  it('refreshes once for many concurrent 401s, then retries each call', async () => {
    const session = newSession();
    await session.login('prestataire@demo.fr', 'demo1234');
    holdClockPastTokenExpiry(1);
    calls.length = 0;
    const results = await Promise.all(Array.from({ length: 5 }, () => session.api.call<{ email: string }>('GET', 'api/personal/data/0')));
    expect(results.every((r) => r.email === 'prestataire@demo.fr')).toBe(true);
    expect(calls.filter((c) => c === '/api/token/refresh')).toHaveLength(1);
    expect(session.state.expired).toBe(false);
  });

  it('two tabs refresh once between them, and the second adopts the tokens the first stored', async () => {
    const store = memoryStore();
    // The browser's Web Lock, as a promise chain shared by the two "tabs".
    let chain: Promise<unknown> = Promise.resolve();
    const refreshLock = <T>(run: () => Promise<T>): Promise<T> => {
      const next = chain.then(run, run);
      chain = next.catch(() => undefined);
      return next;
    };
    const tabA = createSession({ store, defaultBaseUrl: base, fetch: countingFetch, refreshLock });
    await tabA.login('prestataire@demo.fr', 'demo1234');
    const tabB = createSession({ store, defaultBaseUrl: base, fetch: countingFetch, refreshLock });
    holdClockPastTokenExpiry(1);
    calls.length = 0;
    const [a, b] = await Promise.all([
      tabA.api.call<{ email: string }>('GET', 'api/personal/data/0'),
      tabB.api.call<{ email: string }>('GET', 'api/personal/data/0'),
    ]);
    expect([a.email, b.email]).toEqual(['prestataire@demo.fr', 'prestataire@demo.fr']);
    // A second refresh with the same (rotated) refresh token would end the session for both.
    expect(calls.filter((c) => c === '/api/token/refresh')).toHaveLength(1);
    expect(tabB.state.tokens).toEqual(tabA.state.tokens);
    expect(tabA.state.expired || tabB.state.expired).toBe(false);
  });

  it('a tab follows a sign-out or a user switch made in another tab', async () => {
    const store = memoryStore();
    const tabA = createSession({ store, defaultBaseUrl: base });
    await tabA.login('gestionnaire@demo.fr', 'demo1234');
    const tabB = createSession({ store, defaultBaseUrl: base });
    expect(tabB.adoptStored()).toBe('same');
    tabA.logout();
    expect(tabB.adoptStored()).toBe('signed-out');
    expect(tabB.signedIn).toBe(false);
    expect(tabB.state.user).toBeNull();
    const tabC = createSession({ store, defaultBaseUrl: base });
    await tabA.login('gestionnaire@demo.fr', 'demo1234');
    expect(tabC.adoptStored()).toBe('signed-in');
    expect(tabC.state.user?.email).toBe('gestionnaire@demo.fr');
    await tabA.login('prestataire@demo.fr', 'demo1234');
    expect(tabC.adoptStored()).toBe('other-user');
  });

  it('a tab that has not followed another tab’s refresh yet does not write its used tokens over the new ones', async () => {
    const store = memoryStore();
    const tabA = createSession({ store, defaultBaseUrl: base });
    await tabA.login('prestataire@demo.fr', 'demo1234');
    const tabB = createSession({ store, defaultBaseUrl: base });
    holdClockPastTokenExpiry(1);
    await tabA.api.call('GET', 'api/personal/data/0');
    const rotated = tabA.state.tokens?.refresh_token;
    expect(rotated).not.toBe(tabB.state.tokens?.refresh_token);
    tabB.state.unreadCount = 3;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(JSON.parse(store.getItem(SESSION_KEY) ?? '{}').tokens?.refresh_token).toBe(rotated);
    expect(tabB.adoptStored()).toBe('same');
    expect(tabB.state.tokens?.refresh_token).toBe(rotated);
  });

  it('two tabs that disagree on the unread count settle on the newest: a storage event is not answered by a write for ever', async () => {
    // The browser's localStorage shared by two tabs: a write that changes a value tells every other tab.
    const values = new Map<string, string>();
    const listeners: { tab: number; heard: () => void }[] = [];
    let events = 0;
    const storeOf = (tab: number) => ({
      getItem: (k: string) => values.get(k) ?? null,
      setItem: (k: string, v: string) => {
        if (values.get(k) === v) return;
        values.set(k, v);
        for (const l of listeners.filter((l) => l.tab !== tab)) {
          events++;
          setTimeout(l.heard, 0);
        }
      },
      removeItem: (k: string) => void values.delete(k),
    });
    const tabA = createSession({ store: storeOf(1), defaultBaseUrl: base });
    await tabA.login('gestionnaire@demo.fr', 'demo1234');
    const tabB = createSession({ store: storeOf(2), defaultBaseUrl: base });
    // What other-tabs.ts does on a storage event of the session's key.
    for (const [n, tab] of [
      [1, tabA],
      [2, tabB],
    ] as const)
      listeners.push({ tab: n, heard: () => tab.storedChange() !== 'signed-out' && void tab.adoptStored() });
    tabB.state.unreadCount = 2;
    await new Promise((resolve) => setTimeout(resolve, 20));
    events = 0;
    // A detail opened in tab A marks its thread read: A's count is now 0, B still says 2.
    tabA.state.unreadCount = 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toBeLessThanOrEqual(2);
    expect([tabA.state.unreadCount, tabB.state.unreadCount]).toEqual([0, 0]);
  });

  it('a tab told of a sign-out learns whether the user deleted their data or the session expired', async () => {
    const store = memoryStore();
    const tabA = createSession({ store, defaultBaseUrl: base });
    await tabA.login('gestionnaire@demo.fr', 'demo1234');
    const tabB = createSession({ store, defaultBaseUrl: base });
    expect(tabB.dataDeletedElsewhere()).toBe(false);
    tabA.logout({ dataDeleted: true });
    // B's state changes before B follows (the network, a count): the device stays signed out.
    tabB.state.reachable = false;
    tabB.state.unreadCount = 7;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(tabB.dataDeletedElsewhere()).toBe(true);
    expect(tabB.adoptStored()).toBe('signed-out');
    // An expired session keeps the data for the next sign-in: nothing to delete.
    await tabA.login('gestionnaire@demo.fr', 'demo1234');
    const tabC = createSession({ store, defaultBaseUrl: base });
    tabA.logout();
    expect(tabC.dataDeletedElsewhere()).toBe(false);
    // Another user's deletion is not this tab's user's.
    await tabA.login('gestionnaire@demo.fr', 'demo1234');
    const tabD = createSession({ store, defaultBaseUrl: base });
    await tabA.login('prestataire@demo.fr', 'demo1234');
    tabA.logout({ dataDeleted: true });
    expect(tabD.dataDeletedElsewhere()).toBe(false);
  });

  it('ends the session when the refresh is refused, keeping what was stored', async () => {
    const session = newSession();
    await session.login('admin@demo.fr', 'demo1234');
    session.state.tokens = { token: 'expiré', refresh_token: 'révoqué' };
    await expect(session.api.call('GET', 'api/personal/data/0')).rejects.toSatisfy((e) => isApiFailure(e) && e.status === 401);
    expect(session.state.expired).toBe(true);
    expect(session.state.user?.email).toBe('admin@demo.fr');
  });

  it("never keeps the previous user's data when another user signs in", async () => {
    const store = memoryStore();
    const first = createSession({ store, defaultBaseUrl: base });
    await first.login('gestionnaire@demo.fr', 'demo1234');
    first.state.unreadCount = 7;
    const second = createSession({ store, defaultBaseUrl: base });
    expect(second.state.user?.email).toBe('gestionnaire@demo.fr');
    await second.login('prestataire@demo.fr', 'demo1234');
    expect(second.state.user?.email).toBe('prestataire@demo.fr');
    expect(second.state.unreadCount).not.toBe(7);
  });

  it('logout ends the sign-in on the server too; a backend without the route (404) is no error', async () => {
    const session = newSession();
    await session.login('dp@demo.fr', 'demo1234');
    const refresh = session.state.tokens!.refresh_token;
    session.logout();
    const refreshStatus = () =>
      fetch(`${base}/api/token/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: refresh }),
      }).then((r) => r.status);
    await vi.waitFor(async () => expect(await refreshStatus()).toBe(401));
    // A backend that lacks the route: the sign-out still completes, nothing is thrown.
    const without: typeof fetch = (input, init) =>
      String(input instanceof Request ? input.url : input).endsWith('/api/token/logout')
        ? Promise.resolve(new Response('', { status: 404 }))
        : fetch(input, init);
    const other = createSession({ store: memoryStore(), defaultBaseUrl: base, fetch: without });
    await other.login('dt@demo.fr', 'demo1234');
    other.logout();
    expect(other.state.tokens).toBeNull();
  });

  it('a sign-out made offline is queued and told to the server once the network is back, then forgotten', async () => {
    // The access token (one second here) must outlive the test: the 401 at the end is then the sign-out's, not its expiry.
    holdClockAtSecondStart();
    const store = memoryStore();
    let offline = true;
    const flaky: typeof fetch = (input, init) =>
      offline && String(input instanceof Request ? input.url : input).endsWith('/api/token/logout')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : fetch(input, init);
    const session = createSession({ store, defaultBaseUrl: base, fetch: flaky });
    await session.login('at@demo.fr', 'demo1234');
    const { token, refresh_token: refresh } = session.state.tokens!;
    session.logout();
    expect(session.state.tokens).toBeNull();
    const accessStatus = () => fetch(`${base}/api/personal/data/0`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
    await vi.waitFor(() => expect(store.getItem('bp.pendingLogouts')).toContain(refresh));
    // Still alive on the server while the device had no network.
    expect(await accessStatus()).toBe(200);
    offline = false;
    // The next start of the app (or the network coming back) tells the server, which ends the sign-in.
    await createSession({ store, defaultBaseUrl: base, fetch: flaky }).sendPendingLogouts();
    expect(await accessStatus()).toBe(401);
    expect(store.getItem('bp.pendingLogouts')).toBeNull();
  });

  it('logout clears the stored session', async () => {
    const store = memoryStore();
    const session = createSession({ store, defaultBaseUrl: base });
    await session.login('gt@demo.fr', 'demo1234');
    session.logout();
    expect(session.state.tokens).toBeNull();
    expect(createSession({ store, defaultBaseUrl: base }).state.user).toBeNull();
  });

  it('the background tick refreshes the unread count, and only an installed app checks the version and, with notifications, shows push notices', async () => {
    // Tokens live one second here: without a held clock one issued late in a second expired before the tick.
    holdClockAtSecondStart();
    const shown: string[][] = [];
    const session = createSession({ store: memoryStore(), defaultBaseUrl: base, fetch: countingFetch, notify: (contents) => shown.push(contents) });
    await session.login('gestionnaire@demo.fr', 'demo1234');
    calls.length = 0;
    await session.tick({ installed: false, notificationsAllowed: true });
    expect(calls).toEqual(['/api/message/user_message_counts/0']);
    expect(shown).toEqual([]);
    calls.length = 0;
    await session.tick({ installed: true, notificationsAllowed: true });
    expect(calls).toEqual(expect.arrayContaining(['/api/message/user_message_counts/0', '/api/versions/0', '/api/notifications/push_mobiles']));
    expect(shown).toEqual([['Un prestataire a proposé un rendez-vous à valider.']]);
  });

  it('the installed app re-checks the minimum version on each tick whatever the notification permission; a browser only while it is below it', async () => {
    // Tokens live one second here: without a held clock one issued late in a second expired before the tick.
    holdClockAtSecondStart();
    const shown: string[][] = [];
    const session = createSession({ store: memoryStore(), defaultBaseUrl: base, fetch: countingFetch, notify: (contents) => shown.push(contents) });
    await session.login('gestionnaire@demo.fr', 'demo1234');
    calls.length = 0;
    await session.tick({ installed: true, notificationsAllowed: false });
    expect(calls).toEqual(['/api/message/user_message_counts/0', '/api/versions/0']);
    expect(shown).toEqual([]);
    // A browser below the minimum asks again, so the need-update screen lifts when the server allows it.
    session.state.minVersionToUse = '9.0.0';
    calls.length = 0;
    await session.tick({ installed: false, notificationsAllowed: false });
    expect(calls).toEqual(['/api/message/user_message_counts/0', '/api/versions/0']);
    expect(session.needsUpdate).toBe(false);
  });

  it('reports a network failure as such, not as bad credentials', async () => {
    const session = createSession({ store: memoryStore(), defaultBaseUrl: 'http://127.0.0.1:9' });
    await expect(session.login('gt@demo.fr', 'demo1234')).rejects.toSatisfy((e) => isApiFailure(e) && e.kind === 'network');
  });
});
