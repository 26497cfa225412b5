/**
 * Site visits in the browser, the inspector's promise: download a visit,
 * start it, fill it in offline (a choice, a text, a photo), reload offline and
 * find everything, pause it offline, and see it reach the server once the
 * network is back: answers, state and photo.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPng } from '../../server/seed/images';
import { DESKTOP, screenshots, signIn, startBrowserEnv, waitForServiceWorker, type BrowserEnv } from './harness';
import { sqlOf } from '../sql';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const db = () => env.server.ctx.db;
const { userId } = sqlOf(db);
const visitNamed = (name: string) =>
  db().prepare(`SELECT id, state, assigned_to FROM visits WHERE name = ?`).get(name) as { id: number; state: string; assigned_to: number };

describe('visits', () => {
  it('download, start, fill in offline with a photo, reload offline, pause offline, then everything reaches the server', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'inspecteur@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Julie' }).waitFor();
    await waitForServiceWorker(page);
    await page.goto('/dashboard-visites');
    await page.getByText('Mes visites').waitFor();
    await page.getByRole('link', { name: 'Voir les visites' }).first().waitFor();
    await screenshots(page, 'visits-dashboard');
    await page.goto('/visites');
    const row = page.locator('.row-card', { hasText: 'Visite annuelle des parties communes' });
    await row.getByRole('button', { name: 'Télécharger' }).click();
    await row.getByRole('button', { name: 'Démarrer' }).waitFor({ timeout: 20_000 });
    await screenshots(page, 'visits-list');

    await context.setOffline(true);
    await row.getByRole('button', { name: 'Démarrer' }).click();
    await row.getByText('démarrée ici').waitFor();
    await row.getByRole('link', { name: 'Visite annuelle des parties communes' }).click();
    await page.getByRole('button', { name: 'Parties communes' }).first().click();
    await page
      .getByRole('button', { name: /Hall d’entrée/ })
      .first()
      .click();
    await page.getByRole('radio', { name: 'Usure normale' }).first().check();
    await page.getByLabel('Observations').fill('Carrelage fissuré devant l’ascenseur');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-visit-'));
    const photo = path.join(dir, 'hall.png');
    fs.writeFileSync(photo, demoPng(11));
    await page.getByLabel('Ajouter un fichier : Photo du hall').setInputFiles(photo);
    await page.getByText('hall.png').waitFor();
    await page.getByRole('button', { name: 'Marquer complète' }).click();
    await page.getByRole('button', { name: 'Enregistrer •' }).waitFor();
    await screenshots(page, 'visits-detail-section');
    await page.waitForTimeout(600); // the local write follows each change within 300 ms

    await page.reload();
    await page.getByRole('button', { name: 'Parties communes' }).first().click();
    await page
      .getByRole('button', { name: /Hall d’entrée/ })
      .first()
      .click();
    expect(await page.getByRole('radio', { name: 'Usure normale' }).first().isChecked()).toBe(true);
    expect(await page.getByLabel('Observations').inputValue()).toBe('Carrelage fissuré devant l’ascenseur');
    await page.getByText('hall.png').waitFor();

    await page
      .getByRole('button', { name: 'Menu de la visite' })
      .click()
      .catch(() => undefined);
    // The dialog opens after the click's frame is painted, not in the click's task (a slow phone spends
    // 30-40 ms of that task on the click itself: together they made a long task, issue 22).
    const opening = await page.evaluate(async () => {
      const pause = [...document.querySelectorAll<HTMLButtonElement>('.visit__actions button')].find((b) => b.textContent?.trim() === 'Pause')!;
      pause.click();
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      const inClickTask = document.querySelector('dialog[open]') !== null;
      // Then it opens within the next frames (rendered by React's scheduler after the paint).
      for (let frame = 0; frame < 60 && !document.querySelector('dialog[open]'); frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
      return { inClickTask, afterPaint: document.querySelector('dialog[open]') !== null };
    });
    expect(opening).toEqual({ inClickTask: false, afterPaint: true });
    // Confirmed, the visit takes no more typing while it leaves (it would follow the data handed over):
    // the field is tried the moment the dialog closes.
    const observations = await page.getByLabel('Observations').getAttribute('id');
    const afterConfirm = await page.evaluate(
      (fieldId) =>
        new Promise<string>((resolve) => {
          const dialog = document.querySelector('dialog[open]') as HTMLDialogElement;
          const field = document.getElementById(fieldId!) as HTMLElement;
          new MutationObserver(() => {
            if (dialog.open) return;
            field.focus();
            resolve(document.activeElement === field ? 'takes typing' : 'closed to typing');
          }).observe(dialog, { attributes: true });
          [...dialog.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Pause')!.click();
        }),
      observations,
    );
    expect(afterConfirm).toBe('closed to typing');
    await page.waitForURL(/\/visites$/);
    await page.getByText(/envois? en attente pour cette visite/).waitFor();
    const visitId = (db().prepare(`SELECT id FROM visits WHERE name = 'Visite annuelle des parties communes'`).get() as { id: number }).id;
    expect((db().prepare(`SELECT state FROM visits WHERE id = ?`).get(visitId) as { state: string }).state).toBe('todo');

    await context.setOffline(false);
    await expect.poll(() => (db().prepare(`SELECT state FROM visits WHERE id = ?`).get(visitId) as { state: string }).state, { timeout: 30_000 }).toBe('draft');
    const stored = (db().prepare(`SELECT data FROM visit_data WHERE visit_id = ?`).get(visitId) as { data: string }).data;
    expect(stored).toContain('Carrelage fissuré devant l’ascenseur');
    expect(stored).toContain('"field_value":["Usure normale"]');
    await expect
      .poll(() => (db().prepare(`SELECT COUNT(*) AS n FROM visit_files WHERE visit_id = ? AND original_name = 'hall.png'`).get(visitId) as { n: number }).n, {
        timeout: 30_000,
      })
      .toBe(1);
    const file = db().prepare(`SELECT name FROM visit_files WHERE visit_id = ? AND original_name = 'hall.png'`).get(visitId) as { name: string };
    expect(stored).toContain(file.name);
    expect(file.name).toMatch(/^hall_\d{13}\.png$/);
    await expect.poll(() => page.getByText(/envois? en attente pour cette visite/).count(), { timeout: 30_000 }).toBe(0);
    await screenshots(page, 'visits-list-after-pause');
    await context.close();
  });

  it('every field type filled offline, checked as typed, terminated offline and received once with its file', async () => {
    const name = 'Contrôle sécurité incendie';
    const context = await env.newContext();
    const page = await context.newPage();
    await page.setViewportSize(DESKTOP); // the forms tree stays open beside the section
    await signIn(page, 'inspecteur@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Julie' }).waitFor();
    await waitForServiceWorker(page);
    await page.goto('/visites');
    const row = page.locator('.row-card', { hasText: name });
    await row.getByRole('button', { name: 'Télécharger' }).click();
    await row.getByRole('button', { name: 'Démarrer' }).waitFor({ timeout: 20_000 });
    await context.setOffline(true);
    await row.getByRole('button', { name: 'Démarrer' }).click();
    await row.getByRole('link', { name }).click();
    await page.locator('.form-card', { hasText: 'Parties communes' }).waitFor();
    await screenshots(page, 'visits-detail-forms');
    const tree = page.getByRole('navigation', { name: 'Formulaires' });
    const openSection = async (section: string) => {
      await tree.getByRole('button', { name: section, exact: true }).click();
      await page.getByRole('heading', { name: section, level: 2 }).waitFor();
    };

    await openSection('Hall d’entrée');
    await page.getByRole('heading', { name: 'Hall d’entrée', level: 3 }).waitFor(); // title
    await page.getByText('Vérifier l’état général, la propreté et l’éclairage du hall.').waitFor(); // description
    await page.getByLabel('Éclairage').selectOption({ label: 'Bon état' }); // select
    await page.getByLabel('Boîtes aux lettres conformes').selectOption({ label: 'Oui' }); // boolean
    await openSection('Interphone et contrôle d’accès');
    await page.getByLabel('Numéro du dépanneur').fill('06 12-34 56 78'); // tel: digits only
    expect(await page.getByLabel('Numéro du dépanneur').inputValue()).toBe('0612345678');
    // Enter in a one-line field sends nothing: its form of one (typed-input.tsx) is held back, the page
    // not reloaded (the mark left on the window is still there), the digits kept.
    const url = page.url();
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByLabel('Numéro du dépanneur').press('Enter');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(page.url()).toBe(url);
    expect(await page.getByLabel('Numéro du dépanneur').inputValue()).toBe('0612345678');
    await page.getByLabel('Dernière maintenance').fill('2026-10-01'); // date
    await openSection('Cages d’escalier');
    await page.getByLabel('Repère de l’escalier').fill('Escalier B'); // text
    await page.getByRole('checkbox', { name: 'Marches abîmées' }).check(); // checkbox, two values
    await page.getByRole('checkbox', { name: 'Éclairage insuffisant' }).check();
    await page.getByLabel('Nombre de paliers').fill('6'); // number
    await openSection('Désenfumage et alarme');
    await page.getByLabel('Contact de l’entreprise de maintenance').fill('contact@'); // email, checked as typed
    await page.getByText("Le mail n'est pas valide").waitFor();
    await page.getByLabel('Contact de l’entreprise de maintenance').fill('contact@extincteurs.fr');
    await expect.poll(() => page.getByText("Le mail n'est pas valide").count()).toBe(0);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-visit-'));
    const report = path.join(dir, 'rapport.png');
    fs.writeFileSync(report, demoPng(12));
    await page.getByLabel('Ajouter un fichier : Rapport du mainteneur').setInputFiles(report); // file
    await page.getByText('rapport.png').waitFor();
    await openSection('Plans d’évacuation');
    await page.getByRole('radio', { name: 'Conforme', exact: true }).check(); // radio
    await page.getByLabel('Lien vers le registre de sécurité').fill('registre.fr'); // url, checked as typed
    await page.getByText("L'adresse doit commencer par http:// ou https://").waitFor();
    await page.getByLabel('Lien vers le registre de sécurité').fill('https://registre.example.fr');
    await page.getByRole('switch', { name: 'Édition' }).check();
    await page.getByLabel('Libellé du champ Lien vers le registre de sécurité').waitFor();
    // No control of the visit has the browser copy its state into the history entry at each
    // navigation (a pause of a 20,000-field visit: typed-input.tsx, FORM_STATE_OFF).
    const kept = await page
      .locator('main input, main textarea, main select')
      .evaluateAll((all) => all.filter((c) => c.getAttribute('autocomplete') !== 'off').map((c) => c.outerHTML));
    expect(kept).toEqual([]);
    // Each typed input alone in a form of its own: Chromium's autofill task reads that form at each key,
    // not every control of the page.
    const forms = await page.locator('main form.typed-form').evaluateAll((all) => all.map((f) => (f as HTMLFormElement).elements.length));
    expect(forms.length).toBeGreaterThan(0);
    expect(forms.filter((controls) => controls !== 1)).toEqual([]);
    const formless = await page
      .locator('main input.typed-line')
      .evaluateAll((all) => all.filter((c) => !(c as HTMLInputElement).form?.classList.contains('typed-form')).map((c) => c.outerHTML));
    expect(formless).toEqual([]);
    await screenshots(page, 'visits-detail-edit');
    await page.getByRole('switch', { name: 'Édition' }).uncheck();

    await page.getByRole('button', { name: 'Fichiers de la visite' }).click();
    await page.getByRole('dialog').getByText('rapport.png').waitFor();
    await screenshots(page, 'visits-files-dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Fiche' }).click();
    await page.waitForURL(/\/visite-fiche\//);
    await page.getByText('contact@extincteurs.fr').waitFor();
    await screenshots(page, 'visits-fiche');
    await page.goBack();
    await page.getByRole('button', { name: 'Terminer' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Terminer' }).click();
    await page.waitForURL(/\/visites$/);
    expect(visitNamed(name).state).toBe('todo');

    await context.setOffline(false);
    const { id } = visitNamed(name);
    await expect.poll(() => visitNamed(name).state, { timeout: 30_000 }).toBe('terminate');
    const stored = (db().prepare(`SELECT data FROM visit_data WHERE visit_id = ?`).get(id) as { data: string }).data;
    for (const answer of [
      '"Bon état"',
      '"field_value":["1"]',
      '"0612345678"',
      '"2026-10-01"',
      '"Escalier B"',
      '"field_value":["Marches abîmées","Éclairage insuffisant"]',
      '"field_value":["6"]',
      '"contact@extincteurs.fr"',
      '"https://registre.example.fr"',
      '"field_value":["Conforme"]',
    ]) {
      expect(stored).toContain(answer);
    }
    await expect
      .poll(() => (db().prepare(`SELECT COUNT(*) AS n FROM visit_files WHERE visit_id = ? AND original_name = 'rapport.png'`).get(id) as { n: number }).n, {
        timeout: 30_000,
      })
      .toBe(1);
    await context.close();
  });

  it('another inspector takes over a visit that is not started', async () => {
    const name = 'Visite de réception des travaux de toiture';
    expect(visitNamed(name).assigned_to).toBe(userId('inspecteur@demo.fr'));
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'inspecteur2@demo.fr');
    await page.getByRole('heading', { name: /^Bonjour/ }).waitFor();
    await page.goto('/visites');
    await page.getByRole('switch', { name: 'Mes visites uniquement' }).uncheck();
    const row = page.locator('.row-card', { hasText: name });
    await row.getByRole('button', { name: 'Récupérer la visite' }).click();
    await expect.poll(() => visitNamed(name).assigned_to, { timeout: 20_000 }).toBe(userId('inspecteur2@demo.fr'));
    await row.getByRole('button', { name: 'Télécharger' }).waitFor({ timeout: 20_000 });
    await context.close();
  });
});
