/**
 * Echopark in the browser against the reference server (issue 11): a member
 * opens the list, reloads it offline, creates two requests offline through the
 * five steps (one property found by search, one by 'Autour de moi' with a
 * mocked position), and once online the server has each once with its photo
 * and message. On a detail, a message, the progress form with every field
 * type, a debriefing and a step change are done offline and received once.
 * A member of two communities switches; a member of a third cannot open the
 * first one's request. Screenshots of each screen (map included) and axe.
 * Map tiles are unreachable here: the test serves one by route interception.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { demoPng } from '../../server/seed/images';
import { refusedOffline, screenshots, signIn, startBrowserEnv, waitForServiceWorker, type BrowserEnv, axeViolations } from './harness';
import { sqlOf } from '../sql';

// Lets context.route() see the service worker's own fetches (tiles go through its cache).
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const db = () => env.server.ctx.db;
const { count } = sqlOf(db);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-echopark-'));
const file = (name: string, content: Buffer | string) => {
  const p = path.join(tmp, name);
  fs.writeFileSync(p, content);
  return p;
};
/** A 256×256 map-like tile: pale ground crossed by two light streets (what a person expects to see under markers). */
function tilePng(): Buffer {
  const size = 256;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const street = Math.abs(x - 90) < 5 || Math.abs(y - 170) < 4;
      row.set(street ? [255, 255, 255] : [232, 238, 228], 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const TILE = tilePng();

/** A signed-in member with tiles served, console errors collected (tile failures offline excepted: missing tiles are expected there). */
async function member(email: string, greeting: string): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await env.newContext();
  await context.route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', headers: { 'access-control-allow-origin': '*' }, body: TILE }),
  );
  const page = await context.newPage();
  const errors: string[] = [];
  // Chromium logs every request refused while offline (the outbox's tries); those are the network's, not the app's.
  const expected = (m: ConsoleMessage) => /tile\.openstreetmap\.org/.test(m.location().url) || refusedOffline(m);
  page.on('console', (m) => m.type() === 'error' && !expected(m) && errors.push(`${m.text()} @ ${m.location().url}`));
  page.on('pageerror', (e) => errors.push(String(e)));
  await signIn(page, email);
  await page.getByRole('heading', { name: greeting }).waitFor();
  return { page, context, errors };
}

const next = (page: Page) => page.getByRole('button', { name: 'Suivant' }).click();

async function createOffline(page: Page, pickProperty: () => Promise<string>, message: string, photo: string, checks = false): Promise<string> {
  await page.getByRole('link', { name: 'Nouvelle demande', exact: true }).click();
  await page.getByText('Étape 1 sur 5').waitFor();
  if (checks) await screenshots(page, 'echopark-tunnel-types');
  await next(page);
  await page.getByText('Choisissez un type de demande.').waitFor();
  await page.getByRole('radio', { name: 'Propreté' }).check();
  await next(page);
  const property = await pickProperty();
  await next(page);
  await page.getByLabel('Rechercher un domaine').fill('encomb');
  await page.getByRole('radio', { name: /Encombrants/ }).check();
  await next(page);
  await page.locator('input[type=file]').setInputFiles(file('notes.txt', 'pas une image'));
  await page.getByText('notes.txt : Merci de rajouter une image.').waitFor();
  await page.locator('input[type=file]').setInputFiles(photo);
  await page.getByRole('img', { name: path.basename(photo) }).waitFor();
  if (checks) expect(await axeViolations(page)).toEqual([]);
  await next(page);
  await page.getByRole('button', { name: 'Envoyer la demande' }).click();
  await page.getByText('Le message de la demande est obligatoire.').waitFor();
  await page.getByLabel('Votre message').fill(message);
  if (checks) {
    // A reload (offline) finds the tunnel where it was: message and photo kept on the device.
    await page.waitForTimeout(600);
    await page.reload();
    await page.getByText('Votre demande en cours a été reprise').waitFor();
    expect(await page.getByLabel('Votre message').inputValue()).toBe(message);
    await page.getByText('1 photo', { exact: true }).waitFor();
  }
  await page.getByText('La consigne n’est pas disponible hors ligne.').waitFor();
  if (checks) {
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'echopark-tunnel-message');
  }
  await page.getByRole('button', { name: 'Envoyer la demande' }).click();
  await page.waitForURL(/\/echopark-requests$/);
  await page.locator('.ep-card', { hasText: 'Pas encore envoyée' }).filter({ hasText: property }).waitFor();
  return property;
}

