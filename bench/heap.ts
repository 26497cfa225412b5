/**
 * Memory of a long-used phone, in Debian Chromium on the built app: the
 * inspector's store holds 10,000 cached interventions (real server answers,
 * pulled before sign-in) and the 1,000-field visit is open after some typing.
 * The page's JS heap is read after a forced GC (CDP HeapProfiler.collectGarbage,
 * then Runtime.getHeapUsage and performance.memory.usedJSHeapSize) at each step:
 * the login screen, the home, the visit open. A second figure: the manager with
 * the same 10,000 in the store after scrolling the intervention list (300
 * items shown), the screen that reads them. Goal: ≤ 150 MB with the visit open.
 * A missed goal is explained by the sampling heap profiler's top allocators.
 */
import type { Page } from 'playwright-core';
import { makeVisitBig, openBigVisit, typeSession } from './big-visit';
import { cdp, managerWithCachedList, seedInterventions, signIn, startBenchEnv, type BenchEnv } from './env';
import { topAllocators } from './profile';
import { openList, scrollToEnd, shownItems } from './slow-phone';

const CACHED = 10_000;
const GOAL_MB = 150;
const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;

interface HeapFigure {
  usedMB: number;
  totalMB: number;
  performanceMemoryUsedMB: number;
}

export interface HeapResult {
  name: 'heap';
  cachedInterventions: number;
  inspector: { login: HeapFigure; home: HeapFigure; visitOpen: HeapFigure };
  managerListScrolled: HeapFigure & { itemsShown: number };
  goals: { visitOpenUsedMB: number };
  met: { visitOpen: boolean };
  explanation?: Record<string, unknown>;
}

async function heapAfterGc(page: Page): Promise<HeapFigure> {
  const session = await cdp(page);
  await session.send('HeapProfiler.enable');
  await session.send('HeapProfiler.collectGarbage');
  const usage = (await session.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
  const memory = await page.evaluate(() => (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize);
  await session.detach();
  return { usedMB: mb(usage.usedSize), totalMB: mb(usage.totalSize), performanceMemoryUsedMB: mb(memory) };
}

async function inspector(env: BenchEnv) {
  makeVisitBig(env.server);
  const context = await env.newContext();
  const cached = await seedInterventions(env, context, 'gestionnaire@demo.fr', 'inspecteur@demo.fr');
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('E-mail').waitFor();
  const login = await heapAfterGc(page);
  await signIn(page, 'inspecteur@demo.fr');
  await page.getByRole('heading', { name: 'Bonjour Julie' }).waitFor();
  await page.waitForTimeout(2_000);
  const home = await heapAfterGc(page);
  await openBigVisit(page);
  await typeSession(page, 20, 10);
  const visitOpen = await heapAfterGc(page);
  let allocators;
  if (visitOpen.usedMB > GOAL_MB) {
    // Who allocated what stays: the visit opened again from its list, under the sampling profiler.
    const session = await cdp(page);
    allocators = await topAllocators(session, async () => {
      await page.goto('/visites');
      await openBigVisitAgain(page);
      await typeSession(page, 10, 5);
    });
  }
  await context.close();
  return { cached, login, home, visitOpen, allocators };
}

async function openBigVisitAgain(page: Page): Promise<void> {
  await page.locator('.row-card', { hasText: 'Visite annuelle des parties communes' }).getByRole('link').first().click();
  await page.getByRole('button', { name: 'Sécurité incendie' }).first().click();
  await page.locator('.subsection__open', { hasText: 'Extincteur n° 1' }).first().click();
  await page.getByLabel('Emplacement').first().waitFor();
}

async function manager(env: BenchEnv) {
  const { context, page } = await managerWithCachedList(env);
  await openList(page);
  await scrollToEnd(page, 30);
  const itemsShown = await shownItems(page);
  const figure = await heapAfterGc(page);
  await context.close();
  return { ...figure, itemsShown };
}

export async function measureHeap(): Promise<HeapResult> {
  const env = await startBenchEnv({ scale: CACHED });
  try {
    const insp = await inspector(env);
    const list = await manager(env);
    const met = { visitOpen: insp.visitOpen.usedMB <= GOAL_MB };
    return {
      name: 'heap',
      cachedInterventions: insp.cached,
      inspector: { login: insp.login, home: insp.home, visitOpen: insp.visitOpen },
      managerListScrolled: list,
      goals: { visitOpenUsedMB: GOAL_MB },
      met,
      ...(insp.allocators ? { explanation: { topLiveAllocatorsVisitReopened: insp.allocators } } : {}),
    };
  } finally {
    await env.close();
  }
}
