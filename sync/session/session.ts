/**
 * The signed-in session: login, logout, the data loaded after login (user,
 * unread count, version), the 120 s background tick, and the guest calls
 * (forgotten password, contact form). State is a valtio proxy so the UI
 * re-renders on change; it is persisted so that a reload — online or not —
 * finds the user still signed in.
 */
import { proxy, subscribe } from 'valtio/vanilla';
import { corePaths, type ContactFormPayload, type TokenPair, type UserData, type UserUpdatePayload, type VersionInfo } from '../contract/core';
import { messagingCountPath } from '../contract/paths-shared';
import { createApiClient, type ApiClient } from '../api/client';
import { ApiFailure } from '../api/failure';
import { SessionEnded } from '../errors';
import { clearSession, emptySession, readSession, writeSession, type KeyValueStore, type PersistedSession } from './persisted';
import { readServerUrl } from './server-url';
import { indexedDbMirror, isNewer, sharedRefreshLock, type TokenMirror } from './token-mirror';
import { isVersionAllowed } from './version';

export const TICK_MS = 120_000;
/** Ends a refresh token's sign-in on the reference server (not in the spec: a real backend may answer 404). */
const LOGOUT_PATH = 'api/token/logout';
/**
 * Sign-outs the server has not heard of yet (made offline, or the call failed for want of network):
 * their refresh tokens, kept only until the server answers, so that a sign-in left on a shared
 * device ends on the server too. At most a few: older ones have expired by then.
 */
const PENDING_LOGOUTS = 'bp.pendingLogouts';
const MAX_PENDING_LOGOUTS = 5;
/**
 * The last sign-out on this device: whose, and whether their data was deleted with it (the user
 * signed out) or kept for their next sign-in (the session expired). Another tab reads it when the
 * stored session goes, to know whether what it wrote meanwhile must go too.
 */
const LAST_SIGN_OUT = 'bp.lastSignOut';

export interface SessionState extends PersistedSession {
  /** The session ended on the server side (refresh refused): the user must sign in again. */
  expired: boolean;
  /**
   * False after a request failed for want of network, until one gets an answer. navigator.onLine
   * alone says true on a network without internet (and after a reload with the network cut).
   */
  reachable: boolean;
}

export interface SessionEnv {
  store: KeyValueStore;
  fetch?: typeof fetch;
  /** API base when no dedicated server is set ('' = same origin). */
  defaultBaseUrl?: string;
  /** Called by the tick when installed with notifications allowed (browser only). */
  notify?: (contents: string[]) => void;
  /** Lock shared by the tabs around the token refresh (see ApiClientOptions.refreshLock). */
  refreshLock?: <T>(run: () => Promise<T>) => Promise<T>;
  /**
   * Where the service worker reads the tokens (token-mirror.ts): the app passes the browser's
   * IndexedDB, Node tests a memory mirror or fake-indexeddb. Without it nothing is mirrored.
   */
  indexedDB?: IDBFactory;
  tokenMirror?: TokenMirror;
}

export type Session = ReturnType<typeof createSession>;

