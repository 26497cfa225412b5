/**
 * Echopark at the edges (issue 19), in the built app against the reference
 * server. A member of the Lyon community asks for a lawn to be mowed: the
 * demo world has closed that domain, and the server refuses in a 2xx answer
 * carrying only data.reason (as the real backend does). Online, the tunnel
 * shows the translated reason in an alert and keeps what was typed; created
 * offline and refused once the network is back, the request leaves the list
 * (never « Pas encore envoyée » forever) and stays refused in 'Envois en
 * attente' with its reason. An answer with neither id nor reason keeps the
 * request and sends it again once the server answers properly. On a detail,
 * the progress form's upload field takes a new 12 MP photo offline (reduced
 * by the shared picker before the 5 MB check), and the photo and the form
 * reach the server on reconnect, the field naming the uploaded photo.
 * Screenshots at phone and desktop size; axe on the alert and the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { makePhotoInPage } from '../../bench/image-downscale';
import { demoPng } from '../../server/seed/images';
import { ECHOPARK_REASONS } from '../../sync/contract/echopark';
import { refusedOffline, screenshots, signIn, startBrowserEnv, waitForServiceWorker, type BrowserEnv, axeViolations } from './harness';
import { sqlOf } from '../sql';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const db = () => env.server.ctx.db;
const { count } = sqlOf(db);
const REASON = ECHOPARK_REASONS.echoparkDomainClosed;

/** Signed in as the Lyon member, console errors collected (Chromium's own log of requests tried offline excepted). */
async function member(): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await env.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  const expected = (m: ConsoleMessage) => refusedOffline(m) || /tile\.openstreetmap\.org/.test(m.location().url);
  page.on('console', (m) => m.type() === 'error' && !expected(m) && errors.push(`${m.text()} @ ${m.location().url}`));
  page.on('pageerror', (e) => errors.push(String(e)));
  await signIn(page, 'echopark@demo.fr');
  await page.getByRole('heading', { name: 'Bonjour Sophie' }).waitFor();
  return { page, context, errors };
}

const next = (page: Page) => page.getByRole('button', { name: 'Suivant' }).click();
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

