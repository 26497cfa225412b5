/**
 * The need-update screen (issue 19): when the server asks for a newer
 * version, the notice is not a dead end. « Mettre à jour » says plainly when
 * no new version is there yet, and installs one the server has (the page
 * reloads under the new service worker; a corrupt one is said and changes
 * nothing); the work still on the device is
 * counted, exported and sent; « Se déconnecter » asks first like everywhere.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshots, signIn, startBrowserEnv, waitForServiceWorker, type BrowserEnv } from './harness';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());
afterEach(() => requireVersion('1.0.0'));

const NOTICE = "Mettre à jour la version pour continuer à l'utiliser.";
const requireVersion = (version: string) => {
  env.server.ctx.config.minVersionToUse = version;
};
const gsmOnServer = (email: string) => (env.server.ctx.db.prepare(`SELECT gsm FROM users WHERE email = ?`).get(email) as { gsm: string }).gsm;

/** Writes stay on the device (the server answers them 503, so the outbox retries later) while reads still reach it. */
const holdWrites = (page: Page) =>
  page.route('**/api/**', (route) =>
    route.request().method() === 'GET' ? route.continue() : route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Indisponible"}' }),
  );

describe('need-update screen', () => {
  it('counts the work left on the device, exports it, sends it and asks before signing out', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'inspecteur@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Julie' }).waitFor();
    await waitForServiceWorker(page);
    await page.goto('/mon-compte');
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    await holdWrites(page);
    await page.getByLabel('Téléphone').fill('0622334455');
    // The reload waits for the first attempt's answer: a send the reload cuts short is handed to the
    // service worker's background sync, whose requests page.route does not hold (it would go through).
    const refused = page.waitForResponse((r) => r.request().method() === 'PUT' && r.status() === 503);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('link', { name: '1 envoi en attente' }).waitFor();
    await refused;

    // The server now wants a newer app: the next start shows the notice in place of every screen.
    requireVersion('9.0.0');
    await page.reload();
    await page.getByText(NOTICE).waitFor();
    expect(await page.getByRole('button', { name: 'Menu' }).count()).toBe(0);
    await page.getByText("1 envoi en attente n'a pas encore été reçu par le serveur").waitFor();
    await screenshots(page, 'need-update-unsent');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter' }).click()]);
    const exported = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as { commands: { payload: unknown }[] };
    expect(JSON.stringify(exported.commands)).toContain('0622334455');

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Se déconnecter ?' });
    await dialog.getByText("1 envoi en attente n'a pas encore été reçu par le serveur").waitFor();
    await screenshots(page, 'need-update-sign-out');
    // The network is back for writes: « Envoyer maintenant » sends, then signs out as nothing is left.
    await page.unrouteAll();
    await dialog.getByRole('button', { name: 'Envoyer maintenant' }).click();
    await page.waitForURL(/\/login/, { timeout: 20_000 });
    expect(gsmOnServer('inspecteur@demo.fr')).toBe('0622334455');
    await context.close();
  });

  it('says when no new version is available yet, then installs the one the server has and reloads under it', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'gestionnaire@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Camille' }).waitFor();
    await waitForServiceWorker(page);
    requireVersion('9.0.0');
    await page.reload();
    await page.getByText(NOTICE).waitFor();
    await page.getByText('Rien n’attend d’être envoyé depuis cet appareil.').waitFor();

    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await page.getByText('Aucune nouvelle version n’est encore disponible sur le serveur.', { exact: false }).waitFor({ timeout: 30_000 });
    await screenshots(page, 'need-update-none');

    // A corrupt worker on the server (it does not parse): said plainly, the running version stays.
    const swFile = path.join(env.appDir, 'sw.js');
    const good = fs.readFileSync(swFile, 'utf8');
    fs.writeFileSync(swFile, 'self.addEventListener(;\n');
    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await page.getByText('La nouvelle version n’a pas pu être téléchargée.', { exact: false }).waitFor({ timeout: 30_000 });
    await screenshots(page, 'need-update-failed');
    fs.writeFileSync(swFile, good);

    // A new version on the server: a worker that also answers one path of its own, to tell it from the old one.
    fs.appendFileSync(
      path.join(env.appDir, 'sw.js'),
      "\nself.addEventListener('fetch', (e) => { if (new URL(e.request.url).pathname === '/__version') e.respondWith(new Response('nouvelle')); });\n",
    );
    const reloaded = page.waitForEvent('framenavigated', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await reloaded;
    await page.getByText(NOTICE).waitFor();
    expect(await page.evaluate(() => fetch('/__version').then((r) => r.text()))).toBe('nouvelle');

    // The server allows this version again: the next start shows the app.
    requireVersion('1.0.0');
    await page.reload();
    await page.getByRole('heading', { name: 'Bonjour Camille' }).waitFor();
    await context.close();
  });
});
