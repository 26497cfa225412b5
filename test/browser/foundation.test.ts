/**
 * The app foundation in a real browser against the reference server: sign-in,
 * failed sign-in, forgotten password end to end, guest redirect and back,
 * the version gate, the offline shell from the service worker, the update
 * prompt. Screenshots of each screen at phone and desktop size.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshots, signIn, startBrowserEnv, waitForServiceWorker, type BrowserEnv } from './harness';

// Lets context.route() see the service worker's own fetches (the update test slows the photos it fetches).
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

describe('sign-in', () => {
  it('signs a manager in and lands on home with the capitalised first name', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await expect.poll(() => page.getByText('Version 1.0.2').isVisible()).toBe(true);
    await screenshots(page, 'login');
    await signIn(page, 'gestionnaire@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Camille' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // Cards by rights: interventions and OS for an owner admin, plus the AI links.
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: /Interventions/ })
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => page.getByRole('link', { name: /Assistant réglementaire/ }).isVisible()).toBe(true);
    await screenshots(page, 'home');
    await page.getByRole('button', { name: 'Menu' }).click();
    await screenshots(page, 'home-menu');
    await page.getByRole('menuitem', { name: 'Mon compte' }).click();
    await page.getByLabel('Prénom').waitFor();
    await screenshots(page, 'account');
    await context.close();
  });

  it("shows 'Identifiants invalides' for a wrong password and stays signed out", async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'gestionnaire@demo.fr', 'mauvais-mot-de-passe');
    await page.getByText('Identifiants invalides').waitFor();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('bp.session.v1') ?? '{}').tokens ?? null);
    expect(token).toBeNull();
    await screenshots(page, 'login-error');
    await context.close();
  });

  it('sends a guest to /login with redirect= and back there after sign-in', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await page.goto('/mon-compte');
    await page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(page.url())).toContain('redirect=/mon-compte');
    await page.getByLabel('E-mail').fill('prestataire@demo.fr');
    await page.getByLabel('Mot de passe').fill('demo1234');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => url.pathname === '/mon-compte');
    await expect.poll(() => page.getByLabel('Prénom').inputValue()).toBe('karim');
    // A signed-in user does not see the guest screens.
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

describe('forgotten password', () => {
  it('changes the password with the code from the server log, then signs in with it', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.getByLabel('E-mail').fill('pas-un-mail');
    await page.getByRole('button', { name: 'Recevoir un code' }).click();
    await page.getByText("Le mail n'est pas valide").waitFor();
    await screenshots(page, 'forgotten-password');
    await page.getByLabel('E-mail').fill('dt@demo.fr');
    await page.getByRole('button', { name: 'Recevoir un code' }).click();
    await page.waitForURL(/forgotten_password_code/);
    const line = await expect
      .poll(() => env.server.logLines.find((l) => l.includes('dt@demo.fr')))
      .toBeTruthy()
      .then(() => env.server.logLines.find((l) => l.includes('dt@demo.fr'))!);
    const code = /(\d{6})$/.exec(line)![1]!;
    await page.getByLabel('Code', { exact: true }).fill('000000');
    await page.getByRole('button', { name: 'Vérifier le code' }).click();
    await page.getByText('Code non valide').waitFor();
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Vérifier le code' }).click();
    await page.waitForURL(/forgotten_password_change/);
    await page.getByLabel('Nouveau mot de passe').fill('nouveau-mdp-1');
    await page.getByLabel('Confirmation du mot de passe').fill('autre-chose');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByText('Les deux mots de passe ne coïncident pas').waitFor();
    await screenshots(page, 'forgotten-password-change');
    await page.getByLabel('Confirmation du mot de passe').fill('nouveau-mdp-1');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByText('Mot de passe modifié').waitFor();
    await page.waitForURL(/\/login/);
    await signIn(page, 'dt@demo.fr', 'nouveau-mdp-1');
    await page.getByRole('heading', { name: 'Bonjour Olivier' }).waitFor();
    await context.close();
  });
});

describe('version gate', () => {
  it('replaces the screens with the need-update notice when the server wants a newer version', async () => {
    const strict = await startBrowserEnv({ minVersionToUse: '1.0.10' });
    try {
      const context = await strict.newContext();
      const page = await context.newPage();
      await signIn(page, 'gestionnaire@demo.fr');
      await page.getByText("Mettre à jour la version pour continuer à l'utiliser.").waitFor();
      expect(await page.getByRole('heading', { name: /Bonjour/ }).count()).toBe(0);
      await screenshots(page, 'need-update');
    } finally {
      await strict.close();
    }
  });
});

describe('offline shell and updates', () => {
  it('starts from the service worker with no network, still signed in', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'admin@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Nicolas' }).waitFor();
    await waitForServiceWorker(page);
    await context.setOffline(true);
    const response = await page.reload();
    expect(response?.status()).toBe(200);
    expect(response?.fromServiceWorker()).toBe(true);
    await page.getByRole('heading', { name: 'Bonjour Nicolas' }).waitFor();
    await page.locator('.net--off').waitFor();
    expect(await page.locator('.net--off').textContent()).toContain('Hors ligne');
    await screenshots(page, 'home-offline');
    // A deep link opened offline falls back to the cached shell too.
    const deep = await page.goto('/mon-compte');
    expect(deep?.status()).toBe(200);
    await page.getByLabel('Prénom').waitFor();
    await context.setOffline(false);
    await context.close();
  });

  it('a controlled page takes its shell files from the precache and its API JSON from the network without waking the worker; media still go through it', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'inspecteur@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Julie' }).waitFor();
    await waitForServiceWorker(page);
    await page.goto('/visites');
    await page.getByRole('heading', { name: 'Liste des visites' }).waitFor();
    // Chromium tells, per resource, which static route matched ('' when none did: the fetch event ran).
    const sources = () =>
      page.evaluate(() =>
        (performance.getEntriesByType('resource') as Array<PerformanceResourceTiming & { workerMatchedSourceType?: string }>).map((e) => ({
          path: new URL(e.name).pathname,
          source: e.workerMatchedSourceType ?? '',
        })),
      );
    await expect.poll(async () => (await sources()).some((e) => e.path.startsWith('/api/visits'))).toBe(true);
    const loaded = await sources();
    const shell = loaded.filter((e) => e.path.startsWith('/assets/'));
    const api = loaded.filter((e) => e.path.startsWith('/api/'));
    expect(shell.length).toBeGreaterThan(10);
    expect(shell.filter((e) => e.source !== 'cache')).toEqual([]);
    expect(api.length).toBeGreaterThan(0);
    expect(api.filter((e) => e.source !== 'network')).toEqual([]);

    await page.evaluate(() =>
      fetch('/api/media/1')
        .then((r) => r.arrayBuffer())
        .catch(() => undefined),
    );
    await expect.poll(async () => (await sources()).find((e) => e.path === '/api/media/1')?.source).toBe('fetch-event');

    // A shell file the precache lost (storage pressure, a half-finished update) still loads, from the network.
    const lost = await page.evaluate(async () => {
      const cache = await caches.open((await caches.keys()).find((name) => name.includes('precache'))!);
      const request = (await cache.keys()).find((r) => /\/assets\/.*\.css$/.test(r.url))!;
      await cache.delete(request);
      const gone = (await cache.match(request)) === undefined;
      const response = await fetch(request.url);
      return { gone, status: response.status, css: (await response.text()).length > 0 };
    });
    expect(lost).toEqual({ gone: true, status: 200, css: true });
    await context.close();
  });

  it('a first visit has the whole engine before the network can go; a page its worker serves inserts no preload link', async () => {
    // Uncontrolled (no worker yet): the engine's chunks are fetched at once before its import, so a save
    // made offline right after still finds its code (outbox.test's sign-out with pending work).
    const first = await env.newContext([], { serviceWorkers: 'block' });
    const page = await first.newPage();
    await signIn(page, 'gestionnaire@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Camille' }).waitFor();
    const chunks = (await page.locator('meta[name="engine-chunks"]').getAttribute('content'))!.split(' ');
    const runtime = chunks.find((chunk) => /\/engine-runtime-(?!at-once)[^/]*\.js$/.test(chunk))!;
    const imports = await page.evaluate(async (url) => {
      const code = await (await fetch(url)).text();
      return [...code.matchAll(/(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)].map((m) => `/assets/${m[1]!}`);
    }, runtime);
    expect(imports.length).toBeGreaterThan(3);
    const inHtml = await page.$$eval('link[rel=modulepreload], script[src]', (tags) =>
      tags.map((t) => new URL((t as HTMLLinkElement).href || (t as HTMLScriptElement).src).pathname),
    );
    for (const chunk of imports) expect(chunks.includes(chunk) || inHtml.includes(chunk), chunk).toBe(true);
    const fetched = () =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').flatMap((e) => ((e as PerformanceResourceTiming).initiatorType === 'fetch' ? [new URL(e.name).pathname] : [])),
      );
    await expect.poll(fetched).toEqual(expect.arrayContaining(chunks));
    await first.close();

    // Controlled (a user coming back): the worker's cache answers at once; the engine inserts no link.
    const back = await env.newContext();
    const again = await back.newPage();
    await signIn(again, 'gestionnaire@demo.fr');
    await again.getByRole('heading', { name: 'Bonjour Camille' }).waitFor();
    await waitForServiceWorker(again);
    await again.reload();
    await again.getByRole('heading', { name: 'Bonjour Camille' }).waitFor();
    await expect.poll(() => again.evaluate(() => performance.getEntriesByType('resource').some((e) => /engine-runtime-[^/]*\.js$/.test(e.name)))).toBe(true);
    const html = await (await again.request.get('/')).text();
    const fromHtml = [...html.matchAll(/rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
    const inPage = await again.$$eval('link[rel=modulepreload]', (links) => links.map((l) => l.getAttribute('href')!));
    expect(inPage.sort()).toEqual(fromHtml.sort());
    await back.close();
  });

  it("offers 'Nouvelle version disponible' when a new service worker waits, without reloading by itself, and takes over while the offline pass is downloading photos", async () => {
    const context = await env.newContext();
    // The photos the offline pass downloads through the worker: refused while the new version installs
    // (the pass waits for the network), then slow once the network is back, each in its own time. While
    // one is in flight the old worker is busy, and Chromium lets a waiting worker take over only once it
    // is not: the pass must stand by for the update to happen.
    let photos: 'refused' | 'slow' = 'refused';
    let refused = 0;
    let slow = 0;
    await context.route(/\/api\/(work_validation_requests\/)?media\/\d+$/, (route) => {
      if (!route.request().serviceWorker()) return void route.continue();
      if (photos === 'refused') return void (refused++, route.abort('internetdisconnected'));
      const delay = 1000 + (slow++ % 4) * 700;
      setTimeout(() => void route.continue().catch(() => undefined), delay);
    });
    const page = await context.newPage();
    await signIn(page, 'gestionnaire@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Camille' }).waitFor();
    await waitForServiceWorker(page);
    // The pass has come to the photos (they wait for the network).
    await expect.poll(() => refused, { timeout: 60_000 }).toBeGreaterThan(0);
    fs.appendFileSync(path.join(env.appDir, 'sw.js'), '\n// nouvelle version\n');
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await page.getByText('Nouvelle version disponible').waitFor({ timeout: 30_000 });
    expect(navigations).toEqual([]);
    await screenshots(page, 'update-prompt');

    photos = 'slow';
    await context.setOffline(true);
    await context.setOffline(false);
    await expect.poll(() => slow, { timeout: 20_000 }).toBeGreaterThanOrEqual(6);
    // Until the reload, both buttons wait, « Mettre à jour » busy: noted where the reload keeps it.
    await page.evaluate(`(() => {
      const [later, update] = ['Plus tard', 'Mettre à jour'].map((name) => [...document.querySelectorAll('button')].find((b) => b.textContent === name));
      new MutationObserver(() => {
        if (later.disabled && update.disabled && update.getAttribute('aria-busy') === 'true') sessionStorage.setItem('update-waited', 'yes');
      }).observe(update, { attributes: true });
    })()`);
    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await page.waitForEvent('framenavigated', { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Bonjour Camille' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('update-waited'))).toBe('yes');
    await context.close();
  });
});
