/**
 * Site visits in the browser, the inspector's promise: download a visit,
 * start it, fill it in offline (a choice, a text, a photo), reload offline and
 * find everything, pause it offline, and see it reach the server once the
 * network is back: answers, state and photo.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPng } from '../../server/seed/images';
import { screenshots, signIn, startBrowserEnv, waitForServiceWorker, type BrowserEnv } from './harness';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const db = () => env.server.ctx.db;

describe('visits', () => {
  it('download, start, fill in offline with a photo, reload offline, pause offline, then everything reaches the server', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'inspecteur@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Julie' }).waitFor();
    await waitForServiceWorker(page);
    await page.goto('/dashboard-visites');
    await page.getByText('Mes visites').waitFor();
    await page.getByRole('link', { name: 'Voir les visites' }).first().waitFor();
    await screenshots(page, 'visits-dashboard');
    await page.goto('/visites');
    const row = page.locator('.row-card', { hasText: 'Visite annuelle des parties communes' });
    await row.getByRole('button', { name: 'Télécharger' }).click();
    await row.getByRole('button', { name: 'Démarrer' }).waitFor({ timeout: 20_000 });
    await screenshots(page, 'visits-list');

    await context.setOffline(true);
    await row.getByRole('button', { name: 'Démarrer' }).click();
    await row.getByText('démarrée ici').waitFor();
    await row.getByRole('link', { name: 'Visite annuelle des parties communes' }).click();
    await page.getByRole('button', { name: 'Parties communes' }).first().click();
    await page.getByRole('button', { name: /Hall d’entrée/ }).first().click();
    await page.getByRole('radio', { name: 'Usure normale' }).first().check();
    await page.getByLabel('Observations').fill('Carrelage fissuré devant l’ascenseur');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-visit-'));
    const photo = path.join(dir, 'hall.png');
    fs.writeFileSync(photo, demoPng(11));
    await page.getByLabel('Ajouter un fichier : Photo du hall').setInputFiles(photo);
    await page.getByText('hall.png').waitFor();
    await page.getByRole('button', { name: 'Marquer complète' }).click();
    await page.getByRole('button', { name: 'Enregistrer •' }).waitFor();
    await screenshots(page, 'visits-detail-section');
    await page.waitForTimeout(600); // the local write follows each change within 300 ms

    await page.reload();
    await page.getByRole('button', { name: 'Parties communes' }).first().click();
    await page.getByRole('button', { name: /Hall d’entrée/ }).first().click();
    expect(await page.getByRole('radio', { name: 'Usure normale' }).first().isChecked()).toBe(true);
    expect(await page.getByLabel('Observations').inputValue()).toBe('Carrelage fissuré devant l’ascenseur');
    await page.getByText('hall.png').waitFor();

    await page.getByRole('button', { name: 'Menu de la visite' }).click().catch(() => undefined);
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pause' }).click();
    await page.waitForURL(/\/visites$/);
    await page.getByText(/envois? en attente pour cette visite/).waitFor();
    const visitId = (db().prepare(`SELECT id FROM visits WHERE name = 'Visite annuelle des parties communes'`).get() as { id: number }).id;
    expect((db().prepare(`SELECT state FROM visits WHERE id = ?`).get(visitId) as { state: string }).state).toBe('todo');

    await context.setOffline(false);
    await expect.poll(() => (db().prepare(`SELECT state FROM visits WHERE id = ?`).get(visitId) as { state: string }).state, { timeout: 30_000 }).toBe('draft');
    const stored = (db().prepare(`SELECT data FROM visit_data WHERE visit_id = ?`).get(visitId) as { data: string }).data;
    expect(stored).toContain('Carrelage fissuré devant l’ascenseur');
    expect(stored).toContain('"field_value":["Usure normale"]');
    await expect.poll(() => (db().prepare(`SELECT COUNT(*) AS n FROM visit_files WHERE visit_id = ? AND original_name = 'hall.png'`).get(visitId) as { n: number }).n, { timeout: 30_000 }).toBe(1);
    const file = db().prepare(`SELECT name FROM visit_files WHERE visit_id = ? AND original_name = 'hall.png'`).get(visitId) as { name: string };
    expect(stored).toContain(file.name);
    expect(file.name).toMatch(/^hall_\d{13}\.png$/);
    await expect.poll(() => page.getByText(/envois? en attente pour cette visite/).count(), { timeout: 30_000 }).toBe(0);
    await screenshots(page, 'visits-list-after-pause');
    await context.close();
  });
});
