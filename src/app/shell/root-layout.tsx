/**
 * The frame around every screen: skip link, global loader, top bar and nav
 * bar as the route's metadata asks, the version gate (the need-update screen
 * in place of the bars and the screen: the session's life and the update
 * prompt keep running under it), toasts, the update prompt, the session's life
 * (session-life.ts), the other tabs' sign-in and sign-out (other-tabs.ts), and the
 * offline briefcase's first-pass indicator (briefcase-progress.tsx).
 */
import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { Outlet, useMatches } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { fr } from '../../i18n/fr';
import { session } from '../../services/session';
import { NavigationLoader } from './navigation-loader';
import { useOtherTabs } from './other-tabs';
import { ToastsView } from './toasts-view';
import { NeedUpdateNotice } from './simple-screens';
import { lazyRetried, untilLoaded } from './lazy-retried';

// What the login screen does not need loads on demand (issue 14's budget). The bars exist only
// for a signed-in user; while their chunk loads (in parallel with the screen's own), an empty bar
// of the same size holds the place. The signed-in session's life comes with them. The update
// prompt (and the service worker's registration, with workbox-window) comes once the first
// screen is up.
// A piece whose chunk could not come (the network went on a first visit) waits and is fetched again (lazy-retried.ts).
// The bars' loaders retry themselves: the early load below and the lazy components share them.
const topBar = () => untilLoaded(() => import('./top-bar'));
const navBar = () => untilLoaded(() => import('./nav-bar'));
// The screen and the bars are not drawn again with the layout while what they show is the same (the
// same outlet element, bars memoized on their props): at each page load the router's last update is a
// synchronous one (useSyncExternalStore) that drew the whole tree again through the layout (issue 22).
// Each follows its own state itself.
const TopBar = memo(lazy(() => topBar().then((m) => ({ default: m.TopBar }))));
const NavBar = memo(lazy(() => navBar().then((m) => ({ default: m.NavBar }))));
const outlet = <Outlet />;
const SessionLife = lazyRetried(() => import('./session-life'), 'SessionLife');
const UpdatePrompt = lazyRetried(() => import('./update-prompt'), 'UpdatePrompt');
const BriefcaseProgress = lazyRetried(() => import('./briefcase-progress'), 'BriefcaseProgress');
const NeedUpdateScreen = lazyRetried(() => import('./need-update-screen'), 'NeedUpdateScreen');

/** False until the first screen has been painted. */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setPainted(true));
    // A hidden tab gets no frames: it registers its service worker all the same.
    const timer = setTimeout(() => setPainted(true), 500);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

export function RootLayout() {
  // Two values that change only when the screen does: the layout (and the bars under it) is not
  // drawn again at each step of a navigation the router records in its matches (issue 22).
  const meta = useMatches({ select: (matches) => matches[matches.length - 1]?.staticData }) ?? {};
  const currentShown = useMatches({ select: (matches) => matches[matches.length - 1]?.status === 'success' });
  const { minVersionToUse, tokens, expired } = useSnapshot(session.state);
  useOtherTabs();
  // While tokens are held (expired or not, see session-life.ts), as session.signedIn says.
  const hasTokens = tokens !== null;
  const signedIn = hasTokens && !expired;
  const painted = usePainted();
  useEffect(() => {
    // Signed in (the login just succeeded, or a reload): the bars load with the first screen.
    if (signedIn) void Promise.all([topBar(), navBar()]);
  }, [signedIn]);
  const title = meta.title ?? fr.appName;
  useEffect(() => {
    document.title = title === fr.appName ? fr.appName : `${title} · ${fr.appShortName}`;
  }, [title]);

  const needsUpdate = minVersionToUse !== null && session.needsUpdate;
  const showTop = signedIn && !meta.hideTopBar && !needsUpdate;
  const showNav = signedIn && !meta.hideNav && !needsUpdate;
  return (
    <div className={`app${showNav ? ' app--with-nav' : ''}`}>
      <a href="#main" className="skip-link">
        {fr.skipToContent}
      </a>
      <NavigationLoader />
      {needsUpdate ? (
        <Suspense fallback={<NeedUpdateNotice />}>
          <NeedUpdateScreen signedIn={signedIn} />
        </Suspense>
      ) : (
        <>
          {showTop ? (
            <Suspense fallback={<div className="topbar" aria-hidden="true" />}>
              <TopBar title={title} />
            </Suspense>
          ) : null}
          {showTop ? (
            <main id="main" className="main">
              {outlet}
            </main>
          ) : (
            outlet
          )}
          {showNav ? (
            <Suspense fallback={<div className="navbar" aria-hidden="true" />}>
              <NavBar variant={meta.nav ?? 'default'} />
            </Suspense>
          ) : null}
        </>
      )}
      {/* No top bar (guest and visit screens): toasts start at the screen's top, not below a bar that is not there. */}
      <ToastsView belowTopBar={showTop} />
      <Suspense fallback={null}>
        {hasTokens ? <SessionLife screenShown={needsUpdate || (currentShown && meta.access !== 'guest')} /> : null}
        {painted ? <UpdatePrompt /> : null}
        {painted && showTop ? <BriefcaseProgress /> : null}
      </Suspense>
    </div>
  );
}
