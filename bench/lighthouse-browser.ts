/**
 * The browser Lighthouse audits: the Chromium the tests launch, with the very switches Playwright
 * gives it (read from a browser Playwright launched, then closed), started as a process of its own
 * with a remote debugging port, so that Playwright connects over the protocol only while it signs
 * in, prepares or measures, and never during an audit. Connected, Playwright follows every target
 * of the browser (network, page and runtime events, handled by the browser's main thread and by the
 * bench's Node process), and a screen's load makes ~55 requests: on /visites, 6 runs each, TBT median
 * 286 ms with Playwright connected, 213 ms without (docs/measurements.md, 22e session). A user's
 * browser has no Playwright in it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { launchOptions, PHONE } from '../test/browser/harness';
import { BENCH_SWITCHES } from './env';

export interface AuditedBrowser {
  /** The remote debugging port Lighthouse connects to. */
  port: number;
  /** Playwright connected to the browser's tab for the time of `act`, then disconnected. */
  withPage<T>(act: (page: Page) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The command line Playwright starts Chromium with, its pipe and profile left out; read once per run. */
let commandLine: Promise<string[]> | null = null;
function playwrightCommandLine(): Promise<string[]> {
  commandLine ??= (async () => {
    const server = await chromium.launchServer(launchOptions(BENCH_SWITCHES));
    try {
      const argv = fs.readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      return argv.filter((arg) => !/^--(user-data-dir|remote-debugging)/.test(arg));
    } finally {
      await server.close();
    }
  })();
  return commandLine;
}

/** The port Chromium writes into its profile once it listens (DevToolsActivePort's first line). */
async function debuggingPort(profile: string): Promise<number> {
  const portFile = path.join(profile, 'DevToolsActivePort');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const port = Number(fs.existsSync(portFile) ? fs.readFileSync(portFile, 'utf8').split('\n')[0] : '');
    if (port > 0) return port;
    if (Date.now() > deadline) throw new Error('Chromium did not open its debugging port');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function launchAudited(): Promise<AuditedBrowser> {
  const [binary, ...switches] = await playwrightCommandLine();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-profile-'));
  const browser = spawn(binary!, [...switches, `--user-data-dir=${profile}`, '--remote-debugging-port=0'], { stdio: 'ignore' });
  const port = await debuggingPort(profile);
  return {
    port,
    async withPage(act) {
      const connected = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      try {
        const context = connected.contexts()[0]!;
        const page = context.pages().find((p) => p.url().startsWith('http')) ?? context.pages()[0] ?? (await context.newPage());
        await page.setViewportSize(PHONE);
        return await act(page);
      } finally {
        // Connected over the protocol, close() only disconnects: the tab, its profile and its worker stay.
        await connected.close();
      }
    },
    async close() {
      // The profile goes once the browser has exited: before, it may still be writing into it.
      if (browser.exitCode === null && browser.signalCode === null) {
        const exited = new Promise((resolve) => browser.once('exit', resolve));
        browser.kill();
        await exited;
      }
      // Its helper processes may still be writing a moment longer: a profile left behind is only /tmp.
      await new Promise((r) => setTimeout(r, 1_000));
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

/** A path of the app on a page with no base URL: resolved against where the page already is. */
export const openPath = (page: Page, path: string) => page.goto(new URL(path, page.url()).href);
