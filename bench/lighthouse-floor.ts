/**
 * Lighthouse's floor on this machine, audited in the same run and the same Chromium as the app's
 * screens (a speed goal is read against the browser's own floor of the same run): a blank page,
 * and a React sign-in form alone (bench/browser/lighthouse-floor.tsx, React's production build,
 * minified, nothing stored or fetched). Each is served by a bare HTTP server on an origin of its
 * own, out of reach of the app's service worker. What the floor misses, the machine of the day
 * misses; what a screen scores under the React form is the app's own load (its store, its sync, its
 * screens' code), not React's nor the machine's.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Result as LighthouseReport } from 'lighthouse';
import { bundleForBrowser, ROOT } from './env';

export interface FloorFigure {
  performance: number | null;
  totalBlockingTimeMs: number;
}

export interface LighthouseFloor {
  blankPage: FloorFigure;
  reactForm: FloorFigure;
}

const PAGE = (body: string) =>
  `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Plancher</title></head><body>${body}</body></html>`;

/** The two pages on a free port of 127.0.0.1; returns their URLs and how to stop the server. */
async function serveFloor(): Promise<{ blank: string; react: string; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lh-floor-'));
  await bundleForBrowser(path.join(ROOT, 'bench/browser/lighthouse-floor.tsx'), path.join(dir, 'form.js'), 'iife', true);
  const script = fs.readFileSync(path.join(dir, 'form.js'));
  const server = http.createServer((request, response) => {
    if (request.url === '/form.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      return;
    }
    const body = request.url === '/react' ? '<div id="root"></div><script defer src="/form.js"></script>' : '<h1>Plancher</h1>';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    blank: `http://127.0.0.1:${port}/`,
    react: `http://127.0.0.1:${port}/react`,
    close: () => new Promise<void>((resolve) => server.close(() => (fs.rmSync(dir, { recursive: true, force: true }), resolve()))),
  };
}

/** The median run by score of `runs` audits of one URL. */
async function medianOf(url: string, runs: number, audit: (url: string) => Promise<LighthouseReport>): Promise<FloorFigure> {
  const figures: FloorFigure[] = [];
  for (let i = 0; i < runs; i++) {
    const report = await audit(url);
    figures.push({
      performance: report.categories.performance?.score ?? null,
      totalBlockingTimeMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? 0),
    });
  }
  figures.sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
  return figures[Math.floor(figures.length / 2)]!;
}

export async function lighthouseFloor(runs: number, audit: (url: string) => Promise<LighthouseReport>): Promise<LighthouseFloor> {
  const pages = await serveFloor();
  try {
    return { blankPage: await medianOf(pages.blank, runs, audit), reactForm: await medianOf(pages.react, runs, audit) };
  } finally {
    await pages.close();
  }
}

export const floorText = (floor: LighthouseFloor) =>
  `Lighthouse's floor, same Chromium, same run: a blank page ${floor.blankPage.performance} (TBT ${floor.blankPage.totalBlockingTimeMs} ms), a React sign-in form alone ${floor.reactForm.performance} (TBT ${floor.reactForm.totalBlockingTimeMs} ms)`;
