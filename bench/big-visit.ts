/**
 * The inspector's worst case, shared by the typing benches: a visit of 1,000
 * fields in 200 duplicated sections, written into the reference server, then
 * downloaded, started and opened in the app; and the in-page recorder of the
 * time from an input event to just after the next paint.
 */
import type { Locator, Page } from 'playwright-core';
import { buildBigVisit } from '../server/modules/visits/checklists';
import type { ReferenceServer } from '../server/app';

export const VISIT = 'Visite annuelle des parties communes';
export const ITEMS = 200;
export const FIELDS_PER_ITEM = 5;

export interface Stats {
  count: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, p50Ms: round(at(0.5)), p95Ms: round(at(0.95)), maxMs: round(sorted[sorted.length - 1] ?? 0) };
}

export const round = (ms: number) => Math.round(ms * 10) / 10;

/** Makes the seeded visit a big one on the server: `items` sections of FIELDS_PER_ITEM fields (1,000 fields by default). */
export function makeVisitBig(server: ReferenceServer, items = ITEMS): void {
  const db = server.ctx.db;
  const { id } = db.prepare(`SELECT id FROM visits WHERE name = ?`).get(VISIT) as { id: number };
  db.prepare(`UPDATE visit_data SET data = ? WHERE visit_id = ?`).run(JSON.stringify(buildBigVisit(`v${id}`, items, FIELDS_PER_ITEM)), id);
}

/** From the signed-in inspector's home: downloads, starts and opens the big visit on its first field. */
export async function openBigVisit(page: Page): Promise<void> {
  await showVisitList(page);
  await downloadAndOpen(page);
}

/** The visit list, loaded, with the big visit's 'Télécharger' shown. */
export async function showVisitList(page: Page): Promise<void> {
  await page.goto('/visites');
  await page.locator('.row-card', { hasText: VISIT }).getByRole('button', { name: 'Télécharger' }).waitFor();
}

/**
 * From the list: 'Télécharger', 'Démarrer', then the visit opened on its first field. Returns the
 * app's time: for each click, from the click to the paint that shows what it waited for, measured in
 * the page. Timed from Node, the figure also held Playwright's polling (its waits check again every
 * 100–500 ms, 0.3–0.5 s in all over these steps) and the time between one step and the next click.
 */
export async function downloadAndOpen(page: Page): Promise<{ totalMs: number; steps: Record<string, number> }> {
  const row = page.locator('.row-card', { hasText: VISIT });
  const steps: Record<string, number> = {};
  const step = async (name: string, click: () => Promise<void>, ready: ReadyWhen) => {
    await page.evaluate(armStepTimer, ready);
    await click();
    steps[name] = round(await page.evaluate(() => (window as unknown as { benchStep: Promise<number> }).benchStep));
  };
  const inRow = { scope: '.row-card', scopeText: VISIT };
  await step('download', () => row.getByRole('button', { name: 'Télécharger' }).click(), { ...inRow, selector: 'button', text: 'Démarrer' });
  await step('start', () => row.getByRole('button', { name: 'Démarrer' }).click(), { ...inRow, text: 'démarrée ici' });
  await step('open', () => row.getByRole('link', { name: VISIT }).click(), { scope: 'button', text: 'Sécurité incendie' });
  await step('form', () => page.getByRole('button', { name: 'Sécurité incendie' }).first().click(), { scope: '.subsection__open', text: 'Extincteur n° 1' });
  await step('section', () => page.locator('.subsection__open', { hasText: 'Extincteur n° 1' }).first().click(), { scope: 'label', text: 'Emplacement' });
  return { totalMs: round(Object.values(steps).reduce((a, b) => a + b, 0)), steps };
}

/** An element matching `scope` whose text has `scopeText` (when given), holding a `selector` whose text has `text` (or `text` itself). */
interface ReadyWhen {
  scope: string;
  scopeText?: string;
  selector?: string;
  text: string;
}

/** In the page: window.benchStep resolves, after the next click, with the time from it to the paint showing `ready`. */
function armStepTimer(ready: ReadyWhen) {
  // No named inner functions: tsx would wrap them in a helper the page does not have.
  (window as unknown as { benchStep: Promise<number> }).benchStep = new Promise((resolve) => {
    let clickedAt: number | null = null;
    const observer = new MutationObserver(() => {
      if (clickedAt === null) return;
      const shown = [...document.querySelectorAll(ready.scope)].some(
        (scope) =>
          (ready.scopeText === undefined || (scope.textContent ?? '').includes(ready.scopeText)) &&
          (ready.selector === undefined
            ? (scope.textContent ?? '').includes(ready.text)
            : [...scope.querySelectorAll(ready.selector)].some((el) => (el.textContent ?? '').includes(ready.text))),
      );
      if (!shown) return;
      observer.disconnect();
      const at = clickedAt;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now() - at);
        channel.port2.postMessage(null);
      });
    });
    document.addEventListener('click', (event) => (clickedAt = event.timeStamp), { capture: true, once: true });
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

