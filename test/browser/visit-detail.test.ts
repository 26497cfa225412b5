/**
 * The visit detail on its own (issue 14's gaps): opened before its download,
 * it shows the visit from the list and offers its own download (with its
 * percent) and start; once started, what is typed is saved when the inspector
 * leaves by the nav bar or by the browser's back button, long before the 30 s
 * autosave, because the draft lives in the engine and not in the screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { buildBigVisit } from '../../server/modules/visits/checklists';
import { FORMS_LOADER_MS } from '../../src/features/visits/delayed-loader';
import { DESKTOP, PHONE, SCREENSHOTS, screenshots, signIn, startBrowserEnv, type BrowserEnv } from './harness';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

const db = () => env.server.ctx.db;
const visitId = (name: string) => (db().prepare(`SELECT id FROM visits WHERE name = ?`).get(name) as { id: number }).id;
/** One screenshot at once (the loader lasts a second: the harness's two-size helper is too slow for it). */
const shotNow = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
/** Whether a tap at the element's centre lands on it, not on something drawn over it. */
const takesATapAtItsCentre = (control: Locator) =>
  control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });
/** The visit's state as seeded: a retry starts from it, not from where the failed try left the server. */
const seededState = (id: number, state: 'todo' | 'draft') => db().prepare(`UPDATE visits SET state = ? WHERE id = ?`).run(state, id);
const serverData = (id: number) => (db().prepare(`SELECT data FROM visit_data WHERE visit_id = ?`).get(id) as { data: string } | undefined)?.data ?? '';

/** The card of « Hall d’entrée », in « Parties communes » or in the drawer. */
const hallCard = (page: Page) => page.getByRole('button', { name: /Hall d’entrée/ }).first();
/** « Parties communes », then its section « Hall d’entrée », tapped as a person would. */
async function openHall(page: Page, formTimeout?: number): Promise<void> {
  await page.getByRole('button', { name: 'Parties communes' }).first().click({ timeout: formTimeout });
  await hallCard(page).click();
}

