/**
 * Browser test harness: the reference server (in memory, seeded) serving a
 * private copy of the built app on a free port, and Debian's Chromium driven
 * by playwright-core, a fresh context per test in one browser per file (service workers on).
 * Helpers sign in, go offline and take screenshots at phone and desktop size
 * into test-results/screenshots (ignored by git) for people to look at.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { followOffline } from './offline-state';
import { buildServer, type ReferenceServer } from '../../server/app';
import { testConfig, type ServerConfig } from '../../server/config';
import { DEMO_PASSWORD } from '../../server/seed/world';
import { isMediaPath } from '../../sync/contract/caches';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const SCREENSHOTS = path.join(ROOT, 'test-results', 'screenshots');
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export interface BrowserEnv {
  server: ReferenceServer;
  baseUrl: string;
  /** The private copy of dist/ the server serves (tests may change it, e.g. a new sw.js). */
  appDir: string;
  /**
   * A fresh context, in the file's shared browser; `args` adds command-line switches (benchmarks turn
   * vsync off, the installed app's `--app=`) and gets a browser and an on-disk profile of its own;
   * `serviceWorkers: 'block'` keeps every page uncontrolled, as a first visit's before its worker installs.
   */
  newContext(args?: string[], options?: ContextOptions): Promise<BrowserContext>;
  close(): Promise<void>;
}

export interface ContextOptions {
  serviceWorkers?: 'allow' | 'block';
}

export interface WorldOptions {
  /** Generated interventions added to the seed (benchmarks). */
  scale?: number;
  /** Adds files to the app's copy before the server starts (its static plugin lists them then). */
  prepare?: (appDir: string) => Promise<void>;
  /** The built app to serve (default dist/): another build, e.g. test-results/dist-acme (`npm run build:acme`). */
  appSource?: string;
}

/** The app built with VITE_FIRM_PREFIX=acme (`npm run build:acme`, part of `npm run test:browser`). */
export const ACME_DIST = path.join(ROOT, 'test-results', 'dist-acme');

export async function startBrowserEnv(config: Partial<ServerConfig> = {}, world: WorldOptions = {}): Promise<BrowserEnv> {
  const dist = world.appSource ?? path.join(ROOT, 'dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} is missing: run \`npm run build\` first (npm run test:browser does)`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-browser-'));
  const appDir = path.join(tmp, 'app');
  fs.cpSync(dist, appDir, { recursive: true });
  await world.prepare?.(appDir);
  const server = await buildServer(testConfig({ staticDir: appDir, ...config }), { scale: world.scale ?? 0 });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://localhost:${port}`;
  const contexts: BrowserContext[] = [];
  // One browser for the file's contexts: launching Chromium per context cost about 2 s each (and 0.3 s
  // to close), about a tenth of the browser suite. A context with its own switches gets a browser of
  // its own with an on-disk profile.
  let shared: Promise<Browser> | null = null;
  const contextOptions = { viewport: PHONE, locale: 'fr-FR', timezoneId: 'Europe/Paris', baseURL: baseUrl } as const;
  return {
    server,
    baseUrl,
    appDir,
    async newContext(args: string[] = [], options: ContextOptions = {}) {
      let context: BrowserContext;
      if (args.length > 0) {
        const profile = fs.mkdtempSync(path.join(tmp, 'profile-'));
        context = await chromium.launchPersistentContext(profile, { ...launchOptions(args), ...contextOptions, ...options });
      } else {
        shared ??= chromium.launch(launchOptions([]));
        context = await (await shared).newContext({ ...contextOptions, ...options });
      }
      followOffline(context);
      contexts.push(context);
      openContexts.add(context);
      context.on('close', () => openContexts.delete(context));
      return context;
    },
    async close() {
      await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
      await shared?.then((browser) => browser.close()).catch(() => undefined);
      await server.app.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** Every context of the running file not closed yet: what a failed test left on screen (pages-at-failure.ts). */
const openContexts = new Set<BrowserContext>();

/**
 * What each open page shows: its address and the start of its text, one line each, and a screenshot
 * in test-results/failures/. Said when a test fails, so that CI's log shows the screen a
 * wait never found its control on (a flaky failure is seen once, in CI, and never again here).
 */
export async function whatPagesShow(testName: string): Promise<string> {
  const dir = path.join(ROOT, 'test-results', 'failures');
  fs.mkdirSync(dir, { recursive: true });
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  const lines: string[] = [];
  let n = 0;
  for (const context of openContexts)
    for (const page of context.pages()) {
      n += 1;
      // Bounded: a page stuck in a script or a dialog must not hold the hook until its own timeout.
      const read = page.evaluate(() => document.body?.innerText ?? '').then((t) => t.replace(/\s+/g, ' ').slice(0, 600));
      const text = await Promise.race([read, new Promise<string>((resolve) => setTimeout(() => resolve('(no answer within 5 s)'), 5000))]).catch(
        (error: unknown) => `(text unreadable: ${String(error)})`,
      );
      await page.screenshot({ path: path.join(dir, `${slug}-${n}.png`), timeout: 5000 }).catch(() => undefined);
      lines.push(`  ${n}. ${page.url()} — ${text}`);
    }
  return lines.join('\n') || '  (no page open)';
}

/** Debian's Chromium, headless, French, without the background traffic a test would not want. */
export function launchOptions(args: string[]) {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--lang=fr-FR',
      ...args,
    ],
  };
}

