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
import { ITEMS, FIELDS_PER_ITEM, makeVisitBig, openBigVisit, readLatencies, recordInputToPaint, stats, typeSession, type Stats } from './big-visit';
import { signIn, startBrowserEnv } from '../test/browser/harness';

export interface VisitTypingResult {
  name: 'visit-typing';
  fields: number;
  sections: number;
  keystroke: Stats;
  openSection: Stats;
  goals: { keystrokeP95Ms: number };
}

export async function measureVisitTyping(): Promise<VisitTypingResult> {
  const env = await startBrowserEnv();
  try {
    makeVisitBig(env.server);
    const context = await env.newContext(['--disable-gpu-vsync', '--disable-frame-rate-limit']);
    const page = await context.newPage();
    await signIn(page, 'inspecteur@demo.fr');
    await page.getByRole('heading', { name: 'Bonjour Julie' }).waitFor();
    await openBigVisit(page);
    await page.evaluate(recordInputToPaint);
    await typeSession(page);
    const latencies = await readLatencies(page);
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
