/**
 * Role gates from the route metadata (issue 23): a signed-in user following a
 * link to a module their roles do not open lands on home with the notice «
 * Vous n'avez pas accès à ce module. », before any of the module's requests
 * (the server would answer 403) and with no console error. The cases:
 * an echopark member to the OS list and dashboard, an inspector to the agenda
 * and the intervention list, a provider to the echopark list (where they got «
 * Nouvelle demande ») and the visits dashboard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiAreaOf, type ApiArea } from '../../sync/contract/roles';
import { screenshots, signIn, startBrowserEnv, type BrowserEnv } from './harness';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const NOTICE = "Vous n'avez pas accès à ce module.";

interface Watched {
  page: Page;
  /** API paths requested, with their answer's status. */
  calls: { path: string; status: number }[];
  errors: string[];
}

/** Signed in in a fresh profile; every API call and console error recorded (none filtered). */
async function signedIn(email: string, greeting: string): Promise<Watched> {
  const context = await env.newContext();
  const page = await context.newPage();
  const calls: Watched['calls'] = [];
  const errors: string[] = [];
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/')) calls.push({ path, status: r.status() });
  });
  page.on('console', (m) => m.type() === 'error' && errors.push(`${m.text()} @ ${m.location().url}`));
  page.on('pageerror', (e) => errors.push(String(e)));
  await signIn(page, email);
  await page.getByRole('heading', { name: greeting }).waitFor();
  return { page, calls, errors };
}

/** Follows a link to `path` (a fresh load, as from a mail or a bookmark): home, the notice, nothing asked of `area`. */
async function refused(w: Watched, path: string, area: ApiArea, greeting: string, shot: string): Promise<void> {
  const before = w.calls.length;
  await w.page.goto(path);
  await w.page.waitForURL((url) => url.pathname === '/');
  await w.page.getByText(NOTICE).waitFor();
  await w.page.getByRole('heading', { name: greeting }).waitFor();
  // The session's own refreshes after the load (user, unread count, prefetch) have come back.
  await w.page.waitForLoadState('networkidle');
  await screenshots(w.page, shot);
  const made = w.calls.slice(before);
  expect(
    made.filter((c) => apiAreaOf(c.path, 'firm') === area),
    `${path}: requests of the ${area} area`,
  ).toEqual([]);
  expect(
    made.filter((c) => c.status === 403),
    `${path}: refused requests`,
  ).toEqual([]);
}

describe('role gates', () => {
  it('an echopark member sent to /requests-os or /dashboard-os lands on home with the notice; no OS request, no console error', async () => {
    const w = await signedIn('echopark@demo.fr', 'Bonjour Sophie');
    await refused(w, '/requests-os?status=1', 'os', 'Bonjour Sophie', 'role-gate-echopark-os-list');
    await refused(w, '/dashboard-os', 'os', 'Bonjour Sophie', 'role-gate-echopark-os-dashboard');
    expect(w.errors).toEqual([]);
  });

  it('loads ahead, while the page is idle, the code of the screens an inspector may open, none of the modules they may not', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname.split('/').pop()!));
    await signIn(page, 'inspecteur@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Julie' }).waitFor();
    // The visit's fiche and the visit list, before any visit screen is opened: a first open offline waits for no code.
    await expect.poll(() => ['fiche-page-', 'list-page-'].every((name) => scripts.some((s) => s.startsWith(name))), { timeout: 20_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    // Interventions' dashboards and agenda, OS and echopark creation are not the inspector's.
    expect(scripts.filter((s) => /^(dashboard-pages|feed-pages|create-page)-/.test(s))).toEqual([]);
    expect(page.url()).toBe(`${env.baseUrl}/`);
    await context.close();
  });

  it('an inspector sent to /planning or /requests lands on home with the notice; no request of those modules, no console error', async () => {
    const w = await signedIn('inspecteur@demo.fr', 'Bonjour Julie');
    await refused(w, '/planning', 'messaging', 'Bonjour Julie', 'role-gate-inspector-planning');
    await refused(w, '/requests', 'interventions', 'Bonjour Julie', 'role-gate-inspector-requests');
    expect(w.errors).toEqual([]);
  });

  it('a provider sent to /echopark-requests or /dashboard-visites lands on home with the notice, never « Nouvelle demande » of echopark; no console error', async () => {
    const w = await signedIn('prestataire@demo.fr', 'Bonjour');
    await refused(w, '/echopark-requests', 'echopark', 'Bonjour', 'role-gate-provider-echopark');
    expect(await w.page.getByRole('link', { name: 'Nouvelle demande', exact: true }).count()).toBe(0);
    await refused(w, '/dashboard-visites', 'visits', 'Bonjour', 'role-gate-provider-visits');
    expect(w.errors).toEqual([]);
  });
});
