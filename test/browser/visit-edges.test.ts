/**
 * Visits at the edges (issue 19), in the built app against the reference
 * server: an inspector's phone holding a started visit is lost after a save;
 * on a fresh browser profile the visit's row offers « Reprendre sur cet
 * appareil » (the dialog says what cannot be recovered), the detail too, and
 * the visit is continued there and saved to the server. A 12-megapixel phone
 * photo heavier than 5 MB is accepted in a visit field once reduced, and
 * reaches the server reduced; a file that is not a readable image is refused
 * with a clear message and the field keeps its files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { makePhotoInPage } from '../../bench/image-downscale';
import { DESKTOP, PHONE, SCREENSHOTS, screenshots, signIn, startBrowserEnv, waitForServiceWorker, type BrowserEnv, axeViolations } from './harness';

let env: BrowserEnv;
const uploads: Buffer[] = [];
beforeAll(async () => {
  env = await startBrowserEnv();
  // What the server stores (by md5, as under DATA_DIR/media), recorded on the way in.
  const files = env.server.ctx.files;
  const put = files.put.bind(files);
  files.put = (data) => (uploads.push(data), put(data));
});
afterAll(() => env?.close());

const db = () => env.server.ctx.db;
const visitNamed = (name: string) => db().prepare(`SELECT id, state FROM visits WHERE name = ?`).get(name) as { id: number; state: string };
const dataOf = (id: number) => (db().prepare(`SELECT data FROM visit_data WHERE visit_id = ?`).get(id) as { data: string }).data;

/** Opens the 'Hall d’entrée' section of the 'Parties communes' form (phone layout: from the form cards). */
async function openHall(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Parties communes' }).first().click();
  await page
    .getByRole('button', { name: /Hall d’entrée/ })
    .first()
    .click();
  await page.getByRole('heading', { name: 'Hall d’entrée', level: 2 }).waitFor();
}

/** Console errors and uncaught exceptions of a page (the app must show none on any screen). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * What a person sees with `target` scrolled to the middle of the screen, at phone and desktop
 * size (the harness's full-page shots draw the fixed nav bar over whatever sits at 844 px).
 */
