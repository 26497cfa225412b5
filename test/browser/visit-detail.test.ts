/**
 * The visit detail on its own (issue 14's gaps): opened before its download,
 * it shows the visit from the list and offers its own download (with its
 * percent) and start; once started, what is typed is saved when the inspector
 * leaves by the nav bar or by the browser's back button, long before the 30 s
 * autosave, because the draft lives in the engine and not in the screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshots, signIn, startBrowserEnv, type BrowserEnv } from './harness';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const db = () => env.server.ctx.db;
const visitId = (name: string) => (db().prepare(`SELECT id FROM visits WHERE name = ?`).get(name) as { id: number }).id;
const serverData = (id: number) => (db().prepare(`SELECT data FROM visit_data WHERE visit_id = ?`).get(id) as { data: string } | undefined)?.data ?? '';

describe('visit detail', () => {
  it('downloads and starts from its own screen, and saves on leaving by the nav bar and by browser back', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'inspecteur@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Julie' }).waitFor();
    await page.goto('/visites');
    await page.getByRole('link', { name: 'Visite annuelle des parties communes' }).waitFor();
    const id = visitId('Visite annuelle des parties communes');
    await page.goto(`/visite-detail/${id}`);
    await page.getByRole('heading', { name: 'Visite annuelle des parties communes' }).waitFor();
    await screenshots(page, 'visit-detail-not-downloaded');
    await page.getByRole('button', { name: 'Télécharger' }).click();
    await page.getByRole('button', { name: 'Démarrer' }).click({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Parties communes' }).first().click({ timeout: 10_000 });
    await page.getByRole('button', { name: /Hall d’entrée/ }).first().click();

    await page.getByLabel('Observations').fill('Porte du hall qui frotte');
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Visites' }).click();
    await page.waitForURL(/\/visites/);
    await expect.poll(() => serverData(id), { timeout: 10_000 }).toContain('Porte du hall qui frotte');

    await page.getByRole('link', { name: 'Visite annuelle des parties communes' }).click();
    await page.getByRole('button', { name: 'Parties communes' }).first().click();
    await page.getByRole('button', { name: /Hall d’entrée/ }).first().click();
    await page.getByLabel('Observations').fill('Porte du hall réglée');
    await page.goBack();
    await expect.poll(() => serverData(id), { timeout: 10_000 }).toContain('Porte du hall réglée');
    await context.close();
  });
});
