/**
 * The app's one session (browser storage, same-origin API by default). Screens
 * import it from here; tests build their own with createSession.
 */
import { createSession, SESSION_KEY, type Session } from '../../sync/index';

function browserStore() {
  try {
    // A read, not a write: reading is what throws where storage is refused (a blocked site, an opaque
    // origin). A probe written and removed at each page load sent two 'storage' events to every other
    // open tab of the app (other-tabs.ts listens), and cost 0.2-2.4 ms after the first read's 2-16 ms.
    window.localStorage.getItem(SESSION_KEY);
    return window.localStorage;
  } catch {
    // Private modes without storage: the app still works for this tab.
    const map = new Map<string, string>();
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
  }
}

export const storage = browserStore();

/**
 * Who sends the queued changes once the app is closed: 'worker' where the browser offers Background
 * Sync (Chromium, installed or not): the service worker sends them when the network returns, even
 * with no page open (sync/background/); 'pages' elsewhere: they are sent the next time the app is
 * open. For the account's offline section. (A user can still turn background sync off in the site's
 * settings; the pages then send as they always do.)
 */
export function backgroundSendMode(): 'worker' | 'pages' {
  const offered = typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof ServiceWorkerRegistration !== 'undefined';
  return offered && 'sync' in ServiceWorkerRegistration.prototype ? 'worker' : 'pages';
}

let notifier: ((contents: string[]) => void) | null = null;

/**
 * How the tick's push notes reach the phone (app/shell/push-notes.ts), given by the session's
 * life once signed in: the code that shows them stays off the login screen's JavaScript.
 */
export function setNotifier(show: ((contents: string[]) => void) | null): void {
  notifier = show;
}

export const session: Session = createSession({
  store: storage,
  defaultBaseUrl: import.meta.env.VITE_API_BASE ?? '',
  // One tab at a time refreshes the tokens (they rotate; a reused refresh token ends the session).
  refreshLock: (run) => (typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request('bp-token-refresh', run) : run()),
  notify: (contents) => notifier?.(contents),
  // The tokens are copied where the service worker reads them (its background send, sync/background/).
  ...(typeof indexedDB !== 'undefined' ? { indexedDB } : {}),
});

// Sign-outs made offline are told to the server once the network is back (their tokens end there too).
if (typeof window !== 'undefined') {
  void session.sendPendingLogouts();
  window.addEventListener('online', () => void session.sendPendingLogouts());
}
