/**
 * Issue 14's JavaScript budget, checked in CI against the built app: what a
 * first visit downloads before the login screen stays within 115 KiB gzip,
 * and before the signed-in home within 190 KiB. The measure is the bench's
 * (bench/bundle-size.ts: the scripts the page requested before each screen
 * was in the page). A size check, not a timing check: the figures do not
 * depend on the machine's speed.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGET, measureBundleSize } from '../../bench/bundle-size';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('JavaScript budget of a first visit', () => {
  it('stays within 115 KiB gzip before the login screen and 190 KiB before home', async () => {
    const result = await measureBundleSize(ROOT, { afterHomeMs: 0 });
    const list = result.chunks.map((c) => `${c.neededBy} ${c.gzipBytes} ${c.file}`).join('\n');
    // The home figure includes the login's: both screens are a first visit's path.
    expect(result.beforeLogin.files, list).toBeGreaterThan(0);
    expect(result.beforeHome.gzipBytes, list).toBeGreaterThan(result.beforeLogin.gzipBytes);
    expect(result.beforeLogin.gzipBytes, `before login:\n${list}`).toBeLessThanOrEqual(BUDGET.beforeLogin);
    expect(result.beforeHome.gzipBytes, `before home:\n${list}`).toBeLessThanOrEqual(BUDGET.beforeHome);
  });
});
