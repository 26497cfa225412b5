/**
 * A first visit cut off: the service worker holds nothing yet and the signal goes while the app's
 * code is still arriving (the engine, the bars, a screen). Nothing crashes into an English error,
 * what could not be done is said in French with nothing typed lost, and what was missing comes
 * once the network is back, without a reload. (Chunks are refused by the test as the network
 * would refuse them; `serviceWorkers: 'block'` keeps the page as a first visit's.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { screenshots, signIn, startBrowserEnv, type BrowserEnv } from './harness';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const gsmOnServer = (email: string) => (env.server.ctx.db.prepare(`SELECT gsm FROM users WHERE email = ?`).get(email) as { gsm: string }).gsm;

/** A first visit's page whose requests for `chunk` the network refuses (until `page.unroute(chunk)`). */
async function firstVisitWithout(chunk: RegExp): Promise<{ context: BrowserContext; page: Page; uncaught: string[] }> {
  const context = await env.newContext([], { serviceWorkers: 'block' });
  const page = await context.newPage();
  const uncaught: string[] = [];
  // Playwright's blocked worker registration resolves to nothing, which the worker's own library reads: not the app's.
  page.on('pageerror', (e) => void (e.message.includes("reading 'waiting'") || uncaught.push(e.message)));
  await page.route(chunk, (route) => route.abort('internetdisconnected'));
  return { context, page, uncaught };
}

describe('a first visit cut off while the app loads', () => {
  // The translations, imported by the app's chunk and preloaded by the HTML: Chromium 150 keeps that failure
  // until the page is loaded again.
  const translations = /\/fr-[^/]*\.js$/;
  const bootNote = (page: Page) =>
    page.getByRole('alert').filter({ hasText: "Batipass Terrain n'a pas fini de se charger. Vérifiez la connexion, puis réessayez." });

  it("the app's own code refused: not a blank page but the note in French at once, and the app once the network is back", async () => {
    const { context, page, uncaught } = await firstVisitWithout(translations);
    await page.goto('/login');
    // At once, not after the 10 s a slow load is given.
    await bootNote(page).waitFor({ timeout: 5_000 });
    await screenshots(page, 'first-visit-app-not-loaded');
    await context.setOffline(true);
    await page.unroute(translations);
    await context.setOffline(false);
    await page.getByLabel('E-mail').waitFor({ timeout: 20_000 });
    expect(await bootNote(page).count()).toBe(0);
    expect(uncaught).toEqual([]);
    await context.close();
  });

  it('the app drawn by a later try (the server failed, the network stayed): going offline and back reloads nothing', async () => {
    // The app's chunk itself: asked again under a new address after 5 s (module-retry.ts), it comes with no reload.
    const appChunk = /\/app-root-[^/]*\.js$/;
    const { context, page, uncaught } = await firstVisitWithout(appChunk);
    await page.goto('/login');
    await bootNote(page).waitFor({ timeout: 5_000 });
    await page.unroute(appChunk);
    await page.getByLabel('E-mail').waitFor({ timeout: 20_000 });
    await page.getByLabel('E-mail').fill('gestionnaire@demo.fr');
    await context.setOffline(true);
    await context.setOffline(false);
    await page.waitForTimeout(1_000);
    expect(await page.getByLabel('E-mail').inputValue()).toBe('gestionnaire@demo.fr');
    expect(uncaught).toEqual([]);
    await context.close();
  });

  it('the entry itself refused (no script runs): the note after 10 s, and « Réessayer » loads the app', async () => {
    const entry = /\/assets\/index-[^/]*\.js$/;
    const { context, page } = await firstVisitWithout(entry);
    await page.goto('/login');
    expect(await bootNote(page).isVisible()).toBe(false);
    await bootNote(page).waitFor({ timeout: 15_000 });
    await page.unroute(entry);
    await bootNote(page).getByRole('link', { name: 'Réessayer' }).click();
    await page.getByLabel('E-mail').waitFor();
    expect(await bootNote(page).count()).toBe(0);
    await context.close();
  });

  it('a change made before the engine arrived is refused in words, stays on screen, and goes through once the network is back', async () => {
    const { context, page, uncaught } = await firstVisitWithout(/engine-runtime/);
    await signIn(page, 'gestionnaire@demo.fr');
    await page.getByRole('heading', { name: /^Bonjour/ }).waitFor();
    await page.goto('/mon-compte');
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    await expect.poll(() => page.getByLabel('Téléphone').inputValue()).not.toBe('');
    await context.setOffline(true);
    await page.getByLabel('Téléphone').fill('0622334455');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText("L'application n'a pas fini de se charger sur l'appareil : rien n'a été enregistré, réessayez dès le retour du réseau.").waitFor();
    expect(await page.getByLabel('Téléphone').inputValue()).toBe('0622334455');
    await screenshots(page, 'first-visit-engine-not-loaded');
    // Back: what could not start starts (the offline data is prepared) without a reload, and the same click works.
    await page.unroute(/engine-runtime/);
    await context.setOffline(false);
    await page.getByText(/^Dernière mise à jour complète : /).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Vos informations ont bien été modifiées.').waitFor();
    expect(gsmOnServer('gestionnaire@demo.fr')).toBe('0622334455');
    expect(uncaught).toEqual([]);
    await context.close();
  });

  it('the bars whose code did not come leave their place empty, the screen works, and they come once the network is back', async () => {
    const { context, page, uncaught } = await firstVisitWithout(/\/top-bar-/);
    await signIn(page, 'inspecteur@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Julie' }).waitFor();
    await page.getByRole('link', { name: 'Visites' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Menu' }).count()).toBe(0);
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    await page.unroute(/\/top-bar-/);
    // Fetched again after a short wait (the network never left, the server failed): no reload.
    await page.getByRole('button', { name: 'Menu' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { name: 'Bonjour Julie' }).count()).toBe(1);
    expect(uncaught).toEqual([]);
    await context.close();
  });

  it('a screen whose code did not come before the network went says so in French, and « Réessayer » draws it once it is back', async () => {
    const { context, page, uncaught } = await firstVisitWithout(/\/account-page-/);
    await signIn(page, 'inspecteur2@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Thomas' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await context.setOffline(true);
    await page.getByRole('menuitem', { name: 'Mon compte' }).click();
    // Not the router's reload on a failed chunk: offline, it would end on the browser's own offline page.
    const failed = page.getByRole('alert').filter({ hasText: "Cet écran n'a pas pu s'afficher" });
    await failed.waitFor();
    await failed.getByText("Vérifiez la connexion, puis réessayez. Ce qui est déjà enregistré sur l'appareil n'est pas perdu.").waitFor();
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    // The bars stay: the user can go elsewhere.
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    await screenshots(page, 'first-visit-screen-failed');
    await page.unroute(/\/account-page-/);
    await context.setOffline(false);
    await failed.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByLabel('Prénom').waitFor();
    expect(uncaught).toEqual([]);
    await context.close();
  });
});
