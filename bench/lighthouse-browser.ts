/**
 * The browser Lighthouse audits, launched as Lighthouse's own command line launches it
 * (chrome-launcher, its default switches, plus the tests' own: Debian's Chromium, headless, French),
 * with Playwright connected only while it signs in, prepares or measures, never during an audit.
 * Connected, Playwright follows every target of the browser (network, page and runtime events over
 * the protocol, handled by the browser's main thread and by the bench's own Node process), and a
 * screen's load makes ~55 requests: on /visites, 6 runs each, TBT median 286 ms with Playwright
 * connected, 213 ms without (docs/measurements.md, 22e session). A user's browser has no Playwright.
 */
import { launch } from 'chrome-launcher';
import { chromium, type Page } from 'playwright-core';
import { launchOptions, PHONE } from '../test/browser/harness';

export interface AuditedBrowser {
  /** The remote debugging port Lighthouse connects to. */
  port: number;
  /** Playwright connected to the browser's tab for the time of `act`, then disconnected. */
  withPage<T>(act: (page: Page) => Promise<T>): Promise<T>;
  close(): void;
}

export async function launchAudited(): Promise<AuditedBrowser> {
  const { executablePath, args } = launchOptions(['--enable-precise-memory-info', '--js-flags=--expose-gc']);
  const chrome = await launch({ chromePath: executablePath, chromeFlags: args });
  return {
    port: chrome.port,
    async withPage(act) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      try {
        const context = browser.contexts()[0]!;
        const page = context.pages().find((p) => p.url().startsWith('http')) ?? context.pages()[0] ?? (await context.newPage());
        await page.setViewportSize(PHONE);
        return await act(page);
      } finally {
        // Connected over the protocol, close() only disconnects: the tab, its profile and its worker stay.
        await browser.close();
      }
    },
    close: () => chrome.kill(),
  };
}

/** A path of the app on a page with no base URL: resolved against where the page already is. */
export const openPath = (page: Page, path: string) => page.goto(new URL(path, page.url()).href);