describe('visit detail', () => {
  it('downloads and starts from its own screen, and saves on leaving by the nav bar and by browser back', async () => {
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'inspecteur@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Julie' }).waitFor();
    await page.goto('/visites');
    await page.getByRole('link', { name: 'Visite annuelle des parties communes' }).waitFor();
    const id = visitId('Visite annuelle des parties communes');
    seededState(id, 'todo');
    await page.goto(`/visite-detail/${id}`);
    await page.getByRole('heading', { name: 'Visite annuelle des parties communes' }).waitFor();
    await screenshots(page, 'visit-detail-not-downloaded');
    await page.getByRole('button', { name: 'Télécharger' }).click();
    await page.getByRole('button', { name: 'Démarrer' }).click({ timeout: 20_000 });
    await openHall(page, 10_000);

    await page.getByLabel('Observations').fill('Porte du hall qui frotte');
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Visites' }).click();
    await page.waitForURL(/\/visites/);
    await expect.poll(() => serverData(id), { timeout: 10_000 }).toContain('Porte du hall qui frotte');

    await page.getByRole('link', { name: 'Visite annuelle des parties communes' }).click();
    await openHall(page);
    // Typed key by key: the field's typing events are taken at the window (typing-capture.ts), none
    // reaches the document, in either phase (React's root listener ran for each), but Escape; nor does
    // the field's own scroll once its text is taller than it (React's root and the router's scroll
    // restoration heard it at each line); the placeholder is there only while the field is empty
    // (typed-input.tsx); the text goes to the server.
    const observations = page.getByLabel('Observations');
    await observations.fill('');
    await page.getByPlaceholder('Décrivez ce que vous constatez').waitFor();
    await page.evaluate(() => {
      const w = window as unknown as { heard: string[]; scrolled: number };
      w.heard = [];
      w.scrolled = 0;
      // The page's own scroll (the caret kept in view as the text grows) is the document's, not the field's.
      const fromTheField = (e: Event) => !e.type.startsWith('scroll') || e.target instanceof HTMLTextAreaElement;
      for (const type of ['keydown', 'keypress', 'textInput', 'input', 'keyup', 'change', 'selectionchange', 'scroll', 'scrollend'])
        for (const capture of [true, false])
          document.addEventListener(type, (e) => fromTheField(e) && w.heard.push(e instanceof KeyboardEvent ? `${type} ${e.key}` : type), capture);
      // The window's own listener, after the capture's: it still hears what the capture stops there.
      window.addEventListener('scroll', (e) => (w.scrolled += e.target instanceof HTMLTextAreaElement ? 1 : 0), true);
    });
    await observations.pressSequentially(
      'Porte du hall réglée, la gâche électrique reste à reprendre, le ferme-porte claque et la vitre basse est fendue dans son angle gauche, côté rue.',
    );
    await screenshots(page, 'visit-detail-typed');
    expect(await observations.getAttribute('placeholder')).toBeNull();
    await observations.press('Escape');
    const { heard, scrolled } = await page.evaluate(() => {
      const w = window as unknown as { heard: string[]; scrolled: number };
      return { heard: w.heard, scrolled: w.scrolled };
    });
    expect(heard).toEqual(['keydown Escape', 'keydown Escape']);
    expect(scrolled).toBeGreaterThan(0);
    await page.goBack();
    await expect.poll(() => serverData(id), { timeout: 10_000 }).toContain('Porte du hall réglée');

    // Paused online: the list comes first, and the visit is sent once it is on screen (the upload does
    // not share a phone's cores with the way there: closing-dialog.tsx, the outbox's sendAfter).
    const listShownWhenSent: boolean[] = [];
    await page.route('**/api/visit/state/draft/**', async (route) => {
      listShownWhenSent.push(await page.getByRole('heading', { name: 'Liste des visites' }).isVisible());
      await route.continue();
    });
    await page.getByRole('link', { name: 'Visite annuelle des parties communes' }).click();
    await page.getByRole('toolbar').getByRole('button', { name: 'Menu de la visite' }).click();
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pause', exact: true }).click();
    await page.waitForURL(/\/visites$/);
    await expect.poll(() => db().prepare(`SELECT state FROM visits WHERE id = ?`).get(id), { timeout: 10_000 }).toEqual({ state: 'draft' });
    expect(listShownWhenSent).toEqual([true]);
    await context.close();
  });

  it('edits section and field labels offline in edit mode; they reach the server after sync; the §9 loaders show, do not block, and hide', async () => {
    const context = await env.newContext();
    await context.addInitScript(recordLoaderLife);
    const page = await context.newPage();
    await signIn(page, 'inspecteur@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Julie' }).waitFor();

    // Owner dashboard: the loader hides 300 ms after the counts are known.
    await page.goto('/dashboard-visites');
    await page.getByText('Mes visites').waitFor();
    await page.getByRole('progressbar', { name: 'Chargement du tableau de bord' }).waitFor({ state: 'detached', timeout: 3_000 });
    // The bar is still: a moving one kept the GPU process drawing 60 frames a second through the load,
    // on the cores the load needs (issue 22).
    const motion = await page.evaluate(() => {
      const bar = Object.assign(document.createElement('div'), { className: 'loader' });
      document.body.append(bar);
      const style = getComputedStyle(bar);
      const still = [style.animationName, style.transitionDuration];
      bar.remove();
      return still;
    });
    expect(motion).toEqual(['none', '0s']);

    await page.goto('/visites');
    await page.getByRole('link', { name: 'Contrôle sécurité incendie' }).waitFor();
    const id = visitId('Contrôle sécurité incendie');
    await page.setViewportSize(DESKTOP);
    await page.goto(`/visite-detail/${id}`);
    await page.getByRole('heading', { name: 'Contrôle sécurité incendie' }).waitFor();
    const loader = page.getByRole('progressbar', { name: 'Chargement de la visite' });
    await shotNow(page, 'visit-loader-desktop');
    // It stays 1000 ms after the forms load, then goes (timed in the page, whatever the machine's load).
    await loader.waitFor({ state: 'detached', timeout: 5_000 });
    const desktop = await loaderLife(page);
    expect(desktop.gone! - desktop.shown!).toBeGreaterThanOrEqual(FORMS_LOADER_MS - 10);
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByRole('heading', { name: 'Contrôle sécurité incendie' }).waitFor();
    // The loader never takes the pointer: the download is clicked while it shows.
    await page.getByRole('button', { name: 'Télécharger' }).click({ timeout: 1_000 });
    await shotNow(page, 'visit-loader-phone');
    await loader.waitFor({ state: 'detached', timeout: 3_000 });
    const phone = await loaderLife(page);
    expect(phone.clicked! - phone.shown!).toBeGreaterThanOrEqual(0);
    expect(phone.gone! - phone.clicked!).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Démarrer' }).click({ timeout: 20_000 });
    // The start's toast lies below the toolbar, two rows on a phone: it lay over the second row for 5 s, and a
    // tap on « Section suivante » there hit the toast.
    await page.getByRole('status').filter({ hasText: 'Visite démarrée' }).waitFor();
    for (const name of ['Section précédente', 'Section suivante', 'Enregistré']) {
      expect(await takesATapAtItsCentre(page.getByRole('button', { name, exact: true })), name).toBe(true);
    }
    await shotNow(page, 'visit-detail-started-toast-phone');
    await openHall(page, 10_000);

    // The drawer's tree marks the section shown, and only it, as the toolbar moves (its entries are
    // drawn again only when what they show changes).
    const currentEntry = page.locator('nav[aria-label="Formulaires"] [aria-current="true"]');
    await expect.poll(() => currentEntry.allTextContents()).toEqual(['Hall d’entrée']);
    // The rest of the drawer is not drawn again by a section change: React re-set its switches' attributes
    // at each one, work the browser paid for in every change (issue 22).
    await page.evaluate(() => {
      const changed: string[] = ((window as unknown as { drawerChanges: string[] }).drawerChanges = []);
      new MutationObserver((records) => changed.push(...records.map((r) => `${r.type} ${r.attributeName ?? ''}`.trim()))).observe(
        document.querySelector('.visit__drawer')!,
        { subtree: true, childList: true, attributes: true, characterData: true },
      );
    });
    await page.getByRole('button', { name: 'Section suivante' }).click();
    await expect.poll(() => currentEntry.allTextContents()).not.toEqual(['Hall d’entrée']);
    expect(await currentEntry.count()).toBe(1);
    expect(new Set(await page.evaluate(() => (window as unknown as { drawerChanges: string[] }).drawerChanges))).toEqual(new Set(['attributes aria-current']));
    await page.getByRole('button', { name: 'Section précédente' }).click();
    await expect.poll(() => currentEntry.allTextContents()).toEqual(['Hall d’entrée']);

    await context.setOffline(true);
    await page.getByRole('switch', { name: 'Édition' }).check();
    await page.getByLabel('Libellé de la section').fill('Hall principal');
    await page.getByLabel('Libellé de la sous-section Interphone et contrôle d’accès').fill('Interphone du hall');
    await page.getByLabel('Libellé du champ Observations').fill('Remarques du gardien');
    await page.getByRole('heading', { name: 'Hall principal' }).waitFor();
    await page.getByRole('button', { name: /^Interphone du hall/ }).waitFor(); // its card, renamed
    await page.getByLabel('Libellé de la section').focus();
    await screenshots(page, 'visit-detail-edit-label');
    await page.getByRole('button', { name: 'Enregistrer •' }).click();
    await page.getByRole('button', { name: 'Enregistré' }).waitFor();
    await page.waitForTimeout(500);
    expect(serverData(id)).not.toContain('Hall principal'); // offline: kept on the device, queued

    await context.setOffline(false);
    await expect.poll(() => serverData(id), { timeout: 15_000 }).toContain('Hall principal');
    expect(serverData(id)).toContain('Interphone du hall');
    expect(serverData(id)).toContain('Remarques du gardien'); // a field's label too

    // The list opens a downloaded visit with data=true, and the detail and the fiche pass it on.
    await page.getByRole('button', { name: 'Retour à la liste' }).click();
    const link = page.getByRole('link', { name: 'Contrôle sécurité incendie' });
    expect(await link.getAttribute('href')).toContain('data=true');
    await link.click();
    await page.getByRole('button', { name: 'Menu de la visite' }).click();
    await page.getByRole('button', { name: 'Fiche', exact: true }).click();
    await page.waitForURL(new RegExp(`/visite-fiche/${id}\\?data=true`));
    await page.getByRole('heading', { name: 'Hall principal' }).waitFor();
    await page.getByRole('button', { name: 'Retour à la visite' }).click();
    await page.waitForURL(new RegExp(`/visite-detail/${id}\\?data=true`));
    await context.close();
  });

  it('a 600-section inventory shows its cards 200 at a time, and draws the rows in view of the drawer: the last one comes once scrolled to, opens its section, and is marked current', async () => {
    const name = 'Visite de réception des travaux de toiture';
    const id = visitId(name);
    db()
      .prepare(`UPDATE visit_data SET data = ? WHERE visit_id = ?`)
      .run(JSON.stringify(buildBigVisit(`v${id}`, 600, 5)), id);
    const context = await env.newContext();
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await signIn(page, 'inspecteur@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Julie' }).waitFor();
    await page.goto(`/visite-detail/${id}`);
    await page.getByRole('button', { name: 'Télécharger' }).click();
    await page.getByRole('button', { name: 'Démarrer' }).click({ timeout: 30_000 });
    // The form's level shows its subsections 200 cards at a time.
    await page.getByRole('button', { name: /^Sécurité incendie/ }).click();
    const card = (n: number) => page.getByRole('button', { name: new RegExp(`^Extincteur n° ${n} `) });
    await card(200).waitFor();
    expect(await card(201).count()).toBe(0);
    await page.getByRole('button', { name: 'Afficher 200 sections de plus (400 non affichées)' }).click();
    await card(400).waitFor();
    expect(await card(401).count()).toBe(0);
    await page.getByRole('button', { name: 'Afficher 200 sections de plus (200 non affichées)' }).scrollIntoViewIfNeeded();
    // The bottom of the cards, as a phone shows it (a full-page shot of 400 cards would be 30,000 px tall).
    await page.screenshot({ path: path.join(SCREENSHOTS, 'visit-cards-paged-phone.png') });
    // Closed at phone size, the drawer is kept laid out but out of reach: not shown, not in the
    // accessibility tree, not focusable.
    const drawer = page.getByRole('complementary', { name: 'Menu de la visite', includeHidden: true });
    expect(await drawer.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Pause' }).count()).toBe(0);
    expect(await drawer.evaluate((aside) => (aside.querySelector('button')!.focus(), aside.contains(document.activeElement)))).toBe(false);
    await page.getByRole('toolbar').getByRole('button', { name: 'Menu de la visite' }).click();
    expect(await page.getByRole('button', { name: 'Pause' }).count()).toBe(1);
    const tree = page.getByRole('navigation', { name: 'Formulaires' });
    await tree.getByRole('button', { name: 'Extincteur n° 1', exact: true }).waitFor();
    // Only the rows in view (and a few around) exist; each says its place in the whole list.
    expect(await tree.getByRole('button', { name: 'Extincteur n° 600', exact: true }).count()).toBe(0);
    expect(await tree.getByRole('listitem').count()).toBeLessThan(100);
    expect(
      await tree
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: 'Extincteur n° 1', exact: true }) })
        .last()
        .getAttribute('aria-setsize'),
    ).toBe('600');
    await page.getByRole('complementary', { name: 'Menu de la visite' }).evaluate((drawer) => drawer.scrollTo(0, drawer.scrollHeight));
    const last = tree.getByRole('button', { name: 'Extincteur n° 600', exact: true });
    await last.click();
    await page.getByRole('heading', { name: 'Extincteur n° 600' }).waitFor();
    await page.getByRole('toolbar').getByRole('button', { name: 'Menu de la visite' }).click();
    await expect.poll(() => last.getAttribute('aria-current')).toBe('true');
    await screenshots(page, 'visit-tree-window');
    await context.close();
  });

  it('the section comment is typed as a field is: kept through an offline reload, then sent; a form shown at its top level offers none', async () => {
    const name = 'Visite préalable à la vente';
    const id = visitId(name);
    seededState(id, 'draft');
    const context = await env.newContext();
    const page = await context.newPage();
    await signIn(page, 'inspecteur@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Julie' }).waitFor();
    await page.goto(`/visite-detail/${id}`);
    await page.getByRole('button', { name: 'Télécharger' }).click();
    await page.getByRole('button', { name: 'Démarrer' }).click({ timeout: 20_000 });
    // A form's top level is no section: a comment box there had nowhere to keep its text, which vanished as typed.
    await page.getByRole('button', { name: 'Parties communes' }).first().click({ timeout: 10_000 });
    await hallCard(page).waitFor();
    expect(await page.getByLabel('Commentaire de la section').count()).toBe(0);
    await hallCard(page).click();
    await page.getByRole('heading', { name: 'Hall d’entrée', level: 2 }).waitFor();

    await context.setOffline(true);
    const comment = page.getByLabel('Commentaire de la section');
    await comment.fill('');
    await comment.pressSequentially('Boîtes aux lettres à remplacer');
    await expect.poll(() => comment.inputValue()).toBe('Boîtes aux lettres à remplacer');
    await screenshots(page, 'visit-section-comment');
    await page.getByRole('button', { name: 'Enregistrer •' }).waitFor();
    await page.waitForTimeout(500); // the grouped local write (LOCAL_WRITE_MS) is done
    await page.reload();
    await openHall(page, 10_000);
    await expect.poll(() => page.getByLabel('Commentaire de la section').inputValue()).toBe('Boîtes aux lettres à remplacer');
    expect(serverData(id)).not.toContain('Boîtes aux lettres à remplacer');

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Enregistrer •' }).click();
    await expect.poll(() => serverData(id), { timeout: 15_000 }).toContain('Boîtes aux lettres à remplacer');
    await context.close();
  });
});

interface LoaderLife {
  shown?: number;
  gone?: number;
  /** The last click before the loader went. */
  clicked?: number;
}

/** In each page load: when the visit's loader came and went, and the last click while it was there. */
function recordLoaderLife() {
  const life: LoaderLife = {};
  (window as unknown as { loaderLife: LoaderLife }).loaderLife = life;
  document.addEventListener('click', (event) => void (life.gone === undefined && (life.clicked = event.timeStamp)), true);
  new MutationObserver(() => {
    const present = document.querySelector('[role="progressbar"][aria-label="Chargement de la visite"]') !== null;
    if (present && life.shown === undefined) life.shown = performance.now();
    if (!present && life.shown !== undefined && life.gone === undefined) life.gone = performance.now();
  }).observe(document, { childList: true, subtree: true });
}

const loaderLife = (page: Page) => page.evaluate(() => (window as unknown as { loaderLife: LoaderLife }).loaderLife);
