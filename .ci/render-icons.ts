/**
 * Renders public/icons/icon.svg to the PNG icons of the manifest with Debian's
 * Chromium (run once by hand after changing the SVG: `npx tsx .ci/render-icons.ts`;
 * the PNGs are committed so the build needs no browser).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const dir = path.resolve(import.meta.dirname, '../public/icons');
const svg = fs.readFileSync(path.join(dir, 'icon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
const targets = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
  { file: 'maskable-512.png', size: 512, maskable: true },
];
for (const t of targets) {
  // Maskable icons: full-bleed background, artwork inside the 80 % safe zone.
  const inner = t.maskable
    ? `<div style="width:${t.size}px;height:${t.size}px;background:#c2410c;display:flex;align-items:center;justify-content:center"><div style="width:${t.size * 0.8}px;height:${t.size * 0.8}px">${svg}</div></div>`
    : `<div style="width:${t.size}px;height:${t.size}px">${svg}</div>`;
  await page.setViewportSize({ width: t.size, height: t.size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${inner}</body></html>`);
  await page.screenshot({ path: path.join(dir, t.file), omitBackground: true, clip: { x: 0, y: 0, width: t.size, height: t.size } });
}
await browser.close();
console.log('icons written to', dir);
