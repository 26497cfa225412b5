/**
 * The route tree: composes the feature screens, gives each route its
 * metadata and guard. History routing normally, hash routing under the file
 * protocol (spec part 2 §2.4).
 */
import {
  createHashHistory,
  createBrowserHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type RouteComponent,
} from '@tanstack/react-router';
import './route-meta';
import { guardRedirect, type Access, type ModuleKey, type NavVariant } from '../domain/access';
import { detailSearch, listSearch, loginSearch, osCreateSearch, visitListSearch, visitSearch } from '../domain/route-search';
import { session } from '../services/session';
import { showToast } from '../services/toasts';
import { fr } from '../i18n/fr';
import { guardTexts } from './guard-texts';
import { RootLayout } from './shell/root-layout';
import { drawnDeferred } from './deferred-screen';
import { NotFoundScreen, ScreenFailed } from './shell/simple-screens';
import { LoginPage } from '../features/auth/login-page';
import { ForgottenPasswordChangePage, ForgottenPasswordCodePage, ForgottenPasswordPage } from '../features/auth/forgotten-password-pages';
import { BoardingPage, FirstConnectPage } from '../features/auth/boarding-pages';
import { ContactPage } from '../features/auth/contact-page';

/** A screen's code that did not come, the network gone: said by ScreenFailed, with « Réessayer ». */
class ScreenNotLoaded extends Error {
  constructor(cause: unknown) {
    super("Le code de l'écran n'a pas pu être chargé hors ligne", { cause });
    this.name = 'ScreenNotLoaded';
  }
}

/**
 * A signed-in screen's code, on demand. On a failed chunk TanStack reloads the page once (a new
 * version may have replaced it); offline on a first visit, that reload would end on the browser's
 * own offline page, with no app left. Offline, the failure goes to ScreenFailed instead. Drawn in a
 * render of its own after the router's update (deferred-screen.tsx).
 */
function screen<T extends Record<string, unknown>, K extends keyof T & string>(importer: () => Promise<T>, name: K) {
  const Lazy = lazyRouteComponent(
    () =>
      importer().catch((error: unknown) => {
        throw navigator.onLine && session.state.reachable ? error : new ScreenNotLoaded(error);
      }),
    name,
  );
  return drawnDeferred(Lazy);
}

// Signed-in screens load on demand: the login screen only downloads what it needs.
const HomePage = screen(() => import('../features/home/home-page'), 'HomePage');
const AccountPage = screen(() => import('../features/account/account-page'), 'AccountPage');
const PendingPage = screen(() => import('../features/outbox/pending-page'), 'PendingPage');
const interventions = {
  dashboard: screen(() => import('../features/interventions/dashboard-pages'), 'InterventionDashboardPage'),
  add: screen(() => import('../features/interventions/dashboard-pages'), 'DashboardAddPage'),
  tenders: screen(() => import('../features/interventions/dashboard-pages'), 'TendersPage'),
  reporting: screen(() => import('../features/interventions/dashboard-pages'), 'ReportingPage'),
  list: screen(() => import('../features/interventions/list-page'), 'InterventionListPage'),
  create: screen(() => import('../features/interventions/create-page'), 'InterventionCreatePage'),
  detail: screen(() => import('../features/interventions/detail-page'), 'InterventionDetailPage'),
  messaging: screen(() => import('../features/interventions/feed-pages'), 'MessagingPage'),
  planning: screen(() => import('../features/interventions/feed-pages'), 'PlanningPage'),
};
const os = {
  dashboard: screen(() => import('../features/os/dashboard-page'), 'OsDashboardPage'),
  list: screen(() => import('../features/os/list-page'), 'OsListPage'),
  create: screen(() => import('../features/os/create-page'), 'OsCreatePage'),
  detail: screen(() => import('../features/os/detail-page'), 'OsDetailPage'),
};
const visits = {
  dashboard: screen(() => import('../features/visits/dashboard-page'), 'VisitDashboardPage'),
  list: screen(() => import('../features/visits/list-page'), 'VisitListPage'),
  detail: screen(() => import('../features/visits/detail-page'), 'VisitDetailPage'),
  fiche: screen(() => import('../features/visits/fiche-page'), 'VisitFichePage'),
};

const echopark = {
  list: screen(() => import('../features/echopark/list-page'), 'EchoparkListPage'),
  create: screen(() => import('../features/echopark/create-page'), 'EchoparkCreatePage'),
  detail: screen(() => import('../features/echopark/detail-page'), 'EchoparkDetailPage'),
};

const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundScreen });

interface PageOptions {
  title: string;
  access: Access;
  module?: ModuleKey;
  hideTopBar?: boolean;
  hideNav?: boolean;
  nav?: NavVariant;
}

/** The signed-in user's roles for a module's gate: as last known (kept across reloads), else asked once. */
async function userRoles(): Promise<readonly string[] | null> {
  const known = session.state.user?.roles;
  if (known) return known;
  if (!navigator.onLine) return null;
  return session.loadUser().then(
    (user) => user.roles,
    () => null,
  );
}

/**
 * Runs before the route's screen loads: a guest is sent to /login, a signed-in user to home from a
 * guest route, and from a module their roles do not open, with a notice, before any of its code or
 * requests (the server would answer 403).
 */
