/**
 * The app's one session (browser storage, same-origin API by default). Screens
 * import it from here; tests build their own with createSession.
 */
import { createSession, type Session } from '../../sync/index';

function browserStore() {
  try {
    const probe = '__bp_probe__';
    window.localStorage.setItem(probe, '1');
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    // Private modes without storage: the app still works for this tab.
    const map = new Map<string, string>();
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
  }
}

export const storage = browserStore();

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
});

// Sign-outs made offline are told to the server once the network is back (their tokens end there too).
if (typeof window !== 'undefined') {
  void session.sendPendingLogouts();
  window.addEventListener('online', () => void session.sendPendingLogouts());
}
