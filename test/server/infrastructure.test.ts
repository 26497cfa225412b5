/**
 * The server's cross-cutting behaviour over real HTTP: idempotent replays,
 * every fault mode, static app serving with its SPA fallback and headers,
 * security headers, and the image sniffing of uploads.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type ReferenceServer } from '../../server/app';
import { testConfig, parseFaults } from '../../server/config';
import { sniffImageType } from '../../server/http/uploads';
import { demoPng } from '../../server/seed/images';

let server: ReferenceServer;
let base: string;
let token: string;
let staticDir: string;

async function post(pathname: string, body: unknown, key?: string) {
  return fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(body),
  });
}
const countRequests = async () =>
  ((await (await fetch(`${base}/api/requests/?itemsPerPage=1000`, { headers: { authorization: `Bearer ${token}` } })).json()) as unknown[]).length;

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-static-'));
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>shell</title>');
  fs.writeFileSync(path.join(staticDir, 'sw.js'), '// sw');
  fs.writeFileSync(path.join(staticDir, 'assets', 'app-abc123.js'), 'console.log(1)'.repeat(200));
  server = await buildServer(testConfig({ staticDir, corsOrigins: ['http://autre.example'] }));
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const login = await fetch(`${base}/api/authentication_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'gestionnaire@demo.fr', password: 'demo1234' }),
  });
  token = ((await login.json()) as { token: string }).token;
});
afterAll(async () => {
  await server.app.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe('Idempotency-Key', () => {
  it('applies a write once and replays the first answer', async () => {
    const before = await countRequests();
    const first = await post('/api/requests', { information: 'Fuite au 3e' }, 'key-once-1');
    const again = await post('/api/requests', { information: 'Fuite au 3e' }, 'key-once-1');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(await countRequests()).toBe(before + 1);
  });

  it('waits for a concurrent request with the same key instead of applying twice', async () => {
    const before = await countRequests();
    const answers = await Promise.all([1, 2, 3].map(() => post('/api/requests', { information: 'Concurrent' }, 'key-concurrent')));
    const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as { id: number }).id));
    expect(new Set(ids).size).toBe(1);
    expect(await countRequests()).toBe(before + 1);
  });

  it('scopes keys to the user', async () => {
    const other = await fetch(`${base}/api/authentication_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.fr', password: 'demo1234' }),
    });
    const otherToken = ((await other.json()) as { token: string }).token;
    const mine = await post('/api/requests', { information: 'A' }, 'shared-key');
    const theirs = await fetch(`${base}/api/requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${otherToken}`, 'idempotency-key': 'shared-key' },
      body: JSON.stringify({ information: 'B' }),
    });
    expect(((await theirs.json()) as { information: string }).information).toBe('B');
    expect(((await mine.json()) as { information: string }).information).toBe('A');
  });
});

describe('fault injection', () => {
  afterAll(() => server.faults.set(null));

  it('parses the FAULTS switch and refuses nonsense', () => {
    expect(parseFaults('latency=200,drop=0.1,lost=0.1,error=0.1,seed=42')).toEqual({ latency: 200, drop: 0.1, lost: 0.1, error: 0.1, seed: 42 });
    expect(() => parseFaults('boom=1')).toThrow(/FAULTS/);
  });

  it('drops the connection before the change is applied', async () => {
    const before = await countRequests();
    server.faults.set({ latency: 0, drop: 1, lost: 0, error: 0, seed: 1 });
    await expect(post('/api/requests', { information: 'jamais' }, 'drop-1')).rejects.toThrow();
    server.faults.set(null);
    expect(await countRequests()).toBe(before);
  });

  it('loses the answer after applying the change; the same key then replays it', async () => {
    const before = await countRequests();
    server.faults.set({ latency: 0, drop: 0, lost: 1, error: 0, seed: 1 });
    await expect(post('/api/requests', { information: 'perdue' }, 'lost-1')).rejects.toThrow();
    server.faults.set(null);
    expect(await countRequests()).toBe(before + 1);
    const retry = await post('/api/requests', { information: 'perdue' }, 'lost-1');
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await countRequests()).toBe(before + 1);
  });

  it('answers 500 or 503 without applying anything', async () => {
    const before = await countRequests();
    server.faults.set({ latency: 0, drop: 0, lost: 0, error: 1, seed: 7 });
    const statuses = new Set<number>();
    for (let i = 0; i < 12; i++) statuses.add((await post('/api/requests', { information: 'x' }, `err-${i}`)).status);
    server.faults.set(null);
    expect([...statuses].sort()).toEqual([500, 503]);
    expect(await countRequests()).toBe(before);
  });

  it('adds latency', async () => {
    server.faults.set({ latency: 150, drop: 0, lost: 0, error: 0, seed: 1 });
    const started = performance.now();
    await fetch(`${base}/api/versions/0`);
    server.faults.set(null);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('replays the same schedule for the same seed', async () => {
    const schedule = async () => {
      server.faults.set({ latency: 0, drop: 0, lost: 0, error: 0.5, seed: 99 });
      const out: number[] = [];
      for (let i = 0; i < 10; i++) out.push((await fetch(`${base}/api/versions/0`)).status);
      return out;
    };
    const first = await schedule();
    const second = await schedule();
    server.faults.set(null);
    expect(second).toEqual(first);
    expect(new Set(first).size).toBeGreaterThan(1);
  });
});

describe('static app', () => {
  it('serves the shell for navigations, never for /api or missing assets', async () => {
    const nav = await fetch(`${base}/requestsdetail/12?defaultTab=messages`);
    expect(nav.status).toBe(200);
    expect(await nav.text()).toContain('shell');
    expect(nav.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${base}/assets/missing-123.js`)).status).toBe(404);
    const api = await fetch(`${base}/api/unknown`);
    expect(api.status).toBe(404);
    expect(await api.text()).not.toContain('shell');
  });
  it('caches hashed assets forever and the service worker never', async () => {
    const asset = await fetch(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${base}/sw.js`)).headers.get('cache-control')).toBe('no-cache');
  });
  it('sends the security headers', async () => {
    const res = await fetch(`${base}/login`);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
  it('answers CORS preflights for a client on a configured origin (CORS_ORIGINS), never for others', async () => {
    const preflight = (origin: string) =>
      fetch(`${base}/api/authentication_token`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,idempotency-key' },
      });
    const res = await preflight('http://autre.example');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://autre.example');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
    expect((await preflight('http://pirate.example')).headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('image sniffing', () => {
  it('recognises png, gif and jpeg by content, whatever the name', () => {
    expect(sniffImageType(demoPng(1))).toBe('image/png');
    expect(sniffImageType(Buffer.from('GIF89a....'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('%PDF-1.7 pas une image'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});
