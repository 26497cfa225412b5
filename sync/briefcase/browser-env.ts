/**
 * What the briefcase asks of the browser (the network, save-data, persistent
 * storage, the service worker's hold on the page), each replaceable in tests
 * and benches through BriefcaseOptions.
 */

export interface NetworkEnv {
  isOnline(): boolean;
  /** Calls back when the network comes back; returns how to stop listening. */
  onOnline(callback: () => void): () => void;
}

export const browserNetwork: NetworkEnv = {
  isOnline: () => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false,
  onOnline(callback) {
    if (typeof window === 'undefined') return () => undefined;
    window.addEventListener('online', callback);
    return () => window.removeEventListener('online', callback);
  },
};

export const browserSaveData = () => (globalThis as { navigator?: { connection?: { saveData?: boolean } } }).navigator?.connection?.saveData === true;
/**
 * Whether media fetched now stay on the device: the service worker's media cache keeps what passes
 * through it, so only once it controls the page (a first visit's pass may start before). Waits a
 * little for it; otherwise the media wait for a later pass (they are not indexed, so not lost).
 */
export async function browserMediaKept(): Promise<boolean> {
  const container = (globalThis as { navigator?: Navigator }).navigator?.serviceWorker;
  if (!container) return true;
  if (container.controller) return true;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 10_000);
    container.addEventListener('controllerchange', () => (clearTimeout(timer), resolve()), { once: true });
  });
  return container.controller !== null;
}

export const browserPersist = async () => (await (globalThis as { navigator?: Navigator }).navigator?.storage?.persist?.()) ?? false;
