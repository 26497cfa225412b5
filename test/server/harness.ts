/**
 * In-process reference server for contract tests: an in-memory database seeded
 * with the demo world, and small helpers to sign in and call the API through
 * Fastify's inject (no socket, no port).
 */
import { buildServer, type ReferenceServer } from '../../server/app';
import { testConfig, type ServerConfig } from '../../server/config';
import { DEMO_PASSWORD } from '../../server/seed/world';

export interface TestApi {
  server: ReferenceServer;
  /** Signs in a demo account (e.g. 'gestionnaire@demo.fr') and returns its access token (cached). */
  token(email: string): Promise<string>;
  /** Calls the API as `as` (an e-mail or null for no token); returns status, JSON body and headers. */
  call(method: string, url: string, options?: CallOptions): Promise<CallResult>;
  close(): Promise<void>;
}

export interface CallOptions {
  as?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  /** Ask for JSON-LD (Hydra collections). */
  ld?: boolean;
}

export interface CallResult {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies freely
  body: any;
  headers: Record<string, string | string[] | number | undefined>;
  raw: Buffer;
}

export async function startTestApi(config: Partial<ServerConfig> = {}, now?: Date, scale = 0): Promise<TestApi> {
  const server = await buildServer(testConfig(config), { ...(now ? { now } : {}), scale });
  const tokens = new Map<string, string>();
  const api: TestApi = {
    server,
    async token(email) {
      const cached = tokens.get(email);
      if (cached) return cached;
      const res = await server.app.inject({ method: 'POST', url: '/api/authentication_token', payload: { email, password: DEMO_PASSWORD } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      const token = (res.json() as { token: string }).token;
      tokens.set(email, token);
      return token;
    },
    async call(method, url, options = {}) {
      const headers: Record<string, string> = { accept: options.ld ? 'application/ld+json' : 'application/json', ...options.headers };
      if (options.as) headers.authorization = `Bearer ${await api.token(options.as)}`;
      const res = await server.app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(options.body !== undefined ? { payload: options.body as object } : {}),
      });
      let body: unknown = null;
      try {
        body = res.body === '' ? null : JSON.parse(res.body);
      } catch {
        body = res.body;
      }
      return { status: res.statusCode, body, headers: res.headers, raw: res.rawPayload };
    },
    close: () => server.app.close(),
  };
  return api;
}

/** Builds a multipart body with one file in field `file` (plus optional text fields) for inject. */
export function multipart(file: { name: string; type: string; data: Buffer } | null, fields: Record<string, string> = {}, fieldName = 'file') {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
