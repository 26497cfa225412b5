/**
 * Build of the PWA (React, service worker from sw/ via vite-plugin-pwa
 * injectManifest) and the test projects: unit (pure rules, Node), integration
 * (sync layer on fake-indexeddb and the in-process reference server) and
 * browser (Playwright driving Debian's Chromium against the built app).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
