/**
 * Build of the PWA (React; service worker from sw/ via vite-plugin-pwa
 * injectManifest, so caching rules are our code, not generated) and the test
 * projects: unit (pure rules, Node), integration (sync layer on fake-indexeddb
 * and the in-process reference server) and browser (Playwright driving
 * Debian's Chromium against the built app served by the reference server).
 */
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import type { OutputBundle } from 'rolldown';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const root = import.meta.dirname;

// The OS paths' firm prefix (sync/pull/os.ts) goes into URLs: a typo must fail the build, not every OS call.
const firmPrefix = process.env.VITE_FIRM_PREFIX;
if (firmPrefix !== undefined && !/^[A-Za-z0-9_-]+$/.test(firmPrefix)) {
  throw new Error(`VITE_FIRM_PREFIX « ${firmPrefix} » : lettres, chiffres, _ et - seulement (le FIRM_PREFIX du serveur)`);
}

/**
 * The HTML's own links (the entry's imports) stay; a dynamic import inserts no `<link rel=modulepreload>`:
 * inserting them cost 89–100 ms of `appendChild` in each screen's longest task at 4× (Lighthouse); a
 * screen's few chunks not yet loaded come in one or two more round trips, from the service worker's
 * cache once it controls the page. The engine's chunks are fetched at once on a first visit by the app
 * itself (`htmlPreloads`).
 */
const preloadedWith = (_chunk: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }): string[] => (hostType === 'html' ? deps : []);

/** The chunk of the module `source` (a path's end) and every chunk it imports statically, its own first. */
function chunkGraph(bundle: OutputBundle | undefined, source: string): string[] {
  const chunks = Object.values(bundle ?? {}).flatMap((c) => (c.type === 'chunk' ? [c] : []));
  const top = chunks.find((c) => c.facadeModuleId?.endsWith(source));
  const graph = new Set<string>(top ? [top.fileName] : []);
  for (const file of graph) for (const imported of chunks.find((c) => c.fileName === file)?.imports ?? []) graph.add(imported);
  return [...graph];
}

/**
 * The app's chunk (src/app/app-root.tsx, imported by the entry after React's DOM so the two are
 * evaluated in two tasks) and its imports, preloaded by the HTML like the entry's own imports: a
 * first visit fetches them with the entry, not a round trip after it. And the engine's chunks, named
 * in a `<meta name="engine-chunks">` that a first visit reads to fetch them all at once before it
 * imports the engine (services/engine.ts): its code is on the device before the network can go.
 */
function htmlPreloads(): Plugin {
  return {
    name: 'html-preloads',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const app = chunkGraph(bundle, '/src/app/app-root.tsx').filter((file) => !html.includes(`/${file}"`));
        const loaded = (file: string) => html.includes(`/${file}"`) || app.includes(file);
        const links = app.map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`).join('');
        const engine = chunkGraph(bundle, '/src/services/engine-runtime-at-once.ts').filter((file) => !loaded(file));
        const meta = `    <meta name="engine-chunks" content="${engine.map((file) => `/${file}`).join(' ')}">\n`;
        return html.replace('  </head>', `${links}${meta}  </head>`);
      },
    },
  };
}

export default defineConfig({
  root: path.join(root, 'src'),
  publicDir: path.join(root, 'public'),
  envDir: root,
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    modulePreload: { polyfill: false, resolveDependencies: preloadedWith },
    // The router's library in one chunk: the entry evaluates it in a task of its own (main.tsx); split
    // over the chunks the screens share, it was 643 bytes gzip more before the login screen: 178 bytes
    // over that screen's budget (115 KiB, test/browser/bundle-budget.test.ts).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'router', test: /node_modules[\\/]@tanstack[\\/]/ }] } } },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  // The storage worker (sync/store/storage-worker.ts) is started as a module worker (`type: 'module'`).
  worker: { format: 'es' },
  plugins: [
    react(),
    htmlPreloads(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: path.join(root, 'sw'),
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        maximumFileSizeToCacheInBytes: 3_000_000,
      },
      devOptions: { enabled: false },
    }),
  ],
  test: {
    root,
    reporters: ['default', './test/flaky-reporter.ts'],
    projects: [
      { test: { name: 'unit', root, include: ['test/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          root,
          include: ['test/integration/**/*.test.ts', 'test/server/**/*.test.ts'],
          setupFiles: ['test/integration/setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'browser',
          root,
          include: ['test/browser/**/*.test.ts'],
          setupFiles: ['test/browser/pages-at-failure.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A browser test drives a real browser, service worker and server on a shared 2-core machine: a
          // failed one runs once more, and test/flaky-reporter.ts names it, so a rare race neither blocks CI
          // nor goes unseen. A broken behaviour fails both times.
          retry: 1,
          // A poll waits for what a person waits for on a screen (a list filling after a navigation while the
          // offline pass runs): vitest's default of 1 s failed a CI run on a loaded machine; Playwright's is 5 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
