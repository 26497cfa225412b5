/**
 * The inspector's worst case in Chromium, on the built app and the reference
 * server: a visit of 1,000 fields in 200 duplicated sections, downloaded and
 * started. Measures, from the input event to the next paint (vsync off, so the
 * figure is the app's work and not the wait for the screen's next frame):
 * - each keystroke typed into a field, with pauses between words so that the
 *   grouped local writes of the visit happen while the inspector types;
 * - opening the next section with the toolbar button.
 * Goal: keystroke p95 ≤ 16 ms (one frame).
 */
import { buildBigVisit } from '../server/modules/visits/checklists';
import { signIn, startBrowserEnv } from '../test/browser/harness';

export interface VisitTypingResult {
  name: 'visit-typing';
  fields: number;
  sections: number;
  keystroke: Stats;
  openSection: Stats;
  goals: { keystrokeP95Ms: number };
}

interface Stats {
  count: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

const VISIT = 'Visite annuelle des parties communes';
const ITEMS = 200;
const FIELDS_PER_ITEM = 5;

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { count: sorted.length, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: sorted[sorted.length - 1]! };
}

/** In the page: for each click or keydown, the time from the event to just after the next paint. */
function recordInputToPaint() {
  const w = window as unknown as { latencies: Record<string, number[]> };
  w.latencies = { keydown: [], click: [] };
  for (const type of ['keydown', 'click'] as const) {
    document.addEventListener(
      type,
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => {
          // A message posted from the frame callback arrives once that frame is painted.
          const channel = new MessageChannel();
          channel.port1.onmessage = () => w.latencies[type]!.push(performance.now() - start);
          channel.port2.postMessage(null);
        });
      },
      true,
    );
  }
}

export async function measureVisitTyping(): Promise<VisitTypingResult> {
  const env = await startBrowserEnv();
  try {
    const db = env.server.ctx.db;
    const { id } = db.prepare(`SELECT id FROM visits WHERE name = ?`).get(VISIT) as { id: number };
    db.prepare(`UPDATE visit_data SET data = ? WHERE visit_id = ?`).run(JSON.stringify(buildBigVisit(`v${id}`, ITEMS, FIELDS_PER_ITEM)), id);

    const context = await env.newContext(['--disable-gpu-vsync', '--disable-frame-rate-limit']);
    const page = await context.newPage();
    await signIn(page, 'inspecteur@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Julie' }).waitFor();
    await page.goto('/visites');
    const row = page.locator('.row-card', { hasText: VISIT });
    await row.getByRole('button', { name: 'Télécharger' }).click();
    await row.getByRole('button', { name: 'Démarrer' }).click({ timeout: 60_000 });
    await row.getByText('démarrée ici').waitFor();
    await row.getByRole('link', { name: VISIT }).click();
    await page.getByRole('button', { name: 'Sécurité incendie' }).first().click();
    await page.locator('.subsection__open', { hasText: 'Extincteur n° 1' }).first().click();
    const field = () => page.getByLabel('Emplacement').first();
    await field().waitFor();
    await page.evaluate(recordInputToPaint);

    // 30 sections opened one after the other.
    for (let i = 0; i < 30; i++) {
      await page.getByRole('button', { name: 'Section suivante' }).click();
      await page.waitForTimeout(100);
    }
    // 40 words of 6 letters and a space, 60 ms between keys and 150 to 550 ms between words, in a few sections.
    for (let word = 0; word < 40; word++) {
      if (word % 10 === 0) {
        await page.getByRole('button', { name: 'Section suivante' }).click();
        await field().fill('');
      }
      await field().click();
      await page.keyboard.type('palier ', { delay: 60 });
      await page.waitForTimeout(150 + ((word * 137) % 400));
    }
    await page.waitForTimeout(500);
    const latencies = await page.evaluate(() => (window as unknown as { latencies: Record<string, number[]> }).latencies);
    await context.close();
    return {
      name: 'visit-typing',
      fields: ITEMS * FIELDS_PER_ITEM,
      sections: ITEMS,
      keystroke: stats(latencies.keydown!),
      // The first 30 clicks are the section openings; later ones put the cursor in the field.
      openSection: stats(latencies.click!.slice(0, 30)),
      goals: { keystrokeP95Ms: 16 },
    };
  } finally {
    await env.close();
  }
}
