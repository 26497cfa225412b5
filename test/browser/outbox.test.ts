/**
 * The outbox in the browser: an account change made offline is kept on the
 * device, survives an offline reload, shows as pending, and reaches the
 * server exactly once when the network comes back. Logout with pending work
 * asks first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshots, signIn, startBrowserEnv, waitForServiceWorker, type BrowserEnv } from './harness';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const gsmOnServer = (email: string) => (env.server.ctx.db.prepare(`SELECT gsm FROM users WHERE email = ?`).get(email) as { gsm: string }).gsm;
const putsApplied = (email: string) =>
  (
    env.server.ctx.db
      .prepare(`SELECT COUNT(*) AS n FROM idempotency_records k JOIN users u ON k.scope = 'u:' || u.id WHERE u.email = ? AND k.method = 'PUT'`)
      .get(email) as { n: number }
  ).n;

describe('outbox in the browser', () => {
  it('an offline account change is kept, survives a reload, and is sent once when back online', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'inspecteur@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Julie' }).waitFor();
    await waitForServiceWorker(page);
    await page.goto('/mon-compte');
    await page.getByLabel('Prénom').waitFor();
    await context.setOffline(true);
    await page.getByLabel('Téléphone').fill('0699887766');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText("Modification enregistrée sur l'appareil").waitFor();
    await page.getByRole('link', { name: '1 envoi en attente' }).waitFor();
    await screenshots(page, 'account-offline-pending');
    await page.reload();
    await page.getByRole('link', { name: '1 envoi en attente' }).waitFor();
    await expect.poll(() => page.getByLabel('Téléphone').inputValue()).toBe('0699887766');
    await page.getByRole('link', { name: '1 envoi en attente' }).click();
    await page.getByText('Modification de votre compte').waitFor();
    await screenshots(page, 'pending-screen');
    expect(gsmOnServer('inspecteur@demo.fr')).not.toBe('0699887766');
    await context.setOffline(false);
    await expect.poll(() => page.getByText('Tout est envoyé.').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(gsmOnServer('inspecteur@demo.fr')).toBe('0699887766');
    expect(putsApplied('inspecteur@demo.fr')).toBe(1);
    await context.close();
  });

  it('logout with pending work asks first and says how many', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'inspecteur2@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Thomas' }).waitFor();
    // The app as a returning user has it: its worker holds the engine's code (a first visit cut off
    // before the engine arrived: first-visit-cut-off.test.ts).
    await waitForServiceWorker(page);
    await page.goto('/mon-compte');
    await page.getByLabel('Prénom').waitFor();
    // The top bar loads after the screen (first-screen budget): the user sees it before acting, and
    // the form filled with the account as it is (a person edits what is shown).
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    await expect.poll(() => page.getByLabel('Téléphone').inputValue()).not.toBe('');
    await context.setOffline(true);
    await page.getByLabel('Téléphone').fill('0611111111');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText("Modification enregistrée sur l'appareil : elle sera envoyée dès le retour du réseau.").waitFor();
    await page.getByRole('link', { name: '1 envoi en attente' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    const dialog = page.getByRole('dialog', { name: 'Se déconnecter ?' });
    await dialog.getByText("1 envoi en attente n'a pas encore été reçu par le serveur").waitFor();
    await screenshots(page, 'logout-pending');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await context.setOffline(false);
    await expect.poll(() => page.getByRole('link', { name: /en attente/ }).count(), { timeout: 20_000 }).toBe(0);
    await context.close();
  });
});
