/**
 * A detail that does not exist on the server (spec part 2 §8.1, issue 23):
 * opened online, an intervention, an OS or an echopark request the server
 * has not got says 'Page introuvable' and goes back — to the module's list
 * when opened directly, to the page before when reached inside the app (an OS
 * deleted on the server while its card was cached) — never « pas disponible
 * sur cet appareil », which is said only offline. No console error but the
 * browser's own line for the 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleMessage, Page } from 'playwright-core';
import { refusedOffline, signIn, screenshots, startBrowserEnv, waitForServiceWorker, type BrowserEnv } from './harness';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const db = () => env.server.ctx.db;
const MISSING = 999_999;
const NOT_ON_DEVICE = 'Cette demande n’est pas disponible sur cet appareil.';

/** Signed in; console errors kept, but the browser's line for a 404 of a missing object's API path and requests cut offline. */
async function signedIn(email: string, greeting: string, missing: readonly number[]): Promise<{ page: Page; errors: string[] }> {
  const context = await env.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  const expected = (m: ConsoleMessage) =>
    refusedOffline(m) || (m.text().includes('404') && missing.some((id) => m.location().url.includes(`/api/`) && m.location().url.includes(`/${id}`)));
  page.on('console', (m) => m.type() === 'error' && !expected(m) && errors.push(`${m.text()} @ ${m.location().url}`));
  page.on('pageerror', (e) => errors.push(String(e)));
  await signIn(page, email);
  await page.getByRole('heading', { name: greeting }).waitFor();
  return { page, errors };
}

/** Opens `path` directly online: 'Page introuvable', then the module's list; the not-on-device text never shows. */
async function openedMissing(page: Page, path: string, list: RegExp, shot: string): Promise<void> {
  let notOnDevice = false;
  const watch = setInterval(
    () =>
      void page
        .getByText(NOT_ON_DEVICE)
        .count()
        .then(
          (n) => (notOnDevice ||= n > 0),
          () => undefined,
        ),
    50,
  );
  try {
    await page.goto(path);
    await page.getByText('Page introuvable').waitFor();
    await page.waitForURL(list);
    await screenshots(page, shot);
  } finally {
    clearInterval(watch);
  }
  expect(await page.getByText("Cette page n'existe pas ou plus.").count()).toBe(1);
  expect(notOnDevice, `${path}: « pas disponible sur cet appareil » while online`).toBe(false);
}

describe('a detail the server has not got', () => {
  it('an intervention and an OS opened online by a link: Page introuvable, then their list; offline: not on this device', async () => {
    const { page, errors } = await signedIn('gestionnaire@demo.fr', 'Bonjour Camille', [MISSING]);
    await waitForServiceWorker(page);
    await openedMissing(page, `/requestsdetail/${MISSING}`, /\/requests(\?|$)/, 'not-found-intervention');
    await openedMissing(page, `/requests-os-detail/${MISSING}`, /\/requests-os(\?|$)/, 'not-found-os');

    // Offline the server cannot be asked: the detail says it is not on this device, and stays.
    await page.context().setOffline(true);
    await page.goto(`/requestsdetail/${MISSING}`);
    await page.getByText(NOT_ON_DEVICE).waitFor();
    expect(await page.getByText('Page introuvable').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/requestsdetail/${MISSING}`);
    await screenshots(page, 'not-on-device-offline');
    await page.context().setOffline(false);
    expect(errors).toEqual([]);
  });

  it('an OS deleted on the server, opened from its cached card: Page introuvable and back to the list', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'gestionnaire@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Camille' }).waitFor();
    // The offline data's first pass over: otherwise it may ask for this OS after the deletion and
    // remove its card (or the shown detail) itself, before the click.
    await page.goto('/mon-compte');
    await page.getByText(/^Dernière mise à jour complète :/).waitFor({ timeout: 90_000 });
    await page.goto('/requests-os?status=1');
    const first = page.locator('a.os-card').first();
    await first.waitFor();
    const id = Number((await first.getAttribute('href'))!.split('/').at(-1));
    const errors: string[] = [];
    page.on(
      'console',
      (m) => m.type() === 'error' && !(m.text().includes('404') && m.location().url.includes(`/api/work_validation_requests/${id}`)) && errors.push(m.text()),
    );
    page.on('pageerror', (e) => errors.push(String(e)));
    const card = page.locator(`a[href="/requests-os-detail/${id}"]`);
    db().prepare(`DELETE FROM work_validation_requests WHERE id = ?`).run(id);
    await card.click();
    await page.getByText('Page introuvable').waitFor();
    await page.waitForURL(/\/requests-os\?status=1$/);
    await expect.poll(() => card.count()).toBe(0);
    expect(await page.getByText(NOT_ON_DEVICE).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('an echopark request opened online by a link: Page introuvable, then the list', async () => {
    const { page, errors } = await signedIn('echopark@demo.fr', 'Bonjour Sophie', [MISSING]);
    await openedMissing(page, `/echopark-request/${MISSING}`, /\/echopark-requests$/, 'not-found-echopark');
    expect(errors).toEqual([]);
  });
});
