/**
 * Route guards and role-based navigation (spec part 1 §2 "Navigation bar",
 * "Home", part 2 §2.4), as pure functions of the route's access kind and the
 * user's roles, so that they are tested without a browser.
 */
import { roles as r } from '../../sync/rules';

export type Access = 'guest' | 'auth' | 'open';

export interface InternalTarget {
  to: string;
  search?: Record<string, string>;
}

/**
 * The roles each module's screens need (spec part 1 §6, part 2 §6), from the contract's table, so
 * that a route's gate, the nav, home and the server's 403 agree: a route declares its module
 * (route metadata `module`), a user with none of its roles is sent home before anything loads.
 */
export const MODULE_ROLES = {
  interventions: r.API_AREA_ROLES.interventions,
  /** The OS screens (dashboard, list, tunnel): the firm's staff and the owner admin, as the nav and home. */
  os: r.OS_ROLES,
  /** One OS's detail: every reader of the OS area (an owner user or a provider reaches one from a thread). */
  osDetail: r.API_AREA_ROLES.os,
  /** Agenda and messages: over interventions and OS. */
  messaging: r.API_AREA_ROLES.messaging,
  echopark: r.ECHOPARK_ROLES,
  visits: r.VISIT_ROLES,
} as const satisfies Record<string, readonly string[]>;
export type ModuleKey = keyof typeof MODULE_ROLES;

/** Whether roles open a module's screens. */
export const mayOpen = (module: ModuleKey, userRoles: readonly string[]): boolean => {
  const wanted: readonly string[] = MODULE_ROLES[module];
  return userRoles.some((role) => wanted.includes(role));
};

/** Where a guard sends a user; `forbidden`: the module is not theirs (said with a notice). */
export interface GuardTarget extends InternalTarget {
  forbidden?: true;
}

/**
 * Where to send a user, or null to let them in. `href` is the wanted path with its query; `module`
 * the route's module, checked against `userRoles` (null: not known yet, let in; the server decides).
 */
export function guardRedirect(access: Access, signedIn: boolean, href: string, module?: ModuleKey, userRoles?: readonly string[] | null): GuardTarget | null {
  if (access === 'guest' && signedIn) return { to: '/' };
  if (access === 'auth' && !signedIn) return { to: '/login', search: { redirect: href } };
  if (access === 'auth' && module && userRoles && !mayOpen(module, userRoles)) return { to: '/', forbidden: true };
  return null;
}

/**
 * The page to open after sign-in: the redirect query when it stays inside the
 * app (a path, never another site: no open redirect), else home.
 */
export function safeRedirect(target: string | undefined | null): InternalTarget {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return { to: '/' };
  const url = new URL(target, 'http://app.invalid');
  const search = Object.fromEntries(url.searchParams);
  return Object.keys(search).length > 0 ? { to: url.pathname, search } : { to: url.pathname };
}

export type NavVariant = 'default' | 'visit' | 'echopark';

export interface NavItem {
  key: string;
  label: string;
  to: string;
  search?: Record<string, string | number>;
  icon: 'home' | 'list' | 'os' | 'agenda' | 'chat' | 'dashboard' | 'visit';
  badge?: 'unread';
}

export function navItems(variant: NavVariant, userRoles: readonly string[]): NavItem[] {
  const home: NavItem = { key: 'home', label: 'Accueil', to: '/', icon: 'home' };
  if (variant === 'visit' && r.canUseVisits(userRoles)) {
    return [
      home,
      { key: 'visit-dashboard', label: 'Tableau de bord', to: '/dashboard-visites', icon: 'dashboard' },
      { key: 'visit-list', label: 'Visites', to: '/visites', icon: 'visit' },
    ];
  }
  if (variant === 'echopark' && r.canUseEchopark(userRoles)) {
    return [home, { key: 'echopark-list', label: 'Demandes', to: '/echopark-requests', icon: 'list' }];
  }
  const items: NavItem[] = [home];
  const interventions = r.canUseInterventions(userRoles);
  const os = r.canUseOs(userRoles);
  // No ?status= on the lists: each opens on the filter last chosen (spec part 1 §2, §4), 1 ('Toutes') the first time;
  // a status in the address would override it every time (dashboard cards still preset theirs).
  if (interventions) items.push({ key: 'requests', label: 'Interventions', to: '/requests', icon: 'list' });
  if (os) items.push({ key: 'requests-os', label: 'OS', to: '/requests-os', icon: 'os' });
  if (interventions || os) {
    items.push({ key: 'planning', label: 'Agenda', to: '/planning', icon: 'agenda' });
    items.push({ key: 'messaging', label: 'Messages', to: '/messaging', icon: 'chat', badge: 'unread' });
  }
  return items;
}

export interface HomeCard {
  key: 'echopark' | 'interventions' | 'os' | 'visits' | `ai-${number}`;
  to: string;
  external?: boolean;
}

/** The home grid: one card per module the user may open, then one per AI link. */
export function homeCards(userRoles: readonly string[], iaLinks: readonly { name: string; url: string }[]): HomeCard[] {
  const cards: HomeCard[] = [];
  if (r.canUseEchopark(userRoles)) cards.push({ key: 'echopark', to: '/echopark-requests' });
  if (r.canUseInterventions(userRoles)) cards.push({ key: 'interventions', to: '/dashboard' });
  if (r.canUseOs(userRoles)) cards.push({ key: 'os', to: '/dashboard-os' });
  if (r.canUseVisits(userRoles)) cards.push({ key: 'visits', to: '/dashboard-visites' });
  iaLinks.forEach((link, i) => cards.push({ key: `ai-${i}`, to: link.url, external: true }));
  return cards;
}