describe('echopark', () => {
  it('a member reads the list offline and creates two requests offline, one by search and one around them; the server gets each once with photo and message', async () => {
    // Counted from here: a retry of this test finds the first attempt's requests on the server.
    const since = (db().prepare(`SELECT COALESCE(MAX(id), 0) AS id FROM echopark_requests`).get() as { id: number }).id;
    const { page, context, errors } = await member('echopark@demo.fr', 'Bonjour Sophie');
    await waitForServiceWorker(page);
    await page.goto('/echopark-requests');
    await page.locator('.ep-card').first().waitFor();
    const first = (await page.locator('.ep-card__number').first().textContent())!;
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'echopark-list');
    await page.getByRole('button', { name: 'Filtres' }).click();
    await page.getByRole('dialog', { name: 'Filtres' }).getByLabel('Urgence').selectOption('Urgente');
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'echopark-list-filters');
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await expect.poll(async () => (await page.locator('.ep-card').allTextContents()).every((c) => c.includes('Urgente'))).toBe(true);
    await page.getByRole('button', { name: 'Filtres (1)' }).click();
    await page.getByRole('button', { name: 'Effacer les filtres' }).click();
    // The tunnel once online: its map with a tile viewed (the worker keeps it).
    await page.goto('/echopark-requests-new');
    await page.getByRole('radio', { name: 'Propreté' }).check();
    await next(page);
    await page.getByRole('region', { name: 'Carte des biens' }).waitFor();
    await page.locator('.leaflet-tile-loaded').first().waitFor();
    // The worker keeps the tiles viewed (cache-first), as CORS answers it can count.
    await expect.poll(() => page.evaluate(async () => (await (await caches.open('bp-tiles-v1')).keys()).length)).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'echopark-tunnel-properties');
    // Each marker is a button named by its property, reachable and chosen from the keyboard.
    await page
      .getByRole('button', { name: /Le Carré Bellecour/ })
      .first()
      .focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Bien choisi : Le Carré Bellecour' }).waitFor();
    // Left half done, the tunnel comes back where it was; 'Recommencer' clears it.
    await page.waitForTimeout(600);
    await page.goto('/echopark-requests-new');
    await page.getByText('Votre demande en cours a été reprise').waitFor();
    await page.getByText('Étape 2 sur 5').waitFor();
    await page.getByRole('button', { name: 'Recommencer' }).click();
    await page.getByText('Étape 1 sur 5').waitFor();

    await context.setOffline(true);
    await page.goto('/echopark-requests');
    await page.reload();
    await page.locator('.ep-card__number', { hasText: first }).waitFor();
    await page.getByLabel('Rechercher par numéro').fill(first.slice(-3));
    await expect.poll(() => page.locator('.ep-card').count()).toBeGreaterThanOrEqual(1);
    await page.getByLabel('Rechercher par numéro').fill('');

    const bySearch = await createOffline(
      page,
      async () => {
        await page.getByLabel('Rechercher un bien').fill('TONY GARNIER');
        // The site comes first (parents before their buildings, which carry its name too).
        await page
          .getByRole('radio', { name: /^Parc d'activités de Gerland/ })
          .first()
          .check();
        return "Parc d'activités de Gerland";
      },
      'Canapé abandonné devant le parking, créé hors ligne par recherche',
      file('canape.png', demoPng(11)),
      true,
    );
    await context.grantPermissions(['geolocation'], { origin: env.baseUrl });
    await context.setGeolocation({ latitude: 45.7565, longitude: 4.8267 });
    const aroundMe = await createOffline(
      page,
      async () => {
        await page.getByRole('button', { name: 'Autour de moi' }).click();
        const nearest = page.getByRole('radiogroup', { name: 'Les 10 biens les plus proches' });
        await expect.poll(() => nearest.getByRole('radio').count()).toBe(10);
        await expect.poll(async () => /^à \d/.test((await nearest.locator('.small').last().textContent()) ?? '')).toBe(true);
        await page.locator('.ep-marker--near').first().waitFor();
        await screenshots(page, 'echopark-tunnel-around-me');
        await nearest.getByRole('radio').first().check();
        return ((await page.getByRole('status').filter({ hasText: 'Bien choisi' }).textContent()) ?? '').replace('Bien choisi : ', '');
      },
      'Cartons déposés sur le trottoir, créé hors ligne autour de moi',
      file('cartons.png', demoPng(12)),
    );
    await screenshots(page, 'echopark-list-pending');
    // A request created offline opens at once; it gets its number on the same screen once sent.
    await page.locator('.ep-card', { hasText: 'Pas encore envoyée' }).filter({ hasText: aroundMe }).click();
    await page.getByRole('heading', { name: 'Nouvelle demande', exact: true }).waitFor();
    await page.getByText('Cartons déposés sur le trottoir').first().waitFor();
    await screenshots(page, 'echopark-detail-created-offline');

    await context.setOffline(false);
    await page.getByRole('heading', { name: /^Demande EP-/ }).waitFor({ timeout: 20_000 });
    // Checked before leaving this page: a full reload during a photo's upload is another case (see the
    // closing note of issue 22: the new page may wait for a focus or 'Envoyer maintenant').
    for (const [message, property] of [
      ['%par recherche', bySearch],
      ['%autour de moi', aroundMe],
    ]) {
      const sql = `SELECT COUNT(*) AS n FROM echopark_requests r JOIN echopark_properties p ON p.id = r.property_id WHERE r.message LIKE ? AND p.name = ? AND r.id > ?`;
      await expect.poll(() => count(sql, message, property, since), { timeout: 20_000 }).toBe(1);
      await expect
        .poll(
          () =>
            count(
              `SELECT COUNT(*) AS n FROM echopark_pictures x JOIN echopark_requests r ON r.id = x.request_id WHERE r.message LIKE ? AND r.id > ?`,
              message,
              since,
            ),
          {
            timeout: 20_000,
          },
        )
        .toBe(1);
    }
    await page.goto('/echopark-requests');
    await expect.poll(() => page.locator('.ep-card', { hasText: 'Pas encore envoyée' }).count(), { timeout: 20_000 }).toBe(0);
    const created = (db().prepare(`SELECT number FROM echopark_requests WHERE message LIKE '%par recherche' AND id > ?`).get(since) as { number: string })
      .number;
    await page.locator('.ep-card__number', { hasText: created }).waitFor();

    // A refusal as the real backend words it (a bare data.reason key): translated in an alert, nothing typed lost.
    await page.route('**/api/echopark/requests/', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ data: { reason: 'echoparkNoRecipient' } }) })
        : route.fallback(),
    );
    await page.getByRole('link', { name: 'Nouvelle demande', exact: true }).click();
    await page.getByRole('radio', { name: 'Éclairage' }).check();
    await next(page);
    await page.getByLabel('Rechercher un bien').fill('bellecour');
    await page
      .getByRole('radio', { name: /^Le Carré Bellecour/ })
      .first()
      .check();
    await next(page);
    await page.getByRole('radio', { name: /Candélabre éteint/ }).check();
    await next(page);
    await next(page);
    await page.getByLabel('Votre message').fill('Demande que le serveur refuse');
    await page.getByRole('button', { name: 'Envoyer la demande' }).click();
    await page.getByRole('alert').filter({ hasText: "Aucun destinataire n'est défini pour ce type de demande dans votre communauté." }).waitFor();
    // Said once, by the form that waited for the answer: no toast over it with the same words.
    expect(await page.getByRole('alert').allTextContents()).toEqual(["Aucun destinataire n'est défini pour ce type de demande dans votre communauté."]);
    expect(await page.getByLabel('Votre message').inputValue()).toBe('Demande que le serveur refuse');
    await screenshots(page, 'echopark-tunnel-refused');
    // Refused while the tunnel is open: taken back, as in every module (the tunnel keeps everything typed).
    await page.goto('/envois-en-attente');
    await page.getByText('Tout est envoyé.').waitFor();
    expect(errors.filter((e) => !e.includes('/api/echopark/requests/'))).toEqual([]);
    await context.close();
  });

  it('on a detail: message, progress form with every field type, debriefing and step change, each done offline and received once', async () => {
    const row = db()
      .prepare(
        `SELECT r.id FROM echopark_requests r JOIN echopark_steps s ON s.id = r.step_id JOIN users u ON u.echopark_main_community_id = r.community_id WHERE u.email = 'echopark@demo.fr' AND s.name = 'Intervention en cours' AND EXISTS (SELECT 1 FROM echopark_pictures p WHERE p.request_id = r.id) ORDER BY r.id LIMIT 1`,
      )
      .get() as { id: number };
    const { page, context, errors } = await member('echopark@demo.fr', 'Bonjour Sophie');
    await waitForServiceWorker(page);
    await page.goto(`/echopark-request/${row.id}`);
    await page.getByRole('heading', { name: /Demande EP-/ }).waitFor();
    await page.getByRole('region', { name: 'Consigne' }).getByText(/\w/).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'echopark-detail');
    const history = () => count(`SELECT COUNT(*) AS n FROM echopark_messages WHERE request_id = ?`, row.id);
    const before = history();
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: /Demande EP-/ }).waitFor();

    const message = page.getByRole('region', { name: 'Nouveau message' });
    await message.getByRole('button', { name: 'Envoyer le message' }).click();
    await message.getByText('Champ obligatoire').first().waitFor();
    await message.getByLabel('Destinataire (rôle)').selectOption({ label: 'Prestataire' });
    await message.getByLabel('Groupe').selectOption({ index: 1 });
    await message.getByLabel('Message', { exact: true }).fill('Message envoyé hors ligne');
    await message.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByRole('region', { name: 'Suivi', exact: true }).getByText('Message envoyé hors ligne').waitFor();

    const form = page.getByRole('region', { name: "Suivi d'intervention" });
    await form.getByLabel('Nature du constat').selectOption('Vandalisme');
    for (const box of await form.getByRole('group', { name: 'Éléments concernés' }).getByRole('checkbox').all()) await box.uncheck();
    await form.getByRole('checkbox', { name: 'Voirie' }).check();
    await form.getByRole('checkbox', { name: 'Végétaux' }).check();
    await form.getByLabel('Description du constat').fill('Branche cassée, zone balisée');
    await form.getByLabel('Photo du constat').selectOption({ label: 'Photo 1' });
    await form.getByLabel('Date de passage').fill('2026-11-20');
    await form.getByLabel("Heure d'arrivée").fill('08:30');
    await form.getByLabel('Début des travaux').fill('2026-11-20T08:45');
    await form.getByLabel("Nombre d'intervenants").fill('2,5');
    await form.getByRole('button', { name: 'Soumettre le formulaire' }).click();
    await form.getByText("Le champ « Nombre d'intervenants » doit être un nombre entier.").waitFor();
    await page.getByText('Veuillez compléter les champs obligatoires.').first().waitFor();
    await form.getByLabel("Nombre d'intervenants").fill('3');
    await form.getByLabel('Durée (heures)').fill('1,5');
    await form.getByLabel('Matériel utilisé').fill('Nacelle');
    await form.getByLabel('Zone sécurisée après intervention').check();
    await form.getByLabel('E-mail du référent sur site').fill('chef@site.fr');
    expect(await form.getByLabel('Référence du bon de commande').isDisabled()).toBe(true);
    await form.getByRole('button', { name: 'Soumettre le formulaire' }).click();

    const debrief = page.getByRole('region', { name: 'Compte-rendu' });
    await debrief.getByRole('button', { name: 'Envoyer le compte-rendu' }).click();
    await page.getByText('Les dates de début et de fin de compte-rendu sont obligatoires').first().waitFor();
    await debrief.getByLabel('Début (JJ-MM-AAAA HH:mm)').fill('20-11-2026 08:45');
    await debrief.getByLabel('Fin (JJ-MM-AAAA HH:mm)').fill('20-11-2026 11:15');
    await debrief.getByLabel('Commentaire', { exact: true }).fill('Branche retirée, hors ligne');
    await debrief.getByRole('button', { name: 'Envoyer le compte-rendu' }).click();
    await debrief.getByText('Branche retirée, hors ligne').waitFor();

    const step = page.getByRole('region', { name: 'Changer d’étape' });
    await step.getByRole('button', { name: 'Passer à l’étape' }).click();
    await page.getByText('Veuillez compléter les champs obligatoires.').first().waitFor();
    await step.getByLabel('Étape suivante').selectOption({ label: 'Intervention réalisée' });
    if (await step.getByLabel('Groupe').count()) await step.getByLabel('Groupe').selectOption({ index: 1 });
    await step.getByLabel('Commentaire (facultatif)').fill('Travaux faits hors ligne');
    await step.getByRole('button', { name: 'Passer à l’étape' }).click();
    await page.locator('.ep-step', { hasText: 'Intervention réalisée' }).waitFor();
    await page.getByText('Modifications pas encore envoyées').waitFor();
    await screenshots(page, 'echopark-detail-pending');
    expect(history()).toBe(before);

    await context.setOffline(false);
    await expect.poll(() => history(), { timeout: 20_000 }).toBe(before + 4);
    expect(count(`SELECT COUNT(*) AS n FROM echopark_messages WHERE request_id = ? AND message = 'Message envoyé hors ligne'`, row.id)).toBe(1);
    expect(count(`SELECT COUNT(*) AS n FROM echopark_debriefings WHERE request_id = ? AND comment = 'Branche retirée, hors ligne'`, row.id)).toBe(1);
    const answers = db()
      .prepare(`SELECT f.key, a.value FROM echopark_form_answers a JOIN echopark_fields f ON f.id = a.field_id WHERE a.request_id = ?`)
      .all(row.id) as { key: string; value: string }[];
    const byKey = Object.fromEntries(answers.map((a) => [a.key, JSON.parse(a.value) as unknown]));
    const choice = (key: string, label: string) =>
      (
        JSON.parse((db().prepare(`SELECT choices FROM echopark_fields WHERE key = ?`).get(key) as { choices: string }).choices) as {
          value: string;
          label: string;
        }[]
      ).find((c) => c.label === label)!.value;
    expect(byKey).toMatchObject({
      constat_nature: choice('constat_nature', 'Vandalisme'),
      constat_elements: [choice('constat_elements', 'Voirie'), choice('constat_elements', 'Végétaux')],
      date_passage: '2026-11-20',
      heure_arrivee: '08:30',
      nb_intervenants: 3,
      duree_heures: 1.5,
      materiel: 'Nacelle',
      zone_securisee: true,
      email_referent: 'chef@site.fr',
    });
    expect(typeof byKey.constat_photo).toBe('number');
    expect(byKey.debut_travaux).toBe(Math.floor(new Date('2026-11-20T08:45:00+01:00').getTime() / 1000));
    expect(
      (db().prepare(`SELECT s.name FROM echopark_requests r JOIN echopark_steps s ON s.id = r.step_id WHERE r.id = ?`).get(row.id) as { name: string }).name,
    ).toBe('Intervention réalisée');
    await expect.poll(() => page.getByText('Modifications pas encore envoyées').count(), { timeout: 20_000 }).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a member of two communities switches and sees the other list; a member of a third cannot open the first one’s request', async () => {
    const { page, context, errors } = await member('echopark@demo.fr', 'Bonjour Sophie');
    await page.goto('/echopark-requests');
    await page.locator('.ep-card').first().waitFor();
    const other = db()
      .prepare(
        `SELECT c.id, c.name FROM echopark_communities c JOIN echopark_user_communities uc ON uc.community_id = c.id JOIN users u ON u.id = uc.user_id WHERE u.email = 'echopark@demo.fr' AND c.id <> u.echopark_main_community_id`,
      )
      .get() as { id: number; name: string };
    const lyonRequest = (
      db()
        .prepare(
          `SELECT r.id FROM echopark_requests r JOIN users u ON u.echopark_main_community_id = r.community_id WHERE u.email = 'echopark@demo.fr' ORDER BY r.id LIMIT 1`,
        )
        .get() as { id: number }
    ).id;
    const otherNumber = (db().prepare(`SELECT number FROM echopark_requests WHERE community_id = ? ORDER BY id LIMIT 1`).get(other.id) as { number: string })
      .number;
    await page.getByLabel('Communauté', { exact: true }).selectOption({ label: other.name });
    await page.locator('.ep-card__number', { hasText: otherNumber }).waitFor({ timeout: 20_000 });
    await expect.poll(() => count(`SELECT COUNT(*) AS n FROM users WHERE email = 'echopark@demo.fr' AND echopark_main_community_id = ?`, other.id)).toBe(1);
    await expect.poll(() => page.locator('.ep-card').count()).toBe(count(`SELECT COUNT(*) AS n FROM echopark_requests WHERE community_id = ?`, other.id));
    await screenshots(page, 'echopark-list-other-community');
    expect(errors).toEqual([]);
    await context.close();

    const sud = await member('echopark.sud@demo.fr', 'Bonjour Marion');
    await sud.page.goto('/echopark-requests');
    await sud.page.locator('.ep-card').first().waitFor();
    expect(await sud.page.getByLabel('Communauté', { exact: true }).count()).toBe(0);
    // Geolocation refused: logged, the loader stops, the user is told.
    await sud.page.goto('/echopark-requests-new');
    await sud.page.getByRole('radio', { name: 'Propreté' }).check();
    await next(sud.page);
    await sud.page.getByRole('button', { name: 'Autour de moi' }).click();
    await sud.page.getByText('Votre position n’a pas pu être obtenue').waitFor();
    expect(await sud.page.getByRole('button', { name: 'Autour de moi' }).isEnabled()).toBe(true);
    // Another community's request, opened online: the server has none for her ('Page introuvable', spec part 2 §8.1), back to the list.
    await sud.page.goto(`/echopark-request/${lyonRequest}`);
    await sud.page.getByText('Page introuvable').waitFor();
    await sud.page.waitForURL(/\/echopark-requests$/);
    expect(await axeViolations(sud.page)).toEqual([]);
    await screenshots(sud.page, 'echopark-detail-not-found');
    // The refused detail is a 404 the browser itself logs; nothing else may be.
    expect(sud.errors.filter((e) => !e.includes(`/api/echopark/requests/${lyonRequest}/`))).toEqual([]);
    await sud.context.close();
  });
});
