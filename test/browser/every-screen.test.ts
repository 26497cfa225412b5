/**
 * Every guest screen, opened directly in a fresh tab (only that route's chunks
 * and styles loaded): it shows its heading, nothing is wider than the phone,
 * and the console stays free of errors. Screenshots at phone and desktop size
 * land in test-results/screenshots/screen-guest-<path>-*.png for people to look
 * at. The signed-in screens of every role get the same checks in the
 * console-clean walk (walk.test.ts), which opens each one afresh in its tab B.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followApiCalls, PHONE, refusedOffline, screenshots, startBrowserEnv, type BrowserEnv } from './harness';

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env?.close());

/** Console errors and uncaught exceptions of a page (a request the test cut is not the app's error). */
function watchErrors(page: Page, into: string[]): void {
  page.on('console', (m) => m.type() === 'error' && !refusedOffline(m) && into.push(m.text()));
  page.on('pageerror', (e) => into.push(e.message));
}

async function openDirectly(context: BrowserContext, path: string, errors: string[]): Promise<Page> {
  const page = await context.newPage();
  watchErrors(page, errors);
  const apiQuiet = followApiCalls(page);
  await page.goto(path);
  await page.locator('main h1, main h2, h1').first().waitFor();
  await apiQuiet(300);
  return page;
}

describe('every guest screen opened directly', () => {
  it('guest screens: each shows, fits the phone and logs no error', async () => {
    const context = await env.newContext();
    const problems: string[] = [];
    for (const path of ['/login', '/forgotten_password', '/forgotten_password_code', '/contact', '/boarding', '/first-connect-infos']) {
      const errors: string[] = [];
      const page = await openDirectly(context, path, errors);
      await page.setViewportSize(PHONE);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > PHONE.width) problems.push(`${path}: ${width} px wide at phone size`);
      await screenshots(page, `screen-guest${path.replace(/\//g, '-')}`);
      problems.push(...errors.map((e) => `${path}: ${e}`));
      await page.close();
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
