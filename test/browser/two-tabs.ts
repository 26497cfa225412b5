/**
 * Two tabs of one browser (two pages of one context: same origin, same storage), signed in as
 * one user, each tab's uncaught errors and console errors collected with its screen
 * (tabs.test.ts, walk.test.ts).
 */
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { refusedOffline, signIn, type BrowserEnv } from './harness';

/** Where a page is, for the error reports: path and query. */
export const where = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/**
 * Collects the uncaught errors and console errors of a page, each with its tab and screen.
 * `offline`: the test goes offline, and the browser's log of the requests refused then is expected.
 */
export function collectErrors(page: Page, tab: string, into: string[], offline = false): void {
  page.on('pageerror', (error) => {
    const text = `${error.name}: ${error.message}`;
    into.push(`[${tab} ${where(page)}] uncaught ${text}\n${(error.stack ?? '').split('\n').slice(1, 6).join('\n')}`);
  });
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error' || (offline && refusedOffline(message))) return;
    const { url, lineNumber } = message.location();
    const text = `${message.text()}${url ? ` @ ${url}:${lineNumber}` : ''}`;
    into.push(`[${tab} ${where(page)}] console.error ${text}`);
  });
}

export interface Tabs {
  context: BrowserContext;
  a: Page;
  b: Page;
  errors: string[];
}

/** One browser, signed in from tab A; tab B opened afterwards at home, both greeting the user. */
export async function twoTabs(env: BrowserEnv, email: string, greeting: string, offline = false): Promise<Tabs> {
  const context = await env.newContext();
  const errors: string[] = [];
  const a = await context.newPage();
  collectErrors(a, 'A', errors, offline);
  await signIn(a, email);
  await a.getByRole('heading', { name: greeting }).waitFor();
  const b = await context.newPage();
  collectErrors(b, 'B', errors, offline);
  await b.goto('/');
  await b.getByRole('heading', { name: greeting }).waitFor();
  return { context, a, b, errors };
}
