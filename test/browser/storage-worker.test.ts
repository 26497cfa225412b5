/**
 * The store's storage (IndexedDB, Dexie, RxDB's storage layer) runs in a
 * worker, off the page's main thread (sync/store/remote-storage.ts). A change
 * made offline is kept through it across a reload; and where the worker's
 * script cannot be had, the store opens in the page as before, with the same
 * data and nothing lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { signIn, startBrowserEnv, waitForServiceWorker, type BrowserEnv } from './harness';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const storageWorkers = (page: Page) => page.workers().filter((w) => /\/storage-worker-[^/]*\.js$/.test(w.url())).length;

/** An account change made offline, then an offline reload: the change is still on screen and queued. */
async function changeKeptOffline(context: BrowserContext, page: Page, email: string, phone: string): Promise<void> {
  await signIn(page, email);
  await page
    .getByRole('heading', { name: /^Bonjour/ })
    .first()
    .waitFor();
  await waitForServiceWorker(page);
  await page.goto('/mon-compte');
  await page.getByLabel('Prénom').waitFor();
  await context.setOffline(true);
  await page.getByLabel('Téléphone').fill(phone);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByText("Modification enregistrée sur l'appareil").waitFor();
  await page.reload();
  await page.getByRole('link', { name: '1 envoi en attente' }).waitFor();
  await expect.poll(() => page.getByLabel('Téléphone').inputValue()).toBe(phone);
}

describe('the storage worker', () => {
  it('holds the store: an offline change survives a reload', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await changeKeptOffline(context, page, 'gestionnaire@demo.fr', '0611223344');
    expect(storageWorkers(page)).toBe(1);
    await context.close();
  });

  it('whose script cannot be fetched leaves the store in the page, with the same data and nothing lost', async () => {
    const context = await env.newContext();
    // The page asks for a script that is not there (the service worker's precache stays whole).
    await context.addInitScript(() => {
      const Native = window.Worker;
      window.Worker = class extends Native {
        constructor(url: string | URL, options?: WorkerOptions) {
          super(/storage-worker/.test(String(url)) ? '/assets/storage-worker-absent.js' : url, options);
        }
      };
    });
    const page = await context.newPage();
    await changeKeptOffline(context, page, 'prestataire@demo.fr', '0655443322');
    expect(storageWorkers(page)).toBe(0);
    await context.close();
  });
});