export function createSession(env: SessionEnv) {
  const state = proxy<SessionState>({ ...readSession(env.store), expired: false, reachable: true });
  /** The refresh token this tab last wrote or read: a stored session without it was ended elsewhere. */
  let persisted = state.tokens?.refresh_token ?? null;
  subscribe(state, () => {
    const { tokens, tokensAt, user, unreadCount, minVersionToUse } = state;
    if (!tokens && !user) return;
    // Another tab signed out or refreshed, not yet followed here (a count or the network changed
    // first): this tab's unchanged tokens written back would sign the device in again with the data
    // deleted, or put back a refresh token already used (which ends the session on its next use).
    if (tokens && tokens.refresh_token === persisted && readSession(env.store).tokens?.refresh_token !== persisted) return;
    writeSession(env.store, { tokens, tokensAt, user, unreadCount, minVersionToUse });
    persisted = tokens?.refresh_token ?? null;
  });

  const baseUrl = () => readServerUrl(env.store) || (env.defaultBaseUrl ?? '');

  const mirror = env.tokenMirror ?? (env.indexedDB ? indexedDbMirror(env.indexedDB) : null);
  // Mirror writes in the order they were asked (a sign-out's clear never lands after the next sign-in).
  let mirrorOps: Promise<void> = Promise.resolve();
  const onMirror = (op: (m: TokenMirror) => Promise<void>): Promise<void> =>
    mirror
      ? (mirrorOps = mirrorOps.then(() => op(mirror)).catch((error: unknown) => console.warn('Copie de la session incomplète', error)))
      : Promise.resolve();
  const current = () => ({ tokens: state.tokens, tokensAt: state.tokensAt, userId: state.user?.id ?? null, baseUrl: baseUrl() });
  /** This tab's pair goes to the mirror unless the mirror holds a newer one (a refresh by the worker). */
  const mirrorTokens = () =>
    onMirror(async (m) => {
      const { tokens, tokensAt, userId } = current();
      if (!tokens || userId === null) return;
      const mirrored = await m.read();
      if (mirrored && mirrored.userId === userId && mirrored.tokensAt >= tokensAt) return;
      await m.write({ tokens, tokensAt, userId, baseUrl: baseUrl() });
    });
  /** At start: a newer pair the worker left is taken (the page's copy was used and rotated there). */
  const adoptMirrored = () =>
    onMirror(async (m) => {
      const mirrored = await m.read();
      if (isNewer(mirrored, current())) Object.assign(state, { tokens: mirrored!.tokens, tokensAt: mirrored!.tokensAt });
    });
  const lock = env.refreshLock ?? (<T>(run: () => Promise<T>) => run());
  const refreshLock = mirror
    ? sharedRefreshLock(lock, mirror, {
        current,
        // Put where the API client's storedTokens() looks inside the lock: it then uses it instead of refreshing.
        adopt: (m) => writeSession(env.store, { ...readSession(env.store), tokens: m.tokens, tokensAt: m.tokensAt }),
      })
    : env.refreshLock;
  const api: ApiClient = createApiClient({
    baseUrl,
    ...(env.fetch ? { fetch: env.fetch } : {}),
    tokens: {
      get: () => state.tokens,
      set: (tokens: TokenPair | null) => {
        // A pair taken from storage keeps the time it was obtained; a new one is stamped now.
        const stored = readSession(env.store);
        state.tokensAt = tokens && stored.tokens?.refresh_token === tokens.refresh_token ? stored.tokensAt : Date.now();
        state.tokens = tokens;
      },
    },
    onSessionExpired: () => {
      state.expired = true;
    },
    storedTokens: () => readSession(env.store).tokens,
    onReachable: (reachable) => {
      if (state.reachable !== reachable) state.reachable = reachable;
    },
    ...(refreshLock ? { refreshLock } : {}),
  });
  if (state.tokens) void adoptMirrored().then(() => mirrorTokens());

  let timer: ReturnType<typeof setInterval> | null = null;

  const pendingLogouts = (): string[] => {
    try {
      const list: unknown = JSON.parse(env.store.getItem(PENDING_LOGOUTS) ?? '[]');
      return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [];
    } catch {
      return [];
    }
  };
  const keepPendingLogouts = (list: string[]) =>
    list.length ? env.store.setItem(PENDING_LOGOUTS, JSON.stringify(list.slice(-MAX_PENDING_LOGOUTS))) : env.store.removeItem(PENDING_LOGOUTS);

  /** Tells the server each sign-out it has not heard of; kept for later while there is no network. */
  async function sendPendingLogouts(): Promise<void> {
    for (const refresh of pendingLogouts()) {
      const told = await api.call('POST', LOGOUT_PATH, { json: { refresh_token: refresh }, anonymous: true }).then(
        () => true,
        // Any answer (a backend without the route says 404) settles it; only a missing network keeps it.
        (error: unknown) => !(error instanceof ApiFailure && (error.kind === 'network' || error.kind === 'timeout')),
      );
      if (told) keepPendingLogouts(pendingLogouts().filter((t) => t !== refresh));
    }
  }

  async function loadUser(): Promise<UserData> {
    const user = await api.call<UserData>('GET', corePaths.personalData);
    if (!user || typeof user.id !== 'number' || !Array.isArray(user.roles)) {
      throw new ApiFailure('invalid-response', 200, 'GET', corePaths.personalData, 'Réponse inattendue du serveur');
    }
    state.user = user;
    return user;
  }

  async function loadUnreadCount(): Promise<number> {
    const body = await api.call<{ newCount?: unknown }>('GET', messagingCountPath);
    const count = typeof body?.newCount === 'number' ? body.newCount : 0;
    state.unreadCount = count;
    return count;
  }

  async function loadVersion(): Promise<string | null> {
    const body = await api.call<VersionInfo>('GET', corePaths.version);
    state.minVersionToUse = typeof body?.minVersionToUse === 'string' ? body.minVersionToUse : null;
    return state.minVersionToUse;
  }

  function stopTick(): void {
    if (timer) clearInterval(timer);
    timer = null;
  }

  /**
   * Every 120 s (spec part 1 §8): the unread count; in the installed app the minimum version,
   * whatever the notification permission (an app left open for days must learn it is too old),
   * and the push notes when notifications are allowed. An app already below the minimum checks
   * the version in a browser too, so that the need-update screen lifts once the server allows it.
   */
  async function tick(options: { installed: boolean; notificationsAllowed: boolean }): Promise<void> {
    await loadUnreadCount().catch(() => undefined);
    if (options.installed || !isVersionAllowed(state.minVersionToUse)) await loadVersion().catch(() => undefined);
    if (options.installed && options.notificationsAllowed) {
      const notes = await api.call<{ content: string }[]>('GET', corePaths.pushMobiles).catch(() => []);
      if (Array.isArray(notes) && notes.length > 0) env.notify?.(notes.map((n) => n.content));
    }
  }

  function storedChange(): 'same' | 'signed-in' | 'signed-out' | 'other-user' {
    const stored = readSession(env.store);
    if (stored.tokens && !state.tokens) return 'signed-in';
    if (!stored.tokens) return state.tokens ? 'signed-out' : 'same';
    if (state.user && stored.user && stored.user.id !== state.user.id) return 'other-user';
    return 'same';
  }

  return {
    state,
    api,
    baseUrl,
    get signedIn() {
      return state.tokens !== null && !state.expired;
    },
    get needsUpdate() {
      return !isVersionAllowed(state.minVersionToUse);
    },

    /** Signs in, then loads the user, the unread count and the version. A failure clears the token. */
    async login(email: string, password: string): Promise<UserData> {
      try {
        const tokens = await api.call<TokenPair>('POST', corePaths.login, { json: { email, password }, anonymous: true });
        if (!tokens || typeof tokens.token !== 'string')
          throw new ApiFailure('invalid-response', 200, 'POST', corePaths.login, 'Réponse inattendue du serveur');
        // Another user on this device never inherits the previous user's data.
        const previousUser = state.user?.email?.toLowerCase();
        if (previousUser && previousUser !== email.trim().toLowerCase()) Object.assign(state, emptySession());
        state.tokens = tokens;
        state.tokensAt = Date.now();
        state.expired = false;
        const user = await loadUser();
        await mirrorTokens();
        await Promise.all([loadUnreadCount().catch(() => 0), loadVersion().catch(() => null)]);
        return user;
      } catch (error) {
        state.tokens = null;
        throw error;
      }
    },

    /**
     * What another tab's change to the stored session means for this one, without adopting it:
     * a tab signed out elsewhere closes its store first, while its screens still have a session.
     */
    storedChange,

    /**
     * Signed out in another tab by this tab's user, who deleted their data on the device (not an
     * expired session): what this tab wrote into its store since then must be deleted too.
     */
    dataDeletedElsewhere(): boolean {
      if (storedChange() !== 'signed-out') return false;
      try {
        const last = JSON.parse(env.store.getItem(LAST_SIGN_OUT) ?? 'null') as { userId?: unknown; dataDeleted?: unknown } | null;
        return last?.dataDeleted === true && last.userId === state.user?.id;
      } catch {
        return false;
      }
    },

    /**
     * Another tab changed the stored session: adopt its tokens (a refresh there rotated them), and
     * say whether this tab must sign out ('signed-out') or reload as someone else ('other-user').
     */
    adoptStored(): 'same' | 'signed-in' | 'signed-out' | 'other-user' {
      const change = storedChange();
      const stored = readSession(env.store);
      if (change === 'signed-in') Object.assign(state, stored, { expired: false });
      if (change === 'signed-out') {
        stopTick();
        Object.assign(state, emptySession(), { expired: false });
      }
      if (change === 'same' && stored.tokens) {
        // Only what differs: each change here is written back to the storage, and one that left a
        // value unlike the other tab's (the unread count it had just learnt) bounced between the two
        // tabs without end, each storage event answered by a write (issue 22: ~1,000 a second, a core
        // each, with a detail open in one tab). The other tab's count and version are the newest.
        const { token, refresh_token } = stored.tokens;
        if (token !== state.tokens?.token || refresh_token !== state.tokens.refresh_token) state.tokens = stored.tokens;
        state.tokensAt = stored.tokensAt;
        state.unreadCount = stored.unreadCount;
        state.minVersionToUse = stored.minVersionToUse;
        if (state.expired) state.expired = false;
      }
      return change;
    },

    /**
     * Clears the session and stored data, and stops the background tick. The sign-in ends on the
     * server too (POST api/token/logout: its refresh and access tokens stop working), now when online,
     * else queued until the network is back (sendPendingLogouts); a backend without that route (404)
     * leaves the tokens to expire. The user is signed out on the device at once either way.
     * `dataDeleted`: the user's local data was deleted first (an explicit sign-out); other tabs
     * then delete what they wrote since (dataDeletedElsewhere).
     */
    logout(options: { dataDeleted?: boolean } = {}): void {
      const refresh = state.tokens?.refresh_token;
      // Before the session goes: another tab reads it when told that the session went.
      env.store.setItem(LAST_SIGN_OUT, JSON.stringify({ userId: state.user?.id ?? null, dataDeleted: options.dataDeleted === true }));
      stopTick();
      Object.assign(state, emptySession(), { expired: false });
      clearSession(env.store);
      void onMirror((m) => m.clear());
      if (!refresh) return;
      // Queued first, so that a sign-out made offline (or a call cut) is told to the server later.
      keepPendingLogouts([...pendingLogouts().filter((t) => t !== refresh), refresh]);
      void sendPendingLogouts();
    },

    /** Sign-outs made while offline, told to the server now (at start and when the network comes back). */
    sendPendingLogouts,

    loadUser,
    loadUnreadCount,
    loadVersion,

    /** Reloads what the screens need after a (re)start with a stored session. */
    async refreshAll(): Promise<void> {
      await Promise.all([loadUser(), loadUnreadCount(), loadVersion()]);
    },

    startTick(options: () => { installed: boolean; notificationsAllowed: boolean }): void {
      stopTick();
      timer = setInterval(() => void tick(options()), TICK_MS);
    },
    stopTick,
    tick,

    async updateAccount(payload: UserUpdatePayload): Promise<UserData> {
      const id = state.user?.id;
      if (id === undefined) throw new SessionEnded();
      await api.call('PUT', corePaths.user(id), { json: { id, ...payload } });
      return loadUser();
    },

    requestPasswordCode: (email: string) => api.call('POST', corePaths.forgottenPassword, { json: { email }, anonymous: true }),
    checkPasswordCode: (email: string, code: string) => api.call('GET', corePaths.forgottenPasswordCheck, { searchParams: { email, code }, anonymous: true }),
    changePassword: (email: string, code: string, password: string) =>
      api.call('POST', corePaths.forgottenPasswordChange, { json: { email, code, password }, anonymous: true }),
    sendContactForm: (payload: ContactFormPayload) => api.call('POST', corePaths.contactForm, { json: payload, anonymous: true }),
  };
}
