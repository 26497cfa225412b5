/**
 * JavaScript a user downloads before the login screen and before home
 * (gzip bytes of the scripts the page loaded), measured in Chromium against
 * the built app served by the reference server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildServer } from '../server/app';
import { testConfig } from '../server/config';

export interface BundleSizeResult {
  name: 'bundle-size';
  beforeLogin: { files: number; gzipBytes: number };
  beforeHome: { files: number; gzipBytes: number };
}

export async function measureBundleSize(root: string): Promise<BundleSizeResult> {
  const dist = path.join(root, 'dist');
  const server = await buildServer(testConfig({ staticDir: dist }));
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const base = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    baseURL: base,
  });
  const scripts = new Set<string>();
  context.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js') && url.pathname !== '/sw.js') scripts.add(url.pathname);
  });
  const gzipOf = (files: Set<string>) => [...files].reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, f))).length, 0);
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    const beforeLogin = { files: scripts.size, gzipBytes: gzipOf(scripts) };
    await page.getByLabel('E-mail').fill('gestionnaire@demo.fr');
    await page.getByLabel('Mot de passe').fill('demo1234');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { name: /Bonjour/ }).waitFor();
    const beforeHome = { files: scripts.size, gzipBytes: gzipOf(scripts) };
    return { name: 'bundle-size', beforeLogin, beforeHome };
  } finally {
    await context.close();
    await server.app.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
