/**
 * The console-clean walk: every demo role, with two tabs open, opens every signed-in screen it can
 * reach in both tabs at once. Tab A moves inside the running app as its links do; tab B starts the
 * app afresh on the screen (only that route's chunks and styles loaded), where the screen must
 * also fit the phone (nothing wider than 390 px). The test fails on any uncaught error or console
 * error in either tab. Tab B's screens are photographed at phone and desktop size for people to
 * look at: test-results/screenshots/screen-<role>-<name>-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { followApiCalls, PHONE, screenshots, startBrowserEnv, type BrowserEnv } from './harness';
import { twoTabs, where } from './two-tabs';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

interface Screen {
  /** Its name in the screenshots' file names. */
  name: string;
  /** The address, or how to find it from tab A on the previous screen (a detail from its list). */
  path: string | ((page: Page) => Promise<string | null>);
  /** A meaningful element that says the screen is there (any visible match). */
  ready: (page: Page) => Locator;
}

/** The first link matching `selector` on tab A's current screen (null when the list is empty). */
const firstLink = (selector: string) => async (page: Page) => {
  const link = page.locator(selector).first();
  return (await link.count()) > 0 ? link.getAttribute('href') : null;
};
/** A list or its empty state, once loaded. */
const listed = (card: string) => (page: Page) => page.locator(`${card}, .empty`);
const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name });
const text = (value: string | RegExp) => (page: Page) => page.getByText(value);

const common = (greeting: string): Screen[] => [
  { name: 'home', path: '/', ready: heading(greeting) },
  { name: 'account', path: '/mon-compte', ready: (page) => page.getByLabel('Prénom') },
  { name: 'pending', path: '/envois-en-attente', ready: text('Tout est envoyé.') },
];
const managerInterventions: Screen[] = [
  { name: 'dashboard', path: '/dashboard', ready: heading('Mes demandes d’intervention') },
  { name: 'requests', path: '/requests?status=1', ready: listed('.ir-card') },
  { name: 'request-detail', path: firstLink('a.ir-card'), ready: (page) => page.getByRole('tab', { name: 'Messages' }) },
  { name: 'requests-create', path: '/requests-create', ready: text('Étape 1 sur 6') },
  { name: 'dashboard-add', path: '/dashboard-add', ready: heading('Nouvelle demande') },
  { name: 'tenders', path: '/tenders', ready: text('Aucun appel d’offres en cours.') },
  { name: 'reporting', path: '/reporting', ready: text('Interventions par mois') },
];
const providerInterventions: Screen[] = [
  { name: 'dashboard', path: '/dashboard', ready: heading('Mes interventions') },
  { name: 'requests', path: '/requests?status=1', ready: listed('.ir-card') },
  { name: 'request-detail', path: firstLink('a.ir-card'), ready: (page) => page.getByRole('tab', { name: 'Messages' }) },
];
const feeds: Screen[] = [
  { name: 'planning', path: '/planning', ready: listed('.row-card') },
  { name: 'messaging', path: '/messaging', ready: listed('.row-card') },
];
const osScreens: Screen[] = [
  { name: 'dashboard-os', path: '/dashboard-os', ready: heading('Ordres de service') },
  // The tunnel, for the roles the dashboard offers it to.
  { name: 'requests-os-create', path: firstLink('a[href="/requests-os-create"]'), ready: (page) => page.locator('h1.os-tunnel__step') },
  { name: 'requests-os', path: '/requests-os?status=1', ready: listed('.os-card') },
  { name: 'os-detail', path: firstLink('a.os-card'), ready: heading(/^N° /) },
];
const visitScreens: Screen[] = [
  { name: 'dashboard-visites', path: '/dashboard-visites', ready: heading('Tableau de bord des visites') },
  { name: 'visites', path: '/visites', ready: heading('Liste des visites') },
  {
    name: 'visite-detail',
    // A visit opens once downloaded: download the first one offered, then open it.
    path: async (page) => {
      const offered = page.locator('.row-card', { has: page.getByRole('button', { name: 'Télécharger' }) }).first();
      if ((await offered.count()) === 0) return null;
      const href = await offered.locator('a.visit-name').getAttribute('href');
      // Once downloaded, the link gains ?data=true (spec part 2 §2): the row is found by the start of it.
      const row = page.locator('.row-card', { has: page.locator(`a[href^="${href}"]`) });
      await row.getByRole('button', { name: 'Télécharger' }).click();
      await row.getByRole('button', { name: 'Démarrer' }).waitFor({ timeout: 20_000 });
      return await row.locator('a.visit-name').getAttribute('href');
    },
    ready: (page) => page.getByRole('toolbar', { name: 'Outils de la visite' }),
  },
  // The sheet of the visit just opened (none when the role had no visit to download: admin).
  {
    name: 'visite-fiche',
    path: async (page) => (where(page).startsWith('/visite-detail/') ? where(page).replace('/visite-detail/', '/visite-fiche/') : null),
    ready: (page) => page.locator('.fiche-form'),
  },
];
const echoparkScreens: Screen[] = [
  { name: 'echopark-requests', path: '/echopark-requests', ready: listed('.ep-card') },
  { name: 'echopark-request', path: firstLink('a.ep-card'), ready: heading(/^Demande EP-/) },
  { name: 'echopark-requests-new', path: '/echopark-requests-new', ready: text(/Étape 1 sur/) },
];

