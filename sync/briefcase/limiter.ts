/**
 * The pass's request slots: at most `max` of its calls in flight at once,
 * whatever the number of tasks running (a task also spends time storing what
 * came, which overlaps other tasks' requests). The user's own requests go
 * through the session's client directly and never wait here.
 */
import type { ApiClient, CallOptions } from '../api/client';

export class PassStopped extends Error {
  constructor() {
    super('Préchargement arrêté');
    this.name = 'PassStopped';
  }
}

export interface Limiter {
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** Requests sent so far, and the most that were in flight at once. */
  readonly sent: number;
  readonly peak: number;
}

export function createLimiter(max: number): Limiter {
  let active = 0;
  let sent = 0;
  let peak = 0;
  const waiting: (() => void)[] = [];
  const acquire = (): Promise<void> => {
    if (active < max) {
      active++;
      return Promise.resolve();
    }
    // The slot is handed over by release(): `active` stays the same.
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return {
    async run<T>(fn: () => Promise<T>): Promise<T> {
      await acquire();
      sent++;
      peak = Math.max(peak, active);
      try {
        return await fn();
      } finally {
        release();
      }
    },
    get sent() {
      return sent;
    },
    get peak() {
      return peak;
    },
  };
}

/**
 * The session's client seen through the limiter, bound to the pass's `signal`: once it is aborted (the
 * pass stopped), calls fail at once without being sent, and those in flight are cancelled (a request left
 * to end on its own keeps the service worker busy: a new version could not take over meanwhile).
 */
export function limitedApi(api: ApiClient, limiter: Limiter, signal: AbortSignal): ApiClient {
  const guard = <T>(fn: () => Promise<T>) =>
    limiter.run(() => {
      if (signal.aborted) return Promise.reject(new PassStopped());
      return fn();
    });
  const bound = (options?: CallOptions): CallOptions => ({ ...options, signal: options?.signal ? either(options.signal, signal) : signal });
  return {
    call: (method, path, options) => guard(() => api.call(method, path, bound(options))),
    list: (path, options) => guard(() => api.list(path, bound(options))),
    refresh: () => api.refresh(),
  };
}

/** Aborted when either is (AbortSignal.any where the browser has it: not Safari before 17.4). */
function either(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const both = new AbortController();
  for (const signal of [a, b]) {
    if (signal.aborted) both.abort(signal.reason);
    else signal.addEventListener('abort', () => both.abort(signal.reason), { once: true });
  }
  return both.signal;
}
