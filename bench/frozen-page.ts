/**
 * The visit's page frozen (bench visit-scale): its document as shown while typing, copied without its
 * scripts into new pages of the same browser. What the screen's own DOM and styles cost the browser,
 * with not one line of the app's code running: per key typed into a bare input, and per section change
 * done by a few lines of plain DOM calls.
 */
import type { BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import {
  readLatencies,
  recordInputToPaint,
  resetLatencies,
  stats,
  tapNextSections,
  typeIntoBareInput,
  typeWords,
  visitControls,
  type Stats,
} from './big-visit';
import { cdp } from './env';
import { observeLongFrames, observeLongTasks } from './profile';
import { inTurn } from './key-trace';

export const RATE = 4;
/** The blank page of the floors: nothing but the phone-width viewport. */
export const BLANK_PAGE = '<!doctype html><meta name="viewport" content="width=device-width">';
/** Section changes per measure: the p95 of 20 was their maximum. */
export const SECTION_CHANGES = 60;

export const throttle = (session: CDPSession, rate: number) => session.send('Emulation.setCPUThrottlingRate', { rate });

/** In the page: the observers the visit's page runs while its typing is measured (long tasks, long frames) and its input-to-paint recorder. */
export async function observeTyping(page: Page): Promise<void> {
  await page.evaluate(observeLongTasks);
  await page.evaluate(observeLongFrames);
  await page.evaluate(recordInputToPaint);
}

/** `work` done at 4× with the page's recorder emptied first: the latencies of its keys (or taps) to the next paint. */
export async function throttledLatencies(page: Page, session: CDPSession, kind: 'keydown' | 'click', work: () => Promise<void>): Promise<number[]> {
  await page.evaluate(resetLatencies);
  await throttle(session, RATE);
  await work();
  await throttle(session, 1);
  return (await readLatencies(page))[kind]!;
}

/** `words` words into a bare input added to the page shown, 4×: each key's input-to-paint latency (the page's recorder installed). */
export function bareInputLatencies(page: Page, session: CDPSession, words: number): Promise<number[]> {
  return throttledLatencies(page, session, 'keydown', () => typeIntoBareInput(page, words));
}

/**
 * Where the frozen copies are shown: a web address, as the visit's page is at. Chromium's autofill agent
 * works at each key on an http page and much less on about:blank (where `setContent` leaves a page):
 * the same copy, per key unthrottled, 0.25–0.28 ms of its task on http against 0.15 on about:blank; a
 * blank page with 10 labelled inputs 0.27–0.30 against 0.17–0.18 for one (35th session).
 */
const FROZEN_URL = 'http://frozen.test/';

/** `html` shown in `page` at FROZEN_URL. */
export async function showFrozen(page: Page, html: string): Promise<void> {
  await page.route(`${FROZEN_URL}**`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
  await page.goto(FROZEN_URL);
}

/**
 * Refuses a frozen copy shown without the app's styles: applied, they set the body's margin to 0 (a copy
 * whose sheets were refused was once measured unstyled: its sheets were asked from another address).
 */
export async function expectStyled(page: Page): Promise<void> {
  if ((await page.evaluate(() => getComputedStyle(document.body).marginTop)) !== '0px')
    throw new Error('visit-scale : les feuilles de style de la page de la visite figée ne s’appliquent pas');
}

/**
 * The visit's document as shown while typing, without its scripts (VisitScaleSize.frozenPageFloor).
 * Its style sheets come inlined, each in a `<style>` of its own and in their order: shown at
 * FROZEN_URL, the copy could not ask the app's server for them (Chromium's local network access
 * refuses a page at a public address any request to the loopback one).
 */
export function frozenDocument(page: Page): Promise<string> {
  return page.evaluate(() => {
    const sheets = [...document.styleSheets].map((sheet) => {
      const rules = [...sheet.cssRules].map((rule) => rule.cssText).join('\n');
      return sheet.media.mediaText ? `@media ${sheet.media.mediaText} {\n${rules}\n}` : rules;
    });
    const root = document.documentElement.cloneNode(true) as HTMLElement;
    root.querySelectorAll('script, link, style').forEach((element) => element.remove());
    const head = root.querySelector('head')!;
    for (const css of sheets) head.append(Object.assign(document.createElement('style'), { textContent: css }));
    return `<!doctype html>${root.outerHTML}`;
  });
}

/**
 * In the frozen page: 'Section suivante' shows a new section as the app's commit does, with plain DOM
 * calls: the section's title and fields removed, a fresh copy of the same nodes put in their place, the
 * title renamed, the toolbar's « Marquer complète » and the drawer's current entry moved. A string, not a
 * function: tsx would wrap a nested named function in a helper the page does not have.
 */
const SWAP_SECTION_ON_TAP = `(() => {
  const main = document.querySelector('.visit__main');
  const toolbar = main.querySelector('.visit__toolbar');
  const template = document.createElement('template');
  for (const child of [...main.children]) if (child !== toolbar) template.content.append(child.cloneNode(true));
  const entries = [...document.querySelectorAll('.visit__drawer a, .visit__drawer button')].slice(-2);
  let shown = 0;
  toolbar.querySelector('button[aria-label="Section suivante"]').addEventListener('click', () => {
    shown += 1;
    for (const child of [...main.children]) if (child !== toolbar) child.remove();
    const copy = template.content.cloneNode(true);
    copy.querySelector('.page-title').textContent = 'Extincteur n° ' + (shown + 1);
    main.append(copy);
    const done = [...toolbar.querySelectorAll('button')].find((b) => b.hasAttribute('aria-pressed'));
    if (done) done.setAttribute('aria-pressed', String(shown % 2 === 0));
    entries.forEach((entry, i) => entry.toggleAttribute('aria-current', (shown + i) % 2 === 0));
  });
})()`;

/** `count` taps on 'Section suivante' as typeSession makes them, 4×: each tap's latency to the next paint. */
export function sectionChangeLatencies(page: Page, session: CDPSession, count: number): Promise<number[]> {
  return throttledLatencies(page, session, 'click', async () => {
    await tapNextSections(page, count);
    await page.waitForTimeout(300);
  });
}

/**
 * In a frozen copy: every element but the card of the visit's field `input` (and what is in it) made
 * `visibility: hidden`, the boxes that hold it too: the page laid out as before, its styles and DOM
 * all there, and nothing painted but the field's card.
 */
async function paintOnlyTheField(input: Locator): Promise<void> {
  await input.evaluate((field) => {
    const card = field.closest('.vfield')!;
    for (const element of document.body.querySelectorAll<HTMLElement>('*'))
      element.style.setProperty('visibility', card.contains(element) ? 'visible' : 'hidden', 'important');
    document.body.style.setProperty('visibility', 'hidden', 'important');
  });
}

/** `words` words into the visit's field « Emplacement » of a frozen copy, 4×, as typeSession types them (a tap before each word): each key's latency. */
async function frozenFieldLatencies(page: Page, session: CDPSession, words: number): Promise<number[]> {
  const field = visitControls(page).field('Emplacement');
  await field.fill('');
  return throttledLatencies(page, session, 'keydown', () => typeWords(field, words));
}

export interface FrozenPageFloors {
  /** Per key: the bare input in the blank page measured again, and in the frozen page with its style sheets. */
  blank: Stats;
  styled: Stats;
  /**
   * Per key, the visit's own field in its own form, in the frozen page: as shown, then with nothing
   * else painted (paintOnlyTheField). The bare input above is outside any form, which makes
   * Chromium's autofill agent read the page's other formless controls at each key; the field is not.
   */
  field: Stats;
  fieldPaintedAlone: Stats;
  /** Per section change, in the frozen page with its style sheets (SWAP_SECTION_ON_TAP), tapped as the live page was. */
  sectionChange: Stats;
}

/**
 * VisitScaleSize.frozenPageFloor: the visit's document put into new pages of the same browser at a
 * web address (FROZEN_URL), its style sheets inlined; the bare input typed there as in the live page,
 * and the visit's own field, with the rest of the page painted or not.
 * Measured once the visit's page is closed, beside a blank page measured again, in alternated rounds:
 * no app of the same browser works in the background of these figures, and the blank page says how
 * far the machine moved since the run's floor. Then the section changes, in the styled copy.
 */
export async function frozenPageFloors(context: BrowserContext, html: string): Promise<FrozenPageFloors> {
  const surfaces = ['blank', 'styled', 'field', 'fieldPaintedAlone'] as const;
  const pages = new Map<(typeof surfaces)[number], { page: Page; session: CDPSession; latencies: number[] }>();
  for (const name of surfaces) {
    const page = await context.newPage();
    if (name === 'blank') await page.setContent(BLANK_PAGE);
    else {
      await showFrozen(page, html);
      await expectStyled(page);
    }
    if (name === 'fieldPaintedAlone') await paintOnlyTheField(visitControls(page).field('Emplacement'));
    await observeTyping(page);
    pages.set(name, { page, session: await cdp(page), latencies: [] });
  }
  for (let round = 0; round < 3; round++)
    for (const name of inTurn([...surfaces], round)) {
      const { page, session, latencies } = pages.get(name)!;
      await page.bringToFront();
      const typed = name === 'blank' || name === 'styled' ? bareInputLatencies(page, session, 10) : frozenFieldLatencies(page, session, 10);
      latencies.push(...(await typed));
    }
  const styled = pages.get('styled')!;
  await styled.page.bringToFront();
  await styled.page.evaluate(SWAP_SECTION_ON_TAP);
  const sectionChange = stats(await sectionChangeLatencies(styled.page, styled.session, SECTION_CHANGES));
  for (const { page } of pages.values()) await page.close();
  const of = (name: (typeof surfaces)[number]) => stats(pages.get(name)!.latencies);
  return { blank: of('blank'), styled: of('styled'), field: of('field'), fieldPaintedAlone: of('fieldPaintedAlone'), sectionChange };
}
