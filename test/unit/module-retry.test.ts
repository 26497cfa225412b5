/**
 * A failed dynamic import is asked again under a new address (services/module-retry.ts): Chromium 150
 * keeps a failure for the address it asked, so the same import would fail until the page is loaded
 * again. The module still runs once: the new address is the only one that loads.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { failedModuleUrl, retriedImport } from '../../src/services/module-retry';

/** A module on disk that counts its runs, and the error Chromium gives when its import failed. */
function moduleThatFailedOnce() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'module-retry-'));
  const file = path.join(dir, 'piece.mjs');
  fs.writeFileSync(file, 'globalThis.pieceRuns = (globalThis.pieceRuns ?? 0) + 1; export const piece = "arrivé";');
  const url = pathToFileURL(file).href;
  return { failure: new TypeError(`Failed to fetch dynamically imported module: ${url}`) };
}

describe('a failed dynamic import', () => {
  it('names its module in Chromium’s and Firefox’s words, not otherwise', () => {
    expect(failedModuleUrl(new TypeError('Failed to fetch dynamically imported module: https://app.test/assets/top-bar-X1.js'))).toBe(
      'https://app.test/assets/top-bar-X1.js',
    );
    expect(failedModuleUrl(new TypeError('error loading dynamically imported module: https://app.test/a.js'))).toBe('https://app.test/a.js');
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeNull();
    expect(failedModuleUrl('not an error')).toBeNull();
  });

  it('is asked again under a new address, and the module runs once', async () => {
    const { failure } = moduleThatFailedOnce();
    let calls = 0;
    const load = retriedImport<{ piece: string }>(() => {
      calls += 1;
      return Promise.reject(failure);
    });
    await expect(load()).rejects.toBe(failure);
    expect((await load()).piece).toBe('arrivé');
    expect((await load()).piece).toBe('arrivé');
    expect(calls).toBe(1);
    expect((globalThis as { pieceRuns?: number }).pieceRuns).toBe(1);
  });

  it('that names no module is asked again as it was', async () => {
    let calls = 0;
    const load = retriedImport(() => (++calls === 1 ? Promise.reject(new TypeError('Importing a module script failed.')) : Promise.resolve('arrivé')));
    await expect(load()).rejects.toThrow('Importing a module script failed.');
    expect(await load()).toBe('arrivé');
    expect(calls).toBe(2);
  });
});
