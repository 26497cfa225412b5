/**
 * Issue 23's "Deviations", each shown in the browser as a person meets it,
 * found by French labels and accessible names: automatic OS messages in the
 * Messages tab and the unread badge following a read thread; a refusal
 * without a typed reason; « travaux en cours ? » where the provider opens the
 * request; /dashboard-add reached from the dashboard; the remembered list
 * filter; the forgotten-password code screen opened directly; the echopark
 * property search beyond 50 matches and the success flash of a creation
 * accepted later; visit fields duplicated, required fields flagged before
 * 'Terminer', 'S'y rendre'; dates typed dd/MM/yyyy and 24 h on an English
 * browser.
 */
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/world';
import { DESKTOP, refusedOffline, screenshots, signIn, startBrowserEnv, waitForServiceWorker, type BrowserEnv, axeViolations } from './harness';

const axe = async (page: Page, name: string) => expect(await axeViolations(page), name).toEqual([]);
import { sqlOf } from '../sql';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const db = () => env.server.ctx.db;
const { one, count, userId } = sqlOf(db);

/** A fresh profile signed in, its console errors collected (none is expected on any screen). */
async function signedIn(email: string, greeting: string, context?: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const ctx = context ?? (await env.newContext());
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && !refusedOffline(m) && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await signIn(page, email);
  await page.getByRole('heading', { name: greeting }).waitFor();
  return { page, errors };
}

const badge = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' }).locator('.badge');
/** The unread count as the badge says it aloud ('12 messages non lus'; it shows 99+ beyond 99). */
const unread = async (page: Page) => ((await badge(page).count()) === 0 ? 0 : parseInt((await badge(page).getAttribute('aria-label')) ?? '', 10));

