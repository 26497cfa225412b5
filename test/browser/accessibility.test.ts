/**
 * Accessibility of the foundation's screens, checked by axe-core in Chromium
 * (labels, names, contrast, landmarks, ARIA use) at phone size, plus keyboard
 * reachability of the sign-in form and a visible focus ring, and a dialog
 * that is modal to the keyboard, the pointer and screen readers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startBrowserEnv, type BrowserEnv, axeViolations } from './harness';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

describe('accessibility', () => {
  it('guest screens pass axe (WCAG 2.1 A and AA)', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    for (const path of ['/login', '/forgotten_password', '/contact', '/boarding']) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      expect(await axeViolations(page), path).toEqual([]);
    }
    await context.close();
  });

  it('intervention and visit screens pass axe (WCAG 2.1 A and AA)', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'gestionnaire@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Camille' }).waitFor();
    const done = (env.server.ctx.db.prepare(`SELECT id FROM intervention_requests WHERE place = 'done' ORDER BY id LIMIT 1`).get() as { id: number }).id;
    const screens: [string, string][] = [
      ['/dashboard', 'Rendez-vous à valider'],
      ['/requests?status=1', 'Toutes'],
      [`/requestsdetail/${done}`, 'Noter le prestataire'],
      [`/requestsdetail/${done}?defaultTab=messages`, 'Votre message'],
      ['/requests-create', 'Étape 1 sur 6'],
      ['/messaging', 'Intervention'],
      ['/planning', 'Semaine prochaine'],
    ];
    for (const [path, ready] of screens) {
      await page.goto(path);
      await page.getByText(ready).first().waitFor();
      expect(await axeViolations(page), path).toEqual([]);
    }
    await context.close();
    const inspector = await env.newContext();
    const visitPage = await inspector.newPage();
    await signIn(visitPage, 'inspecteur@demo.fr');
    await visitPage.getByRole('heading', { name: 'Bonjour Julie' }).waitFor();
    for (const [path, ready] of [
      ['/dashboard-visites', 'Mes visites'],
      ['/visites', 'Liste des visites'],
    ] as const) {
      await visitPage.goto(path);
      await visitPage.getByText(ready).first().waitFor();
      expect(await axeViolations(visitPage), path).toEqual([]);
    }
    await inspector.close();
  });

  it('signed-in screens pass axe (WCAG 2.1 A and AA)', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'admin@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Nicolas' }).waitFor();
    expect(await axeViolations(page), '/').toEqual([]);
    for (const [path, ready] of [
      ['/mon-compte', 'Prénom'],
      ['/envois-en-attente', 'Tout est envoyé.'],
    ] as const) {
      await page.goto(path);
      await page.getByText(ready).first().waitFor();
      expect(await axeViolations(page), path).toEqual([]);
    }
    await context.close();
  });

  it('the checker itself catches an unlabelled control and poor contrast (guards this test)', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('E-mail').waitFor();
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'text';
      const faint = document.createElement('p');
      faint.textContent = 'Texte illisible';
      faint.style.color = '#dddddd';
      document.querySelector('.guest__card')!.append(input, faint);
    });
    const found = (await axeViolations(page)).map((v) => v.split(' ')[0]);
    expect(found).toEqual(expect.arrayContaining(['label', 'color-contrast']));
    await context.close();
  });

  it('a dialog is modal: focus goes in and stays there, the page behind is out of reach, Escape closes it and gives the focus back', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'echopark@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Sophie' }).waitFor();
    await page.goto('/echopark-requests');
    const opener = page.getByRole('button', { name: 'Filtres' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Filtres' });
    await dialog.waitFor();
    const focus = () =>
      page.evaluate(() => {
        const at = document.activeElement;
        return at?.closest('dialog[open]') ? 'dialog' : at === document.body || !at ? 'browser' : `page: ${at.outerHTML.slice(0, 80)}`;
      });
    expect(await focus()).toBe('dialog');
    // Round and round the dialog's controls (past the last one, out to the browser's own controls as
    // with showModal, then back), never to the page behind.
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      seen.add(await focus());
    }
    expect([...seen].sort()).toEqual(['browser', 'dialog']);
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    // Behind it, the bars and the list take no click and are hidden from screen readers.
    expect(
      await page
        .getByRole('link', { name: 'Accueil' })
        .first()
        .evaluate((link) => link.closest('[inert]') !== null),
    ).toBe(true);
    expect(await axeViolations(page), 'filters dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Filtres');
    expect(await page.evaluate(() => document.querySelectorAll('[inert]').length)).toBe(0);
    await page.getByRole('link', { name: 'Accueil' }).first().click();
    await page.getByRole('heading', { name: 'Bonjour Sophie' }).waitFor();
    await context.close();
  });

  it('signs in with the keyboard alone, with a visible focus ring', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('E-mail').waitFor();
    const focused: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      focused.push(await page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.textContent?.trim() ?? ''));
      if (focused.at(-1) === 'email') break;
    }
    expect(focused).toContain('email');
    const ring = await page.evaluate(() => getComputedStyle(document.activeElement!).boxShadow);
    expect(ring).not.toBe('none');
    await page.keyboard.type('gestionnaire@demo.fr');
    await page.keyboard.press('Tab');
    await page.keyboard.type('demo1234');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Bonjour Camille' }).waitFor();
    await context.close();
  });
});
