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
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const root = import.meta.dirname;

// The OS paths' firm prefix (sync/pull/os.ts) goes into URLs: a typo must fail the build, not every OS call.
const firmPrefix = process.env.VITE_FIRM_PREFIX;
if (firmPrefix !== undefined && !/^[A-Za-z0-9_-]+$/.test(firmPrefix)) {
  throw new Error(`VITE_FIRM_PREFIX « ${firmPrefix} » : lettres, chiffres, _ et - seulement (le FIRM_PREFIX du serveur)`);
}

/**
 * Which chunks a dynamic import fetches at once (`<link rel=modulepreload>`) instead of one level of
 * imports after another. Only the engine's: its whole graph is on the device as soon as it loads, so
 * a page that goes offline before its service worker took control can still save (a first visit).
 * A screen's import inserts none: inserting the links cost 89–100 ms of `appendChild` in each
 * screen's longest task at 4× (Lighthouse); a screen's few chunks not yet loaded come in one or two
 * more round trips, from the service worker's cache once it controls the page. The HTML's own links
 * (the entry's imports) stay.
 */
function preloadedWith(chunk: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }): string[] {
  return hostType === 'html' || /(^|\/)engine-runtime-at-once-[^/]*\.js$/.test(chunk) ? deps : [];
}

/**
 * The app's chunk (src/app/app-root.tsx, imported by the entry after React's DOM so the two are
 * evaluated in two tasks) and its imports, preloaded by the HTML like the entry's own imports: a
 * first visit fetches them with the entry, not a round trip after it.
 */
function preloadAppChunk(): Plugin {
  return {
    name: 'preload-app-chunk',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const app = Object.values(bundle ?? {}).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/app/app-root.tsx'));
        if (!app || app.type !== 'chunk') return html;
        const links = [app.fileName, ...app.imports]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
          .join('');
        return html.replace('  </head>', `${links}  </head>`);
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
    preloadAppChunk(),
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