describe('issue 23 deviations', () => {
  it('OS: an automatic message shows in the Messages tab opened from the inbox, the badge follows at once; a refusal needs no reason', async () => {
    const osId = one(`SELECT id FROM work_validation_requests WHERE place = 'purchase_order_dp' ORDER BY id LIMIT 1`);
    const text = 'Bon de commande transmis au directeur de patrimoine (message automatique de test).';
    db()
      .prepare(`INSERT INTO messages (object_kind, object_id, message_text, date, send_by_id) VALUES ('os', ?, ?, ?, NULL)`)
      .run(osId, text, new Date().toISOString());
    const { page, errors } = await signedIn('dp@demo.fr', 'Bonjour Claire');
    await expect.poll(() => unread(page)).toBeGreaterThan(0);
    const before = await unread(page);
    await page.getByRole('link', { name: /Messages/ }).click();
    await page.getByText(text).first().click();
    await page.waitForURL(new RegExp(`/requests-os-detail/${osId}`));
    const thread = page.getByRole('tabpanel');
    await thread.getByText(text).waitFor();
    await thread.getByText('Message automatique').first().waitFor();
    expect(await thread.getByText('Aucun message pour le moment.').count()).toBe(0);
    // The thread was read: the badge drops without waiting for the 120 s tick.
    await expect.poll(() => unread(page)).toBeLessThan(before);
    await screenshots(page, 'deviations-os-automatic-message');
    await axe(page, 'OS thread with automatic messages');

    await page.getByRole('button', { name: 'Refuser', exact: true }).click();
    await page.getByLabel('Motif du refus (facultatif)').waitFor();
    await page.getByRole('button', { name: 'Confirmer le refus' }).click();
    await expect
      .poll(() => (db().prepare(`SELECT place FROM work_validation_requests WHERE id = ?`).get(osId) as { place: string }).place, { timeout: 15_000 })
      .toBe('request_completion');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the provider opening a planned request whose appointment has begun is asked « travaux en cours ? » on the first tab', async () => {
    const id = one(
      `SELECT ir.id FROM intervention_requests ir JOIN users u ON u.company_id = ir.provider_company_id JOIN appointments a ON a.intervention_id = ir.id AND a.status = 2
       WHERE u.email = 'prestataire@demo.fr' AND ir.place = 'planned' ORDER BY ir.id LIMIT 1`,
    );
    db()
      .prepare(`UPDATE appointments SET date = ?, date_end = ? WHERE intervention_id = ? AND status = 2`)
      .run(new Date(Date.now() - 3_600_000).toISOString(), new Date(Date.now() + 3_600_000).toISOString(), id);
    const { page, errors } = await signedIn('prestataire@demo.fr', 'Bonjour Karim');
    await page.goto(`/requestsdetail/${id}`);
    await page.getByText('Le rendez-vous a commencé. Les travaux sont-ils en cours ?').waitFor();
    expect(await page.getByRole('tab', { name: 'Description' }).getAttribute('aria-selected')).toBe('true');
    await screenshots(page, 'deviations-work-started-question');
    await page.getByRole('button', { name: 'Oui, travaux en cours' }).click();
    await expect
      .poll(() => (db().prepare(`SELECT place FROM intervention_requests WHERE id = ?`).get(id) as { place: string }).place, { timeout: 15_000 })
      .toBe('in_progress');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the dashboard leads to /dashboard-add and back; the nav opens the list on the filter last chosen', async () => {
    const { page, errors } = await signedIn('gestionnaire@demo.fr', 'Bonjour Camille');
    await page.goto('/dashboard');
    await page.getByRole('link', { name: /Ajouter un appel d’offres/ }).click();
    await page.waitForURL(/\/dashboard-add$/);
    await page.getByRole('link', { name: /sous contrat/ }).waitFor();
    await screenshots(page, 'deviations-dashboard-add');
    await page.getByRole('button', { name: 'Fermer' }).click();
    await page.waitForURL(/\/dashboard$/);

    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await nav.getByRole('link', { name: 'Interventions' }).click();
    await page.getByRole('button', { name: 'En cours', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'En cours', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await nav.getByRole('link', { name: 'Accueil' }).click();
    await page.getByRole('heading', { name: 'Bonjour Camille' }).waitFor();
    await nav.getByRole('link', { name: 'Interventions' }).click();
    await page.waitForURL(/\/requests/);
    await expect.poll(() => page.getByRole('button', { name: 'En cours', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(new URL(page.url()).searchParams.get('status')).not.toBe('1');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the forgotten-password code screen opened directly goes back to the e-mail step and says why, asking nothing of the server', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    const checks: string[] = [];
    page.on('request', (r) => r.url().includes('forgotten_passwords') && checks.push(r.url()));
    await page.goto('/forgotten_password_code');
    await page.waitForURL(/\/forgotten_password$/);
    await page.getByText('Saisissez d’abord votre e-mail : le code vous sera envoyé à cette adresse.').waitFor();
    await page.getByLabel('E-mail').waitFor();
    await screenshots(page, 'deviations-forgotten-code-direct');
    await page.goto('/forgotten_password_change');
    await page.waitForURL(/\/forgotten_password$/);
    expect(checks).toEqual([]);
    await context.close();
  });

  it('echopark: the property search says when it shows 50 of more matches and shows the next ones; a creation kept offline flashes its success when accepted', async () => {
    const user = db().prepare(`SELECT echopark_main_community_id AS c FROM users WHERE email = 'echopark@demo.fr'`).get() as { c: number };
    const region = one(`SELECT id FROM echopark_properties WHERE community_id = ? AND level = 1 ORDER BY id LIMIT 1`, user.c);
    const insert = db().prepare(
      `INSERT INTO echopark_properties (community_id, parent_id, level, name, address, postal_code, city, latitude, longitude, real_estate_id) VALUES (?, ?, 2, ?, ?, '69007', 'Lyon', 45.74, 4.84, NULL)`,
    );
    for (let i = 1; i <= 63; i++) insert.run(user.c, region, `Lot témoin ${i}`, `${i} rue des Essais`);
    const { page, errors } = await signedIn('echopark@demo.fr', 'Bonjour Sophie');
    await waitForServiceWorker(page);
    await page.goto('/echopark-requests');
    await page.getByRole('link', { name: 'Nouvelle demande', exact: true }).click();
    await page.getByRole('radio', { name: 'Propreté' }).check();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByLabel('Rechercher un bien').fill('lot témoin');
    const properties = page.getByRole('radiogroup', { name: 'Biens' });
    await expect.poll(() => properties.getByRole('radio').count()).toBe(50);
    await page.getByText('50 biens affichés sur 63 : précisez la recherche ou affichez les suivants.').waitFor();
    await screenshots(page, 'deviations-echopark-search-more');
    await axe(page, 'property search beyond 50');
    await page.getByRole('button', { name: 'Afficher 13 biens de plus' }).click();
    await expect.poll(() => properties.getByRole('radio').count()).toBe(63);
    expect(await page.getByText(/biens affichés sur/).count()).toBe(0);
    await properties.getByRole('radio', { name: /^Lot témoin 63/ }).check();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByLabel('Rechercher un domaine').fill('encomb');
    await page.getByRole('radio', { name: /Encombrants/ }).check();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByLabel('Votre message').fill('Encombrants devant le lot témoin 63');
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Envoyer la demande' }).click();
    await page.waitForURL(/\/echopark-requests$/);
    await page.getByText('Vous êtes hors ligne : la demande est gardée sur cet appareil', { exact: false }).waitFor();
    expect(await page.getByText('Votre demande a bien été envoyée.').count()).toBe(0);
    // Elsewhere in the app (no reload: the app is the same one that queued the creation).
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Accueil' }).click();
    await page.getByRole('heading', { name: 'Bonjour Sophie' }).waitFor();
    await page.context().setOffline(false);
    // Accepted long after the tunnel closed: the spec's success flash comes then, on whatever screen is open.
    await page.getByText('Votre demande a bien été envoyée.').waitFor({ timeout: 30_000 });
    expect(count(`SELECT COUNT(*) AS n FROM echopark_requests WHERE message = 'Encombrants devant le lot témoin 63'`)).toBe(1);
    expect(errors.filter((e) => !/Failed to load resource|tile\.openstreetmap/.test(e))).toEqual([]);
    await page.context().close();
  });

  it('visits: an iterable field duplicated reaches the server, required fields are flagged in the field, the tree and at Terminer; S’y rendre opens a maps app', async () => {
    const name = 'Visite annuelle des parties communes';
    const visitId = one(`SELECT id FROM visits WHERE name = ?`, name);
    const context = await env.newContext();
    const { page, errors } = await signedIn('inspecteur@demo.fr', 'Bonjour Julie', context);
    await page.setViewportSize(DESKTOP);
    await page.goto('/visites');
    const row = page.locator('.row-card', { hasText: name });
    await row.getByRole('button', { name: 'Télécharger' }).click();
    await row.getByRole('button', { name: 'Démarrer' }).click({ timeout: 20_000 });
    await row.getByText('démarrée ici').waitFor();
    await row.getByRole('link', { name }).click();
    const tree = page.getByRole('navigation', { name: 'Formulaires' });
    await tree.getByRole('button', { name: 'Hall d’entrée', exact: true }).waitFor();
    // The innermost entry holding the section's button (the form's entry holds it too).
    const hallEntry = tree
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Hall d’entrée', exact: true }) })
      .last();
    await hallEntry.getByText('1 à remplir').first().waitFor();
    await screenshots(page, 'deviations-visit-tree-required');

    // 'S'y rendre': a web map on a desktop browser, never Google Maps' page.
    const goThere = page.getByRole('link', { name: 'S’y rendre' });
    expect(await goThere.getAttribute('href')).toMatch(/^https:\/\/www\.openstreetmap\.org\/search\?query=/);

    await tree.getByRole('button', { name: 'Hall d’entrée', exact: true }).click();
    const floors = page.getByRole('group', { name: /État des sols/ });
    await floors.getByText('À remplir').waitFor();
    await screenshots(page, 'deviations-visit-required-flag');
    await page.getByRole('switch', { name: 'Édition' }).check();
    await page.getByRole('button', { name: 'Dupliquer le champ « Observations »' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText("Attention, vous êtes sur le point de dupliquer l'élément", { exact: false }).waitFor();
    await dialog.getByLabel('Libellé du nouvel élément').fill('Observations – ascenseur');
    await dialog.getByRole('button', { name: 'Dupliquer' }).click();
    expect(await page.getByRole('button', { name: 'Dupliquer le champ « État des sols »' }).isDisabled()).toBe(true);
    // Each dialog's layer is its own portal container, under <body> only while it is open: React never
    // listens at <body>, where it would dispatch every event of the app a second time (ui/modal-dialog.tsx).
    expect(
      await page.evaluate(() => ({
        layers: document.querySelectorAll('.dialog-layer').length,
        reactAtBody: Object.keys(document.body).some((key) => key.startsWith('_reactListening')),
      })),
    ).toEqual({ layers: 0, reactAtBody: false });
    await screenshots(page, 'deviations-visit-edit-mode');
    await axe(page, 'visit edit mode with a field copy');
    await page.getByRole('switch', { name: 'Édition' }).uncheck();
    await page.getByRole('textbox', { name: 'Observations – ascenseur' }).fill('Porte palière rayée');
    await screenshots(page, 'deviations-visit-field-copy');

    await page.getByRole('button', { name: 'Terminer' }).click();
    const closing = page.getByRole('dialog');
    await closing.getByText(/champs obligatoires ne sont pas remplis/).waitFor();
    await closing.getByRole('button', { name: 'Parties communes › Hall d’entrée › État des sols' }).waitFor();
    await screenshots(page, 'deviations-visit-terminate-missing');
    await axe(page, 'Terminer with missing required fields');
    await closing.getByRole('button', { name: 'Parties communes › Hall d’entrée › État des sols' }).click();
    await floors.getByRole('radio', { name: 'Bon état' }).check();
    await expect.poll(() => floors.getByText('À remplir').count()).toBe(0);
    await expect.poll(() => hallEntry.getByText(/à remplir/).count()).toBe(0);

    await page.getByRole('button', { name: 'Enregistrer •' }).click();
    await expect
      .poll(() => (db().prepare(`SELECT data FROM visit_data WHERE visit_id = ?`).get(visitId) as { data: string } | undefined)?.data ?? '', {
        timeout: 20_000,
      })
      .toContain('Porte palière rayée');
    const stored = (db().prepare(`SELECT data FROM visit_data WHERE visit_id = ?`).get(visitId) as { data: string }).data;
    expect(stored).toContain('"name":"Observations – ascenseur"');

    // An Android phone gets geo:, which opens the user's maps app.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setUserAgentOverride', {
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    });
    await page.reload();
    expect(await page.getByRole('link', { name: 'S’y rendre' }).getAttribute('href')).toMatch(/^geo:0,0\?q=/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('dates are typed and shown dd/MM/yyyy and 24 h on an English browser, the device picker only an aid', async () => {
    const id = one(
      `SELECT ir.id FROM intervention_requests ir JOIN users u ON u.company_id = ir.provider_company_id WHERE u.email = 'prestataire@demo.fr' AND ir.place = 'waiting' ORDER BY ir.id LIMIT 1`,
    );
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-en-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--lang=en-US'],
      viewport: { width: 390, height: 844 },
      locale: 'en-US',
      timezoneId: 'Europe/Paris',
      baseURL: env.baseUrl,
    });
    try {
      const page = await context.newPage();
      expect(await page.evaluate(() => navigator.language)).toBe('en-US');
      await page.goto('/login');
      await page.getByLabel('E-mail').fill('prestataire@demo.fr');
      await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.getByRole('heading', { name: 'Bonjour Karim' }).waitFor();
      await page.goto(`/requestsdetail/${id}?defaultTab=rdv`);
      const start = page.getByRole('textbox', { name: 'Début', exact: true });
      const end = page.getByRole('textbox', { name: 'Fin', exact: true });
      expect(await start.getAttribute('placeholder')).toBe('jj/mm/aaaa hh:mm');
      await start.pressSequentially('25122026143');
      expect(await start.inputValue()).toBe('25/12/2026 14:3');
      await start.pressSequentially('0');
      expect(await start.inputValue()).toBe('25/12/2026 14:30');
      // An impossible date is said once the field is left.
      await end.fill('31/02/2026 10:00');
      await start.focus();
      await page.getByText('Date ou heure incomplète ou impossible : saisissez-la sous la forme jj/mm/aaaa hh:mm.').waitFor();
      await screenshots(page, 'deviations-date-input-invalid');
      await axe(page, 'an impossible date');
      expect(await page.getByRole('button', { name: 'Ajouter' }).isDisabled()).toBe(true);
      // The device's picker, as an aid: its choice is written back in the French layout. Its input is made
      // when its button is first used (a date input costs the browser a shadow tree of its own).
      expect(await page.locator('.date-input__native').count()).toBe(0);
      const endPicker = page.getByRole('button', { name: 'Choisir dans le calendrier' }).nth(1);
      await endPicker.click();
      await endPicker.locator('xpath=following-sibling::input[@type="datetime-local"]').fill('2026-12-25T16:45', { force: true });
      expect(await end.inputValue()).toBe('25/12/2026 16:45');
      await screenshots(page, 'deviations-date-input-en');
      await axe(page, 'date and time fields');
      await page.getByRole('button', { name: 'Ajouter' }).click();
      await expect
        .poll(
          () =>
            db().prepare(`SELECT date, date_end FROM appointments WHERE intervention_id = ? ORDER BY id DESC LIMIT 1`).get(id) as
              { date: string; date_end: string } | undefined,
          {
            timeout: 20_000,
          },
        )
        .toMatchObject({ date: expect.stringMatching(/^2026-12-25T13:30/), date_end: expect.stringMatching(/^2026-12-25T15:45/) });
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});

void userId;
