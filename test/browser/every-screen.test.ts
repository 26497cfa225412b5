/**
 * Every screen of every demo role, opened directly in a fresh tab (only that
 * route's chunks and styles loaded): it shows its heading, nothing is wider
 * than the phone, and the console stays free of errors. Screenshots at phone
 * and desktop size land in test-results/screenshots/screen-<role>-<name>-*.png
 * for people to look at.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, followApiCalls, PHONE, refusedOffline, screenshots, signIn, startBrowserEnv, waitForServiceWorker, type BrowserEnv } from './harness';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const one = (sql: string) => (env.server.ctx.db.prepare(sql).get() as { id: number }).id;

interface Role {
  email: string;
  greeting: string;
  screens: () => [name: string, path: string][];
}

const ROLES: Record<string, Role> = {
  gestionnaire: {
    email: 'gestionnaire@demo.fr',
    greeting: 'Bonjour Camille',
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
  prestataire: {
    email: 'prestataire@demo.fr',
    greeting: 'Bonjour',
    screens: () => [
      ['home', '/'],
      ['dashboard', '/dashboard'],
      ['requests', '/requests'],
      ['request-detail', `/requestsdetail/${one(`SELECT id FROM intervention_requests WHERE place = 'planned' ORDER BY id LIMIT 1`)}`],
      ['planning', '/planning'],
      ['messaging', '/messaging'],
    ],
  },
  admin: {
    email: 'admin@demo.fr',
    greeting: 'Bonjour Nicolas',
    screens: () => [
      ['home', '/'],
      ['os-closed', `/requests-os-detail/${one(`SELECT id FROM work_validation_requests WHERE place = 'closed' ORDER BY id LIMIT 1`)}`],
      ['os-draft', `/requests-os-detail/${one(`SELECT id FROM work_validation_requests WHERE place = 'start' ORDER BY id LIMIT 1`)}`],
    ],
  },
  gt: {
    email: 'gt@demo.fr',
    greeting: 'Bonjour Antoine',
    screens: () => [
      ['dashboard-os', '/dashboard-os'],
      ['requests-os', '/requests-os'],
      ['requests-os-create', '/requests-os-create'],
      ['os-detail', `/requests-os-detail/${one(`SELECT id FROM work_validation_requests WHERE place = 'n1_signature' ORDER BY id LIMIT 1`)}`],
    ],
  },
  inspecteur: {
    email: 'inspecteur@demo.fr',
    greeting: 'Bonjour Julie',
    screens: () => [
      ['dashboard-visites', '/dashboard-visites'],
      ['visites', '/visites'],
      ['visite-detail', `/visite-detail/${one(`SELECT id FROM visits ORDER BY id LIMIT 1`)}`],
      ['visite-fiche', `/visite-fiche/${one(`SELECT id FROM visits ORDER BY id LIMIT 1`)}`],
      ['account', '/mon-compte'],
    ],
  },
  echopark: {
    email: 'echopark@demo.fr',
    greeting: 'Bonjour',
    screens: () => [
      ['echopark-requests', '/echopark-requests'],
      ['echopark-requests-new', '/echopark-requests-new'],
      ['echopark-request', `/echopark-request/${one(`SELECT id FROM echopark_requests ORDER BY id LIMIT 1`)}`],
    ],
  },
};

/** Console errors and uncaught exceptions of a page (a request the test cut is not the app's error). */
function watchErrors(page: Page, into: string[]): void {
  page.on('console', (m) => m.type() === 'error' && !refusedOffline(m) && into.push(m.text()));
  page.on('pageerror', (e) => into.push(e.message));
}

async function openDirectly(context: BrowserContext, path: string, errors: string[]): Promise<Page> {
  const page = await context.newPage();
  watchErrors(page, errors);
  const apiQuiet = followApiCalls(page);
  await page.goto(path);
  await page.locator('main h1, main h2, h1').first().waitFor();
  await apiQuiet(300);
  return page;
}

describe('every screen opened directly', () => {
  it('guest screens: each shows, fits the phone and logs no error', async () => {
    const context = await env.newContext();
    const problems: string[] = [];
    for (const path of ['/login', '/forgotten_password', '/forgotten_password_code', '/contact', '/boarding', '/first-connect-infos']) {
      const errors: string[] = [];
      const page = await openDirectly(context, path, errors);
      await page.setViewportSize(PHONE);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > PHONE.width) problems.push(`${path}: ${width} px wide at phone size`);
      await screenshots(page, `screen-guest${path.replace(/\//g, '-')}`);
      problems.push(...errors.map((e) => `${path}: ${e}`));
      await page.close();
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const [role, { email, greeting, screens }] of Object.entries(ROLES)) {
    it(`${role}: each screen shows, fits the phone and logs no error`, async () => {
      const context = await env.newContext();
      const first = await context.newPage();
      await signIn(first, email);
      await first.getByRole('heading', { name: new RegExp(`^${greeting}`) }).waitFor();
      await waitForServiceWorker(first);
      const problems: string[] = [];
      for (const [name, path] of screens()) {
        const errors: string[] = [];
        const page = await openDirectly(context, path, errors);
        await page.setViewportSize(PHONE);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > PHONE.width) problems.push(`${name}: ${width} px wide at phone size`);
        await screenshots(page, `screen-${role}-${name}`);
        await page.setViewportSize(DESKTOP);
        problems.push(...errors.map((e) => `${name}: ${e}`));
        await page.close();
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
