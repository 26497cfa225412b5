/**
 * The signed-in session's life in the shell: the user's store opens and the
 * screens' data is refreshed on start, the 120 s tick runs, queued work is
 * sent on online/focus, drafts are flushed when the page hides, an expired
 * session is said; the tick's push notes become the phone's notifications
 * (push-notes.ts), and the installed app offers to turn them on
 * (notification-prompt.tsx, loaded only there). Loaded with the first
 * signed-in screen (with the error handler it needs), not with the login
 * screen (issue 14's budget).
 */
import { createElement, Suspense, useEffect, useReducer, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { subscribe } from 'valtio/vanilla';
import { fr } from '../../i18n/fr';
import { session, setNotifier } from '../../services/session';
import { detachEngine, EngineNotLoaded, getEngine } from '../../services/engine';
import { showToast } from '../../services/toasts';
import { handleError, setErrorNavigation } from '../../services/errors';
import { showPushNotes } from './push-notes';
import { afterPaint, whenIdle } from '../../ui/after-paint';
import { startOnePerTask } from '../../../sync/index';
import { warmScreens } from './warm-screens';
import { isInstalled } from '../../ui/installed';
import { lazyRetried } from './lazy-retried';

// The offer to turn notifications on loads only where it may show: the installed app, browser not yet answered.
const NotificationPrompt = lazyRetried(() => import('./notification-prompt'), 'NotificationPrompt');
const mayOfferNotifications = () => isInstalled() && typeof Notification !== 'undefined' && Notification.permission === 'default';

/**
 * True once a signed-in screen has been painted for the current user. The
 * sync engine (RxDB, about 95 KiB gzip) starts then, not before: home does
 * not need it to show, and its download competed with the screen's own
 * (issue 14's budget). Screens that read the store wait for it as they
 * always did (engineState.ready).
 */
function useSignedInScreenShown(screenShown: boolean, signedIn: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!signedIn) {
      setShown(false);
      return;
    }
    if (shown || !screenShown) return;
    return afterPaint(() => setShown(true));
  }, [signedIn, screenShown, shown]);
  return shown && signedIn;
}

function useSessionLife(screenShown: boolean): void {
  const router = useRouter();
  const { tokens, user } = useSnapshot(session.state);
  const signedIn = tokens !== null;
  const userId = user?.id ?? null;
  const started = useSignedInScreenShown(screenShown, signedIn);
  // The engine's code did not arrive (the network went first on a first visit): all below starts again once it is back.
  const [loadAttempt, retryLoad] = useReducer((n: number) => n + 1, 0);
  useEffect(
    () =>
      setErrorNavigation({
        navigate: (to, replace = false) => void router.navigate({ to, replace }),
        // Only back inside the app: a detail opened from a link in a fresh tab has no page of ours before it.
        back: () => router.history.canGoBack() && (router.history.back(), true),
      }),
    [router],
  );
  useEffect(() => {
    if (!started || userId === null) return;
    const background = (error: unknown) => {
      if (error instanceof EngineNotLoaded) window.addEventListener('online', retryLoad, { once: true });
      else handleError(error, { background: true });
    };
    // The user's store opens (its queued work resumes), then what the screens show is refreshed.
    // Each request leaves in a task of its own: started together, their preparing (the HTTP client's,
    // the outbox's turn) made one task of 88 ms in Lighthouse's profiled load of /dashboard-visites.
    // None leaves once the session's life is over (signed out in between).
    let live = true;
    void getEngine()
      .then(async (engine) => {
        if (!navigator.onLine) return;
        await startOnePerTask(
          [
            // Opened with the network: what waits out a backoff leaves now (a reload or a navigation that
            // cut a send short, or attempts made offline, may have pushed it minutes away).
            () => void engine.sendNow(),
            () => void engine.account.refreshUser().catch(background),
            // Tunnels and lists a user will need without network, loaded now (each module's prefetch).
            () => void engine.prefetch(session.state.user?.roles ?? []).catch(background),
            () => void session.loadUnreadCount().catch(background),
            () => void session.loadVersion().catch(background),
          ],
          () => live,
        );
      })
      .catch(background);
    // The offline briefcase (issue 20): its first pass once the screen is painted and the page idle, so
    // that it never competes with the first screen's own requests; it pauses offline by itself.
    const cancelBriefcase = whenIdle(() => {
      void getEngine()
        .then((engine) => engine.briefcase.start(session.state.user?.roles ?? []))
        .catch(background);
    });
    // The code of the screens the user may open, loaded ahead (a first open offline does not wait for it).
    const stopWarming = warmScreens(router, session.state.user?.roles ?? []);
    setNotifier((contents) => void showPushNotes(contents));
    session.startTick(() => ({
      installed: isInstalled(),
      notificationsAllowed: typeof Notification !== 'undefined' && Notification.permission === 'granted',
    }));
    // Persistent storage is asked by the briefcase once its first pass is complete (the device then holds the user's work).
    const sendNow = () => void getEngine().then((engine) => engine.flush(), background);
    // The network is back (out of the basement): what waits out a backoff leaves at once.
    const online = () => void getEngine().then((engine) => engine.sendNow(), background);
    // Hidden or closing: grouped draft writes go to disk now (a phone may kill the page next).
    const flushDrafts = () => void getEngine().then((engine) => engine.flushDrafts(), background);
    const onVisible = () => (document.visibilityState === 'visible' ? sendNow() : flushDrafts());
    window.addEventListener('pagehide', flushDrafts);
    window.addEventListener('online', online);
    window.addEventListener('focus', sendNow);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      window.removeEventListener('online', retryLoad);
      cancelBriefcase();
      stopWarming();
      session.stopTick();
      setNotifier(null);
      window.removeEventListener('pagehide', flushDrafts);
      window.removeEventListener('online', online);
      window.removeEventListener('focus', sendNow);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [started, userId, router, loadAttempt]);
  // The session ended (refresh refused, a 401 the client could not recover): said once; the user's
  // store and queued work stay on the device for their next sign-in; back to /login.
  useEffect(
    () =>
      subscribe(session.state, () => {
        if (!session.state.expired || !session.state.tokens) return;
        showToast({ title: fr.disconnectedTitle, text: fr.disconnectedText, tone: 'error' });
        void detachEngine().catch((e: unknown) => console.warn('Fermeture des données locales incomplète', e));
        session.logout();
        void router.navigate({ to: '/login' });
      }),
    [router],
  );
}

/** Mounted by the root layout while someone is signed in; draws only the offer to turn notifications on. */
export function SessionLife({ screenShown }: { screenShown: boolean }) {
  useSessionLife(screenShown);
  const { tokens, expired } = useSnapshot(session.state);
  if (!tokens || expired || !mayOfferNotifications()) return null;
  // Its own boundary: the layout's would hide the update prompt while this chunk loads.
  return createElement(Suspense, { fallback: null }, createElement(NotificationPrompt, { screenShown }));
}
