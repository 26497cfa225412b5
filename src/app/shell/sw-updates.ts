/**
 * The service worker's registration and its updates, shared by the update
 * prompt (a new version found in the background is offered, never forced)
 * and the need-update screen (the user asks for a new version: it is looked
 * for, installed and the page reloads, or the screen says why not). One
 * Workbox instance for the page; loaded once the first screen is up.
 */
import { proxy } from 'valtio';
import { Workbox } from 'workbox-window';
import { standByEngine } from '../../services/engine';

export const updates = proxy({ waiting: false });

let workbox: Workbox | null = null;

const supported = () => 'serviceWorker' in navigator && !import.meta.env.DEV && location.protocol !== 'file:';

/** Registers the worker once; a long-lived tab looks for updates every hour. Returns a stop function. */
export function registerWorker(): () => void {
  if (!supported()) return () => undefined;
  if (!workbox) {
    workbox = new Workbox('/sw.js', { scope: '/' });
    workbox.addEventListener('waiting', () => {
      updates.waiting = true;
    });
    void workbox.register();
  }
  const wb = workbox;
  const timer = setInterval(() => void wb.update(), 3_600_000);
  return () => clearInterval(timer);
}

/**
 * Lets the waiting worker take over (sw.ts's SKIP_WAITING), then reloads once it controls the page.
 * The engine stops its requests first: the waiting worker takes over only once the running one has none
 * in flight (the offline pass downloading photos would otherwise hold the update back).
 */
export async function activateUpdate(): Promise<void> {
  const waiting = (await navigator.serviceWorker.getRegistration('/'))?.waiting;
  if (!waiting) return;
  await standByEngine();
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

export type UpdateCheck = 'updating' | 'none' | 'failed' | 'unsupported';

/** Resolves once the worker being installed is either waiting (installed) or redundant (its install failed). */
function installed(worker: ServiceWorker): Promise<boolean> {
  return new Promise((resolve) => {
    const done = () => {
      if (worker.state === 'installed' || worker.state === 'activated') resolve(true);
      else if (worker.state === 'redundant') resolve(false);
      else return;
      worker.removeEventListener('statechange', done);
    };
    worker.addEventListener('statechange', done);
    done();
  });
}

/**
 * The user asked for the new version: the server's worker is fetched again; a new one is installed
 * and takes over (the page reloads) — 'updating'; the same worker — 'none'; a worker that cannot be
 * fetched, does not parse or fails its install (a missing or corrupt update) — 'failed', and the
 * running version stays as it is.
 */
export async function checkForUpdate(): Promise<UpdateCheck> {
  if (!supported()) return 'unsupported';
  // Registered by the update prompt once the first screen is up; registered here if not yet (its hourly look stays).
  if (!workbox) registerWorker();
  const registration = await navigator.serviceWorker.getRegistration('/');
  if (!registration) return 'failed';
  if (!registration.waiting) {
    try {
      await registration.update();
    } catch {
      return 'failed';
    }
    const incoming = registration.installing ?? registration.waiting;
    if (!incoming) return 'none';
    if (!(await installed(incoming))) return 'failed';
  }
  updates.waiting = true;
  await activateUpdate();
  return 'updating';
}
