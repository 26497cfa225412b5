/**
 * Sign-out on a shared device (issue 21, findings 5 and 7): the photos the
 * service worker kept for offline use leave with the user, and the sign-in
 * ends on the server too (the access token taken before no longer works).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startBrowserEnv, waitForServiceWorker, type BrowserEnv } from './harness';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

describe('sign-out', () => {
  it('removes the cached photos from the device and ends the sign-in on the server', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'gestionnaire@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Camille' }).waitFor();
    await waitForServiceWorker(page);
    const withMedia = (
      env.server.ctx.db
        .prepare(
          `SELECT m.intervention_id AS id FROM intervention_media m JOIN intervention_requests ir ON ir.id = m.intervention_id JOIN users u ON u.company_id = ir.owner_company_id WHERE u.email = 'gestionnaire@demo.fr' LIMIT 1`,
        )
        .get() as { id: number }
    ).id;
    await page.goto(`/requestsdetail/${withMedia}?defaultTab=medias`);
    await page.getByRole('tabpanel').getByRole('img').first().waitFor();
    const cachedPhotos = () =>
      page.evaluate(async () => {
        let n = 0;
        for (const name of await caches.keys()) if (name.startsWith('bp-media')) n += (await (await caches.open(name)).keys()).length;
        return n;
      });
    await expect.poll(cachedPhotos, { timeout: 10_000 }).toBeGreaterThan(0);
    const token = await page.evaluate(() => {
      for (let i = 0; i < localStorage.length; i++) {
        const value = localStorage.getItem(localStorage.key(i)!) ?? '';
        const match = /"token":"([^"]+)"/.exec(value);
        if (match) return match[1]!;
      }
      return null;
    });
    expect(token).not.toBeNull();
    const status = () =>
      env.server.app.inject({ method: 'GET', url: '/api/personal/data/0', headers: { authorization: `Bearer ${token}` } }).then((r) => r.statusCode);
    expect(await status()).toBe(200);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await page.waitForURL(/\/login/);
    expect(await cachedPhotos()).toBe(0);
    await expect.poll(status, { timeout: 10_000 }).toBe(401);
    await context.close();
  });
});