/**
 * The visit's controls, found in their own part of the page. Playwright runs a role or label query
 * in the page, over the whole document: with the 4,000-entry tree of a 20,000-field visit and the
 * CPU slowed 4×, one query took seconds, which the long-task figures then counted as the app's.
 */
export const visitControls = (page: Page) => {
  const toolbar = page.locator('.visit__toolbar');
  return {
    toolbar: (name: string) => toolbar.getByRole('button', { name, exact: true }),
    field: (label: string) => page.locator('.visit__main').getByLabel(label).first(),
    drawerButton: (name: string) => page.locator('.visit__actions').getByRole('button', { name, exact: true }),
    dialogButton: (name: string) => page.locator('dialog[open]').getByRole('button', { name, exact: true }),
  };
};

/** Where a button is, found in one DOM query: by its text or its aria-label, in `scope`, once it is shown. */
function buttonCentre({ scope, name }: { scope: string; name: string }): { x: number; y: number } | null {
  for (const button of document.querySelectorAll(`${scope} button`)) {
    if ((button.getAttribute('aria-label') ?? button.textContent ?? '').trim() !== name) continue;
    const box = button.getBoundingClientRect();
    // Shown: a closed drawer is `visibility: hidden` and still has a box.
    const shown = box.width > 0 && box.height > 0 && button.checkVisibility({ visibilityProperty: true });
    if (shown && !(button as HTMLButtonElement).disabled) return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }
  return null;
}

/**
 * Inside a measured stretch (save, pause), the controls are reached without Playwright's locators:
 * their role queries, accessible names and actionability checks run on the page's main thread, and
 * the profiled save showed them (60–70 ms at 4×) beside the app's work, in the long-task figures.
 * The button is found in one DOM query, polled every 50 ms, and clicked with the mouse at its centre,
 * as a person would; what is awaited is a cheap check of the page's text.
 */
export const lightControls = (page: Page) => {
  /** Waits until the button is shown; where its centre is. */
  const shown = async (scope: string, name: string): Promise<{ x: number; y: number }> => {
    const handle = await page.waitForFunction(buttonCentre, { scope, name }, { polling: 50, timeout: 60_000 });
    const at = (await handle.jsonValue())!;
    await handle.dispose();
    return at;
  };
  return {
    shown,
    async click(scope: string, name: string): Promise<void> {
      const at = await shown(scope, name);
      await pressLikeAPerson(page, at);
    },
  };
};

/** How long a finger stays on the screen in a tap (a press of 50-150 ms). */
export const PRESS_MS = 80;

/**
 * A click as a person makes it: the pointer arrives, then the press lasts a moment before the release.
 * Playwright's bare `mouse.click` sends the move, press and release in the same instant, and the
 * page's main thread then handles all three in one task (traced at 4×: a 51 ms task, 7 ms move, 14
 * press, 10 release, the rest their acknowledgements), a task no finger makes.
 */
export async function pressLikeAPerson(page: Page, at: { x: number; y: number }): Promise<void> {
  await page.mouse.move(at.x, at.y);
  await page.waitForTimeout(PRESS_MS);
  await page.mouse.click(at.x, at.y, { delay: PRESS_MS });
}

/** In the page: for each click or keydown, the time from the event to just after the next paint. */
export function recordInputToPaint() {
  const w = window as unknown as { latencies: Record<string, number[]> };
  w.latencies = { keydown: [], click: [] };
  for (const type of ['keydown', 'click'] as const) {
    // Marked as the bench's own: the page's listeners removed to measure a key with no app script keep it
    // (visit-scale.ts). Not a named function: the page has no `__name`, the helper tsx wraps named ones in.
    const record = Object.assign(
      (event: Event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => {
          // A message posted from the frame callback arrives once that frame is painted.
          const channel = new MessageChannel();
          channel.port1.onmessage = () => w.latencies[type]!.push(performance.now() - start);
          channel.port2.postMessage(null);
        });
      },
      { benchObserver: true },
    );
    // At the window's capture phase, the event's first stop: the visit's fields take their typing
    // there and let it go no further (src/features/visits/typing-capture.ts).
    window.addEventListener(type, record, true);
  }
}

/** Empties what recordInputToPaint gathered (a second round in the same page). */
export function resetLatencies() {
  const w = window as unknown as { latencies: Record<string, number[]> };
  w.latencies = { keydown: [], click: [] };
}

