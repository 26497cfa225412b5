/**
 * Two tabs of one browser (two pages of one context: same origin, same
 * storage) against the reference server (issue 12): a first name changed in
 * one tab greets in the other within 2 s without a reload; writes queued
 * offline in both tabs reach the server once each, sent by one tab, and both
 * tabs' pending counters go back to zero; signing out in one tab signs out the
 * other, which keeps none of the user's data, even when told late. The
 * console-clean walk over every screen with two tabs open is walk.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startBrowserEnv, type BrowserEnv } from './harness';
import { twoTabs as tabsOf } from './two-tabs';
import { sqlOf } from '../sql';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const db = () => env.server.ctx.db;
const { count, userId } = sqlOf(db);

const twoTabs = (email: string, greeting: string, offline = false) => tabsOf(env, email, greeting, offline);

/** The records left in the IndexedDB databases of a user's store and files, as 'database/store=count'. */
const records = (page: Page, id: number) =>
  page.evaluate(async (userId) => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))));
    const left: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name || !(name.includes(`bp-user-${userId}-`) || name === `bp-files-${userId}`)) continue;
      const database = await request(indexedDB.open(name));
      for (const store of Array.from(database.objectStoreNames)) {
        const n = await request(database.transaction(store).objectStore(store).count());
        if (n > 0) left.push(`${name}/${store}=${n}`);
      }
      database.close();
    }
    return left;
  }, id);

/** The pending chip of the top bar ('3 envois en attente'), whatever the count. */
const pendingChip = (page: Page) => page.getByRole('link', { name: /^\d+ envois? en attente$/ });

