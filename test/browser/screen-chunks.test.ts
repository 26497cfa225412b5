/**
 * A screen's code never brings RxDB or Dexie into its own load. The engine loads them in steps of
 * their own (src/services/engine.ts: Dexie, then RxDB, then the engine, each in its task); a screen
 * chunk importing them statically (a dashboard's key taken from the pull code, a picker's file check
 * taken from the file store) had them evaluated in the screen's task at page load, 40-60 ms at 4×
 * CPU slowdown (issue 22). Checked on the built app's chunks: a graph of files, not a timing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ASSETS = path.resolve(import.meta.dirname, '../../dist/assets');

interface Chunk {
  text: string;
  staticImports: string[];
  dynamicImports: string[];
}

function readChunks(): Map<string, Chunk> {
  const chunks = new Map<string, Chunk>();
  for (const file of fs.readdirSync(ASSETS).filter((f) => f.endsWith('.js'))) {
    const text = fs.readFileSync(path.join(ASSETS, file), 'utf8');
    const staticImports = [...text.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]!);
    const dynamicImports = [...text.matchAll(/\bimport\(\s*[`"']\.\/([^`"']+\.js)[`"']\s*\)/g)].map((m) => m[1]!);
    chunks.set(file, { text, staticImports, dynamicImports });
  }
  return chunks;
}

/** The chain of static imports from `file` to a chunk in `targets`, or null. */
function staticPathTo(chunks: Map<string, Chunk>, file: string, targets: Set<string>, seen = new Set<string>()): string[] | null {
  if (targets.has(file)) return [file];
  seen.add(file);
  for (const next of chunks.get(file)?.staticImports ?? []) {
    if (seen.has(next)) continue;
    const rest = staticPathTo(chunks, next, targets, seen);
    if (rest) return [file, ...rest];
  }
  return null;
}

function staticClosure(chunks: Map<string, Chunk>, file: string, seen = new Set<string>()): Set<string> {
  for (const next of chunks.get(file)?.staticImports ?? []) {
    if (seen.has(next)) continue;
    seen.add(next);
    staticClosure(chunks, next, seen);
  }
  return seen;
}

describe('screen chunks of the built app', () => {
  it('never import RxDB or Dexie statically: the engine loads them in its own steps', () => {
    const chunks = readChunks();
    const html = fs.readFileSync(path.join(ASSETS, '..', 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
    expect(entry, 'the entry script of dist/index.html').toBeTruthy();
    const rxdb = [...chunks].filter(([, c]) => c.text.includes('rxdb.info')).map(([f]) => f);
    const dexie = [...chunks].filter(([, c]) => c.text.includes('DexieError')).map(([f]) => f);
    expect(rxdb.length, 'a chunk with RxDB').toBeGreaterThan(0);
    expect(dexie.length, 'a chunk with Dexie').toBeGreaterThan(0);
    const libraries = new Set([...rxdb, ...dexie]);

    // The UI's chunks: the entry, what it and they import lazily (the app, its screens, the shell's
    // parts), never through the engine's loader, whose own lazy imports are the libraries.
    const isEngineLoader = (f: string) => /^engine-(?!runtime)/.test(f);
    const uiChunks = [entry!];
    let engineLoaders = 0;
    for (let i = 0; i < uiChunks.length; i++) {
      for (const file of [uiChunks[i]!, ...staticClosure(chunks, uiChunks[i]!)]) {
        if (isEngineLoader(file)) engineLoaders++;
        else for (const next of chunks.get(file)?.dynamicImports ?? []) if (!uiChunks.includes(next)) uiChunks.push(next);
      }
    }
    expect(engineLoaders, 'the engine loader among the lazy chunks').toBeGreaterThan(0);
    expect(uiChunks.length, 'the app, its lazy screens and shell parts').toBeGreaterThan(20);

    const offenders = uiChunks.flatMap((file) => {
      const chain = staticPathTo(chunks, file, libraries);
      return chain ? [chain.join(' -> ')] : [];
    });
    expect(offenders).toEqual([]);
  });
});
