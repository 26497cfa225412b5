/**
 * The store's storage (IndexedDB, Dexie, RxDB's storage layer) runs in a
 * worker, off the page's main thread (sync/store/remote-storage.ts). A change
 * made offline is kept through it across a reload; and where the worker's
 * script cannot be had, the store opens in the page as before, with the same
 * data and nothing lost. Writes go to the worker; queries and reads by id are
 * made in the page (sync/store/page-reads.ts), without a trip to the worker.
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
  it('holds the store: an offline change survives a reload, written by the worker and read in the page', async () => {
    const context = await env.newContext();
    // What the page asks the storage worker, by RxDB's remote storage method.
    await context.addInitScript(() => {
      const asked: string[] = [];
      (window as unknown as { askedOfStorage: string[] }).askedOfStorage = asked;
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: never[]) {
        const method = (message as { method?: unknown } | null)?.method;
        if (typeof method === 'string') asked.push(method);
        return post.call(this, message, ...rest);
      } as typeof post;
    });
    const page = await context.newPage();
    await changeKeptOffline(context, page, 'gestionnaire@demo.fr', '0611223344');
    expect(storageWorkers(page)).toBe(1);
    // Since the reload: the queued change and the account were read, in the page.
    const asked = await page.evaluate(() => (window as unknown as { askedOfStorage: string[] }).askedOfStorage);
    expect(asked).toContain('create');
    expect(asked.filter((method) => method === 'query' || method === 'findDocumentsById' || method === 'count')).toEqual([]);
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
