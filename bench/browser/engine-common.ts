/** What the engine bench's parts share (bench/browser/engine-bench.ts, engine-pull.ts). */
import { createApiClient, type ApiClient } from '../../sync/api/client';
import type { TokenPair } from '../../sync/contract/core';

export const PLACES = ['start', 'waiting', 'planning', 'planned', 'in_progress', 'debriefing', 'done', 'closed', 'reclaim'];

/** The app's HTTP client against the bench's server, signed in with the bench user's tokens. */
export function benchApi(token: TokenPair): { api: ApiClient; tokens: { current: TokenPair } } {
  const tokens = { current: token };
  const api = createApiClient({
    baseUrl: () => '',
    tokens: { get: () => tokens.current, set: (t) => void (tokens.current = t!) },
    onSessionExpired: () => undefined,
  });
  return { api, tokens };
}

/** Times every call of `fn` into `parts[name]` (the bench's own profiler: no production hook). */
export function timed<A extends unknown[], R>(parts: Record<string, number>, name: string, fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    const t = performance.now();
    try {
      return await fn(...args);
    } finally {
      parts[name] = (parts[name] ?? 0) + performance.now() - t;
      parts[`${name}Calls`] = (parts[`${name}Calls`] ?? 0) + 1;
    }
  };
}
