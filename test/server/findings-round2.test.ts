/**
 * Issue 21 (reference server, round 2), the findings closed so far, each
 * reproduced as the probe did it: an echopark-only member creating a real
 * estate; personal API answers and media kept by HTTP caches; /API/… and
 * //api/… answered with the app's HTML shell instead of the API's 404.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-static-'));
fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
beforeAll(async () => {
  api = await startTestApi({ staticDir });
}, 60_000);
afterAll(() => api.close());

describe('issue 21 findings', () => {
  it('8. an echopark-only member may not create a real estate; a manager may', async () => {
    const body = { name: 'Bien pirate', mainContact: { address: '1 rue X', postalCode: '69001', city: 'Lyon' } };
    const refused = await api.call('POST', '/api/real_estates', { as: 'echopark@demo.fr', body });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(api.server.ctx.db.prepare(`SELECT COUNT(*) AS n FROM real_estates WHERE name = 'Bien pirate'`).get()).toEqual({ n: 0 });
    const created = await api.call('POST', '/api/real_estates', { as: 'gestionnaire@demo.fr', body: { ...body, name: 'Bien du gestionnaire' } });
    expect(created.status).toBe(201);
  });

  it('7. a personal API answer is no-store; media are private and revalidated, not kept for a year', async () => {
    const user = await api.call('GET', '/api/personal/data/0', { as: 'gestionnaire@demo.fr' });
    expect(user.status).toBe(200);
    expect(user.headers['cache-control']).toBe('no-store');
    const media = api.server.ctx.db.prepare(`SELECT media_id AS id FROM intervention_media ORDER BY media_id LIMIT 1`).get() as { id: number };
    const res = await api.call('GET', `/api/media/${media.id}`, { as: 'admin@demo.fr' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('8. /API/… and //api/… are the API’s 404 in French JSON, never the HTML shell', async () => {
    for (const url of ['/API/interventions', '//api/interventions', '/Api/', '//API//x']) {
      const res = await api.server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.json(), url).toEqual({ message: expect.any(String), description: expect.any(String) });
    }
    // A navigation still gets the app.
    expect((await api.server.app.inject({ method: 'GET', url: '/requests' })).headers['content-type']).toContain('text/html');
  });
});
