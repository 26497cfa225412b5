/**
 * JavaScript a user downloads before the login screen and before home (gzip
 * bytes of the scripts the page requested before each screen was in the
 * page), measured in Chromium against the built app served by the reference
 * server, with the list of chunks and the screen each one was needed for.
 * Shared with the CI budget check (test/browser/bundle-budget.test.ts).
 *
 * The page's own resource timings are used, not the network events: the
 * service worker's precache downloads every chunk in the background for
 * offline use, which the user does not wait for. Chunks requested after home
 * showed (the sync engine, the data prefetch) are listed too, as 'after-home'.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildServer } from '../server/app';
import { testConfig } from '../server/config';

/** Issue 14's budget, gzip bytes. */
export const BUDGET = { beforeLogin: 115 * 1024, beforeHome: 190 * 1024 };

export interface ChunkEntry {
  file: string;
  gzipBytes: number;
  neededBy: 'login' | 'home' | 'after-home';
}

interface Total {
  files: number;
  gzipBytes: number;
  kib: number;
}

export interface BundleSizeResult {
  name: 'bundle-size';
  beforeLogin: Total;
  beforeHome: Total;
  afterHome: Total;
  budget: { beforeLoginKib: number; beforeHomeKib: number; withinBudget: boolean };
  chunks: ChunkEntry[];
}

/** Runs in the page from its first script: notes when the login button and home's greeting enter the page. */
function watchScreens() {
  performance.setResourceTimingBufferSize(5000);
  const marks: { login?: number; home?: number } = {};
  (window as unknown as { __bpMarks: typeof marks }).__bpMarks = marks;
  const observer = new MutationObserver(() => {
    if (marks.login === undefined && [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Se connecter'))
      marks.login = performance.now();
    if (marks.home === undefined && [...document.querySelectorAll('h1')].some((h) => /Bonjour/.test(h.textContent ?? ''))) {
      marks.home = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

export async function measureBundleSize(root: string, options: { distDir?: string; afterHomeMs?: number } = {}): Promise<BundleSizeResult> {
  const dist = options.distDir ?? path.join(root, 'dist');
  const server = await buildServer(testConfig({ staticDir: dist }));
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const base = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    baseURL: base,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(watchScreens);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await page.getByLabel('E-mail').fill('gestionnaire@demo.fr');
    await page.getByLabel('Mot de passe').fill('demo1234');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { name: /Bonjour/ }).waitFor();
    // What loads once home is there (engine, prefetch) is listed, not counted in the budget.
    await page.waitForTimeout(options.afterHomeMs ?? 3000);
    const { marks, scripts } = await page.evaluate(() => ({
      marks: (window as unknown as { __bpMarks: { login: number; home: number } }).__bpMarks,
      scripts: performance.getEntriesByType('resource').map((e) => ({ path: new URL(e.name).pathname, start: e.startTime })),
    }));
    const seen = new Set<string>();
    const chunks: ChunkEntry[] = [];
    for (const { path: file, start } of scripts.sort((a, b) => a.start - b.start)) {
      if (!file.endsWith('.js') || file === '/sw.js' || seen.has(file)) continue;
      seen.add(file);
      const neededBy = start < marks.login ? 'login' : start < marks.home ? 'home' : 'after-home';
      chunks.push({ file, gzipBytes: zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length, neededBy });
    }
    const total = (list: ChunkEntry[]): Total => {
      const gzipBytes = list.reduce((s, c) => s + c.gzipBytes, 0);
      return { files: list.length, gzipBytes, kib: Math.round((gzipBytes / 1024) * 10) / 10 };
    };
    const beforeLogin = total(chunks.filter((c) => c.neededBy === 'login'));
    const beforeHome = total(chunks.filter((c) => c.neededBy !== 'after-home'));
    return {
      name: 'bundle-size',
      beforeLogin,
      beforeHome,
      afterHome: total(chunks.filter((c) => c.neededBy === 'after-home')),
      budget: {
        beforeLoginKib: BUDGET.beforeLogin / 1024,
        beforeHomeKib: BUDGET.beforeHome / 1024,
        withinBudget: beforeLogin.gzipBytes <= BUDGET.beforeLogin && beforeHome.gzipBytes <= BUDGET.beforeHome,
      },
      chunks: chunks.sort((a, b) => (a.neededBy === b.neededBy ? b.gzipBytes - a.gzipBytes : 0)),
    };
  } finally {
    await context.close();
    await server.app.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
