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

/** Where to send a user, or null to let them in. `href` is the wanted path with its query. */
export function guardRedirect(access: Access, signedIn: boolean, href: string): InternalTarget | null {
  if (access === 'guest' && signedIn) return { to: '/' };
  if (access === 'auth' && !signedIn) return { to: '/login', search: { redirect: href } };
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
  if (interventions) items.push({ key: 'requests', label: 'Interventions', to: '/requests', search: { status: 1 }, icon: 'list' });
  if (os) items.push({ key: 'requests-os', label: 'OS', to: '/requests-os', search: { status: 1 }, icon: 'os' });
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