async function viewShots(page: Page, name: string, target: Locator): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-view-${label}.png`) });
  }
  await page.setViewportSize(PHONE);
}

/** Width and height of a JPEG from its SOF marker. */
function jpegSize(data: Buffer): { width: number; height: number } {
  let i = 2;
  while (i + 9 < data.length) {
    const marker = data[i + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return { height: data.readUInt16BE(i + 5), width: data.readUInt16BE(i + 7) };
    i += 2 + data.readUInt16BE(i + 2);
  }
  throw new Error('no SOF marker');
}

describe('visit edges', () => {
  it('a started visit whose phone is lost is resumed in a fresh profile, continued, and saved to the server', async () => {
    const name = 'Audit des façades'; // inspecteur2's, paused, late, with two files
    const { id } = visitNamed(name);

    // The first phone: downloads, starts, types, saves… and is lost.
    const lost = await env.newContext();
    const phone = await lost.newPage();
    await signIn(phone, 'inspecteur2@demo.fr');
    await phone.getByRole('heading', { name: /^Bonjour/ }).waitFor();
    await phone.goto('/visites');
    const firstRow = phone.locator('.row-card', { hasText: name });
    await firstRow.getByRole('button', { name: 'Télécharger' }).click();
    await firstRow.getByRole('button', { name: 'Démarrer' }).click({ timeout: 20_000 });
    await firstRow.getByText('démarrée ici').waitFor();
    await firstRow.getByRole('link', { name }).click();
    await openHall(phone);
    await phone.getByLabel('Observations').fill('Fissure relevée sur le premier téléphone');
    await phone.getByRole('button', { name: 'Enregistrer •' }).click();
    await expect.poll(() => dataOf(id), { timeout: 20_000 }).toContain('Fissure relevée sur le premier téléphone');
    // Typed after the last save: it never reaches the server.
    await phone.getByLabel('Observations').fill('Jamais enregistré');
    await lost.close();
    expect(visitNamed(name).state).toBe('start');

    // A fresh browser profile: the row says the visit is started elsewhere and offers to resume it.
    const context = await env.newContext();
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await signIn(page, 'inspecteur2@demo.fr');
    await page.getByRole('heading', { name: /^Bonjour/ }).waitFor();
    await waitForServiceWorker(page);
    await page.goto('/visites');
    const row = page.locator('.row-card', { hasText: name });
    await row.getByText('En cours').waitFor();
    await row.getByText('En retard').waitFor();
    await row.getByText('démarrée sur un autre appareil').waitFor();
    expect(await row.getByRole('button', { name: 'Télécharger' }).count()).toBe(0);
    await row.getByRole('button', { name: 'Reprendre sur cet appareil' }).scrollIntoViewIfNeeded();
    expect(await axeViolations(page), '/visites').toEqual([]);
    await screenshots(page, 'visit-resume-row');
    await viewShots(page, 'visit-resume-row', row);
    await row.getByRole('button', { name: 'Reprendre sur cet appareil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reprendre la visite sur cet appareil ?' });
    await dialog.getByText('Ce que l’autre appareil n’avait pas encore enregistré sur le serveur ne peut pas être récupéré.').waitFor();
    expect(await axeViolations(page), 'dialog').toEqual([]);
    await screenshots(page, 'visit-resume-dialog');
    await viewShots(page, 'visit-resume-dialog', dialog);
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The detail offers it too, and resuming there downloads the server's copy and starts it here.
    await row.getByRole('link', { name }).click();
    await page.getByText('Elle a été démarrée sur un autre appareil').waitFor();
    expect(await axeViolations(page), 'detail').toEqual([]);
    await screenshots(page, 'visit-resume-detail');
    await page.getByRole('button', { name: 'Reprendre sur cet appareil' }).click();
    await dialog.getByRole('button', { name: 'Reprendre' }).click();
    await openHall(page);
    const observations = page.getByLabel('Observations');
    await expect.poll(() => observations.isEnabled(), { timeout: 20_000 }).toBe(true);
    expect(await observations.inputValue()).toBe('Fissure relevée sur le premier téléphone');
    await observations.fill('Fissure relevée, reprise sur la tablette');
    await page.getByRole('button', { name: 'Enregistrer •' }).click();
    await expect.poll(() => dataOf(id), { timeout: 20_000 }).toContain('Fissure relevée, reprise sur la tablette');
    expect(visitNamed(name).state).toBe('start');
    expect(dataOf(id)).not.toContain('Jamais enregistré');
    await page.getByRole('button', { name: 'Enregistré' }).waitFor();
    await screenshots(page, 'visit-resumed-section');

    // Back on the list: started here now, nothing more to resume.
    await page.getByRole('button', { name: 'Retour à la liste' }).click();
    await row.getByText('démarrée ici').waitFor();
    expect(await row.getByRole('button', { name: 'Reprendre sur cet appareil' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a 12 MP photo over 5 MB is accepted in a visit field once reduced and reaches the server reduced; an unreadable one is refused, the field unchanged', async () => {
    const name = 'Visite annuelle des parties communes'; // inspecteur's, to do
    const { id } = visitNamed(name);
    const context = await env.newContext();
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await signIn(page, 'inspecteur@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Julie' }).waitFor();
    await page.goto('/visites');
    const row = page.locator('.row-card', { hasText: name });
    await row.getByRole('button', { name: 'Télécharger' }).click();
    await row.getByRole('button', { name: 'Démarrer' }).click({ timeout: 20_000 });
    await row.getByText('démarrée ici').waitFor();
    await row.getByRole('link', { name }).click();
    await openHall(page);

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
    const input = page.getByLabel('Ajouter un fichier : Photo du hall');

    // Not an image, whatever its name says: refused in French, nothing added.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 7)]);
    await input.setInputFiles({ name: 'abimee.jpg', mimeType: 'image/jpeg', buffer: broken });
    await page.getByRole('alert').filter({ hasText: 'La photo « abimee.jpg » ne peut pas être lue' }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('abimee', { exact: false }).count()).toBe(1); // the message only, no file entry
    expect(await axeViolations(page), 'photo refused').toEqual([]);
    await screenshots(page, 'visit-photo-unreadable');

    await input.setInputFiles({ name: 'IMG_2041.jpeg', mimeType: 'image/jpeg', buffer: photo });
    await page.locator('.vfield__files').getByText('IMG_2041.jpg').waitFor({ timeout: 30_000 });
    expect(await page.locator('.field__error').count()).toBe(0);
    await screenshots(page, 'visit-photo-reduced');

    // Saved and sent from the files dialog: the answer names it, the server has it reduced.
    await page.getByRole('button', { name: 'Enregistrer •' }).click();
    await page
      .getByRole('button', { name: 'Menu de la visite' })
      .first()
      .click()
      .catch(() => undefined);
    await page.getByRole('button', { name: 'Fichiers de la visite' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Envoyer/ })
      .click();
    await expect
      .poll(() => db().prepare(`SELECT name FROM visit_files WHERE visit_id = ? AND original_name = 'IMG_2041.jpg'`).get(id) as { name: string } | undefined, {
        timeout: 30_000,
      })
      .toBeTruthy();
    const file = db()
      .prepare(`SELECT f.name, m.size FROM visit_files f JOIN media m ON m.id = f.media_id WHERE f.visit_id = ? AND f.original_name = 'IMG_2041.jpg'`)
      .get(id) as {
      name: string;
      size: number;
    };
    expect(file.name).toMatch(/^IMG_2041_\d{13}\.jpg$/);
    expect(file.size).toBeLessThanOrEqual(5_000_000);
    const jpeg = uploads.find((u) => u.length === file.size && u[0] === 0xff && u[1] === 0xd8)!;
    expect(Math.max(jpegSize(jpeg).width, jpegSize(jpeg).height)).toBe(2048);
    await expect.poll(() => dataOf(id), { timeout: 20_000 }).toContain(file.name);
    expect(dataOf(id)).not.toContain('abimee');
    expect(errors).toEqual([]);
    await context.close();
  });
});