export function readLatencies(page: Page): Promise<Record<string, number[]>> {
  return page.evaluate(() => (window as unknown as { latencies: Record<string, number[]> }).latencies);
}

/** The keys' latencies recorded from the `from`-th on, taken out of the recorder (a round measured apart from the others in the same page). */
export function takeKeyLatencies(page: Page, from: number): Promise<number[]> {
  return page.evaluate((at) => (window as unknown as { latencies: Record<string, number[]> }).latencies.keydown!.splice(at), from);
}

/**
 * Waits until no toast is shown. « Visite démarrée » stays 5 s (spec: toasts last 5000 ms, top-right).
 * Until the 27th session it lay over the visit's toolbar on a phone: the taps on 'Section suivante'
 * made meanwhile hit the toast, changed nothing and counted as changes of 3–7 ms at 1× (8–40 at 4×).
 * It now lies below the toolbar (use-toasts-below.ts); the wait stays so that no measured change also
 * pays for a toast's going, and the figures stay comparable with those before.
 */
export async function toastsGone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('.toast') === null, undefined, { polling: 100, timeout: 15_000 });
}

/**
 * The inspector's session: `sections` sections opened one after the other with
 * the toolbar, then `words` words of 6 letters and a space, 60 ms between keys
 * and 150 to 550 ms between words (so the grouped local writes happen while
 * typing), a new section every 10 words. `firstWord` goes on from an earlier session's last word
 * (the same pauses, the same section changes, as one session cut into rounds).
 *
 * 'Section suivante' is tapped as a person taps it (lightControls), not with a
 * locator's click: Playwright checks the click's target from listeners of its
 * own, in the page, inside the same events. That cost 7–17 ms of each measured
 * change at 4× (5,000 fields, alternating: p50 72.1 against 64.7 ms, p95 108.4
 * against 91.1), work no finger brings.
 */
export async function typeSession(page: Page, sections = 30, words = 40, firstWord = 0): Promise<void> {
  await toastsGone(page);
  const controls = visitControls(page);
  const light = lightControls(page);
  const nextSection = () => light.click('.visit__toolbar', 'Section suivante');
  const field = () => controls.field('Emplacement');
  await tapNextSections(page, sections);
  for (let word = firstWord; word < firstWord + words; word++) {
    if (word % 10 === 0) {
      await nextSection();
      await field().fill('');
    }
    await typeWords(field(), 1, { first: word });
  }
  await page.waitForTimeout(500);
}

/** `count` taps on 'Section suivante' as a person makes them (lightControls), 100 ms apart: the section changes measured, in the app and in its frozen page. */
export async function tapNextSections(page: Page, count: number): Promise<void> {
  const light = lightControls(page);
  for (let i = 0; i < count; i++) {
    await light.click('.visit__toolbar', 'Section suivante');
    await page.waitForTimeout(100);
  }
}

/**
 * The floor under any keystroke figure: the same words typed, with the same rhythm, into a bare
 * `<input>` added to the same page outside React (no handler, no store). What the browser itself
 * costs from a key to the next paint on this machine; the app's own share is what the visit adds.
 */
export async function typeIntoBareInput(page: Page, words = 12): Promise<void> {
  await withBareInput(page, (input) => typeWords(input, words));
}

/** `work` done with a bare input added to the page outside React (fixed at its top left corner), removed after; what `work` returns. */
export async function withBareInput<T>(page: Page, work: (input: Locator) => Promise<T>): Promise<T> {
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.id = 'bench-bare-input';
    input.setAttribute('aria-label', 'bench');
    input.style.cssText = 'position:fixed;top:0;left:0;z-index:9999';
    document.body.append(input);
  });
  const result = await work(page.locator('#bench-bare-input'));
  await page.evaluate(() => document.getElementById('bench-bare-input')?.remove());
  return result;
}

/** The word typed again and again: 6 letters and a space. */
const WORD = 'palier ';
export const KEYS_PER_WORD = WORD.length;

/**
 * `words` words typed into `input` as a person would: a click (unless `click` is false: the input
 * keeps the focus it has), 6 letters and a space 60 ms apart, 150 to 550 ms between words (the pause
 * after each set by its rank, from `first`).
 */
export async function typeWords(input: Locator, words: number, { first = 0, click = true } = {}): Promise<void> {
  const page = input.page();
  for (let word = first; word < first + words; word++) {
    if (click) await input.click();
    await page.keyboard.type(WORD, { delay: 60 });
    await page.waitForTimeout(150 + ((word * 137) % 400));
  }
}
