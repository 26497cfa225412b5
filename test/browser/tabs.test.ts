/**
 * Two tabs of one browser (two pages of one context: same origin, same
 * storage) against the reference server (issue 12): a first name changed in
 * one tab greets in the other within 2 s without a reload; writes queued
 * offline in both tabs reach the server once each, sent by one tab, and both
 * tabs' pending counters go back to zero; signing out in one tab signs out the
 * other, which keeps none of the user's data. Then the console-clean walk:
 * every demo role, with two tabs open, opens every signed-in screen it can
 * reach in both tabs at once, and the test fails on any uncaught error or
 * console error in either tab. No screenshots here: the screens have theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, ConsoleMessage, Locator, Page } from 'playwright-core';
import { followApiCalls, refusedOffline, signIn, startBrowserEnv, type BrowserEnv } from './harness';
import { sqlOf } from '../sql';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const db = () => env.server.ctx.db;
const { count, userId } = sqlOf(db);

/** Where a page is, for the error reports: path and query. */
const where = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/**
 * Collects the uncaught errors and console errors of a page, each with its tab and screen.
 * `offline`: the test goes offline, and the browser's log of the requests refused then is expected.
 */
function collectErrors(page: Page, tab: string, into: string[], offline = false): void {
  page.on('pageerror', (error) => {
    const text = `${error.name}: ${error.message}`;
    into.push(`[${tab} ${where(page)}] uncaught ${text}\n${(error.stack ?? '').split('\n').slice(1, 6).join('\n')}`);
  });
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error' || (offline && refusedOffline(message))) return;
    const { url, lineNumber } = message.location();
    const text = `${message.text()}${url ? ` @ ${url}:${lineNumber}` : ''}`;
    into.push(`[${tab} ${where(page)}] console.error ${text}`);
  });
}

interface Tabs {
  context: BrowserContext;
  a: Page;
  b: Page;
  errors: string[];
}

/** One browser, signed in from tab A; tab B opened afterwards at home, both greeting the user. */
async function twoTabs(email: string, greeting: string, offline = false): Promise<Tabs> {
  const context = await env.newContext();
  const errors: string[] = [];
  const a = await context.newPage();
  collectErrors(a, 'A', errors, offline);
  await signIn(a, email);
  await a.getByRole('heading', { name: greeting }).waitFor();
  const b = await context.newPage();
  collectErrors(b, 'B', errors, offline);
  await b.goto('/');
  await b.getByRole('heading', { name: greeting }).waitFor();
  return { context, a, b, errors };
}

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

interface Screen {
  /** The address, or how to find it from tab A on the previous screen (a detail from its list). */
  path: string | ((page: Page) => Promise<string | null>);
  /** A meaningful element that says the screen is there (any visible match). */
  ready: (page: Page) => Locator;
}

/** The first link matching `selector` on tab A's current screen (null when the list is empty). */
const firstLink = (selector: string) => async (page: Page) => {
  const link = page.locator(selector).first();
  return (await link.count()) > 0 ? link.getAttribute('href') : null;
};
/** A list or its empty state, once loaded. */
const listed = (card: string) => (page: Page) => page.locator(`${card}, .empty`);
const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name });
const text = (value: string | RegExp) => (page: Page) => page.getByText(value);

const common = (greeting: string): Screen[] => [
  { path: '/', ready: heading(greeting) },
  { path: '/mon-compte', ready: (page) => page.getByLabel('Prénom') },
  { path: '/envois-en-attente', ready: text('Tout est envoyé.') },
];
const managerInterventions: Screen[] = [
  { path: '/dashboard', ready: heading('Mes demandes d’intervention') },
  { path: '/requests?status=1', ready: listed('.ir-card') },
  { path: firstLink('a.ir-card'), ready: (page) => page.getByRole('tab', { name: 'Messages' }) },
  { path: '/requests-create', ready: text('Étape 1 sur 6') },
  { path: '/dashboard-add', ready: heading('Nouvelle demande') },
  { path: '/tenders', ready: text('Aucun appel d’offres en cours.') },
  { path: '/reporting', ready: text('Interventions par mois') },
];
const providerInterventions: Screen[] = [
  { path: '/dashboard', ready: heading('Mes interventions') },
  { path: '/requests?status=1', ready: listed('.ir-card') },
  { path: firstLink('a.ir-card'), ready: (page) => page.getByRole('tab', { name: 'Messages' }) },
];
const feeds: Screen[] = [
  { path: '/planning', ready: listed('.row-card') },
  { path: '/messaging', ready: listed('.row-card') },
];
const osScreens: Screen[] = [
  { path: '/dashboard-os', ready: heading('Ordres de service') },
  // The tunnel, for the roles the dashboard offers it to.
  { path: firstLink('a[href="/requests-os-create"]'), ready: (page) => page.locator('h1.os-tunnel__step') },
  { path: '/requests-os?status=1', ready: listed('.os-card') },
  { path: firstLink('a.os-card'), ready: heading(/^N° /) },
];
const visitScreens: Screen[] = [
  { path: '/dashboard-visites', ready: heading('Tableau de bord des visites') },
  { path: '/visites', ready: heading('Liste des visites') },
  {
    // A visit opens once downloaded: download the first one offered, then open it.
    path: async (page) => {
      const offered = page.locator('.row-card', { has: page.getByRole('button', { name: 'Télécharger' }) }).first();
      if ((await offered.count()) === 0) return null;
      const href = await offered.locator('a.visit-name').getAttribute('href');
      // Once downloaded, the link gains ?data=true (spec part 2 §2): the row is found by the start of it.
      const row = page.locator('.row-card', { has: page.locator(`a[href^="${href}"]`) });
      await row.getByRole('button', { name: 'Télécharger' }).click();
      await row.getByRole('button', { name: 'Démarrer' }).waitFor({ timeout: 20_000 });
      return await row.locator('a.visit-name').getAttribute('href');
    },
    ready: (page) => page.getByRole('toolbar', { name: 'Outils de la visite' }),
  },
  // The sheet of the visit just opened (none when the role had no visit to download: admin).
  {
    path: async (page) => (where(page).startsWith('/visite-detail/') ? where(page).replace('/visite-detail/', '/visite-fiche/') : null),
    ready: (page) => page.locator('.fiche-form'),
  },
];
const echoparkScreens: Screen[] = [
  { path: '/echopark-requests', ready: listed('.ep-card') },
  { path: firstLink('a.ep-card'), ready: heading(/^Demande EP-/) },
  { path: '/echopark-requests-new', ready: text(/Étape 1 sur/) },
];

