/**
 * The same page load under Chromium's own 4× CPU throttling, beside Lighthouse's simulated 4×.
 *
 * Lighthouse (its default, simulated throttling) loads the page at full speed and multiplies every
 * main-thread task it observed by 4. On this shared 2-core machine an observed task also holds the
 * time the renderer waited for the other processes (the reference server, Lighthouse itself, the
 * browser's own processes), and the browser's installing of the page (`CommitNavigation`, no script
 * of the app) counts as the page's: 66–155 ms observed, 260–620 ms simulated (docs/measurements.md,
 * 10th session). Here the page is reloaded with the renderer really slowed 4× and its long tasks
 * read by a `longtask` observer: the blocking time (the part of each task over 50 ms, summed over
 * the 7 s after the load starts, without Lighthouse's first-paint-to-interactive window) and the
 * longest task, medians of a few reloads. What the app itself costs a phone, measured, not modelled.
 */
import type { Page } from 'playwright-core';
import { stats } from './big-visit';
import { cdp } from './env';
import { observeLongTasks, takeLongTasks } from './profile';

export interface ThrottledLoad {
  runs: number;
  /** Median over the reloads of the summed part over 50 ms of each long task. */
  blockingMs: number;
  /** Median over the reloads of the longest task. */
  longestTaskMs: number;
  perRun: { blockingMs: number; longestTaskMs: number }[];
}

const RUNS = Number(process.env.LH_THROTTLED_RUNS ?? 3);

/** The observer is added once per page, and each document it loads then gathers its long tasks from its start. */
const observed = new WeakSet<Page>();

export async function throttledLoad(page: Page, url: string): Promise<ThrottledLoad> {
  if (!observed.has(page)) {
    await page.addInitScript(observeLongTasks);
    observed.add(page);
  }
  const session = await cdp(page);
  const perRun: ThrottledLoad['perRun'] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(url);
      await page.waitForTimeout(7_000);
      await session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      const tasks = await takeLongTasks(page);
      perRun.push({ blockingMs: tasks.blockingMs, longestTaskMs: tasks.longestMs });
    }
  } finally {
    await session.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => undefined);
    await session.detach();
  }
  return {
    runs: RUNS,
    blockingMs: stats(perRun.map((r) => r.blockingMs)).p50Ms,
    longestTaskMs: stats(perRun.map((r) => r.longestTaskMs)).p50Ms,
    perRun,
  };
}
