/**
 * The pass's client (sync/briefcase/limiter.ts): bound to the pass's signal, a stopped pass's
 * requests in flight are cancelled and no new one leaves; a caller's own signal (a timeout) still
 * counts, also where the browser has no AbortSignal.any (Safari before 17.4). The client below
 * stands for the session's: it records what is sent, never answers, and fails as fetch does when
 * its signal aborts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient, CallOptions } from '../../sync/api/client';
import { createLimiter, limitedApi, PassStopped } from '../../sync/briefcase/limiter';

function heldClient() {
  const sent: string[] = [];
  const api: ApiClient = {
    call: <T>(_method: string, path: string, options?: CallOptions) =>
      new Promise<T>((_resolve, reject) => {
        sent.push(path);
        const signal = options?.signal;
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
    list: () => Promise.reject(new Error('not used')),
    refresh: () => Promise.resolve(true),
  };
  return { api, sent };
}

afterEach(() => vi.unstubAllGlobals());

/** The limiter hands a slot over asynchronously: the calls asked are sent once it has. */
const sentSoon = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the pass client', () => {
  it('cancels the requests in flight when the pass stops, and sends none after', async () => {
    const { api, sent } = heldClient();
    const stopping = new AbortController();
    const pass = limitedApi(api, createLimiter(4), stopping.signal);
    const inFlight = [pass.call('GET', 'api/a'), pass.call('GET', 'api/b')];
    await sentSoon();
    expect(sent).toEqual(['api/a', 'api/b']);
    stopping.abort();
    for (const call of inFlight) await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    await expect(pass.call('GET', 'api/c')).rejects.toBeInstanceOf(PassStopped);
    expect(sent).toHaveLength(2);
  });

  it("keeps a caller's own signal, with or without AbortSignal.any", async () => {
    for (const withAny of [true, false]) {
      if (!withAny) vi.stubGlobal('AbortSignal', Object.assign(Object.create(AbortSignal), { any: undefined }));
      const { api } = heldClient();
      const stopping = new AbortController();
      const pass = limitedApi(api, createLimiter(4), stopping.signal);
      const own = new AbortController();
      const timedOut = pass.call('POST', 'api/consigne', { signal: own.signal });
      await sentSoon();
      own.abort(new DOMException('délai dépassé', 'TimeoutError'));
      await expect(timedOut).rejects.toMatchObject({ name: 'TimeoutError' });
      const stopped = pass.call('GET', 'api/d', { signal: new AbortController().signal });
      await sentSoon();
      stopping.abort();
      await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
      vi.unstubAllGlobals();
    }
  });
});
