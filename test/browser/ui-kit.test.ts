/**
 * The shared UI kit in the browser (issue 23, "one look"): every screen that
 * uses the kit is opened directly in a fresh tab (only its own chunks loaded)
 * and must find its styles there: the facts lists of the visit fiche and of
 * the echopark detail used to depend on the interventions' CSS. The detail
 * tabs share one keyboard handling (arrows, Home, End, roving tabindex).
 * Screenshots at phone and desktop size of each screen, for people to look at;
 * no console error on any of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { followApiCalls, screenshots, signIn, startBrowserEnv, waitForServiceWorker, type BrowserEnv } from './harness';
import { sqlOf } from '../sql';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const { one } = sqlOf(() => env.server.ctx.db);

interface Session {
  context: BrowserContext;
  errors: string[];
  /** A new tab on `path` (the previous one closes): a fresh document that loads only what this screen imports. */
  open(path: string): Promise<Page>;
}

async function session(email: string, greeting: string): Promise<Session> {
  const context = await env.newContext();
  const errors: string[] = [];
  const watch = (page: Page) => {
    page.on('pageerror', (e) => errors.push(`${page.url()} uncaught ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${page.url()} console.error ${m.text()}`);
    });
  };
  const first = await context.newPage();
  watch(first);
  await signIn(first, email);
  await first.getByRole('heading', { name: greeting }).waitFor();
  await waitForServiceWorker(first);
  // One screen's tab at a time: the one before closes once its calls have answered (their errors counted),
  // so that open tabs do not share the machine with the screen measured.
  let previous: { page: Page; apiQuiet: () => Promise<void> } | null = null;
  return {
    context,
    errors,
    async open(path) {
      if (previous) await previous.apiQuiet().then(() => previous!.page.close());
      const page = await context.newPage();
      watch(page);
      previous = { page, apiQuiet: followApiCalls(page) };
      await page.goto(path);
      return page;
    },
  };
}

/** The computed `display` of the first element matching `selector` (a facts list is a grid only when its CSS is loaded). */
const displayOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).display);

