/**
 * The HTTP client of the app (ky underneath): API base URL (same origin, or
 * the dedicated server chosen at login), bearer token, and one shared token
 * refresh on 401 — concurrent 401s wait for the same refresh, then the call
 * is sent again once. authentication_token never goes through the refresh.
 * ky's own retry is off: retrying is the outbox's job, with its backoff.
 */
import ky, { HTTPError, TimeoutError } from 'ky';
import { corePaths, type TokenPair } from '../contract/core';
import { collectionItems } from '../contract/collections';
import type { XhrNetworkError, XhrSend } from './xhr-upload';
import { ApiFailure, failureFromResponse } from './failure';

export interface TokenStore {
  get(): TokenPair | null;
  set(tokens: TokenPair | null): void;
}

export interface ApiClientOptions {
  /** API base, e.g. '' for same origin or 'https://api.example.fr/'. Read on every call. */
  baseUrl: () => string;
  tokens: TokenStore;
  /** Called once when the session cannot be refreshed (the user must sign in again). */
  onSessionExpired: () => void;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /**
   * Runs the token refresh under a lock shared by every tab (Web Locks in the browser). Refresh
   * tokens rotate and a reused one revokes the whole session, so two tabs must never refresh with
   * the same one: the second waits, then finds the tokens the first stored and uses them.
   */
  refreshLock?: <T>(run: () => Promise<T>) => Promise<T>;
  /** The tokens as stored now, another tab's refresh included (the lock re-reads them). */
  storedTokens?: () => TokenPair | null;
  /** Told after each request whether the server answered (any status) or the network failed. */
  onReachable?: (reachable: boolean) => void;
}

export interface CallOptions {
  json?: unknown;
  /** A JSON body already written as text: sent as it is, with the JSON content type. */
  jsonText?: string;
  /** A JSON body kept as a blob (a visit's forms, megabytes): handed to fetch as it is, never copied into a string. */
  jsonBlob?: Blob;
  body?: FormData;
  searchParams?: Record<string, string | number | boolean | (string | number)[] | undefined>;
  /** Sent as Idempotency-Key so that a replayed write is applied once. */
  idempotencyKey?: string;
  /** Ask for Hydra collections. */
  ld?: boolean;
  /** Binary answer (media downloads). */
  blob?: boolean;
  /** The answer's body is not wanted (a visit's save answers with the whole merged visit, megabytes to decode and parse). */
  ignoreBody?: boolean;
  /** No bearer token and no refresh (login, contact form…). */
  anonymous?: boolean;
  signal?: AbortSignal;
  /**
   * A multipart body sent with upload progress, by `send` (api/xhr-upload.ts). The outbox brings it
   * with the call: the uploader loads with the engine, not with the login screen's code (its budget).
   */
  withProgress?: { send: XhrSend; onProgress: (percent: number) => void };
}

export interface ApiClient {
  call<T>(method: string, path: string, options?: CallOptions): Promise<T>;
  /** A list answer (plain array or Hydra collection) as items; rejects any other shape. */
  list<T>(path: string, options?: CallOptions): Promise<{ items: T[]; total: number | null }>;
  /** Refreshes the token now (shared with concurrent callers). Returns false when the session is over. */
  refresh(): Promise<boolean>;
}

function toSearchParams(params: CallOptions['searchParams']): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) out.append(key, String(v));
    else out.append(key, String(value));
  }
  return out;
}

export function joinUrl(base: string, path: string): string {
  if (!base) return `/${path.replace(/^\//, '')}`;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\//, '')}`;
}

/**
 * ky clones every request before sending it, to be able to retry (even with `retry: 0`, ky issue
 * #831). Cloning a request tees its body into two streams, and Chromium then uploads the body as a
 * stream: 1.5 ms more per write on this machine (bench/browser/engine-bench.ts, `drain`), 30 % of a
 * sent command. Retrying is the outbox's job, so ky's request carries no JSON body at all: the body
 * goes beside it as an option ky does not know (`bodyAsIs`), which ky forwards to its `fetch`, and
 * that fetch builds the request again with the string or blob as it is. Without a body, ky's clone
 * and the cancelling of the clone's body cost nothing (0.6 ms per write in the bench's profile when
 * ky still had the body). ky's own checks, timeout and errors are kept.
 */
interface AsIsBodyInit extends RequestInit {
  bodyAsIs?: string | Blob;
}

function jsonBody(body: string | Blob, headers: Record<string, string>): { bodyAsIs: string | Blob } {
  headers['Content-Type'] = 'application/json';
  return { bodyAsIs: body };
}

