/**
 * Interventions in the browser against the reference server: the list reads
 * the store (it reopens offline after a reload), an intervention created
 * offline with a photo shows at once, marked, and reaches the server once with
 * its photo; the detail's tabs; an appointment proposed offline by the
 * provider is accepted by the manager; messages.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoPng } from '../../server/seed/images';
import { screenshots, signIn, startBrowserEnv, waitForServiceWorker, type BrowserEnv } from './harness';
import fs from 'node:fs';
import os from 'node:os';
import { sqlOf } from '../sql';
import { WARM_AFTER_MS } from '../../src/app/shell/warm-screens';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const db = () => env.server.ctx.db;
const { count } = sqlOf(db);

async function signedIn(email: string, greeting: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await env.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  await page.getByRole('heading', { name: greeting }).waitFor();
  return { page, close: () => context.close() };
}

describe('interventions', () => {
  it('dashboard and list come from the store, and reopen offline after a reload', async () => {
    const { page, close } = await signedIn('gestionnaire@demo.fr', 'Bonjour Camille');
    await waitForServiceWorker(page);
    await page.goto('/dashboard');
    await page.getByText('Rendez-vous à valider').waitFor();
    await screenshots(page, 'interventions-dashboard');
    await page.getByRole('link', { name: /Rendez-vous à valider/ }).click();
    await page.waitForURL(/\/requests\?status=6/);
    await expect.poll(() => page.getByRole('button', { name: 'RDV à valider' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Toutes' }).click();
    await page.locator('.ir-card').first().waitFor();
    await expect.poll(() => page.locator('.ir-card').count()).toBeGreaterThanOrEqual(10);
    await screenshots(page, 'interventions-list');
    const firstNumber = (await page.locator('.ir-card__title').first().textContent())!.match(/DI-\d{4}-\d{5}/)![0];

    await page.context().setOffline(true);
    await page.reload();
    await page.locator('.ir-card').first().waitFor();
    expect(await page.locator('.ir-card__title').first().textContent()).toContain(firstNumber);
    // The search runs over the cache, offline.
    await page.getByLabel('Rechercher par numéro, lieu ou statut').fill(firstNumber);
    await expect.poll(() => page.locator('.ir-card').count()).toBe(1);
    await page.context().setOffline(false);
    // Clearing the search gives the list back; scrolling to its end brings the next page and keeps the
    // cards already shown (the same elements, not drawn again; the server's page 2 may hold older-numbered
    // requests created later, which take their place by date among them).
    await page.getByLabel('Rechercher par numéro, lieu ou statut').fill('');
    await expect.poll(() => page.locator('.ir-card').count()).toBeGreaterThanOrEqual(10);
    const shown = await page.locator('.ir-card__title').allTextContents();
    await page
      .locator('.ir-card')
      .first()
      .evaluate((el) => el.setAttribute('data-kept', 'yes'));
    await page.locator('.list-more').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.ir-card').count(), { timeout: 10_000 }).toBeGreaterThan(shown.length);
    expect(await page.locator('.ir-card__title').allTextContents()).toEqual(expect.arrayContaining(shown));
    expect(await page.locator('.ir-card[data-kept="yes"] .ir-card__title').textContent()).toBe(shown[0]);
    await close();
  });

  it('the refresh icon turns only for the refresh a person asks for; the pulls that come by themselves leave it still', async () => {
    const { page, close } = await signedIn('gestionnaire@demo.fr', 'Bonjour Camille');
    // Each answer of the list held until released: the pull stays running while the button is read.
    // Every held answer goes at once (a pull may ask more than one page, another screen's pass may ask too).
    const held: Array<() => void> = [];
    const release = () => held.splice(0).forEach((go) => go());
    await page.route('**/api/intervention_requests/list/undetailed**', async (route) => {
      await new Promise<void>((go) => held.push(go));
      await route.continue();
    });
    const button = page.getByRole('button', { name: 'Actualiser' });
    const turning = () => button.evaluate((b) => b.querySelector('svg')!.getAnimations().length > 0);
    await page.goto('/requests');
    // The pull of the opened screen: the button waits for it, still (a turning icon draws 60 frames a second).
    await expect.poll(() => button.isDisabled()).toBe(true);
    expect(await turning()).toBe(false);
    release();
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    await expect.poll(() => button.isDisabled()).toBe(true);
    expect(await turning()).toBe(true);
    release();
    await expect.poll(() => button.isEnabled()).toBe(true);
    expect(await turning()).toBe(false);
    await close();
  });

  it('the code of the screens not opened yet loads once the first screen’s load is over, never beside it', async () => {
    const { page, close } = await signedIn('gestionnaire@demo.fr', 'Bonjour Camille');
    await waitForServiceWorker(page);
    let start = 0;
    const accountCode: number[] = [];
    page.on('request', (request) => /\/assets\/account-page-[\w-]+\.js$/.test(request.url()) && accountCode.push(Date.now() - start));
    start = Date.now();
    await page.goto('/dashboard');
    await page.getByText('Rendez-vous à valider').waitFor();
    // Loaded ahead all the same, so that a first open offline does not wait for it.
    await expect.poll(() => accountCode.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(accountCode[0]).toBeGreaterThanOrEqual(WARM_AFTER_MS);
    await close();
  });

  it('the manager dashboard holds its cards’ room until the dashboard comes: nothing moves when it does', async () => {
    const { page, close } = await signedIn('gestionnaire@demo.fr', 'Bonjour Camille');
    await page.addInitScript(() => {
      const seen: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) seen.push(entry.value);
      }).observe({ type: 'layout-shift' });
    });
    // The dashboard is late (a slow network): its two cards come first in the list, after the page was laid out.
    await page.route('**/api/dashboards/owners/0', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.goto('/dashboard');
    await page.getByRole('link', { name: /Rendez-vous à valider/ }).waitFor();
    await page.getByRole('link', { name: /Ajouter une intervention sous contrat/ }).waitFor();
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
    await close();
  });

  it('an intervention created offline with a photo shows at once and reaches the server once with it', async () => {
    const { page, close } = await signedIn('gestionnaire@demo.fr', 'Bonjour Camille');
    // The app as installed: its worker holds every screen's code before the network goes (without it, the
    // list's code could still be missing offline on a loaded machine, and the list never came).
    await waitForServiceWorker(page);
    // Visit the tunnel online once so its reference data is in the store: the place's buildings come last,
    // one request per place, after the places show (the network goes idle for Playwright before they are asked).
    const estate = db().prepare(`SELECT id FROM real_estates WHERE name = 'Tour Atlantique'`).get() as { id: number };
    const buildingsFetched = page.waitForResponse((r) => r.url().includes(`/api/buildings?realEstate=${estate.id}&`));
    await page.goto('/requests-create');
    await page.getByRole('radio', { name: /Tour Atlantique/ }).waitFor();
    await buildingsFetched;
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByText('Complétez tous les champs').waitFor();
    await page.getByPlaceholder('Nom, adresse, code postal ou ville').fill('nantes');
    await page.getByRole('radio', { name: /Tour Atlantique/ }).check();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByText('Sélectionnez au moins un bâtiment.').waitFor();
    await page.locator('.choice input').first().check();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('radio', { name: 'Plomberie' }).check();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByText("Merci de compléter les informations relatives à votre demande d'intervention.").waitFor();
    await page.getByLabel('Décrivez votre demande').fill('Fuite sous la colonne montante du sous-sol, créée hors ligne');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-photo-'));
    const photo = path.join(dir, 'fuite.png');
    fs.writeFileSync(photo, demoPng(42));
    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(text, 'pas une image');
    await page.locator('input[type=file]').setInputFiles(text);
    await page.getByText("notes.txt : Cette extension n'est pas autorisée").waitFor();
    await page.locator('input[type=file]').setInputFiles(photo);
    await page.getByRole('img', { name: 'fuite.png' }).waitFor();
    await screenshots(page, 'interventions-tunnel-information');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByText('Récapitulatif').waitFor();
    await screenshots(page, 'interventions-tunnel-summary');
    await page.getByRole('button', { name: 'Valider la demande' }).click();
    await page.getByText('la demande est gardée sur cet appareil').waitFor();
    // The success screen goes to the list by itself (/requests-create matched /\/requests/ at once before).
    await page.waitForURL(/\/requests(\?|$)/, { timeout: 10_000 });
    await page.getByRole('button', { name: 'Toutes' }).click();
    const pendingCard = page.locator('.ir-card', { hasText: 'Pas encore envoyée' });
    await pendingCard.waitFor();
    expect(await pendingCard.textContent()).toContain('Tour Atlantique');
    await screenshots(page, 'interventions-list-pending');
    const before = count(`SELECT COUNT(*) AS n FROM intervention_requests WHERE information LIKE '%créée hors ligne%'`);
    expect(before).toBe(0);

    await page.context().setOffline(false);
    await expect.poll(() => count(`SELECT COUNT(*) AS n FROM intervention_requests WHERE information LIKE '%créée hors ligne%'`), { timeout: 20_000 }).toBe(1);
    await expect
      .poll(
        () =>
          count(
            `SELECT COUNT(*) AS n FROM intervention_media im JOIN intervention_requests ir ON ir.id = im.intervention_id WHERE ir.information LIKE '%créée hors ligne%'`,
          ),
        { timeout: 20_000 },
      )
      .toBe(1);
    await expect.poll(() => pendingCard.count(), { timeout: 20_000 }).toBe(0);
    const created = db().prepare(`SELECT number FROM intervention_requests WHERE information LIKE '%créée hors ligne%'`).get() as { number: string };
    await page.locator('.ir-card', { hasText: created.number }).waitFor();
    await close();
  });

  it('the whole workflow across two users: appointment proposed offline and accepted, message sent offline, work under way, debriefing with a photo finished, rating', async () => {
    const id = (
      db()
        .prepare(
          `SELECT ir.id FROM intervention_requests ir JOIN users u ON u.company_id = ir.provider_company_id WHERE u.email = 'prestataire@demo.fr' AND ir.place = 'waiting' ORDER BY ir.id DESC LIMIT 1`,
        )
        .get() as { id: number }
    ).id;
    const provider = await signedIn('prestataire@demo.fr', 'Bonjour Karim');
    await provider.page.goto(`/requestsdetail/${id}?defaultTab=rdv`);
    await provider.page.getByRole('heading', { name: 'Proposer un rendez-vous' }).waitFor();
    await provider.page.getByRole('button', { name: 'Accéder au site' }).waitFor();
    expect(await provider.page.getByRole('button', { name: 'Accéder au site' }).isDisabled()).toBe(true);
    await provider.page.context().setOffline(true);
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await provider.page.getByLabel('Début').fill(`${day}T09:00`);
    await provider.page.getByLabel('Fin').fill(`${day}T08:00`);
    await provider.page.getByText('La date de fin doit être supérieure à la date de début').waitFor();
    expect(await provider.page.getByRole('button', { name: 'Ajouter' }).isDisabled()).toBe(true);
    await provider.page.getByLabel('Fin').fill(`${day}T11:00`);
    await provider.page.getByRole('button', { name: 'Ajouter' }).click();
    await provider.page.getByText('en attente d’envoi').first().waitFor();
    await screenshots(provider.page, 'interventions-detail-rdv-offline');
    await provider.page.context().setOffline(false);
    await expect.poll(() => count(`SELECT COUNT(*) AS n FROM appointments WHERE intervention_id = ? AND status = 1`, id), { timeout: 20_000 }).toBe(1);
    await expect
      .poll(() => (db().prepare(`SELECT place FROM intervention_requests WHERE id = ?`).get(id) as { place: string }).place, { timeout: 20_000 })
      .toBe('planning');
    await provider.close();

    const manager = await signedIn('gestionnaire@demo.fr', 'Bonjour Camille');
    await manager.page.goto(`/requestsdetail/${id}?defaultTab=rdv`);
    await manager.page.getByRole('button', { name: 'Accepter' }).click();
    await expect
      .poll(() => (db().prepare(`SELECT place FROM intervention_requests WHERE id = ?`).get(id) as { place: string }).place, { timeout: 20_000 })
      .toBe('planned');
    await manager.page.getByRole('tab', { name: 'Messages' }).click();
    await manager.page.getByText('Intervention planifiée').waitFor();
    await manager.page.context().setOffline(true);
    await manager.page.getByLabel('Votre message').fill('Merci, le gardien sera prévenu.');
    await manager.page.getByRole('button', { name: 'Envoyer' }).click();
    await manager.page.getByText('Merci, le gardien sera prévenu.').waitFor();
    await manager.page.context().setOffline(false);
    const message = `SELECT COUNT(*) AS n FROM messages WHERE object_kind = 'intervention' AND object_id = ? AND message_text = 'Merci, le gardien sera prévenu.'`;
    await expect.poll(() => count(message, id), { timeout: 20_000 }).toBe(1);
    await screenshots(manager.page, 'interventions-detail-messages');
    await manager.page.getByRole('tab', { name: 'Description' }).click();
    await screenshots(manager.page, 'interventions-detail-description');

    // Time passes: the accepted appointment has begun, so the provider is asked whether work is under way.
    db()
      .prepare(`UPDATE appointments SET date = ?, date_end = ? WHERE intervention_id = ? AND status = 2`)
      .run(new Date(Date.now() - 3_600_000).toISOString(), new Date(Date.now() + 3_600_000).toISOString(), id);
    const provider2 = await signedIn('prestataire@demo.fr', 'Bonjour Karim');
    await provider2.page.goto(`/requestsdetail/${id}?defaultTab=rdv`);
    await provider2.page.getByText('Le rendez-vous a commencé. Les travaux sont-ils en cours ?').waitFor();
    await provider2.page.getByRole('button', { name: 'Oui, travaux en cours' }).click();
    await expect
      .poll(() => (db().prepare(`SELECT place FROM intervention_requests WHERE id = ?`).get(id) as { place: string }).place, { timeout: 20_000 })
      .toBe('in_progress');
    await provider2.page.getByRole('tab', { name: 'CR', exact: true }).click();
    await provider2.page.getByLabel('Compte-rendu').fill('Joint de la colonne remplacé, essai d’étanchéité concluant.');
    const today = new Date().toISOString().slice(0, 10);
    await provider2.page.getByLabel('Début').fill(`${today}T08:00`);
    await provider2.page.getByLabel('Fin').fill(`${today}T10:00`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-cr-'));
    fs.writeFileSync(path.join(dir, 'joint.png'), demoPng(21));
    await provider2.page.getByLabel('Ajouter des photos').setInputFiles(path.join(dir, 'joint.png'));
    await provider2.page.getByRole('button', { name: 'Retirer joint.png' }).waitFor();
    await screenshots(provider2.page, 'interventions-detail-cr');
    await provider2.page.getByRole('button', { name: 'Terminer l’intervention' }).click();
    await expect
      .poll(() => (db().prepare(`SELECT place FROM intervention_requests WHERE id = ?`).get(id) as { place: string }).place, { timeout: 20_000 })
      .toBe('done');
    const debriefing = `SELECT COUNT(*) AS n FROM debriefings d JOIN debriefing_media m ON m.debriefing_id = d.id WHERE d.intervention_id = ? AND d.status = 1`;
    await expect.poll(() => count(debriefing, id), { timeout: 20_000 }).toBe(1);
    await provider2.close();

    // The manager sees the finished work after a refresh, and rates it.
    await manager.page.goto(`/requestsdetail/${id}?defaultTab=cr`);
    await manager.page.getByRole('button', { name: 'Actualiser' }).click();
    await manager.page.getByText('Joint de la colonne remplacé, essai d’étanchéité concluant.').waitFor({ timeout: 20_000 });
    await manager.page.locator('.stars-input label', { hasText: '4 étoiles' }).click(); // the star, as a finger taps it
    expect(await manager.page.getByRole('radio', { name: '4 étoiles' }).isChecked()).toBe(true);
    await manager.page.getByLabel('Commentaire').fill('Intervention rapide et propre.');
    await manager.page.getByRole('button', { name: 'Noter' }).click();
    await expect
      .poll(() => count(`SELECT COUNT(*) AS n FROM ratings WHERE intervention_id = ? AND global_rate = 4 AND type = 1`, id), { timeout: 20_000 })
      .toBe(1);
    await screenshots(manager.page, 'interventions-detail-rated');
    await manager.close();
  });

  it('the other screens: new request, tenders, reporting, inbox to the Messages tab, planning to the RDV tab, medias', async () => {
    const { page, close } = await signedIn('gestionnaire@demo.fr', 'Bonjour Camille');
    await page.goto('/dashboard-add');
    expect(await page.getByRole('button', { name: /Appel d’offres/ }).isDisabled()).toBe(true);
    await screenshots(page, 'interventions-dashboard-add');
    await page.goto('/tenders');
    await page.locator('main').waitFor();
    await screenshots(page, 'interventions-tenders');
    await page.goto('/reporting');
    await page.getByRole('img', { name: 'Interventions par mois sur l’année' }).waitFor();
    await screenshots(page, 'interventions-reporting');

    await page.goto('/messaging');
    const thread = page.locator('a.row-card[href*="/requestsdetail/"]').first();
    await thread.waitFor();
    await screenshots(page, 'interventions-messaging');
    await thread.click();
    await expect.poll(() => page.getByRole('tab', { name: 'Messages' }).getAttribute('aria-selected')).toBe('true');

    await page.goto('/planning');
    await page.getByRole('button', { name: 'Semaine prochaine' }).waitFor();
    const entry = page.locator('a.row-card[href*="/requestsdetail/"]').first();
    await entry.waitFor();
    await screenshots(page, 'interventions-planning');
    await page.getByRole('button', { name: 'Aujourd’hui' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Aujourd’hui' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Tous' }).click();
    await entry.click();
    await expect.poll(() => page.getByRole('tab', { name: 'RDV' }).getAttribute('aria-selected')).toBe('true');

    const withMedia = (
      db()
        .prepare(
          `SELECT m.intervention_id AS id FROM intervention_media m JOIN intervention_requests ir ON ir.id = m.intervention_id JOIN users u ON u.company_id = ir.owner_company_id WHERE u.email = 'gestionnaire@demo.fr' LIMIT 1`,
        )
        .get() as { id: number }
    ).id;
    await page.goto(`/requestsdetail/${withMedia}?defaultTab=medias`);
    await page.getByRole('tabpanel').getByRole('img').first().waitFor();
    await screenshots(page, 'interventions-detail-medias');
    await close();
  });
});
