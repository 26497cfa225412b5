/**
 * Photo reduction end to end (issue 12): in the intervention tunnel, a
 * generated 12 MP photo heavier than the 5,000,000-byte limit is picked
 * through the real file input, accepted once reduced, and reaches the server
 * as a JPEG of 2,048 px on its long side; a transparent PNG picked with it
 * is sent as it is; a file that cannot be decoded is refused with its name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePhotoInPage } from '../../bench/image-downscale';
import { signIn, startBrowserEnv, type BrowserEnv } from './harness';

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

/** Width and height of a JPEG from its SOF marker. */
function jpegSize(data: Buffer): { width: number; height: number } {
  let i = 2;
  while (i + 9 < data.length) {
    if (data[i] !== 0xff) throw new Error(`not a JPEG marker at ${i}`);
    const marker = data[i + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return { height: data.readUInt16BE(i + 5), width: data.readUInt16BE(i + 7) };
    i += 2 + data.readUInt16BE(i + 2);
  }
  throw new Error('no SOF marker');
}

describe('image downscale', () => {
  it('a 12 MP photo over the limit is accepted, reduced to 2,048 px JPEG and uploaded so; a transparent PNG is kept', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'gestionnaire@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Camille' }).waitFor();
    await page.goto('/requests-create');
    await page.getByRole('radio', { name: /Tour Atlantique/ }).check();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.locator('.choice input').first().check();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('radio', { name: 'Plomberie' }).check();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByLabel('Décrivez votre demande').fill('Fissure en façade, photo du téléphone en pleine résolution');

    const size = await page.evaluate(makePhotoInPage, [4000, 3000, 0.95, 24] as [number, number, number, number]);
    expect(size).toBeGreaterThan(5_000_000);
    const toBase64 = (expr: 'benchPhoto' | 'logo') =>
      page.evaluate(async (key) => {
        const w = window as unknown as Record<string, Blob>;
        if (key === 'logo') {
          const canvas = new OffscreenCanvas(2600, 800);
          const ctx = canvas.getContext('2d')!;
          ctx.fillStyle = '#c0392b';
          ctx.fillRect(100, 100, 1200, 400);
          w.logo = await canvas.convertToBlob({ type: 'image/png' });
        }
        const bytes = new Uint8Array(await w[key]!.arrayBuffer());
        let text = '';
        for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(text);
      }, expr);
    const photo = Buffer.from(await toBase64('benchPhoto'), 'base64');
    const logo = Buffer.from(await toBase64('logo'), 'base64');
    await page.locator('input[type=file]').setInputFiles([
      { name: 'IMG_2041.jpeg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'logo.png', mimeType: 'image/png', buffer: logo },
    ]);
    await page.getByRole('img', { name: 'IMG_2041.jpg' }).waitFor({ timeout: 30_000 });
    await page.getByRole('img', { name: 'logo.png' }).waitFor();
    expect(await page.locator('.field__error').count()).toBe(0);
    // A file that says JPEG but cannot be decoded is refused, named, and the photos already chosen stay.
    await page.locator('input[type=file]').setInputFiles([{ name: 'abime.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('pas une image') }]);
    await page.getByRole('alert').filter({ hasText: 'La photo « abime.jpg » ne peut pas être lue' }).waitFor();
    expect(await page.getByRole('img', { name: 'abime.jpg' }).count()).toBe(0);
    await page.getByRole('img', { name: 'IMG_2041.jpg' }).waitFor();

    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('button', { name: 'Valider la demande' }).click();
    await expect.poll(() => uploads.length, { timeout: 20_000 }).toBe(2);
    const jpeg = uploads.find((u) => u[0] === 0xff && u[1] === 0xd8)!;
    const png = uploads.find((u) => u[0] === 0x89)!;
    expect(jpegSize(jpeg)).toEqual({ width: 2048, height: 1536 });
    expect(jpeg.length).toBeLessThan(photo.length / 3);
    expect(png.equals(logo)).toBe(true);
    await context.close();
  });
});
