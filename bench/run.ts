/**
 * `npm run bench`: builds nothing, measures the built app and the engine, and
 * writes one JSON file per benchmark in bench/results/ (git-ignored), plus a
 * summary on stdout. Ratios against baselines are computed in the same run.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { measureBundleSize } from './bundle-size';
import { measureEngine } from './engine';
import { measureImageDownscale } from './image-downscale';
import { measureReliability } from './reliability';
import { measureSlowPhone } from './slow-phone';
import { measureHeap } from './heap';
import { measureLighthouse } from './lighthouse';
import { measureVisitTyping } from './visit-typing';
import { measureServerLoad } from './server-load';
import { measureBriefcase } from './briefcase';
import { measureOfflineHome } from './offline-home';
import { measureOffline10k } from './offline-10k';
import { measureVisitScale } from './visit-scale';
import { launchOptions } from '../test/browser/harness';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'bench', 'results');
fs.mkdirSync(out, { recursive: true });
if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
  console.error('dist/ manquant : lancez `npm run build` avant `npm run bench`.');
  process.exit(2);
}

const only = process.argv[2];
const results = [];
if (!only || only === 'bundle') results.push(await measureBundleSize(root));
if (!only || only === 'engine') results.push(await measureEngine(root));
if (!only || only === 'visit-typing') results.push(await measureVisitTyping());
if (!only || only === 'reliability') results.push(measureReliability(root));
if (!only || only === 'image-downscale') results.push(await measureImageDownscale(root));
if (!only || only === 'slow-phone') results.push(await measureSlowPhone());
if (!only || only === 'heap') results.push(await measureHeap());
if (!only || only === 'lighthouse') results.push(await measureLighthouse());
if (!only || only === 'server-load') results.push(await measureServerLoad(root));
if (!only || only === 'briefcase') results.push(measureBriefcase(root));
if (!only || only === 'offline-home') results.push(await measureOfflineHome());
if (!only || only === 'offline-10k') results.push(await measureOffline10k());
if (!only || only === 'visit-scale') results.push(await measureVisitScale());
// The browser's version beside each result: the same code measured differently from one Chromium to the next.
const chromium = (() => {
  try {
    return execFileSync(launchOptions([]).executablePath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
})();
if (chromium) console.error(`measured in ${chromium}`);
for (const result of results) {
  fs.writeFileSync(path.join(out, `${result.name}.json`), `${JSON.stringify({ ...result, at: new Date().toISOString(), chromium }, null, 2)}\n`);
  console.log(JSON.stringify(result));
}
