/**
 * The browser benches' world: a private copy of dist/ with the bench's own
 * seeding page (bench/browser/seed-store.ts bundled beside the app, same origin,
 * so it opens the very IndexedDB the app will open), the reference server
 * (in memory, seeded, `scale` generated interventions more), and Debian's
 * Chromium in fresh persistent profiles, optionally with a remote debugging
 * port for Lighthouse. Built on the browser tests' harness (test/browser/harness.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { ReferenceServer } from '../server/app';
import type { ServerConfig } from '../server/config';
import { DEMO_PASSWORD } from '../server/seed/world';
import { signIn, startBrowserEnv } from '../test/browser/harness';
import { sqlOf } from '../test/sql';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** performance.memory with exact figures, and gc() for the heap bench. */
export const BENCH_SWITCHES = ['--enable-precise-memory-info', '--js-flags=--expose-gc'];

export interface BenchEnv {
  server: ReferenceServer;
  baseUrl: string;
  newContext(options?: { args?: string[] }): Promise<BrowserContext>;
  userId(email: string): number;
  close(): Promise<void>;
}

export async function startBenchEnv(options: { scale?: number; config?: Partial<ServerConfig> } = {}): Promise<BenchEnv> {
  const env = await startBrowserEnv(options.config ?? {}, { scale: options.scale ?? 0, prepare: addSeedPage });
  return {
    server: env.server,
    baseUrl: env.baseUrl,
    newContext: ({ args = [] } = {}) => env.newContext([...BENCH_SWITCHES, ...args]),
    userId: sqlOf(() => env.server.ctx.db).userId,
    close: () => env.close(),
  };
}

/**
 * A script of the benches bundled for Chromium, with React's production build: a page's (iife) or a
 * module worker's (esm); minified where it stands for shipped code (Lighthouse's floor).
 */
export async function bundleForBrowser(entry: string, outfile: string, format: 'iife' | 'esm' = 'iife', minify = false): Promise<void> {
  await build({
    entryPoints: [entry],
    bundle: true,
    format,
    minify,
    target: 'es2022',
    outfile,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
}

/** The seeding page, bundled beside the app (same origin: it opens the very IndexedDB the app will open). */
async function addSeedPage(appDir: string): Promise<void> {
  await bundleForBrowser(path.join(ROOT, 'bench/browser/seed-store.ts'), path.join(appDir, 'bench-seed.js'));
  fs.writeFileSync(
    path.join(appDir, 'bench-seed.html'),
    '<!doctype html><meta charset="utf-8"><title>bench seed</title><script src="/bench-seed.js"></script>',
  );
}

export { signIn };

/** The home screen's greeting (« Bonjour … »), whoever is signed in. */
export const homeGreeting = (page: Page) => page.getByRole('heading', { name: /^Bonjour/ }).first();

/** Signs in and waits for the home screen. */
export async function signInHome(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await homeGreeting(page).waitFor();
}

/**
 * Puts every intervention `sourceEmail` may list into `targetEmail`'s store on
 * this device, before that user signs in (the page is outside the app: no
 * service worker, no engine holding the database). Returns how many are stored.
 */
export async function seedInterventions(env: BenchEnv, context: BrowserContext, sourceEmail: string, targetEmail: string): Promise<number> {
  const res = await fetch(`${env.baseUrl}/api/authentication_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: sourceEmail, password: DEMO_PASSWORD }),
  });
  const token = await res.json();
  const page = await context.newPage();
  await page.goto('/bench-seed.html');
  const stored = await page.evaluate(([t, id]) => window.seedInterventions(t, id), [token, env.userId(targetEmail)] as const);
  await page.close();
  return stored;
}

/** The manager signed in on home, with every intervention the API lists already in the store; mouse over the list area. */
export async function managerWithCachedList(env: BenchEnv): Promise<{ context: BrowserContext; page: Page; cached: number }> {
  const context = await env.newContext();
  const cached = await seedInterventions(env, context, 'gestionnaire@demo.fr', 'gestionnaire@demo.fr');
  const page = await context.newPage();
  await signInHome(page, 'gestionnaire@demo.fr');
  await page.mouse.move(195, 500);
  return { context, page, cached };
}

/** A CDP session on the page, for throttling, heap and profiling. */
export function cdp(page: Page): Promise<CDPSession> {
  return page.context().newCDPSession(page);
}
