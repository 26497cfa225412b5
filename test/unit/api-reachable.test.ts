/**
 * The client tells whether the server was reached: a request that fails for
 * want of network marks it unreachable (the top bar then says 'Hors ligne'
 * even when navigator.onLine says true), any answer, an error status
 * included, marks it reachable again. JSON bodies (objects or JSON text)
 * reach fetch unchanged.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../sync/api/client';
import { isApiFailure } from '../../sync/api/failure';

function clientWith(fetch: typeof globalThis.fetch) {
  const seen: boolean[] = [];
  const api = createApiClient({
    baseUrl: () => 'http://api.test',
    tokens: { get: () => ({ token: 't', refresh_token: 'r' }), set: () => undefined },
    onSessionExpired: () => undefined,
    fetch,
    onReachable: (r) => seen.push(r),
  });
  return { api, seen };
}

describe('API client reachability', () => {
  it('marks the server unreachable on a network failure and reachable on any answer', async () => {
    let mode: 'down' | 'ok' | 'refused' = 'down';
    const bodies: string[] = [];
    const { api, seen } = clientWith(async (input, init) => {
      if (mode === 'down') throw new TypeError('Failed to fetch');
      const request = new Request(input, init);
      bodies.push(`${request.headers.get('content-type')} ${await request.text()}`);
      return new Response(JSON.stringify(mode === 'ok' ? { id: 7 } : { code: 'x', message: 'Refusé' }), {
        status: mode === 'ok' ? 201 : 422,
        headers: { 'content-type': 'application/json' },
      });
    });
    const failure = await api.call('POST', 'api/requests', { json: { information: 'Fuite' } }).catch((e: unknown) => e);
    expect(isApiFailure(failure) && failure.kind).toBe('network');
    expect(seen).toEqual([false]);
    mode = 'refused';
    await api.call('POST', 'api/requests', { json: { information: 'Fuite' } }).catch(() => undefined);
    expect(seen).toEqual([false, true]);
    mode = 'ok';
    expect(await api.call('POST', 'api/requests', { json: { information: 'Fuite' } })).toEqual({ id: 7 });
    expect(seen).toEqual([false, true, true]);
    expect(bodies).toEqual(['application/json {"information":"Fuite"}', 'application/json {"information":"Fuite"}']);
    // A body already written as JSON text (a visit's forms) goes as it is, with the JSON type.
    bodies.length = 0;
    await api.call('POST', 'api/visit/save/3', { jsonText: '{"7":{"form_id":"7"}}' });
    expect(bodies).toEqual(['application/json {"7":{"form_id":"7"}}']);
    // So does a JSON blob (a visit's forms kept in the file store).
    bodies.length = 0;
    await api.call('POST', 'api/visit/save/3', { jsonBlob: new Blob(['{"8":{"form_id":"8"}}']) });
    expect(bodies).toEqual(['application/json {"8":{"form_id":"8"}}']);
  });

  it('leaves an answer unread when asked (a visit save answers with the whole merged visit)', async () => {
    const { api } = clientWith(async () => new Response('{"id":3,"data":{"tronqué', { status: 200, headers: { 'content-type': 'application/json' } }));
    expect(await api.call('POST', 'api/visit/state/save/3', { jsonText: '{}', ignoreBody: true })).toBeNull();
    const unreadable = await api.call('POST', 'api/visit/state/save/3', { jsonText: '{}' }).catch((e: unknown) => e);
    expect(String(unreadable)).toContain('Réponse illisible du serveur');
  });
});