/** `photographed`: tab B's screens are photographed (the roles whose screens differ). */
const ROLES: { email: string; greeting: string; screens: Screen[]; photographed: boolean }[] = [
  { email: 'gestionnaire@demo.fr', greeting: 'Bonjour Camille', screens: [...managerInterventions, ...feeds, ...osScreens], photographed: true },
  { email: 'prestataire@demo.fr', greeting: 'Bonjour Karim', screens: [...providerInterventions, ...feeds], photographed: true },
  { email: 'inspecteur@demo.fr', greeting: 'Bonjour Julie', screens: visitScreens, photographed: true },
  { email: 'echopark@demo.fr', greeting: 'Bonjour Sophie', screens: echoparkScreens, photographed: true },
  {
    email: 'admin@demo.fr',
    greeting: 'Bonjour Nicolas',
    screens: [...managerInterventions, ...feeds, ...osScreens, ...visitScreens, ...echoparkScreens],
    photographed: false,
  },
  ...(['gt:Antoine', 'gl:Léa', 'at:Hugo', 'dp:Claire', 'dt:Olivier'] as const).map((entry) => {
    const [role, name] = entry.split(':') as [string, string];
    return { email: `${role}@demo.fr`, greeting: `Bonjour ${name}`, screens: [...osScreens, ...feeds], photographed: role === 'gt' };
  }),
];

/**
 * Opens one address in a tab and waits for its meaningful element, then for its API calls to end.
 * 'inside' moves within the running app as its links do (history entry, then popstate for the
 * router), so a screen's unmount runs too; 'load' starts the app afresh on the address.
 */
async function open(page: Page, path: string, ready: Screen['ready'], apiQuiet: () => Promise<void>, how: 'inside' | 'load'): Promise<void> {
  if (how === 'load') await page.goto(path);
  else {
    const before = await page.evaluate((to) => {
      const title = document.title;
      if (location.pathname + location.search === to) return null;
      // The screen's root element is marked: the next screen's is another element.
      const root = document.querySelector('main.main > *');
      root?.setAttribute('data-walk-left', '');
      const state = { ...(history.state as object | null), __TSR_index: ((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1 };
      history.pushState(state, '', to);
      dispatchEvent(new PopStateEvent('popstate', { state }));
      return { title, marked: root !== null };
    }, path);
    // The shell titles the new screen once it is rendered, so the previous screen's elements never
    // pass for the new one's; two screens sharing a title (/dashboard and /requests) differ by their
    // root element, which the next screen replaces. (The title alone let such a pair wait 3 s for nothing.)
    if (before !== null)
      await page
        .waitForFunction(({ title, marked }) => document.title !== title || (marked && !document.querySelector('[data-walk-left]')), before, { timeout: 3_000 })
        .catch(() => undefined);
  }
  await ready(page)
    .filter({ visible: true })
    .first()
    .waitFor({ timeout: 8_000 })
    .catch(async (error: Error) => {
      const shown = (
        await page
          .locator('body')
          .innerText()
          .catch(() => '')
      )
        .replace(/\s+/g, ' ')
        .slice(0, 600);
      throw new Error(`${where(page)} (${how}) never showed its element: ${error.message.split('\n')[0]}\nOn screen: ${shown}`);
    });
  // Errors come when the screen's pulls answer.
  await apiQuiet();
}

describe('console-clean walk', () => {
  // WALK_ONLY=admin@demo.fr replays one role's walk.
  for (const role of ROLES.filter((r) => !process.env.WALK_ONLY || r.email === process.env.WALK_ONLY)) {
    it(`${role.email}: every signed-in screen, with two tabs open, shows, fits the phone and logs no error in either tab`, async () => {
      const started = Date.now();
      const skipped: string[] = [];
      const tabs = await twoTabs(env, role.email, role.greeting);
      const calls = { a: followApiCalls(tabs.a), b: followApiCalls(tabs.b) };
      for (const screen of [...common(role.greeting), ...role.screens]) {
        const path = typeof screen.path === 'string' ? screen.path : await screen.path(tabs.a);
        if (path === null) {
          skipped.push(`after ${where(tabs.a)} (nothing to open)`);
          continue;
        }
        // Both tabs on the same screen at once (their pulls write the same documents): A moves
        // inside the app, B starts it on the screen.
        // A screen that never shows is reported with the others, and the walk goes on.
        const shown = await Promise.allSettled([open(tabs.a, path, screen.ready, calls.a, 'inside'), open(tabs.b, path, screen.ready, calls.b, 'load')]);
        for (const [i, result] of shown.entries()) if (result.status === 'rejected') tabs.errors.push(`[${i === 0 ? 'A' : 'B'}] ${String(result.reason)}`);
        if (shown[1].status === 'rejected') continue;
        const width = await tabs.b.evaluate(() => document.documentElement.scrollWidth);
        if (width > PHONE.width) tabs.errors.push(`[B ${where(tabs.b)}] ${width} px wide at phone size`);
        if (role.photographed) await screenshots(tabs.b, `screen-${role.email.split('@')[0]}-${screen.name}`);
      }
      await tabs.context.close();
      console.info(`${role.email}: ${((Date.now() - started) / 1000).toFixed(1)} s${skipped.length ? `; nothing to open ${skipped.join(', ')}` : ''}`);
      expect(tabs.errors, tabs.errors.join('\n\n')).toEqual([]);
    });
  }
});