describe('the UI kit, each screen opened directly', () => {
  it('interventions: list chips, detail header, tabs with one keyboard handling, facts, thread, media', async () => {
    const s = await session('gestionnaire@demo.fr', 'Bonjour Camille');
    const id = one(
      `SELECT ir.id FROM intervention_requests ir JOIN user_real_estates ure ON ure.real_estate_id = ir.real_estate_id JOIN users u ON u.id = ure.user_id
       WHERE u.email = 'gestionnaire@demo.fr' ORDER BY EXISTS (SELECT 1 FROM intervention_media m WHERE m.intervention_id = ir.id) DESC,
       (SELECT COUNT(*) FROM messages m WHERE m.object_kind = 'intervention' AND m.object_id = ir.id) DESC, ir.id LIMIT 1`,
    );
    const list = await s.open('/requests');
    await list.locator('.ir-card').first().waitFor();
    await screenshots(list, 'kit-interventions-list');

    const detail = await s.open(`/requestsdetail/${id}`);
    const tabs = detail.getByRole('tablist', { name: 'Sections de la demande' });
    await tabs.waitFor();
    expect(await displayOf(detail, 'dl.facts')).toBe('grid');
    await screenshots(detail, 'kit-interventions-detail');
    // One keyboard handling: End and Home jump, the arrows wrap, only the selected tab is in the tab order.
    await tabs.getByRole('tab', { name: 'Description' }).focus();
    await detail.keyboard.press('End');
    const medias = tabs.getByRole('tab', { name: 'Medias' });
    await expect.poll(() => medias.getAttribute('aria-selected')).toBe('true');
    expect(await medias.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await tabs.locator('[role="tab"][tabindex="0"]').count()).toBe(1);
    await detail.keyboard.press('ArrowRight');
    await expect.poll(() => tabs.getByRole('tab', { name: 'Description' }).getAttribute('aria-selected')).toBe('true');
    await detail.keyboard.press('ArrowLeft');
    await expect.poll(() => medias.getAttribute('aria-selected')).toBe('true');
    await detail.keyboard.press('Home');
    await expect.poll(() => tabs.getByRole('tab', { name: 'Description' }).getAttribute('aria-selected')).toBe('true');

    const messages = await s.open(`/requestsdetail/${id}?defaultTab=messages`);
    await messages.getByRole('button', { name: 'Envoyer' }).waitFor();
    await screenshots(messages, 'kit-interventions-messages');
    const mediasPage = await s.open(`/requestsdetail/${id}?defaultTab=medias`);
    await mediasPage.getByRole('tabpanel').waitFor();
    await screenshots(mediasPage, 'kit-interventions-medias');
    expect(s.errors).toEqual([]);
    await s.context.close();
  });

  it('OS: list chips, detail header, tabs (same keyboard), facts, thread, documents', async () => {
    const s = await session('gt@demo.fr', 'Bonjour Antoine');
    const id = one(
      `SELECT w.id FROM work_validation_requests w WHERE w.place <> 'start'
       ORDER BY EXISTS (SELECT 1 FROM work_validation_media m WHERE m.request_id = w.id) DESC, w.id LIMIT 1`,
    );
    const list = await s.open('/requests-os');
    await list.locator('.os-card').first().waitFor();
    await screenshots(list, 'kit-os-list');

    // The last filter, chosen by the URL, is brought into view in its row at phone size; the page itself does not move.
    const closed = await s.open('/requests-os?status=7');
    const chips = closed.getByRole('group', { name: 'Filtrer par étape' });
    const chosen = chips.getByRole('button', { name: 'Clôturées', pressed: true });
    await chosen.waitFor();
    const inRow = async () => {
      const [row, chip] = [(await chips.boundingBox())!, (await chosen.boundingBox())!];
      // Within a pixel: the row's widths are fractional, its scroll position whole.
      return chip.x >= row.x - 1 && chip.x + chip.width <= row.x + row.width + 1;
    };
    await expect.poll(inRow).toBe(true);
    expect(await chips.evaluate((row) => row.scrollLeft)).toBeGreaterThan(0);
    expect(await closed.evaluate(() => window.scrollY)).toBe(0);

    const detail = await s.open(`/requests-os-detail/${id}`);
    const tabs = detail.getByRole('tablist');
    await tabs.waitFor();
    expect(await displayOf(detail, 'dl.facts')).toBe('grid');
    await screenshots(detail, 'kit-os-detail');
    await tabs.getByRole('tab', { name: 'Description' }).focus();
    await detail.keyboard.press('End');
    const last = tabs.getByRole('tab').last();
    await expect.poll(() => last.getAttribute('aria-selected')).toBe('true');
    expect(await last.evaluate((el) => el === document.activeElement)).toBe(true);
    await detail.keyboard.press('Home');
    await expect.poll(() => tabs.getByRole('tab', { name: 'Description' }).getAttribute('aria-selected')).toBe('true');

    const messages = await s.open(`/requests-os-detail/${id}?defaultTab=messages`);
    await messages.getByRole('button', { name: 'Envoyer' }).waitFor();
    await screenshots(messages, 'kit-os-messages');
    const documents = await s.open(`/requests-os-detail/${id}?defaultTab=documents`);
    await documents.getByRole('tabpanel').waitFor();
    await screenshots(documents, 'kit-os-documents');
    expect(s.errors).toEqual([]);
    await s.context.close();
  });

  it('echopark: list, detail (facts and pre-wrapped texts from the kit) and the tunnel', async () => {
    const s = await session('echopark@demo.fr', 'Bonjour Sophie');
    const id = one(
      `SELECT r.id FROM echopark_requests r JOIN users u ON u.echopark_main_community_id = r.community_id
       WHERE u.email = 'echopark@demo.fr' ORDER BY EXISTS (SELECT 1 FROM echopark_pictures p WHERE p.request_id = r.id) DESC, r.id LIMIT 1`,
    );
    const list = await s.open('/echopark-requests');
    await list.locator('.ep-card').first().waitFor();
    await screenshots(list, 'kit-echopark-list');

    const detail = await s.open(`/echopark-request/${id}`);
    await detail.getByRole('heading', { name: /Demande EP-/ }).waitFor();
    expect(await displayOf(detail, 'dl.facts')).toBe('grid');
    expect(
      await detail
        .locator('.pre')
        .first()
        .evaluate((el) => getComputedStyle(el).whiteSpace),
    ).toBe('pre-wrap');
    await screenshots(detail, 'kit-echopark-detail');

    const tunnel = await s.open('/echopark-requests-new');
    await tunnel.getByRole('heading', { level: 1 }).waitFor();
    await screenshots(tunnel, 'kit-echopark-tunnel');
    expect(s.errors).toEqual([]);
    await s.context.close();
  });

  it('visits: the fiche of a downloaded visit, opened directly, has its facts list styled', async () => {
    const s = await session('inspecteur@demo.fr', 'Bonjour Julie');
    const name = 'Visite annuelle des parties communes';
    const id = one(`SELECT id FROM visits WHERE name = ?`, name);
    const list = await s.open('/visites');
    const row = list.locator('.row-card', { hasText: name });
    await row.getByRole('button', { name: 'Télécharger' }).click();
    await row.getByRole('button', { name: 'Démarrer' }).waitFor({ timeout: 20_000 });
    await screenshots(list, 'kit-visits-list');

    const fiche = await s.open(`/visite-fiche/${id}?data=true`);
    await fiche.locator('dl.facts').first().waitFor();
    expect(await displayOf(fiche, 'dl.facts')).toBe('grid');
    await screenshots(fiche, 'kit-visits-fiche');
    expect(s.errors).toEqual([]);
    await s.context.close();
  });
});
