/**
 * OS (work-validation requests) in the browser against the reference server,
 * each workflow role in its own browser context: an 8,000 € OS created
 * offline with a photo walks the short path to closed; a 25,000 € OS walks the
 * long path, with a refusal by DT sent back to completion; a signer accepts
 * offline and the server moves the OS exactly one step. Screenshots of every
 * OS screen at phone and desktop size; axe on each; no console error.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoPng } from '../../server/seed/images';
import { screenshots, signIn, startBrowserEnv, waitForServiceWorker, type BrowserEnv, axeViolations } from './harness';

const axe = async (page: Page, name: string) => expect(await axeViolations(page), name).toEqual([]);

let env: BrowserEnv;
const pages = new Map<string, Page>();
const consoleErrors: string[] = [];

beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const db = () => env.server.ctx.db;
const placeOf = (id: number) => (db().prepare(`SELECT place FROM work_validation_requests WHERE id = ?`).get(id) as { place: string }).place;
const stepMessages = (id: number) =>
  (db().prepare(`SELECT COUNT(*) AS n FROM messages WHERE object_kind = 'os' AND object_id = ? AND send_by_id IS NULL`).get(id) as { n: number }).n;

const GREETING: Record<string, string> = { gt: 'Bonjour Antoine', gl: 'Bonjour Léa', at: 'Bonjour Hugo', dp: 'Bonjour Claire', dt: 'Bonjour Olivier' };

/** The page of a workflow role, signed in once in its own browser context. */
async function as(role: keyof typeof GREETING): Promise<Page> {
  const known = pages.get(role);
  if (known) return known;
  const context = await env.newContext();
  const page = await context.newPage();
  page.on(
    'console',
    (m) => m.type() === 'error' && !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(m.text()) && consoleErrors.push(`${role}: ${m.text()}`),
  );
  page.on('pageerror', (e) => consoleErrors.push(`${role}: ${e.message}`));
  await signIn(page, `${role}@demo.fr`);
  await page.getByRole('heading', { name: GREETING[role] }).waitFor();
  pages.set(role, page);
  return page;
}

/** Opens an OS's detail and presses one action button; waits until the server has the OS in `then`. */
async function act(role: keyof typeof GREETING, id: number, button: string, then: string, shot?: string): Promise<Page> {
  const page = await as(role);
  await page.goto(`/requests-os-detail/${id}`);
  const action = page.getByRole('button', { name: button, exact: true });
  await action.waitFor();
  if (shot) {
    await screenshots(page, shot);
    await axe(page, shot);
  }
  await action.click();
  await expect.poll(() => placeOf(id), { timeout: 15_000 }).toBe(then);
  return page;
}

async function login(email: string): Promise<string> {
  const answer = await env.server.app.inject({ method: 'POST', url: '/api/authentication_token', payload: { email, password: 'demo1234' } });
  return (answer.json() as { token: string }).token;
}

