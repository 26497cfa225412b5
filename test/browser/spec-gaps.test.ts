/**
 * Spec gaps of issue 14, each shown in the browser: the debriefing photo
 * error text, 'Code non valide' on the forgotten-password code step, /boarding
 * as a guest route, and the inbox loading its next page on scroll (page 30,
 * at least 3000 ms between loads).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startBrowserEnv, type BrowserEnv } from './harness';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

describe('spec gaps', () => {
  it('the debriefing photo error reads Merci de rajouter une image', async () => {
    const { id } = env.server.ctx.db
      .prepare(
        `SELECT ir.id FROM intervention_requests ir JOIN users u ON u.company_id = ir.provider_company_id WHERE u.email = 'prestataire@demo.fr' AND ir.place = 'in_progress' LIMIT 1`,
      )
      .get() as { id: number };
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'prestataire@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Karim' }).waitFor();
    await page.goto(`/requestsdetail/${id}`);
    await page.getByRole('tab', { name: 'CR', exact: true }).click();
    await page.getByLabel('Ajouter des photos').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('pas une image') });
    await page.getByText('notes.txt : Merci de rajouter une image').waitFor();
    await context.close();
  });

  it('a refused forgotten-password code reads Code non valide', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await page.goto('/forgotten_password');
    await page.getByLabel('E-mail').fill('gestionnaire@demo.fr');
    await page.getByRole('button', { name: 'Recevoir un code' }).click();
    await page.getByRole('textbox', { name: 'Code' }).fill('000000');
    await page.getByRole('button', { name: 'Vérifier le code' }).click();
    await page.getByText('Code non valide', { exact: true }).waitFor();
    await context.close();
  });

  it('/boarding sends a signed-in user home; the inbox loads its next page on scroll, 3 s at least after the first', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'gestionnaire@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Camille' }).waitFor();
    await page.goto('/boarding');
    await page.getByRole('heading', { name: 'Bonjour Camille' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await page.goto('/messaging');
    const rows = page.locator('.rows > li');
    await expect.poll(() => rows.count()).toBe(30);
    expect(await page.getByRole('button', { name: 'Afficher plus' }).count()).toBe(0);
    // Scrolled to the end until the next page shows: the offline pass may write the inbox's pages
    // meanwhile, and the row that was last can leave the first 30 (a detached row cannot be scrolled to).
    await expect
      .poll(
        async () => {
          await rows
            .last()
            .scrollIntoViewIfNeeded({ timeout: 1_000 })
            .catch(() => undefined);
          return rows.count();
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(30);
    const grewAt = await page.evaluate(() => performance.now());
    // When the screen asked for its first page, as the page's own resource timing saw it. The offline
    // briefcase's pass asks for the inbox's pages too, right after start, so the next page may already be
    // on the device: what the user sees is that it shows 3 s at least after the first, not sooner.
    const firstAt = await page.evaluate(
      () =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/api/message/user_messages?') && new URL(e.name).searchParams.get('page') === '1')
          .map((e) => e.startTime)[0]!,
    );
    expect(grewAt - firstAt).toBeGreaterThanOrEqual(2900);
    await context.close();
  });
});
