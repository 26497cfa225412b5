/**
 * Home on a slow phone while the offline briefcase's first pass runs (issue
 * 20): Debian Chromium on the built app, the reference server with the
 * manager responsible for about 1,000 open interventions (`--scale`) and 50 ms
 * of latency on every answer (FAULTS=latency=50). The pass starts after sign-in;
 * the page is then reloaded under 4× CPU throttling (the pass resumes where it
 * stopped) and, while the first-pass bar shows, the user taps home's heading
 * every two seconds. Figures: long tasks of the page during the pass (goal:
 * none over 50 ms), the first tap's and every tap's time to the next paint
 * (goal: the first within 100 ms), the pass's duration, and what the profile
 * says costs the time when a goal is missed.
 */
import type { Page } from 'playwright-core';
import { recordInputToPaint, round, stats, type Stats } from './big-visit';
import { cdp, signIn, startBenchEnv } from './env';
import { busyStretches, observeLongTasks, takeLongTasks, type BusyStretch, type LongTasks } from './profile';

/** Generated interventions: 1,000 open ones for the manager (the same world as bench/briefcase-run.ts). */
const SCALE = Number(process.env.OFFLINE_HOME_SCALE ?? 1_066);
const THROTTLE = 4;
const TAP_EVERY_MS = 2_000;
const PASS_TIMEOUT_MS = 15 * 60_000;
const GOALS = { longTaskMs: 50, firstInputMs: 100 };
const BAR = { name: /Préparation du mode hors ligne/ };

export interface OfflineHomeResult {
  name: 'offline-home';
  scale: number;
  cpuThrottling: number;
  latencyMs: number;
  passMs: number;
  tasksDone: number;
  longTasks: LongTasks;
  firstInputMs: number | null;
  taps: Stats;
  goals: typeof GOALS;
  met: { longTasks: boolean; firstInput: boolean };
  explanation?: Record<string, unknown>;
}

/** In the page: the long animation frames (over 50 ms) with the scripts that ran in them, from now on. */
function observeLongFrames() {
  const w = window as unknown as { longFrames: { start: number; duration: number; scripts: string[] }[] };
  w.longFrames = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as unknown as {
      startTime: number;
      duration: number;
      scripts: { invoker: string; sourceURL: string; sourceFunctionName: string; sourceCharPosition: number; duration: number }[];
    }[]) {
      const scripts = e.scripts
        .filter((s) => s.duration > 10)
        .map((s) => `${Math.round(s.duration)} ms ${s.invoker} ${s.sourceFunctionName || '?'} ${s.sourceURL.split('/').pop()}:${s.sourceCharPosition}`);
      w.longFrames.push({ start: Math.round(e.startTime), duration: Math.round(e.duration), scripts });
    }
  }).observe({ type: 'long-animation-frame' });
}

const progress = (page: Page) =>
  page
    .getByRole('progressbar', BAR)
    .getAttribute('aria-valuenow', { timeout: 1_000 })
    .catch(() => null);

export async function measureOfflineHome(): Promise<OfflineHomeResult> {
  const latencyMs = 50;
  const env = await startBenchEnv({ scale: SCALE, config: { faults: { latency: latencyMs, drop: 0, lost: 0, error: 0, seed: 1 } } });
  try {
    const context = await env.newContext();
    const page = await context.newPage();
    await page.addInitScript(observeLongTasks);
    await page.addInitScript(recordInputToPaint);
    await page.addInitScript(observeLongFrames);
    await signIn(page, 'gestionnaire@demo.fr');
    const heading = page.getByRole('heading', { name: /^Bonjour/ }).first();
    await heading.waitFor();
    const bar = page.getByRole('progressbar', BAR);
    await bar.waitFor({ timeout: 60_000 });

    // The phone: 4× slower, the app started again from home while its first pass is under way.
    const session = await cdp(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await page.reload();
    await heading.waitFor({ timeout: 60_000 });
    await bar.waitFor({ timeout: 60_000 });
    await takeLongTasks(page);
    const passStart = await page.evaluate(() => performance.now());
    const started = Date.now();
    let tasksDone = 0;
    // The whole pass under the sampling profiler: its busy stretches say what the long tasks were made of.
    const stretches: BusyStretch[] = await busyStretches(session, async () => {
      while (Date.now() - started < PASS_TIMEOUT_MS) {
        const done = await progress(page);
        if (done === null) break;
        tasksDone = Number(done);
        await heading.click();
        await page.waitForTimeout(TAP_EVERY_MS);
      }
    });
    const passMs = Date.now() - started;
    const longTasks = await takeLongTasks(page);
    // Which scripts ran in the frames that were too long (Long Animation Frames: the long task's attribution).
    const longFrames = await page.evaluate(
      (from) => (window as unknown as { longFrames: { start: number; duration: number; scripts: string[] }[] }).longFrames.filter((f) => f.start >= from),
      passStart,
    );
    const latencies = (await page.evaluate(() => (window as unknown as { latencies: Record<string, number[]> }).latencies.click ?? [])) as number[];
    await session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await context.close();
    const firstInputMs = latencies[0] === undefined ? null : round(latencies[0]);
    const met = { longTasks: longTasks.over50Ms === 0, firstInput: firstInputMs !== null && firstInputMs <= GOALS.firstInputMs };
    return {
      name: 'offline-home',
      scale: SCALE,
      cpuThrottling: THROTTLE,
      latencyMs,
      passMs,
      tasksDone,
      longTasks,
      firstInputMs,
      taps: stats(latencies),
      goals: GOALS,
      met,
      ...(met.longTasks && met.firstInput
        ? {}
        : {
            explanation: {
              summary: gcSummary(stretches),
              longFramesDuringPass: longFrames.map((f) => ({ ...f, start: Math.round(f.start - passStart) })),
              busyStretchesDuringPass: stretches,
            },
          }),
    };
  } finally {
    await env.close();
  }
}

/** How much of the longest busy stretches the garbage collector took (a trace showed major GC finalizations). */
function gcSummary(stretches: readonly BusyStretch[]): string {
  const total = stretches.reduce((sum, s) => sum + s.ms, 0);
  const gc = stretches.reduce((sum, s) => sum + s.gcMs, 0);
  const share = total > 0 ? Math.round((100 * gc) / total) : 0;
  return `the ${stretches.length} longest busy stretches of the pass: ${round(total)} ms, of which ${round(gc)} ms (${share} %) garbage collection (V8's and Blink's heaps)`;
}