function sendBodyAsIs(send: typeof fetch): typeof fetch {
  return (input, init?: AsIsBodyInit) => {
    if (init?.bodyAsIs === undefined || !(input instanceof Request)) return send(input, init);
    const { bodyAsIs, ...rest } = init;
    return send(input.url, { ...rest, method: input.method, headers: input.headers, signal: input.signal, body: bodyAsIs });
  };
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  let refreshing: Promise<boolean> | null = null;

  const http = ky.create({
    retry: 0,
    timeout: options.timeoutMs ?? 30_000,
    throwHttpErrors: true,
    fetch: sendBodyAsIs(options.fetch ?? ((input, init) => fetch(input, init))),
  });

  async function send(method: string, path: string, o: CallOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: o.ld ? 'application/ld+json' : 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (o.idempotencyKey) headers['Idempotency-Key'] = o.idempotencyKey;
    if (o.withProgress && o.body && typeof XMLHttpRequest !== 'undefined') return sendWithProgress(method, path, o.withProgress, o.body, headers);
    try {
      const response = await http(joinUrl(options.baseUrl(), path), {
        method,
        headers,
        searchParams: toSearchParams(o.searchParams),
        ...(o.jsonBlob
          ? jsonBody(o.jsonBlob, headers)
          : o.jsonText !== undefined
            ? jsonBody(o.jsonText, headers)
            : o.json !== undefined
              ? jsonBody(JSON.stringify(o.json), headers)
              : {}),
        ...(o.body ? { body: o.body } : {}),
        ...(o.signal ? { signal: o.signal } : {}),
      });
      options.onReachable?.(true);
      return response;
    } catch (error) {
      if (error instanceof HTTPError) {
        options.onReachable?.(true);
        const body = await error.response.json().catch(() => null);
        throw failureFromResponse(method, path, error.response.status, body);
      }
      if (error instanceof TimeoutError) throw new ApiFailure('timeout', null, method, path, 'Le serveur ne répond pas.');
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      options.onReachable?.(false);
      throw new ApiFailure('network', null, method, path, 'Aucune connexion internet');
    }
  }

  async function sendWithProgress(
    method: string,
    path: string,
    { send, onProgress }: NonNullable<CallOptions['withProgress']>,
    body: FormData,
    headers: Record<string, string>,
  ): Promise<Response> {
    const url = new URL(joinUrl(options.baseUrl(), path), typeof location === 'undefined' ? 'http://localhost' : location.href);
    let response: Response;
    try {
      response = await send(method, url.href, headers, body, onProgress, options.timeoutMs ?? 30_000);
    } catch (error) {
      // `send` rejects with an XhrNetworkError (a type here: the uploader's code comes with the call).
      if ((error as Partial<XhrNetworkError> | null)?.timedOut === true) throw new ApiFailure('timeout', null, method, path, 'Le serveur ne répond pas.');
      options.onReachable?.(false);
      throw new ApiFailure('network', null, method, path, 'Aucune connexion internet');
    }
    options.onReachable?.(true);
    if (!response.ok) throw failureFromResponse(method, path, response.status, await response.json().catch(() => null));
    return response;
  }

  async function doRefresh(): Promise<boolean> {
    const used = options.tokens.get();
    return options.refreshLock ? options.refreshLock(() => refreshUnlessDone(used)) : refreshUnlessDone(used);
  }

  async function refreshUnlessDone(used: TokenPair | null): Promise<boolean> {
    const stored = options.storedTokens?.() ?? null;
    if (stored && used && stored.refresh_token !== used.refresh_token) {
      // Another tab refreshed while this one waited for the lock.
      options.tokens.set(stored);
      return true;
    }
    const tokens = used;
    if (!tokens) return false;
    try {
      const response = await send('POST', corePaths.refresh, { json: { refresh_token: tokens.refresh_token } }, null);
      const next = (await response.json()) as TokenPair;
      if (typeof next.token !== 'string' || typeof next.refresh_token !== 'string') return false;
      options.tokens.set(next);
      return true;
    } catch (error) {
      // Offline or server down: the session is not over, the refresh will be tried again later.
      if (error instanceof ApiFailure && error.transient) throw error;
      return false;
    }
  }

  function refresh(): Promise<boolean> {
    refreshing ??= doRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function call<T>(method: string, path: string, o: CallOptions = {}): Promise<T> {
    const isLogin = path === corePaths.login || path === corePaths.refresh;
    const anonymous = o.anonymous || isLogin;
    const tokenUsed = anonymous ? null : (options.tokens.get()?.token ?? null);
    let response: Response;
    try {
      response = await send(method, path, o, tokenUsed);
    } catch (error) {
      if (!(error instanceof ApiFailure) || error.status !== 401 || anonymous) throw error;
      // Another call may have refreshed while this one was in flight: use its token first.
      const current = options.tokens.get()?.token ?? null;
      const renewed = current !== null && current !== tokenUsed ? true : await refresh();
      if (!renewed) {
        options.onSessionExpired();
        throw error;
      }
      try {
        response = await send(method, path, o, options.tokens.get()?.token ?? null);
      } catch (retryError) {
        if (retryError instanceof ApiFailure && retryError.status === 401) options.onSessionExpired();
        throw retryError;
      }
    }
    if (o.blob) return (await response.blob()) as T;
    if (o.ignoreBody) {
      await response.body?.cancel().catch(() => undefined);
      return null as T;
    }
    if (response.status === 204) return null as T;
    const text = await response.text();
    if (text === '') return null as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ApiFailure('invalid-response', response.status, method, path, 'Réponse illisible du serveur');
    }
  }

  async function list<T>(path: string, o: CallOptions = {}) {
    const body = await call<unknown>('GET', path, o);
    const items = collectionItems<T>(body);
    if (!items) throw new ApiFailure('invalid-response', 200, 'GET', path, 'Réponse inattendue du serveur (liste attendue)');
    return items;
  }

  return { call, list, refresh };
}