const ROLES: { email: string; greeting: string; screens: Screen[] }[] = [
  { email: 'gestionnaire@demo.fr', greeting: 'Bonjour Camille', screens: [...managerInterventions, ...feeds, ...osScreens] },
  { email: 'prestataire@demo.fr', greeting: 'Bonjour Karim', screens: [...providerInterventions, ...feeds] },
  { email: 'inspecteur@demo.fr', greeting: 'Bonjour Julie', screens: visitScreens },
  { email: 'echopark@demo.fr', greeting: 'Bonjour Sophie', screens: echoparkScreens },
  { email: 'admin@demo.fr', greeting: 'Bonjour Nicolas', screens: [...managerInterventions, ...feeds, ...osScreens, ...visitScreens, ...echoparkScreens] },
  ...(['gt:Antoine', 'gl:Léa', 'at:Hugo', 'dp:Claire', 'dt:Olivier'] as const).map((entry) => {
    const [role, name] = entry.split(':') as [string, string];
    return { email: `${role}@demo.fr`, greeting: `Bonjour ${name}`, screens: [...osScreens, ...feeds] };
  }),
];

/**
 * Opens one address in a tab and waits for its meaningful element, then for its API calls to end.
 * 'inside' moves within the running app as its links do (history entry, then popstate for the
 * router), so a screen's unmount runs too; 'load' starts the app afresh on the address.
 */
async function open(page: Page, path: string, ready: Screen['ready'], apiQuiet: () => Promise<void>, how: 'inside' | 'load'): Promise<void> {
  if (how === 'load') await page.goto(path);
  else {
    const before = await page.evaluate((to) => {
      const title = document.title;
      if (location.pathname + location.search === to) return null;
      const state = { ...(history.state as object | null), __TSR_index: ((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1 };
      history.pushState(state, '', to);
      dispatchEvent(new PopStateEvent('popstate', { state }));
      return title;
    }, path);
    // The shell titles the new screen once it is rendered, so the previous screen's elements never
    // pass for the new one's. (Two screens share a title, /dashboard and /requests: their elements differ.)
    if (before !== null) await page.waitForFunction((title) => document.title !== title, before, { timeout: 3_000 }).catch(() => undefined);
  }
  await ready(page)
    .filter({ visible: true })
    .first()
    .waitFor({ timeout: 8_000 })
    .catch(async (error: Error) => {
      const shown = (
        await page
          .locator('body')
          .innerText()
          .catch(() => '')
      )
        .replace(/\s+/g, ' ')
        .slice(0, 600);
      throw new Error(`${where(page)} (${how}) never showed its element: ${error.message.split('\n')[0]}\nOn screen: ${shown}`);
    });
  // Errors come when the screen's pulls answer.
  await apiQuiet();
}

describe('console-clean walk', () => {
  it('every signed-in screen of every role, with two tabs open, logs no error in either tab', async () => {
    const errors: string[] = [];
    const skipped: string[] = [];
    // WALK_ONLY=admin@demo.fr replays one role's walk.
    for (const role of ROLES.filter((r) => !process.env.WALK_ONLY || r.email === process.env.WALK_ONLY)) {
      const started = Date.now();
      const tabs = await twoTabs(role.email, role.greeting);
      const calls = { a: followApiCalls(tabs.a), b: followApiCalls(tabs.b) };
      for (const screen of [...common(role.greeting), ...role.screens]) {
        const path = typeof screen.path === 'string' ? screen.path : await screen.path(tabs.a);
        if (path === null) {
          skipped.push(`${role.email}: after ${where(tabs.a)} (nothing to open)`);
          continue;
        }
        // Both tabs on the same screen at once (their pulls write the same documents): A moves
        // inside the app, B starts it on the screen.
        // A screen that never shows is reported with the others, and the walk goes on.
        const shown = await Promise.allSettled([open(tabs.a, path, screen.ready, calls.a, 'inside'), open(tabs.b, path, screen.ready, calls.b, 'load')]);
        for (const [i, result] of shown.entries()) if (result.status === 'rejected') tabs.errors.push(`[${i === 0 ? 'A' : 'B'}] ${String(result.reason)}`);
      }
      errors.push(...tabs.errors.map((e) => `${role.email} ${e}`));
      await tabs.context.close();
      console.info(
        `${role.email}: ${((Date.now() - started) / 1000).toFixed(1)} s, ${tabs.errors.length} error(s)${tabs.errors.length ? `\n${tabs.errors.join('\n')}` : ''}`,
      );
    }
    if (skipped.length > 0) console.info(`Screens with nothing to open:\n${skipped.join('\n')}`);
    expect(errors, errors.join('\n\n')).toEqual([]);
  }, 240_000);
});
