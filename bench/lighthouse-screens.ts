/**
 * Every signed-in screen of the demo roles for the Lighthouse bench: a role ×
 * screen matrix of what each role's nav and home open (the console-clean walk,
 * test/browser/walk.test.ts, goes through the same), where the inspector's visit screens are those of
 * a visit downloaded first (the detail of a visit not on the device is a
 * different, shorter screen). `LH_SCREENS=a,b` keeps the screens whose slug
 * (`<role>-<screen>`) contains one of the words or whose path is one: a run while
 * iterating audits a few screens, not forty.
 */
import type { Page } from 'playwright-core';
import type { BenchEnv } from './env';
import { openPath } from './lighthouse-browser';

export interface Screen {
  /** `<role>-<name>`, the report's file name. */
  slug: string;
  path: string;
}

export interface RoleScreens {
  role: string;
  email: string;
  /** The home greeting that says the sign-in is done. */
  greeting: RegExp;
  /** The role's screens; `prepare` runs first, signed in, and may return paths it found. */
  screens: (prepared: Record<string, string>) => [name: string, path: string][];
  prepare?: (page: Page) => Promise<Record<string, string>>;
}

/** The inspector's first visit still to download, downloaded: its detail and fiche come from the device. */
async function downloadOneVisit(page: Page): Promise<Record<string, string>> {
  await openPath(page, '/visites');
  // The row is found by its visit's name: once downloaded it has no 'Télécharger' button any more.
  const first = page
    .locator('.row-card')
    .filter({ has: page.getByRole('button', { name: 'Télécharger' }) })
    .first();
  await first.waitFor({ timeout: 60_000 });
  const name = (await first.locator('a[href^="/visite-detail/"]').first().textContent())!.trim();
  const row = page.locator('.row-card', { hasText: name }).first();
  await row.getByRole('button', { name: 'Télécharger' }).click();
  await row.getByRole('button', { name: 'Démarrer' }).waitFor({ timeout: 60_000 });
  const detail = (await row.locator('a[href^="/visite-detail/"]').first().getAttribute('href'))!;
  return { detail, fiche: detail.replace('/visite-detail/', '/visite-fiche/') };
}

export function roleScreens(env: BenchEnv): RoleScreens[] {
  const one = (sql: string) => (env.server.ctx.db.prepare(sql).get() as { id: number }).id;
  return [
    {
      role: 'gestionnaire',
      email: 'gestionnaire@demo.fr',
      greeting: /^Bonjour Camille/,
      screens: () => [
        ['home', '/'],
        ['account', '/mon-compte'],
        ['pending', '/envois-en-attente'],
        ['dashboard', '/dashboard'],
        ['dashboard-add', '/dashboard-add'],
        ['tenders', '/tenders'],
        ['reporting', '/reporting'],
        ['requests', '/requests'],
        ['requests-create', '/requests-create'],
        ['request-detail', `/requestsdetail/${one(`SELECT id FROM intervention_requests WHERE place = 'done' ORDER BY id LIMIT 1`)}`],
        ['planning', '/planning'],
        ['messaging', '/messaging'],
      ],
    },
    {
      role: 'prestataire',
      email: 'prestataire@demo.fr',
      greeting: /^Bonjour/,
      screens: () => [
        ['home', '/'],
        ['dashboard', '/dashboard'],
        ['requests', '/requests'],
        ['request-detail', `/requestsdetail/${one(`SELECT id FROM intervention_requests WHERE place = 'planned' ORDER BY id LIMIT 1`)}`],
        ['planning', '/planning'],
        ['messaging', '/messaging'],
      ],
    },
    {
      role: 'admin',
      email: 'admin@demo.fr',
      greeting: /^Bonjour Nicolas/,
      screens: () => [
        ['home', '/'],
        ['os-closed', `/requests-os-detail/${one(`SELECT id FROM work_validation_requests WHERE place = 'closed' ORDER BY id LIMIT 1`)}`],
        ['os-draft', `/requests-os-detail/${one(`SELECT id FROM work_validation_requests WHERE place = 'start' ORDER BY id LIMIT 1`)}`],
      ],
    },
    {
      role: 'gt',
      email: 'gt@demo.fr',
      greeting: /^Bonjour Antoine/,
      screens: () => [
        ['home', '/'],
        ['dashboard-os', '/dashboard-os'],
        ['requests-os', '/requests-os'],
        ['requests-os-create', '/requests-os-create'],
        ['os-detail', `/requests-os-detail/${one(`SELECT id FROM work_validation_requests WHERE place = 'n1_signature' ORDER BY id LIMIT 1`)}`],
      ],
    },
    {
      role: 'inspecteur',
      email: 'inspecteur@demo.fr',
      greeting: /^Bonjour Julie/,
      prepare: downloadOneVisit,
      screens: (visit) => [
        ['home', '/'],
        ['dashboard-visites', '/dashboard-visites'],
        ['visites', '/visites'],
        ['visite-detail', visit.detail!],
        ['visite-fiche', visit.fiche!],
        ['account', '/mon-compte'],
      ],
    },
    {
      role: 'echopark',
      email: 'echopark@demo.fr',
      greeting: /^Bonjour/,
      screens: () => [
        ['home', '/'],
        ['echopark-requests', '/echopark-requests'],
        ['echopark-requests-new', '/echopark-requests-new'],
        ['echopark-request', `/echopark-request/${one(`SELECT id FROM echopark_requests ORDER BY id LIMIT 1`)}`],
      ],
    },
  ];
}

/** The LH_SCREENS filter: no filter keeps everything. */
export function screenFilter(spec = process.env.LH_SCREENS): (slug: string, path: string) => boolean {
  const words = (spec ?? '')
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
  if (words.length === 0) return () => true;
  return (slug, path) => words.some((w) => slug.includes(w) || path === w);
}
