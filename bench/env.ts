/**
 * The browser benches' world: a private copy of dist/ with the bench's own
 * seeding page (bench/browser/seed-store.ts bundled beside the app, same origin,
 * so it opens the very IndexedDB the app will open), the reference server
 * (in memory, seeded, `scale` generated interventions more), and Debian's
 * Chromium in fresh persistent profiles, optionally with a remote debugging
 * port for Lighthouse. Unlike test/browser/harness.ts, files are added before
 * the server starts (the static plugin lists them at start) and scale is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { buildServer, type ReferenceServer } from '../server/app';
import { testConfig } from '../server/config';
import { DEMO_PASSWORD } from '../server/seed/world';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const PHONE = { width: 390, height: 844 };

export interface BenchEnv {
  server: ReferenceServer;
  baseUrl: string;
  newContext(options?: { args?: string[]; debugPort?: number }): Promise<BrowserContext>;
  userId(email: string): number;
  close(): Promise<void>;
}

export async function startBenchEnv(options: { scale?: number } = {}): Promise<BenchEnv> {
  const dist = path.join(ROOT, 'dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-bench-'));
  const appDir = path.join(tmp, 'app');
  fs.cpSync(dist, appDir, { recursive: true });
  await build({
    entryPoints: [path.join(ROOT, 'bench/browser/seed-store.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    outfile: path.join(appDir, 'bench-seed.js'),
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  fs.writeFileSync(
    path.join(appDir, 'bench-seed.html'),
    '<!doctype html><meta charset="utf-8"><title>bench seed</title><script src="/bench-seed.js"></script>',
  );
  const server = await buildServer(testConfig({ staticDir: appDir }), { scale: options.scale ?? 0 });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const baseUrl = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
  const contexts: BrowserContext[] = [];
  return {
    server,
    baseUrl,
    async newContext({ args = [], debugPort } = {}) {
      const profile = fs.mkdtempSync(path.join(tmp, 'profile-'));
      const context = await chromium.launchPersistentContext(profile, {
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
          // performance.memory with exact figures, and gc() for the heap bench.
          '--enable-precise-memory-info',
          '--js-flags=--expose-gc',
          ...(debugPort ? [`--remote-debugging-port=${debugPort}`] : []),
          ...args,
        ],
        viewport: PHONE,
        locale: 'fr-FR',
        timezoneId: 'Europe/Paris',
        baseURL: baseUrl,
      });
      contexts.push(context);
      return context;
    },
    userId(email) {
      return (server.ctx.db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;
    },
    async close() {
      await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
      await server.app.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
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

/** A CDP session on the page, for throttling, heap and profiling. */
export function cdp(page: Page): Promise<CDPSession> {
  return page.context().newCDPSession(page);
}