const guard =
  ({ access, module }: PageOptions) =>
  async ({ location }: { location: { href: string } }) => {
    const roles = module && session.signedIn ? await userRoles() : null;
    const target = guardRedirect(access, session.signedIn, location.href, module, roles);
    if (!target) return;
    if (target.forbidden) showToast({ title: fr.forbiddenTitle, text: guardTexts.moduleForbidden, tone: 'error' });
    throw redirect({ to: target.to, ...(target.search ? { search: target.search } : {}), replace: true });
  };

/** A screen under the root: its path (typed: links and params are checked), metadata and guard. */
function page<TPath extends string>(path: TPath, component: RouteComponent, options: PageOptions) {
  return createRoute({ getParentRoute: () => rootRoute, path, component, staticData: options, beforeLoad: guard(options) });
}

/** The same with the query parameters it accepts (src/domain/route-search.ts): screens read them typed. */
function pageWithSearch<TPath extends string, TSearch>(
  path: TPath,
  component: RouteComponent,
  options: PageOptions,
  validateSearch: (search: Record<string, unknown>) => TSearch,
) {
  return createRoute({ getParentRoute: () => rootRoute, path, component, staticData: options, beforeLoad: guard(options), validateSearch });
}

const guest = { access: 'guest', hideTopBar: true, hideNav: true } as const;
const auth = { access: 'auth' } as const;
/** A module's screens: signed-in users whose roles open it. */
const of = (module: ModuleKey) => ({ access: 'auth', module }) as const;

const routes = [
  pageWithSearch('/login', LoginPage, { title: fr.loginTitle, ...guest }, loginSearch),
  page('/forgotten_password', ForgottenPasswordPage, { title: fr.forgottenTitle, ...guest }),
  page('/forgotten_password_code', ForgottenPasswordCodePage, { title: fr.codeTitle, ...guest }),
  page('/forgotten_password_change', ForgottenPasswordChangePage, { title: fr.changeTitle, ...guest }),
  page('/contact', ContactPage, { title: fr.contactTitle, ...guest }),
  page('/boarding', BoardingPage, { title: fr.appName, ...guest }),
  page('/first-connect-infos', FirstConnectPage, { title: fr.firstConnectTitle, ...guest }),
  page('/', HomePage, { title: fr.home, ...auth }),
  page('/mon-compte', AccountPage, { title: fr.accountTitle, ...auth }),
  page('/envois-en-attente', PendingPage, { title: 'Envois en attente', ...auth }),
  page('/dashboard', interventions.dashboard, { title: fr.cardInterventions, ...of('interventions') }),
  page('/dashboard-add', interventions.add, { title: 'Nouvelle demande', ...of('interventions') }),
  page('/tenders', interventions.tenders, { title: 'Appels d’offres', ...of('interventions') }),
  page('/reporting', interventions.reporting, { title: 'Reporting', ...of('interventions') }),
  pageWithSearch('/requests', interventions.list, { title: fr.interventions, ...of('interventions') }, listSearch),
  page('/requests-create', interventions.create, { title: 'Nouvelle intervention', ...of('interventions'), hideNav: true }),
  pageWithSearch('/requestsdetail/$id', interventions.detail, { title: 'Intervention', ...of('interventions') }, detailSearch),
  page('/planning', interventions.planning, { title: fr.agenda, ...of('messaging') }),
  page('/messaging', interventions.messaging, { title: fr.conversations, ...of('messaging') }),
  page('/dashboard-os', os.dashboard, { title: fr.cardOs, ...of('os') }),
  pageWithSearch('/requests-os', os.list, { title: fr.cardOs, ...of('os') }, listSearch),
  pageWithSearch('/requests-os-create', os.create, { title: 'Nouvelle demande d’OS', ...of('os'), hideNav: true }, osCreateSearch),
  pageWithSearch('/requests-os-detail/$id', os.detail, { title: 'Ordre de service', ...of('osDetail') }, detailSearch),
  // Visit screens: top bar and general nav hidden, the visit nav bar shown (spec part 2 §2.2).
  page('/dashboard-visites', visits.dashboard, { title: fr.cardVisits, ...of('visits'), hideTopBar: true, nav: 'visit' }),
  pageWithSearch('/visites', visits.list, { title: 'Liste des visites', ...of('visits'), hideTopBar: true, nav: 'visit' }, visitListSearch),
  pageWithSearch('/visite-detail/$id', visits.detail, { title: 'Visite', ...of('visits'), hideTopBar: true, nav: 'visit' }, visitSearch),
  pageWithSearch('/visite-fiche/$id', visits.fiche, { title: 'Fiche de visite', ...of('visits'), hideTopBar: true, nav: 'visit' }, visitSearch),
  page('/echopark-requests', echopark.list, { title: fr.cardEchopark, ...of('echopark'), nav: 'echopark' }),
  page('/echopark-requests-new', echopark.create, { title: 'Nouvelle demande echopark', ...of('echopark'), nav: 'echopark' }),
  page('/echopark-request/$id', echopark.detail, { title: 'Demande echopark', ...of('echopark'), nav: 'echopark' }),
] as const;

const routeTree = rootRoute.addChildren(routes);

export function createAppRouter() {
  const history = typeof location !== 'undefined' && location.protocol === 'file:' ? createHashHistory() : createBrowserHistory();
  return createRouter({ routeTree, history, defaultPreload: false, scrollRestoration: true, defaultErrorComponent: ScreenFailed });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