describe('echopark edges', () => {
  it('a creation refused in a 2xx answer: the reason in an alert while the tunnel is open; refused later, it leaves the list and stays refused in Envois en attente', async () => {
    const { page, context, errors } = await member();
    await waitForServiceWorker(page);
    const message = 'Pelouse très haute devant le Carré Bellecour';
    const created = () => count(`SELECT COUNT(*) AS n FROM echopark_requests WHERE message = ?`, message);

    await page.goto('/echopark-requests');
    await page.getByRole('link', { name: 'Nouvelle demande', exact: true }).click();
    await page.getByRole('radio', { name: 'Espaces verts' }).check();
    await next(page);
    await page.getByLabel('Rechercher un bien').fill('bellecour');
    await page
      .getByRole('radio', { name: /^Le Carré Bellecour/ })
      .first()
      .check();
    await next(page);
    await page.getByRole('radio', { name: /Tonte/ }).check();
    await next(page);
    await next(page);
    await page.getByLabel('Votre message').fill(message);
    await page.getByRole('button', { name: 'Envoyer la demande' }).click();
    // The tunnel's alert says why, in French; everything typed stays.
    await page
      .getByRole('alert')
      .filter({ hasText: exactly(REASON) })
      .waitFor();
    expect(await page.getByLabel('Votre message').inputValue()).toBe(message);
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'echopark-refused-2xx-tunnel');
    expect(created()).toBe(0);
    // Taken back while the tunnel was open, as for a 400 refusal: nothing left to send.
    await page.goto('/envois-en-attente');
    await page.getByText('Tout est envoyé.').waitFor();

    // Offline, the same request (the tunnel resumes its draft) with a photo: queued, shown as not sent.
    await context.setOffline(true);
    await page.goto('/echopark-requests-new');
    await page.getByText('Votre demande en cours a été reprise').waitFor();
    await page.getByRole('button', { name: 'Étape précédente' }).click();
    await page.locator('input[type=file]').setInputFiles({ name: 'pelouse.png', mimeType: 'image/png', buffer: demoPng(31) });
    await page.getByRole('img', { name: 'pelouse.png' }).waitFor();
    await next(page);
    await page.getByRole('button', { name: 'Envoyer la demande' }).click();
    await page.waitForURL(/\/echopark-requests$/);
    const card = page.locator('.ep-card', { hasText: 'Pas encore envoyée' }).filter({ hasText: 'Le Carré Bellecour' });
    await card.waitFor();

    // Back online: refused by the 2xx answer; the card goes, told once with the reason.
    await context.setOffline(false);
    await page.getByRole('alert').filter({ hasText: REASON }).first().waitFor({ timeout: 20_000 });
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(0);
    expect(created()).toBe(0);
    expect(count(`SELECT COUNT(*) AS n FROM media WHERE name = 'pelouse.png'`)).toBe(0);
    await page.goto('/envois-en-attente');
    const refused = page.getByRole('listitem').filter({ hasText: 'Nouvelle demande echopark (Le Carré Bellecour)' });
    await refused.getByText('Refusé par le serveur').waitFor();
    await refused.getByText(`Refusé : ${REASON}`).waitFor();
    // Its photo had no request to go to: refused too, in French, with the way out.
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Photo « pelouse.png »' })
      .getByText(/La demande n'a pas été créée sur le serveur/)
      .waitFor();
    await screenshots(page, 'echopark-refused-2xx-outbox');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an answer with neither id nor reason is an error: the request stays on the device, said not confirmed, and reaches the server once it answers properly', async () => {
    const { page, context, errors } = await member();
    await waitForServiceWorker(page);
    const message = 'Corbeille pleine devant le Carré Bellecour';
    const created = () => count(`SELECT COUNT(*) AS n FROM echopark_requests WHERE message = ?`, message);
    let broken = true;
    await page.route('**/api/echopark/requests/', (route) =>
      broken && route.request().method() === 'POST'
        ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: {} }) })
        : route.fallback(),
    );
    await page.goto('/echopark-requests');
    await page.getByRole('link', { name: 'Nouvelle demande', exact: true }).click();
    await page.getByRole('radio', { name: 'Propreté' }).check();
    await next(page);
    await page.getByLabel('Rechercher un bien').fill('bellecour');
    await page
      .getByRole('radio', { name: /^Le Carré Bellecour/ })
      .first()
      .check();
    await next(page);
    await page.getByRole('radio', { name: /Corbeilles pleines/ }).check();
    await next(page);
    await next(page);
    await page.getByLabel('Votre message').fill(message);
    await page.getByRole('button', { name: 'Envoyer la demande' }).click();
    // Not a refusal, not a success: kept, and said so (not « hors ligne »: the network is there).
    await page.getByText('Le serveur n’a pas encore confirmé la demande', { exact: false }).waitFor({ timeout: 20_000 });
    await page.waitForURL(/\/echopark-requests$/);
    await page.locator('.ep-card', { hasText: 'Pas encore envoyée' }).filter({ hasText: 'Le Carré Bellecour' }).waitFor();
    await page.goto('/envois-en-attente');
    const kept = page.getByRole('listitem').filter({ hasText: 'Nouvelle demande echopark (Le Carré Bellecour)' });
    await kept.getByText('Dernière erreur : Réponse du serveur sans numéro de demande : la demande sera renvoyée.').waitFor();
    await kept.getByText('En attente', { exact: true }).waitFor();
    expect(created()).toBe(0);

    // The server answers properly again: the kept request goes, once.
    broken = false;
    await kept.getByRole('button', { name: 'Réessayer' }).click();
    await expect.poll(created, { timeout: 20_000 }).toBe(1);
    await page.getByText('Tout est envoyé.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the progress form’s upload field takes a new 12 MP photo offline, reduced first; photo and form reach the server on reconnect', async () => {
    const row = db()
      .prepare(
        `SELECT r.id FROM echopark_requests r JOIN echopark_steps s ON s.id = r.step_id JOIN users u ON u.echopark_main_community_id = r.community_id WHERE u.email = 'echopark@demo.fr' AND s.name = 'Intervention en cours' ORDER BY r.id LIMIT 1`,
      )
      .get() as { id: number };
    const pictures = () => count(`SELECT COUNT(*) AS n FROM echopark_pictures WHERE request_id = ?`, row.id);
    const before = pictures();
    const forms = () => count(`SELECT COUNT(*) AS n FROM echopark_messages WHERE request_id = ? AND message_type = 2`, row.id);
    const formsBefore = forms();
    const { page, context, errors } = await member();
    await waitForServiceWorker(page);
    await page.goto(`/echopark-request/${row.id}`);
    await page.getByRole('heading', { name: /Demande EP-/ }).waitFor();
    const size = await page.evaluate(makePhotoInPage, [4000, 3000, 0.95, 24] as [number, number, number, number]);
    expect(size).toBeGreaterThan(5_000_000);
    const photo = Buffer.from(
      await page.evaluate(async () => {
        const bytes = new Uint8Array(await (window as unknown as { benchPhoto: Blob }).benchPhoto.arrayBuffer());
        let text = '';
        for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(text);
      }),
      'base64',
    );

    await context.setOffline(true);
    await page.reload();
    const form = page.getByRole('region', { name: "Suivi d'intervention" });
    await form.getByLabel('Nature du constat').selectOption('Usure');
    await form.getByLabel('Description du constat').fill('Bordure descellée, photo prise hors ligne');
    await form.getByLabel('Date de passage').fill('2026-11-24');
    await form.getByLabel("Heure d'arrivée").fill('09:15');
    await form.getByLabel("Nombre d'intervenants").fill('2');
    await form.getByLabel('Zone sécurisée après intervention').check();
    // The field's own picker: camera or files, the same reduction as every picker, then the 5 MB check.
    await form.getByLabel('Prendre ou choisir une photo').setInputFiles({ name: 'IMG_3107.jpeg', mimeType: 'image/jpeg', buffer: photo });
    await form.getByRole('img', { name: 'IMG_3107.jpg' }).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => form.getByLabel('Photo du constat').evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent))
      .toBe('Nouvelle photo : IMG_3107.jpg');
    expect(await form.locator('.field__error').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'echopark-form-upload-new-photo');
    // Nothing wider than the phone (the picker's hidden file input once was, inside the form's field).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await form.getByRole('button', { name: 'Soumettre le formulaire' }).click();
    await page.getByText('Modifications pas encore envoyées').waitFor();
    // Kept on the device: the photo waits in the photos panel, the field names it.
    await page.getByRole('region', { name: 'Photos' }).getByRole('img', { name: 'IMG_3107.jpg (en attente d’envoi)' }).waitFor();
    expect(pictures()).toBe(before);
    await screenshots(page, 'echopark-form-upload-pending');

    await context.setOffline(false);
    await expect.poll(() => pictures(), { timeout: 20_000 }).toBe(before + 1);
    const uploaded = db()
      .prepare(`SELECT p.id, m.size, m.type FROM echopark_pictures p JOIN media m ON m.id = p.media_id WHERE p.request_id = ? ORDER BY p.id DESC LIMIT 1`)
      .get(row.id) as { id: number; size: number; type: string };
    expect(uploaded.type).toBe('image/jpeg');
    expect(uploaded.size).toBeLessThan(5_000_000);
    const answer = () =>
      (
        db()
          .prepare(`SELECT a.value FROM echopark_form_answers a JOIN echopark_fields f ON f.id = a.field_id WHERE a.request_id = ? AND f.key = 'constat_photo'`)
          .get(row.id) as { value: string } | undefined
      )?.value;
    await expect.poll(answer, { timeout: 20_000 }).toBe(String(uploaded.id));
    expect(forms()).toBe(formsBefore + 1);
    await expect.poll(() => page.getByText('Modifications pas encore envoyées').count(), { timeout: 20_000 }).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
