/**
 * The other guest screens in the browser: contact form with its rules and
 * success text, onboarding steps, first-connection page, the dedicated-server
 * option of the login screen, and the not-found screen. Screenshots of each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshots, signIn, startBrowserEnv, type BrowserEnv } from './harness';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

describe('guest screens', () => {
  it('contact: refuses an incomplete form, then sends it and promises a reply within 48 h', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: /Contactez-nous/ }).click();
    await page.getByText('sous 48 h').first().waitFor();
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await page.getByText('Complétez tous les champs').waitFor();
    await screenshots(page, 'contact-errors');
    await page.getByLabel('Prénom').fill('Ana');
    await page.getByLabel('Nom', { exact: true }).fill('Lopez');
    await page.getByLabel('E-mail').fill('ana@exemple');
    await page.getByLabel('Téléphone').fill('06 11');
    await page.getByLabel('Société').fill('SCI Lopez');
    await page.getByLabel('Bien immobilier').fill('Résidence du Lac');
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await page.getByText("Le mail n'est pas valide").waitFor();
    await page.getByText("Le numéro de téléphone n'est pas valide").waitFor();
    await page.getByLabel('E-mail').fill('ana@exemple.fr');
    await page.getByLabel('Téléphone').fill('0611223344');
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await page.getByText('Votre demande a bien été envoyée. Nous vous répondrons sous 48 h.').waitFor();
    const stored = env.server.ctx.db.prepare(`SELECT company, real_estate FROM contact_forms WHERE email = 'ana@exemple.fr'`).all();
    expect(stored).toEqual([{ company: 'SCI Lopez', real_estate: 'Résidence du Lac' }]);
    await screenshots(page, 'contact-sent');
    await context.close();
  });

  it('onboarding: three steps with dots, Next then Begin', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await page.goto('/boarding');
    await page.getByRole('img', { name: 'Étape 1 sur 3' }).waitFor();
    await screenshots(page, 'boarding');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('img', { name: 'Étape 2 sur 3' }).waitFor();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('button', { name: 'Commencer' }).click();
    // Begin leads to /, which sends a guest to the login screen.
    await page.waitForURL(/\/login/);
    await page.goto('/first-connect-infos');
    await page.getByRole('button', { name: 'Valider' }).waitFor();
    await screenshots(page, 'first-connect');
    await context.close();
  });

  it('login: the dedicated-server option accepts only http(s) URLs and is remembered', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Connexion à un serveur dédié ?' }).click();
    await page.getByLabel('Adresse du serveur').fill('ftp://exemple.fr');
    await page.getByLabel('E-mail').fill('gestionnaire@demo.fr');
    await page.getByLabel('Mot de passe').fill('demo1234');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText("L'adresse doit commencer par http:// ou https://").waitFor();
    await screenshots(page, 'login-server');
    await page.getByLabel('Adresse du serveur').fill(env.baseUrl);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { name: 'Bonjour Camille' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('bp.serverUrl'))).toBe(env.baseUrl);
    await context.close();
  });

  it('onboarding block on home can be dismissed and stays dismissed', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'prestataire@demo.fr');
    await page.getByRole('heading', { name: 'Premiers pas' }).waitFor();
    await page.getByRole('button', { name: 'Masquer' }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Bonjour Karim' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Premiers pas' }).count()).toBe(0);
    await page.goto('/nulle-part');
    await page.getByText("Cette page n'existe pas ou plus.").waitFor();
    await screenshots(page, 'not-found');
    await context.close();
  });
});