describe('OS', () => {
  it('a GT creates an 8,000 € OS offline with a photo; GL completes, AT creates the OS, GT signs N1, AT sends: closed', async () => {
    const gt = await as('gt');
    await waitForServiceWorker(gt);
    await gt.goto('/dashboard-os');
    await gt.getByText('Demandes en attente de votre part').waitFor();
    await gt.waitForLoadState('networkidle');
    await screenshots(gt, 'os-dashboard');
    await axe(gt, 'dashboard');
    await gt.getByRole('link', { name: 'Nouvelle demande d’OS' }).click();
    await gt.getByRole('radio', { name: 'Hydro Plomberie Lyonnaise' }).waitFor();
    await gt.context().setOffline(true);
    await screenshots(gt, 'os-tunnel-provider');
    await axe(gt, 'tunnel provider');
    await gt.getByRole('radio', { name: 'Hydro Plomberie Lyonnaise' }).click();
    await gt.getByRole('button', { name: 'Suivant' }).click();
    await gt.getByText('Complétez tous les champs').waitFor();
    await gt.getByPlaceholder('Nom, adresse, code postal ou ville').fill('garibaldi');
    await gt.getByRole('radio', { name: /Terrasses du Parc/ }).check();
    await screenshots(gt, 'os-tunnel-place');
    await gt.getByRole('button', { name: 'Suivant' }).click();
    await gt.getByRole('button', { name: 'Suivant' }).click();
    await gt.getByText('Sélectionnez au moins un bâtiment.').waitFor();
    await gt.getByRole('group', { name: 'Bâtiments' }).getByRole('checkbox').first().check();
    await screenshots(gt, 'os-tunnel-buildings');
    await gt.getByRole('button', { name: 'Suivant' }).click();
    await gt.getByRole('radio', { name: 'Plomberie' }).check();
    await gt.getByRole('button', { name: 'Suivant' }).click();
    // Picking a type advances at once (spec part 1 §2).
    await gt.getByRole('radio', { name: 'Dépannage' }).click();
    await gt.getByRole('button', { name: 'Suivant' }).click();
    await gt.getByText('Obligatoire').waitFor();
    await gt.getByLabel('Décrivez votre demande').fill('Remplacement du surpresseur, créée hors ligne');
    await gt.getByLabel('Prix (€)').fill('8 000');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-os-'));
    fs.writeFileSync(path.join(dir, 'devis.png'), demoPng(7));
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'pas une image');
    await gt.locator('input[type=file]').setInputFiles(path.join(dir, 'notes.txt'));
    await gt.getByText('notes.txt : Merci de rajouter une image').waitFor();
    await gt.locator('input[type=file]').setInputFiles(path.join(dir, 'devis.png'));
    await gt.getByRole('img', { name: 'devis.png' }).waitFor();
    await screenshots(gt, 'os-tunnel-information');
    await axe(gt, 'tunnel information');
    await gt.getByRole('button', { name: 'Suivant' }).click();
    await gt.getByText('8 000,00 €').waitFor();
    await screenshots(gt, 'os-tunnel-recap');
    await gt.getByRole('button', { name: 'Valider la demande' }).click();
    await gt.getByText('la demande est gardée sur cet appareil').waitFor();
    await screenshots(gt, 'os-tunnel-success');
    await gt.waitForURL(/\/requests-os(\?|$)/, { timeout: 10_000 });
    await gt.getByRole('button', { name: 'Toutes' }).click();
    await gt.reload();
    const pendingCard = gt.locator('.os-card', { hasText: 'Pas encore envoyée' });
    await pendingCard.waitFor();
    expect(await pendingCard.textContent()).toContain('Terrasses du Parc');
    await screenshots(gt, 'os-list-pending');
    await axe(gt, 'list');
    const created = () =>
      db().prepare(`SELECT id, number, place, price FROM work_validation_requests WHERE information LIKE '%créée hors ligne%'`).all() as {
        id: number;
        number: string;
        place: string;
        price: number;
      }[];
    expect(created()).toHaveLength(0);

    await gt.context().setOffline(false);
    await expect.poll(() => created()[0]?.place, { timeout: 20_000 }).toBe('request_completion');
    const [os8] = created();
    expect(created()).toHaveLength(1);
    expect(os8!.price).toBe(8000);
    await expect
      .poll(() => (db().prepare(`SELECT COUNT(*) AS n FROM work_validation_media WHERE request_id = ?`).get(os8!.id) as { n: number }).n, { timeout: 20_000 })
      .toBe(1);
    await expect.poll(() => pendingCard.count(), { timeout: 20_000 }).toBe(0);
    await gt.locator('.os-card', { hasText: os8!.number }).waitFor();

    // GL finds it from the dashboard's line, and completes it.
    const gl = await as('gl');
    await gl.goto('/dashboard-os');
    await gl.getByRole('link', { name: /Demandes à compléter/ }).click();
    await gl.locator('.os-card', { hasText: os8!.number }).click();
    await gl.getByRole('heading', { name: `N° ${os8!.number} - Résidence Les Terrasses du Parc` }).waitFor();
    await screenshots(gl, 'os-detail-advance');
    await axe(gl, 'detail');
    await gl.getByRole('button', { name: 'Demande complétée' }).click();
    await expect.poll(() => placeOf(os8!.id), { timeout: 15_000 }).toBe('os_creation');

    await act('at', os8!.id, 'OS créé', 'n1_signature');
    await act('gt', os8!.id, 'Accepter', 'request_intervention_provider', 'os-detail-decide');
    const at = await act('at', os8!.id, 'Envoyer l’OS au prestataire', 'closed');
    await at.getByText('Demande clôturée').waitFor();
    await screenshots(at, 'os-detail-closed');
    await at.getByRole('tab', { name: 'Suivi' }).click();
    await at
      .getByText(/a fait passer la demande/)
      .first()
      .waitFor();
    await screenshots(at, 'os-detail-suivi');
    await at.getByRole('tab', { name: 'Documents' }).click();
    await at.getByRole('img', { name: 'devis.png' }).waitFor();
    await screenshots(at, 'os-detail-documents');
    await axe(at, 'documents');
    // A document added from the detail is an upload command; the server has it once.
    await at.getByRole('tab', { name: 'Description' }).click();
    fs.writeFileSync(path.join(dir, 'pv-reception.png'), demoPng(9));
    await at.locator('input[type=file]').setInputFiles(path.join(dir, 'pv-reception.png'));
    await at.getByRole('button', { name: 'Envoyer les documents' }).click();
    await expect
      .poll(() => (db().prepare(`SELECT COUNT(*) AS n FROM work_validation_media WHERE request_id = ?`).get(os8!.id) as { n: number }).n, { timeout: 20_000 })
      .toBe(2);
  });

  it('a draft saved offline with only a provider and a property is posted once, listed as « Brouillon », reopened and sent on; a server draft is resumed, modified and sent on', async () => {
    const gt = await as('gt');
    const drafts = () => db().prepare(`SELECT id, place, provider_company_id AS provider, price FROM work_validation_requests WHERE place = 'start'`).all();
    const before = drafts().length;
    await waitForServiceWorker(gt);
    await gt.goto('/requests-os-create');
    await gt.getByRole('radio', { name: 'Hydro Plomberie Lyonnaise' }).waitFor();
    await gt.context().setOffline(true);
    // Keyboard: the arrows look through the providers without leaving the step; Enter picks and moves on.
    await gt.getByRole('radio', { name: 'Hydro Plomberie Lyonnaise' }).focus();
    await gt.keyboard.press('ArrowDown');
    await expect.poll(() => gt.getByRole('radio', { name: 'Technis Services' }).isChecked()).toBe(true);
    await gt.getByRole('heading', { name: /Étape 1 sur 8/ }).waitFor();
    await gt.keyboard.press('Enter');
    await gt.getByRole('heading', { name: /Étape 2 sur 8/ }).waitFor();
    expect(await gt.getByRole('button', { name: 'Enregistrer le brouillon' }).count()).toBe(0);
    await gt.getByPlaceholder('Nom, adresse, code postal ou ville').fill('lyon');
    await gt.getByRole('radio', { name: /Terrasses du Parc/ }).check();
    await gt.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
    await gt.waitForURL(/\/requests-os(\?|$)/);
    const card = gt
      .getByRole('link', { name: /Terrasses du Parc/ })
      .filter({ hasText: 'Brouillon' })
      .first();
    await card.waitFor();
    await screenshots(gt, 'os-draft-offline');
    await gt.context().setOffline(false);
    await expect.poll(() => drafts().length, { timeout: 20_000 }).toBe(before + 1);
    const posted = drafts().at(-1) as { id: number; provider: number; price: number | null };
    expect(posted.price).toBeNull();
    // Sent once: the outbox's retries never make a second draft.
    await gt.waitForTimeout(1_000);
    expect(drafts().length).toBe(before + 1);

    // Reopened from the list and completed: Valider makes it a request, sent on to completion.
    await gt.goto('/requests-os');
    await gt
      .getByRole('link', { name: /Terrasses du Parc/ })
      .filter({ hasText: 'Brouillon' })
      .first()
      .click();
    await gt.getByText('Cette demande est un brouillon', { exact: false }).waitFor();
    await gt.getByRole('link', { name: 'Reprendre la demande' }).click();
    await expect.poll(() => gt.getByRole('radio', { name: 'Technis Services' }).isChecked()).toBe(true);
    await gt.getByRole('button', { name: 'Suivant' }).click();
    await expect.poll(() => gt.getByRole('radio', { name: /Terrasses du Parc/ }).isChecked()).toBe(true);
    await gt.getByRole('button', { name: 'Suivant' }).click();
    await gt.getByRole('group', { name: 'Bâtiments' }).getByRole('checkbox').first().check();
    await gt.getByRole('button', { name: 'Suivant' }).click();
    await gt.getByRole('radio', { name: 'Plomberie' }).check();
    await gt.getByRole('button', { name: 'Suivant' }).click();
    await gt.getByRole('radio', { name: 'Dépannage' }).click();
    await gt.getByLabel('Décrivez votre demande').fill('Brouillon complété après la visite');
    await gt.getByLabel('Prix (€)').fill('950');
    await gt.getByRole('button', { name: 'Suivant' }).click();
    await gt.getByRole('button', { name: 'Valider la demande' }).click();
    await expect.poll(() => placeOf(posted.id), { timeout: 15_000 }).toBe('request_completion');
    expect(drafts().length).toBe(before);

    // A request on the server still in request_init reopens the tunnel with its values, saved with PUT then sent on.
    const draft = db()
      .prepare(
        `SELECT w.id, w.price FROM work_validation_requests w WHERE place = 'request_init' AND EXISTS (SELECT 1 FROM work_validation_buildings b WHERE b.request_id = w.id) ORDER BY id LIMIT 1`,
      )
      .get() as { id: number; price: number };
    await gt.goto(`/requests-os-detail/${draft.id}`);
    await gt.getByRole('link', { name: 'Reprendre la demande' }).click();
    await expect.poll(() => gt.locator('.os-choice input:checked').count()).toBe(1);
    for (let i = 0; i < 5; i++) await gt.getByRole('button', { name: 'Suivant' }).click();
    await gt.getByLabel('Prix (€)').fill('4 321,50');
    await gt.getByRole('button', { name: 'Suivant' }).click();
    await gt.getByText('4 321,50 €').waitFor();
    await gt.getByRole('button', { name: 'Valider la demande' }).click();
    await expect.poll(() => placeOf(draft.id), { timeout: 15_000 }).toBe('request_completion');
    expect((db().prepare(`SELECT price FROM work_validation_requests WHERE id = ?`).get(draft.id) as { price: number }).price).toBe(4321.5);
  });

  it('a 25,000 € OS walks the long path through DP, DT and N2; a refusal by DT sends it back to completion', async () => {
    const token = await login('gt@demo.fr');
    const refs = db()
      .prepare(`SELECT real_estate_id AS re, business_area_id AS ba, request_type_id AS rt, provider_company_id AS pc FROM work_validation_requests LIMIT 1`)
      .get() as { re: number; ba: number; rt: number; pc: number };
    const body = {
      information: 'Réfection de la chaufferie (chemin long)',
      realEstatId: refs.re,
      businessAreaId: refs.ba,
      buildingIdList: [],
      contactId: null,
      serviceProviderCompanyId: refs.pc,
      typeId: refs.rt,
      price: 25_000,
    };
    const answer = await env.server.app.inject({
      method: 'POST',
      url: '/api/post_work_validation_requests',
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });
    const id = (answer.json() as { id: number }).id;
    await env.server.app.inject({
      method: 'PUT',
      url: '/api/firm/workflows/go_to_step',
      headers: { authorization: `Bearer ${token}` },
      payload: { stepCode: 'request_completion', workflowCode: 'work_validation_requests', objectId: id },
    });

    await act('gl', id, 'Demande complétée', 'purchase_order_dp');
    await act('dp', id, 'Accepter', 'purchase_order_dt');
    const dt = await as('dt');
    await dt.goto(`/requests-os-detail/${id}`);
    await dt.getByRole('button', { name: 'Refuser', exact: true }).click();
    await dt.getByLabel('Motif du refus (facultatif)').fill('Le devis ne détaille pas la dépose de l’ancienne chaudière.');
    await screenshots(dt, 'os-detail-refuse-dialog');
    await axe(dt, 'refuse dialog');
    await dt.getByRole('button', { name: 'Confirmer le refus' }).click();
    await expect.poll(() => placeOf(id), { timeout: 15_000 }).toBe('request_completion');
    await dt.getByRole('tab', { name: 'Messages' }).click();
    await dt.getByText('Le devis ne détaille pas').waitFor();
    await dt.getByLabel('Votre message').fill('Merci de compléter le devis avant de le renvoyer.');
    await dt.getByRole('button', { name: 'Envoyer' }).click();
    await expect
      .poll(
        () =>
          (
            db()
              .prepare(`SELECT COUNT(*) AS n FROM messages WHERE object_kind = 'os' AND object_id = ? AND message_text LIKE 'Merci de compléter%'`)
              .get(id) as { n: number }
          ).n,
        { timeout: 10_000 },
      )
      .toBe(1);
    await screenshots(dt, 'os-detail-messages');
    await axe(dt, 'messages');
    // The inbox opens an OS thread on the detail's Messages tab.
    await dt.goto('/messaging');
    await dt.locator(`a[href="/requests-os-detail/${id}?defaultTab=messages"]`).first().click();
    await expect.poll(() => dt.getByRole('tab', { name: 'Messages' }).getAttribute('aria-selected')).toBe('true');

    await act('gl', id, 'Demande complétée', 'purchase_order_dp');
    await act('dp', id, 'Accepter', 'purchase_order_dt');
    await act('dt', id, 'Accepter', 'os_creation');
    await act('at', id, 'OS créé', 'n1_signature');
    await act('gt', id, 'Accepter', 'n2_signature');
    const last = await act('dt', id, 'Accepter', 'request_intervention_provider');
    // The follow-up bar of the long path: eight steps, the last one current.
    await expect.poll(() => last.locator('.os-step').count()).toBe(8);
    await expect.poll(() => last.locator('.os-step--done').count()).toBe(7);
    await screenshots(last, 'os-detail-long-path');
  });

  it('a signer opens the list and a detail online, accepts offline, and the server moves it exactly one step', async () => {
    const id = (db().prepare(`SELECT id FROM work_validation_requests WHERE place = 'purchase_order_dp' ORDER BY id LIMIT 1`).get() as { id: number }).id;
    const dp = await as('dp');
    await dp.context().setOffline(false); // a retry starts online, whatever the failed run left
    await waitForServiceWorker(dp);
    await dp.goto('/requests-os?status=3');
    const card = dp.locator(`a[href="/requests-os-detail/${id}"]`);
    await card.waitFor();
    await screenshots(dp, 'os-list');
    await card.click();
    await dp.getByRole('button', { name: 'Accepter', exact: true }).waitFor();
    await dp.waitForLoadState('networkidle');
    const before = stepMessages(id);

    await dp.context().setOffline(true);
    await dp.goto('/requests-os?status=3');
    await card.waitFor();
    // The search runs over what is cached, offline.
    const number = (db().prepare(`SELECT number FROM work_validation_requests WHERE id = ?`).get(id) as { number: string }).number;
    await dp.getByLabel('Rechercher par numéro, lieu, prestataire ou étape').fill(number);
    await expect.poll(() => dp.locator('.os-card').count()).toBe(1);
    await card.click();
    await dp.getByRole('button', { name: 'Accepter', exact: true }).click();
    await dp.getByText('Modifications pas encore envoyées').waitFor();
    await dp.locator('.os-step--current', { hasText: 'Bon de commande (DT)' }).waitFor();
    await screenshots(dp, 'os-detail-offline-pending');
    expect(placeOf(id)).toBe('purchase_order_dp');

    await dp.context().setOffline(false);
    await expect.poll(() => placeOf(id), { timeout: 20_000 }).toBe('purchase_order_dt');
    await expect.poll(() => dp.getByText('Modifications pas encore envoyées').count(), { timeout: 20_000 }).toBe(0);
    await dp.waitForTimeout(1500);
    expect(placeOf(id)).toBe('purchase_order_dt');
    expect(stepMessages(id)).toBe(before + 1);

    // The owner admin acts at every step: every line of the dashboard, each leading to its filter.
    const context = await env.newContext();
    const owner = await context.newPage();
    await signIn(owner, 'gestionnaire@demo.fr');
    await owner.getByRole('heading', { name: 'Bonjour Camille' }).waitFor();
    await owner.goto('/dashboard-os');
    await owner.getByRole('link', { name: /OS à envoyer/ }).waitFor();
    expect(await owner.locator('.os-dash-line').count()).toBe(5);
    await screenshots(owner, 'os-dashboard-owner');
    await owner.getByRole('link', { name: /OS à envoyer/ }).click();
    await owner.waitForURL(/\/requests-os\?status=6/);
    await expect.poll(() => owner.getByRole('button', { name: 'OS à envoyer' }).getAttribute('aria-pressed')).toBe('true');
    await context.close();
    expect(consoleErrors).toEqual([]);
  });
});
