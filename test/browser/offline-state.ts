/**
 * Going offline in a test as a phone does: requests fail, `navigator.onLine` is false, and the
 * `online` event comes when the network is back (the outbox waits for it rather than for its
 * backoff). Debian's Chromium 150 keeps Playwright's `setOffline` for requests but not for the
 * network state of a document the service worker serves while offline (`navigator.onLine` stays
 * true there), so the context's setOffline also sets each page's network state, again after each
 * navigation (CDP `Network.overrideNetworkState`).
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

const state = (offline: boolean) => ({ offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

export function followOffline(context: BrowserContext): void {
  let offline = false;
  const sessions = new Map<Page, Promise<CDPSession>>();
  const apply = async (page: Page) => {
    if (page.isClosed()) return;
    let session = sessions.get(page);
    if (!session) sessions.set(page, (session = context.newCDPSession(page)));
    // Bounded: a CDP call to a page being swapped may never answer, and an unbounded wait here would
    // show as the whole test's timeout with no line named. A page whose state is not set in time says so.
    const sent = session.then((s) => s.send('Network.overrideNetworkState' as never, state(offline) as never));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Network.overrideNetworkState(${offline}) unanswered after 10 s on ${page.url()}`)), 10_000);
    });
    await Promise.race([sent.catch(() => undefined), late]).finally(() => clearTimeout(timer));
  };
  const watch = (page: Page) => {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && offline) apply(page).catch(() => undefined); // not awaited by the step that navigated
    });
    page.on('close', () => sessions.delete(page));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  const setOffline = context.setOffline.bind(context);
  context.setOffline = async (value: boolean) => {
    offline = value;
    await setOffline(value);
    await Promise.all(context.pages().map(apply));
  };
}