describe('two tabs', () => {
  it('a first name changed in one tab greets in the other within 2 s, without a reload', async () => {
    const { context, a, b, errors } = await twoTabs('gestionnaire2@demo.fr', 'Bonjour Pauline');
    await b.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await a.goto('/mon-compte');
    await expect.poll(() => a.getByLabel('Prénom').inputValue()).toBe('pauline');
    await a.getByLabel('Prénom').fill('Paulette');
    await a.getByRole('button', { name: 'Enregistrer' }).click();
    await b.getByRole('heading', { name: 'Bonjour Paulette' }).waitFor({ timeout: 2_000 });
    expect(await b.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect
      .poll(() => (db().prepare(`SELECT firstname FROM users WHERE email = ?`).get('gestionnaire2@demo.fr') as { firstname: string }).firstname)
      .toBe('Paulette');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('messages written offline in both tabs leave once each, from one tab, and both counters go back to zero', async () => {
    const id = (
      db()
        .prepare(
          `SELECT ir.id FROM intervention_requests ir JOIN users u ON u.company_id = ir.provider_company_id WHERE u.email = 'prestataire2@demo.fr' AND ir.place IN ('planned', 'planning', 'waiting', 'in_progress') ORDER BY ir.id LIMIT 1`,
        )
        .get() as { id: number }
    ).id;
    const { context, a, b, errors } = await twoTabs('prestataire2@demo.fr', 'Bonjour Marc', true);
    for (const page of [a, b]) {
      await page.goto(`/requestsdetail/${id}?defaultTab=messages`);
      await page.getByLabel('Votre message').waitFor();
    }
    // Every message request that reached the server, by Idempotency-Key, from either tab.
    const sent: string[] = [];
    context.on('requestfinished', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/intervention_request/messages/new_conversation'))
        sent.push(request.headers()['idempotency-key'] ?? '?');
    });
    const stamp = Date.now();
    const texts = [`Onglet A, premier message ${stamp}`, `Onglet A, second message ${stamp}`, `Onglet B, troisième message ${stamp}`];
    const onServer = () =>
      texts.map((text) => count(`SELECT COUNT(*) AS n FROM messages WHERE object_kind = 'intervention' AND object_id = ? AND message_text = ?`, id, text));

    await context.setOffline(true);
    for (const [page, text] of [
      [a, texts[0]!],
      [a, texts[1]!],
      [b, texts[2]!],
    ] as const) {
      await page.getByLabel('Votre message').fill(text);
      await page.getByRole('button', { name: 'Envoyer' }).click();
      await page.getByText(text).waitFor();
    }
    // Each tab shows the other's messages and the same count of work waiting.
    for (const page of [a, b]) {
      for (const text of texts) await page.getByText(text).waitFor();
      await page.getByRole('link', { name: '3 envois en attente' }).waitFor();
    }
    expect(onServer()).toEqual([0, 0, 0]);

    await context.setOffline(false);
    const back = Date.now();
    await expect.poll(onServer, { timeout: 20_000 }).toEqual([1, 1, 1]);
    console.info(`received ${Date.now() - back} ms after the network came back`);
    for (const page of [a, b]) await expect.poll(() => pendingChip(page).count(), { timeout: 20_000 }).toBe(0);
    // One send per command: one tab drained the outbox, the other did not send them again.
    expect(sent).toHaveLength(3);
    expect(new Set(sent).size).toBe(3);
    const stored = db()
      .prepare(`SELECT key FROM idempotency_records WHERE scope = ? AND url LIKE '%new_conversation%'`)
      .all(`u:${userId('prestataire2@demo.fr')}`) as { key: string }[];
    expect(stored.map((r) => r.key).sort()).toEqual([...sent].sort());
    for (const page of [a, b]) {
      await page.goto('/envois-en-attente');
      await page.getByText('Tout est envoyé.').waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signing out in one tab signs out the other, which keeps none of the user’s data', async () => {
    const id = userId('prestataire2@demo.fr');
    const { context, a, b, errors } = await twoTabs('prestataire2@demo.fr', 'Bonjour Marc');
    await b.goto('/requests?status=1');
    await b.locator('.ir-card').first().waitFor();
    const number = /DI-\d{4}-\d{5}/.exec((await b.locator('.ir-card__title').first().textContent()) ?? '')![0];
    await a.getByRole('button', { name: 'Menu' }).click();
    await a.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await a.waitForURL((url) => url.pathname === '/login');

    await b.waitForURL((url) => url.pathname === '/login', { timeout: 5_000 });
    await b.getByLabel('E-mail').waitFor();
    const shown = async () => (await b.locator('body').innerText()).toLowerCase();
    for (const text of [number.toLowerCase(), 'marc', 'bonjour']) expect(await shown()).not.toContain(text);
    expect(await b.locator('.ir-card').count()).toBe(0);
    // Back in B's history: the guard keeps it on the sign-in screen.
    await b.goBack();
    await b.waitForURL((url) => url.pathname === '/login');
    expect(await shown()).not.toContain(number.toLowerCase());
    expect(await b.evaluate(() => JSON.parse(localStorage.getItem('bp.session.v1') ?? '{}').tokens ?? null)).toBeNull();
    // Nothing of the user stays on the device: their databases hold no record (RxDB's Dexie storage
    // empties a removed database's tables rather than deleting them).
    await expect.poll(() => records(b, id), { timeout: 10_000 }).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a tab told of the sign-out late deletes what it saved after the other tab deleted the user’s data', async () => {
    const id = userId('prestataire2@demo.fr');
    const { context, a, b, errors } = await twoTabs('prestataire2@demo.fr', 'Bonjour Marc', true);
    // B hears of the sign-out only when the test lets it, as a busy or frozen tab would: its store
    // stays open after A deleted the user's data. (Set before the app's own listener, it runs first.)
    await b.addInitScript(() => {
      const w = window as unknown as { held: StorageEventInit[]; holding: boolean };
      w.held = [];
      w.holding = true;
      const hold = (event: StorageEvent) => {
        if (!w.holding || event.key !== 'bp.session.v1') return;
        event.stopImmediatePropagation();
        w.held.push({ key: event.key, oldValue: event.oldValue, newValue: event.newValue, url: event.url, storageArea: event.storageArea });
      };
      window.addEventListener('storage', hold);
    });
    await b.goto('/mon-compte');
    await expect.poll(() => b.getByLabel('Prénom').inputValue()).not.toBe('');
    // B's store is open (the offline section reads it) before A signs out: the form shows the session's
    // user at once, and a save made before B's engine opened its store would not be kept (it passed only on retry in the 31st session's CI).
    await b.getByText(/^Dernière mise à jour complète : /).waitFor();
    // B has no network (A's sign-out reaches the server): its calls cannot end its session first.
    await b.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await a.getByRole('button', { name: 'Menu' }).click();
    await a.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await a.waitForURL((url) => url.pathname === '/login');
    await expect.poll(() => b.evaluate(() => (window as unknown as { held: unknown[] }).held.length)).toBe(1);
    // Meanwhile, in B, the user saves a change: without network, it is kept in B's store.
    await b.getByLabel('Prénom').fill('Marco');
    await b.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => records(b, id)).not.toEqual([]);
    // Its session, changed meanwhile (the network went), did not sign the device in again.
    expect(await b.evaluate(() => localStorage.getItem('bp.session.v1'))).toBeNull();

    await b.evaluate(() => {
      const w = window as unknown as { held: StorageEventInit[]; holding: boolean };
      w.holding = false;
      for (const init of w.held) window.dispatchEvent(new StorageEvent('storage', init));
    });
    await b.waitForURL((url) => url.pathname === '/login', { timeout: 5_000 });
    await expect.poll(() => records(b, id), { timeout: 10_000 }).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
