/**
 * The pure door (sync/rules.ts) must stay pure: bundling it pulls in neither
 * RxDB, Dexie, ky nor the engine, so a screen or a Node test importing a rule
 * pays only for the rule.
 */
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

describe('sync/rules.ts', () => {
  it('bundles without the store, the engine or the API client', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const result = await build({
      entryPoints: [path.join(root, 'sync/rules.ts')],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'neutral',
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((i) => /node_modules\/(rxdb|dexie|ky|rxjs|valtio)\//.test(i))).toEqual([]);
    expect(inputs.filter((i) => /sync\/(store|outbox|engine|api|pull\/pull)/.test(i))).toEqual([]);
    expect(inputs.some((i) => i.includes('sync/contract/roles'))).toBe(true);
  });
});