/** `origin` for a page with no base URL (a browser Playwright only connects to, bench/lighthouse-browser.ts). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, origin = ''): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/**
 * Waits until the service worker is activated and controls the page, so the
 * whole shell is precached. (Polled with evaluate: waitForFunction does not
 * await an async predicate, and the Promise it returns is always truthy.)
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  const ready = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
    });
  const deadline = Date.now() + 30_000;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error('The service worker never took control of the page');
    await page.waitForTimeout(100);
  }
}

/**
 * Chromium's own log of a request the network refused (the test went offline): the page's
 * requests say ERR_INTERNET_DISCONNECTED; a photo goes through the service worker's cache
 * route, whose fetch fails, so the page's request ends ERR_FAILED (a pass priming the
 * photos when the network went). These are the network's, not the app's errors.
 */
export function refusedOffline(m: ConsoleMessage): boolean {
  const text = m.text();
  if (text.includes('net::ERR_INTERNET_DISCONNECTED')) return true;
  if (!text.includes('net::ERR_FAILED')) return false;
  const { pathname } = new URL(m.location().url || 'about:blank');
  return isMediaPath(pathname);
}

/**
 * Follows a page's API calls. The function returned waits until none has been in flight for `quietMs`
 * (at most `capMs`): a screen's console errors come when its pulls answer. Unlike Playwright's
 * 'networkidle', the offline pass's photo downloads do not hold it for seconds.
 */
export function followApiCalls(page: Page): (quietMs?: number, capMs?: number) => Promise<void> {
  const open = new Set<unknown>();
  page.on('request', (request) => request.url().includes('/api/') && open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return async (quietMs = 150, capMs = 5_000) => {
    const deadline = Date.now() + capMs;
    let quietSince = Date.now();
    while (Date.now() < deadline && Date.now() - quietSince < quietMs) {
      if (open.size > 0) quietSince = Date.now();
      await page.waitForTimeout(25);
    }
  };
}

/**
 * Screenshots the current page at phone and desktop size (name-phone.png, name-desktop.png), for
 * people to look at; the tests' assertions are elsewhere. Chromium's capture sometimes never
 * answers (a CI run waited 30 s on a page that had drawn its frames): it is tried once more after
 * a fresh resize, then the picture is reported missing and the test goes on.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize() ?? PHONE;
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    const file = path.join(SCREENSHOTS, `${name}-${label}.png`);
    let error: unknown = null;
    for (let attempt = 0; attempt < 2; attempt++) {
      await page.setViewportSize(attempt === 0 ? size : { ...size, height: size.height + 1 });
      // Two frames: the resize's listeners (a React render, a ResizeObserver) have drawn what the size changes.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      error = await page.screenshot({ path: file, fullPage: true, timeout: 10_000 }).then(
        () => null,
        (e: unknown) => e,
      );
      if (error === null) break;
    }
    if (error !== null) console.warn(`No screenshot ${path.basename(file)}: ${String(error).split('\n')[0]}`);
  }
  await page.setViewportSize(original);
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * WCAG 2.1 A/AA violations on the page (labels, names, contrast, landmarks, ARIA use), one line each:
 * `id (impact): targets`. axe is injected through the DevTools protocol: the app's CSP (script-src
 * 'self') rightly refuses inline scripts.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run(ctx: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
  });
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
