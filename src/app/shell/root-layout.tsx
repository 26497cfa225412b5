/**
 * The frame around every screen: skip link, global loader, top bar and nav
 * bar as the route's metadata asks, the version gate, toasts, the update
 * prompt, and the session's life (refresh on start, 120 s tick, expiry).
 */
import { useEffect, useState } from 'react';
import { Outlet, useMatches, useRouter } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { subscribe } from 'valtio/vanilla';
import { ApiFailure, SESSION_KEY } from '../../../sync/index';
import { fr } from '../../i18n/fr';
import { session } from '../../services/session';
import { getEngine } from '../../services/engine';
import { handleError, setErrorNavigation } from '../../services/errors';
import { NavBar } from './nav-bar';
import { TopBar } from './top-bar';
import { ToastsView } from './toasts-view';
import { UpdatePrompt } from './update-prompt';
import { NeedUpdateScreen } from './simple-screens';

const LOADER_STOP_MS = 300;

function useGlobalLoader(): boolean {
  const router = useRouter();
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = router.subscribe('onBeforeNavigate', () => {
      clearTimeout(timer);
      setLoading(true);
    });
    const stop = router.subscribe('onResolved', () => {
      timer = setTimeout(() => setLoading(false), LOADER_STOP_MS);
    });
    return () => {
      start();
      stop();
      clearTimeout(timer);
    };
  }, [router]);
  return loading;
}

function useSessionLife(): void {
  const router = useRouter();
  const { tokens, user } = useSnapshot(session.state);
  const signedIn = tokens !== null;
  const userId = user?.id ?? null;
  useEffect(() => setErrorNavigation((to) => void router.navigate({ to })), [router]);
  useEffect(() => {
    if (!signedIn || userId === null) return;
    const background = (error: unknown) => handleError(error, { background: true });
    // The user's store opens (its queued work resumes), then what the screens show is refreshed.
    void getEngine()
      .then(async (engine) => {
        await engine.attach(userId);
        if (!navigator.onLine) return;
        void engine.pullUser().catch(background);
        // Tunnels and lists a user will need without network, loaded now (see services/prefetch.ts).
        void import('../../services/prefetch').then((m) => m.prefetchAfterSignIn(engine, session.state.user?.roles ?? [])).catch(background);
        void session.loadUnreadCount().catch(background);
        void session.loadVersion().catch(background);
      })
      .catch(background);
    session.startTick(() => ({
      installed: window.matchMedia('(display-mode: standalone)').matches,
      notificationsAllowed: typeof Notification !== 'undefined' && Notification.permission === 'granted',
    }));
    // Ask the browser to keep our storage: the user's offline work lives there.
    void navigator.storage?.persist?.().catch(() => false);
    const sendNow = () => void getEngine().then((engine) => engine.flush());
    // Hidden or closing: grouped draft writes go to disk now (a phone may kill the page next).
    const flushDrafts = () => void getEngine().then((engine) => engine.flushDrafts());
    const onVisible = () => (document.visibilityState === 'visible' ? sendNow() : flushDrafts());
    window.addEventListener('pagehide', flushDrafts);
    window.addEventListener('online', sendNow);
    window.addEventListener('focus', sendNow);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      session.stopTick();
      window.removeEventListener('pagehide', flushDrafts);
      window.removeEventListener('online', sendNow);
      window.removeEventListener('focus', sendNow);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [signedIn, userId]);
  useEffect(() => {
    // Another tab signed in, refreshed the tokens or signed out: this one follows at once, and
    // never keeps the previous user's data on screen.
    const follow = () => {
      const change = session.adoptStored();
      if (change === 'other-user') window.location.replace('/');
      if (change === 'signed-in') void router.navigate({ to: '/', replace: true });
      if (change === 'signed-out') void router.navigate({ to: '/login', replace: true });
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SESSION_KEY && event.key !== null) return;
      if (session.storedChange() !== 'signed-out') return follow();
      // Signed out elsewhere: close this tab's store before its screens lose the session. Losing it
      // remounts the open screen outside the signed-in frame; with the store still open, its pulls
      // went out without a token (a 401 and a 'Déconnecté' toast) and the session mirror wrote
      // into the store the other tab had just wiped.
      void getEngine()
        .then((engine) => engine.detach())
        .catch((error: unknown) => console.warn('Fermeture des données locales incomplète', error))
        .then(follow);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [router]);
  useEffect(
    () =>
      subscribe(session.state, () => {
        if (session.state.expired && session.state.tokens) {
          handleError(new ApiFailure('http', 401, 'POST', 'api/token/refresh', fr.disconnectedText));
        }
      }),
    [],
  );
}

export function RootLayout() {
  const matches = useMatches();
  const meta = matches[matches.length - 1]?.staticData ?? {};
  const loading = useGlobalLoader();
  const { minVersionToUse } = useSnapshot(session.state);
  useSessionLife();
  const title = meta.title ?? fr.appName;
  useEffect(() => {
    document.title = title === fr.appName ? fr.appName : `${title} · ${fr.appShortName}`;
  }, [title]);

  if (minVersionToUse !== null && session.needsUpdate) return <NeedUpdateScreen />;
  const signedIn = session.signedIn;
  const showTop = signedIn && !meta.hideTopBar;
  const showNav = signedIn && !meta.hideNav;
  return (
    <div className={`app${showNav ? ' app--with-nav' : ''}`}>
      <a href="#main" className="skip-link">{fr.skipToContent}</a>
      <div className={`loader${loading ? ' loader--on' : ''}`} role="progressbar" aria-label={fr.loading} aria-hidden={!loading} />
      {showTop ? <TopBar title={title} /> : null}
      {showTop ? (
        <main id="main" className="main">
          <Outlet />
        </main>
      ) : (
        <Outlet />
      )}
      {showNav ? <NavBar variant={meta.nav ?? 'default'} /> : null}
      <ToastsView />
      <UpdatePrompt />
    </div>
  );
}
