/**
 * Unsent work in the browser (issue 18): signing out with a visit photo that
 * was never saved warns about that photo by name and exports it with
 * everything else; a take-over refused by the server (the colleague ended the
 * visit meanwhile) brings the visit's row back to the server's state instead
 * of « 1 envoi en attente » for good, and says the refusal once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { demoPng } from '../../server/seed/images';
import { screenshots, signIn, startBrowserEnv, waitForServiceWorker, type BrowserEnv } from './harness';
import { sqlOf } from '../sql';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const db = () => env.server.ctx.db;
const { userId } = sqlOf(db);
const visitNamed = (name: string) =>
  db().prepare(`SELECT id, state, assigned_to FROM visits WHERE name = ?`).get(name) as { id: number; state: string; assigned_to: number };

describe('unsent work', () => {
  it('sign-out with an unsaved visit photo names it, and the export carries the photo', async () => {
    const name = 'Visite annuelle des parties communes';
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'inspecteur@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Julie' }).waitFor();
    await waitForServiceWorker(page);
    await page.goto('/visites');
    const row = page.locator('.row-card', { hasText: name });
    await row.getByRole('button', { name: 'Télécharger' }).click();
    await row.getByRole('button', { name: 'Démarrer' }).click({ timeout: 20_000 });
    await row.getByText('démarrée ici').waitFor();
    await context.setOffline(true);
    await row.getByRole('link', { name }).click();
    await page.getByRole('button', { name: 'Parties communes' }).first().click();
    await page
      .getByRole('button', { name: /Hall d’entrée/ })
      .first()
      .click();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-unsent-'));
    const photo = path.join(dir, 'fissure.png');
    fs.writeFileSync(photo, demoPng(21));
    await page.getByLabel('Ajouter un fichier : Photo du hall').setInputFiles(photo);
    await page.getByText('fissure.png').waitFor();
    // Not saved: straight home, then sign out.
    await page.getByRole('link', { name: 'Accueil' }).first().click();
    await page.getByRole('heading', { name: 'Bonjour Julie' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    const dialog = page.getByRole('dialog', { name: 'Se déconnecter ?' });
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent(), { timeout: 10_000 }).toMatch(/photo/i);
    expect(await dialog.textContent()).toContain(name);
    await screenshots(page, 'sign-out-unsent-photo');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Exporter' }).click()]);
    const exported = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as { files: { name: string; base64: string }[] };
    const file = exported.files.find((f) => f.name.includes('fissure'));
    expect(file?.base64.length).toBeGreaterThan(100);
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    // Nothing was wiped: still signed in, the visit still on the device.
    await page.getByRole('heading', { name: 'Bonjour Julie' }).waitFor();
    await context.close();
  });

  it('a take-over refused by the server returns the row to the server’s state and says why once', async () => {
    const name = 'Visite de réception des travaux de toiture';
    const visit = visitNamed(name);
    expect(visit.assigned_to).toBe(userId('inspecteur@demo.fr'));
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'inspecteur2@demo.fr');
    await page.getByRole('heading', { name: /^Bonjour/ }).waitFor();
    await page.goto('/visites');
    await page.getByRole('switch', { name: 'Mes visites uniquement' }).uncheck();
    const row = page.locator('.row-card', { hasText: name });
    await row.getByRole('button', { name: 'Récupérer la visite' }).waitFor();
    await context.setOffline(true);
    await row.getByRole('button', { name: 'Récupérer la visite' }).click();
    await row.getByText(/envoi en attente/).waitFor();
    // Meanwhile the colleague ends the visit: the server will refuse the take-over. Put back after the test,
    // so that a retry finds the visit as the seed left it.
    db().prepare(`UPDATE visits SET state = 'terminate' WHERE id = ?`).run(visit.id);
    onTestFinished(() => void db().prepare(`UPDATE visits SET state = ? WHERE id = ?`).run(visit.state, visit.id));
    await context.setOffline(false);
    await page.getByText('Envoi refusé').first().waitFor({ timeout: 20_000 });
    // The visit list has no top bar: the toasts start at the screen's top, not 56 px lower, over the list.
    // The first may still be the offline click's « Enregistré » (shown 5 s), with the refusal below.
    expect((await page.locator('.toasts > .toast').first().boundingBox())?.y).toBe(8);
    await expect.poll(() => row.getByText(/envoi en attente/).count(), { timeout: 20_000 }).toBe(0);
    expect(visitNamed(name).assigned_to).toBe(userId('inspecteur@demo.fr'));
    // The row no longer offers what the server will not accept, and shows the refusal where the user looks for it.
    await expect.poll(() => row.getByRole('button', { name: 'Récupérer la visite' }).count(), { timeout: 20_000 }).toBe(0);
    await screenshots(page, 'take-over-refused');
    // The visit screens have no top bar (spec): the refusal waits in 'Envois en attente', reached from home.
    await page.getByRole('link', { name: 'Accueil' }).first().click();
    await page.getByRole('link', { name: '1 envoi refusé' }).click();
    await page.getByText("Refusé : Cette étape n'est pas accessible.").waitFor();
    await context.close();
  });
});
