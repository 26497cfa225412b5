/**
 * Issue 21 (reference server, round 2), the findings closed so far, each
 * reproduced as the probe did it: another owner's contact in a write; an
 * echopark-only member creating a real estate; personal API answers and media kept by HTTP caches; /API/… and
 * //api/… answered with the app's HTML shell instead of the API's 404.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, startTestApi, type TestApi } from './harness';
import { DEFAULT_LIMITS } from '../../server/config';
import { DEMO_PASSWORD } from '../../server/seed/world';
import { forgetRecentRefreshes } from '../../server/http/auth';
import { pruneEchoparkPhotos } from '../../server/modules/echopark/cleanup';
import { buildBigVisit } from '../../server/modules/visits/checklists';
import { duplicateSection, flattenSections, type VisitData } from '../../sync/contract/visit-data';

/** A 1 MB file that sniffs as PNG, different for each seed. */
const bigPng = (seed: number) => {
  const data = Buffer.alloc(1_000_000, seed % 251);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(data);
  data.writeUInt32BE(seed, 8);
  return data;
};

let api: TestApi;
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-static-'));
fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
beforeAll(async () => {
  api = await startTestApi({ staticDir });
}, 60_000);
afterAll(() => api.close());

describe('issue 21 findings', () => {
  it('1. a contact of another owner’s real estate is refused in an intervention or an OS, and its address is not echoed', async () => {
    const db = api.server.ctx.db;
    // gestionnaire2 manages some real estates; the contact is the main contact of one it does not manage.
    const mine = db
      .prepare(`SELECT ure.real_estate_id AS id FROM user_real_estates ure JOIN users u ON u.id = ure.user_id WHERE u.email = 'gestionnaire2@demo.fr' LIMIT 1`)
      .get() as { id: number };
    const building = db.prepare(`SELECT id FROM buildings WHERE real_estate_id = ? LIMIT 1`).get(mine.id) as { id: number };
    const foreign = db
      .prepare(
        `SELECT c.id, c.address FROM real_estates re JOIN contacts c ON c.id = re.main_contact_id
         WHERE re.id NOT IN (SELECT real_estate_id FROM user_real_estates ure JOIN users u ON u.id = ure.user_id WHERE u.email = 'gestionnaire2@demo.fr') LIMIT 1`,
      )
      .get() as { id: number; address: string };
    const base = { information: 'Fuite', realEstatId: mine.id, businessAreaId: 2, buildingIdList: [building.id] };
    const count = () => (db.prepare(`SELECT COUNT(*) AS n FROM intervention_requests WHERE contact_id = ?`).get(foreign.id) as { n: number }).n;
    const before = count();
    const refused = await api.call('POST', '/api/post_intervention_requests', { as: 'gestionnaire2@demo.fr', body: { ...base, contactId: foreign.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('009001');
    expect(JSON.stringify(refused.body)).not.toContain(foreign.address);
    expect(count()).toBe(before);
    const os = await api.call('POST', '/api/post_work_validation_requests', {
      as: 'gestionnaire2@demo.fr',
      body: { ...base, serviceProviderCompanyId: 4, typeId: 1, price: 100, contactId: foreign.id },
    });
    expect(os.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(os.body)).not.toContain(foreign.address);
    // Its own real estate's contact (what the form sends) is still accepted.
    const own = db.prepare(`SELECT main_contact_id AS id FROM real_estates WHERE id = ?`).get(mine.id) as { id: number };
    expect((await api.call('POST', '/api/post_intervention_requests', { as: 'gestionnaire2@demo.fr', body: { ...base, contactId: own.id } })).status).toBe(201);
  });

  it('2. an echopark request holds at most 20 photos (French refusal beyond) and its detail stays under a few MB', async () => {
    const requests = await api.call('GET', '/api/echopark/requests/1', { as: 'echopark@demo.fr' });
    const open = requests.body as { id: number }[];
    let id = 0;
    for (const r of open) {
      const d = await api.call('GET', `/api/echopark/requests/${r.id}/details`, { as: 'echopark@demo.fr' });
      const probe = multipart({ name: 'p.png', type: 'image/png', data: bigPng(1) }, {});
      if ((await api.call('POST', `/api/echopark/picture/${r.id}`, { as: 'echopark@demo.fr', body: probe.body, headers: probe.headers })).status === 201) {
        id = r.id;
        expect(d.status).toBe(200);
        break;
      }
    }
    expect(id).toBeGreaterThan(0);
    const held = () => (api.server.ctx.db.prepare(`SELECT COUNT(*) AS n FROM echopark_pictures WHERE request_id = ?`).get(id) as { n: number }).n;
    // 1 MB photos up to the cap, each different.
    for (let i = 2; held() < 20; i++) {
      const { body, headers } = multipart({ name: `p${i}.png`, type: 'image/png', data: bigPng(i) }, {});
      expect((await api.call('POST', `/api/echopark/picture/${id}`, { as: 'echopark@demo.fr', body, headers })).status).toBe(201);
    }
    const { body, headers } = multipart({ name: 'trop.png', type: 'image/png', data: bigPng(99) }, {});
    const refused = await api.call('POST', `/api/echopark/picture/${id}`, { as: 'echopark@demo.fr', body, headers });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('20 photos');
    expect(held()).toBe(20);
    const detail = await api.call('GET', `/api/echopark/requests/${id}/details`, { as: 'echopark@demo.fr' });
    expect(detail.status).toBe(200);
    expect(detail.raw.length).toBeLessThan(4_000_000);
    // Every photo is there: inline, or by reference to the media route, which serves it.
    const pictures = detail.body.pictures as { b64: string; mediaId: number }[];
    expect(pictures).toHaveLength(20);
    const byReference = pictures.filter((p) => p.b64 === '');
    expect(byReference.length).toBeGreaterThan(0);
    expect((await api.call('GET', `/api/media/${byReference[0]!.mediaId}`, { as: 'echopark@demo.fr' })).status).toBe(200);
  }, 60_000);

  it('3. visit data is bounded: copies per section, values per field, characters per value and in all, total size; a 20,000-field visit fits', async () => {
    const db = api.server.ctx.db;
    const visitId = (name: string) => (db.prepare(`SELECT id FROM visits WHERE name = ?`).get(name) as { id: number }).id;
    const I1 = 'inspecteur@demo.fr';
    const id = visitId('Contrôle sécurité incendie');
    expect((await api.call('POST', `/api/visit/state/start/${id}`, { as: I1 })).status).toBe(200);
    const data = (await api.call('GET', `/api/visit/forms-with-data/${id}`, { as: I1 })).body as VisitData;
    const save = (body: unknown, as = I1, visit = id) => api.call('POST', `/api/visit/state/save/${visit}`, { as, body });
    const form = Object.values(data)[1]!;
    const iterable = Object.values(form.sections).find((s) => s.is_iterable)!;
    const textField = (d: VisitData) =>
      Object.values(d)
        .flatMap((f) => flattenSections(f.sections))
        .flatMap((s) => Object.values(s.fields))
        .find((f) => f.field_type === 'text' || f.field_type === 'textarea')!;
    // 600 copies of one iterable section: refused, nothing stored.
    const copied = structuredClone(data);
    let n = 0;
    for (let i = 0; i < 600; i++) {
      const copy = duplicateSection(iterable, `Copie ${i}`, () => `c-${n++}`);
      Object.values(copied)[1]!.sections[copy.id] = copy;
    }
    const before = (db.prepare(`SELECT data FROM visit_data WHERE visit_id = ?`).get(id) as { data: string }).data;
    const tooMany = await save(copied);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('ne peut pas être copiée davantage');
    expect((db.prepare(`SELECT data FROM visit_data WHERE visit_id = ?`).get(id) as { data: string }).data).toBe(before);
    // Values per field, characters per value, characters in all.
    const answered = (values: string[]) => {
      const d = structuredClone(data);
      textField(d).field_value = values;
      return d;
    };
    expect((await save(answered(Array.from({ length: 51 }, () => 'x')))).body.message).toContain('plus de 50 valeurs');
    expect((await save(answered(['x'.repeat(5_001)]))).body.message).toContain('dépasse 5');
    expect((await save(answered(['x'.repeat(4_000), 'y'.repeat(4_000), 'z'.repeat(4_000)]))).body.message).toContain('au total');
    expect((await save(answered(['Conforme']))).status).toBe(200);

    // A 20,000-field visit (4,000 sections of 5 fields) with an answer and a comment everywhere fits.
    const I2 = 'inspecteur2@demo.fr';
    const bigId = visitId('Visite d’entrée du nouveau syndic');
    const big = buildBigVisit(`v${bigId}`, 4_000, 5);
    db.prepare(`UPDATE visit_data SET data = ? WHERE visit_id = ?`).run(JSON.stringify(big), bigId);
    expect((await api.call('POST', `/api/visit/state/start/${bigId}`, { as: I2 })).status).toBe(200);
    const fields = Object.values(big)
      .flatMap((f) => flattenSections(f.sections))
      .flatMap((s) => Object.values(s.fields));
    expect(fields.length).toBeGreaterThanOrEqual(20_000);
    for (const f of fields) f.comment = 'Vérifié, conforme, rien à signaler ce jour.';
    const fits = await save(big, I2, bigId);
    expect(fits.status).toBe(200);
    // Past the total size (long comments on 1,700 fields): a French 400 and the stored data unchanged.
    const stored = (db.prepare(`SELECT data FROM visit_data WHERE visit_id = ?`).get(bigId) as { data: string }).data;
    fields.slice(0, 1_700).forEach((f) => (f.comment = 'c'.repeat(5_000)));
    const tooBig = await save(big, I2, bigId);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toContain('Mo');
    expect((db.prepare(`SELECT data FROM visit_data WHERE visit_id = ?`).get(bigId) as { data: string }).data).toBe(stored);
  }, 60_000);

  it('8. messages are capped at 5,000 characters and threads are paged (page, itemsPerPage, order[date])', async () => {
    const db = api.server.ctx.db;
    const ir = db
      .prepare(
        `SELECT ir.id FROM intervention_requests ir JOIN user_real_estates ure ON ure.real_estate_id = ir.real_estate_id JOIN users u ON u.id = ure.user_id WHERE u.email = 'gestionnaire@demo.fr' LIMIT 1`,
      )
      .get() as { id: number };
    const post = (messageText: string) =>
      api.call('POST', '/api/intervention_request/messages/new_conversation', {
        as: 'gestionnaire@demo.fr',
        body: { interventionRequest: ir.id, messageText },
      });
    const long = await post('x'.repeat(5_001));
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('messageText');
    const already = (db.prepare(`SELECT COUNT(*) AS n FROM messages WHERE object_kind = 'intervention' AND object_id = ?`).get(ir.id) as { n: number }).n;
    for (let i = already; i < 260; i++) expect((await post(`Message ${i}`)).status).toBe(201);
    const url = `/api/intervention_request/messages?interventionRequest=${ir.id}`;
    const whole = await api.call('GET', url, { as: 'gestionnaire@demo.fr', ld: true });
    expect(whole.body['hydra:totalItems']).toBe(260);
    expect(whole.body['hydra:member']).toHaveLength(200);
    const page = await api.call('GET', `${url}&page=3&itemsPerPage=100`, { as: 'gestionnaire@demo.fr' });
    expect(page.body).toHaveLength(60);
    expect(page.body.at(-1).messageText).toBe('Message 259');
    const newest = await api.call('GET', `${url}&order[date]=desc&itemsPerPage=1`, { as: 'gestionnaire@demo.fr' });
    expect(newest.body.map((m: { messageText: string }) => m.messageText)).toEqual(['Message 259']);
  }, 60_000);

  it('8. a multipart replay with the same Idempotency-Key compares the file: the same file replays, another one is a 422 in French', async () => {
    const db = api.server.ctx.db;
    const ir = db
      .prepare(
        `SELECT ir.id FROM intervention_requests ir JOIN user_real_estates ure ON ure.real_estate_id = ir.real_estate_id JOIN users u ON u.id = ure.user_id WHERE u.email = 'gestionnaire@demo.fr' LIMIT 1`,
      )
      .get() as { id: number };
    const send = (seed: number) => {
      const { body, headers } = multipart({ name: 'preuve.png', type: 'image/png', data: bigPng(1000 + seed) }, {});
      return api.call('POST', `/api/intervention_requests/${ir.id}/medias`, {
        as: 'gestionnaire@demo.fr',
        body,
        headers: { ...headers, 'idempotency-key': 'photo-cle-unique' },
      });
    };
    const media = () => (db.prepare(`SELECT COUNT(*) AS n FROM intervention_media WHERE intervention_id = ?`).get(ir.id) as { n: number }).n;
    const first = await send(1);
    expect(first.status).toBe(201);
    const count = media();
    const again = await send(1);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const other = await send(2);
    expect(other.status).toBe(422);
    expect(other.body.message).toContain('Idempotency-Key');
    expect(media()).toBe(count);
  });

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

  it('4. TRUST_PROXY=1 trusts one hop: a spoofed leftmost X-Forwarded-For does not dodge the lock, nor do changing addresses', async () => {
    // Lower limits than the defaults (10 per address, 30 per account), same rules: the test stays short.
    const rule = (max: number) => ({ max, windowS: 900, lockS: 900 });
    const proxied = await startTestApi({
      trustProxy: 1,
      limits: { ...DEFAULT_LIMITS, login: rule(5), loginAccount: rule(12), loginSlowdown: { after: 5, stepMs: 1, maxMs: 2 } },
    });
    try {
      const login = (email: string, password: string, forwardedFor: string) =>
        proxied.server.app.inject({
          method: 'POST',
          url: '/api/authentication_token',
          remoteAddress: '10.0.0.9',
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { email, password },
        });
      // The proxy appends the real client (203.0.113.7); the client wrote the rest.
      for (let i = 0; i < 11; i++) expect([401, 429]).toContain((await login('gt@demo.fr', `faux-${i}`, `198.51.100.${i}, 203.0.113.7`)).statusCode);
      expect((await login('gt@demo.fr', DEMO_PASSWORD, '198.51.100.200, 203.0.113.7')).statusCode).toBe(429);
      // A client whose real address changes on every try meets the account's own cap.
      const statuses: number[] = [];
      for (let i = 0; i < 13; i++) statuses.push((await login('dt@demo.fr', `faux-${i}`, `203.0.113.${100 + i}`)).statusCode);
      expect(statuses.slice(0, 11).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(11)).toEqual([429, 429]);
      expect((await login('dt@demo.fr', DEMO_PASSWORD, '203.0.113.250')).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  }, 60_000);

  it('4. one shared address cannot lock everyone: past its limit wrong passwords get 429, a right one still signs in', async () => {
    const shared = await startTestApi({ limits: { ...DEFAULT_LIMITS, loginClient: { max: 20, windowS: 900, lockS: 900 } } });
    try {
      const login = (email: string, password: string) =>
        shared.server.app.inject({ method: 'POST', url: '/api/authentication_token', remoteAddress: '10.9.9.9', payload: { email, password } });
      for (let i = 0; i < 20; i++) await login(`inconnu${i}@exemple.fr`, 'mauvais');
      expect((await login('gl@demo.fr', 'mauvais')).statusCode).toBe(429);
      expect((await login('at@demo.fr', DEMO_PASSWORD)).statusCode).toBe(200);
    } finally {
      await shared.close();
    }
  }, 60_000);

  it('5. a password reset ends the access tokens issued before; so does a revoked family', async () => {
    const signIn = async (email: string) =>
      (await api.call('POST', '/api/authentication_token', { body: { email, password: DEMO_PASSWORD } })).body as { token: string; refresh_token: string };
    const me = (token: string) => api.server.app.inject({ method: 'GET', url: '/api/personal/data/0', headers: { authorization: `Bearer ${token}` } });
    // Reset: the old access token is refused at once.
    const email = 'gl@demo.fr';
    const before = await signIn(email);
    expect((await me(before.token)).statusCode).toBe(200);
    expect((await api.call('POST', '/api/forgotten_passwords/', { body: { email } })).status).toBe(200);
    const code = /(\d{6})$/.exec(api.server.logLines.findLast((l) => l.includes(email))!)![1]!;
    const changed = await api.call('POST', '/api/forgotten_passwords/change', { body: { email, code, password: 'NouveauMotDePasse1' } });
    expect(changed.status).toBeLessThan(300);
    expect((await me(before.token)).statusCode).toBe(401);
    // Revoked family: a refresh token used twice (outside the grace window) ends the access tokens of its sign-in.
    const session = await signIn('at@demo.fr');
    const rotated = await api.call('POST', '/api/token/refresh', { body: { refresh_token: session.refresh_token } });
    expect(rotated.status).toBe(200);
    const other = await signIn('at@demo.fr');
    api.server.ctx.db.prepare(`UPDATE refresh_tokens SET used_at = used_at - 60`).run();
    forgetRecentRefreshes();
    expect((await api.call('POST', '/api/token/refresh', { body: { refresh_token: session.refresh_token } })).status).toBe(401);
    expect((await me(rotated.body.token)).statusCode).toBe(401);
    expect((await me(session.token)).statusCode).toBe(401);
    // Another sign-in of the same user is not touched.
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it('5. two tabs refreshing with the same token at the same moment get the same new pair, and the session goes on', async () => {
    const session = (await api.call('POST', '/api/authentication_token', { body: { email: 'dp@demo.fr', password: DEMO_PASSWORD } })).body as {
      refresh_token: string;
    };
    const refresh = () => api.call('POST', '/api/token/refresh', { body: { refresh_token: session.refresh_token } });
    const [a, b] = await Promise.all([refresh(), refresh()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    // The family is alive: the new refresh token still rotates.
    expect((await api.call('POST', '/api/token/refresh', { body: { refresh_token: a.body.refresh_token } })).status).toBe(200);
  });

  it('5. POST api/token/logout ends the refresh token and the access tokens of that sign-in (204, also for an unknown token)', async () => {
    const session = (await api.call('POST', '/api/authentication_token', { body: { email: 'prestataire2@demo.fr', password: DEMO_PASSWORD } })).body as {
      token: string;
      refresh_token: string;
    };
    const out = await api.call('POST', '/api/token/logout', { body: { refresh_token: session.refresh_token } });
    expect(out.status).toBe(204);
    expect((await api.call('POST', '/api/token/refresh', { body: { refresh_token: session.refresh_token } })).status).toBe(401);
    const me = await api.server.app.inject({ method: 'GET', url: '/api/personal/data/0', headers: { authorization: `Bearer ${session.token}` } });
    expect(me.statusCode).toBe(401);
    expect((await api.call('POST', '/api/token/logout', { body: { refresh_token: 'inconnu' } })).status).toBe(204);
  });

  it('6. a stranger knowing only the e-mail cannot kill or lock the code its owner asked for; the stranger is locked per (e-mail, address) first', async () => {
    const email = 'gestionnaire2@demo.fr';
    const owner = '192.0.2.10';
    const check = (code: string, remoteAddress: string) =>
      api.server.app.inject({ method: 'GET', url: `/api/forgotten_passwords/check?email=${email}&code=${code}`, remoteAddress });
    expect((await api.server.app.inject({ method: 'POST', url: '/api/forgotten_passwords/', payload: { email }, remoteAddress: owner })).statusCode).toBe(200);
    const code = /(\d{6})$/.exec(api.server.logLines.findLast((l) => l.includes(email))!)![1]!;
    const wrongCode = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    // One stranger's address: locked after 5 wrong codes, before the e-mail's own lock.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await check(wrongCode(i), '198.51.100.1')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
    // Strangers from many addresses: the e-mail is locked for them, the code lives on.
    for (let i = 0; i < 12; i++) await check(wrongCode(i), `198.51.100.${20 + i}`);
    expect((await check(code, '198.51.100.99')).statusCode).toBe(429);
    // The owner's fresh, right code still passes, and the password can be changed with it.
    expect((await check(code, owner)).statusCode).toBe(200);
  });

  it('7. the CSP connects only to the app itself, the API’s origins and the tile server', async () => {
    const csp = async (server: TestApi) =>
      String((await server.server.app.inject({ method: 'GET', url: '/api/versions/0' })).headers['content-security-policy'])
        .split('; ')
        .find((d) => d.startsWith('connect-src'));
    expect(await csp(api)).toBe("connect-src 'self' https://*.tile.openstreetmap.org");
    const elsewhere = await startTestApi({
      corsOrigins: ['https://app.example.fr'],
      apiBase: 'https://api.example.fr/v1/',
      mapTiles: 'https://tuiles.example.org/{z}/{x}/{y}.png',
    });
    try {
      expect(await csp(elsewhere)).toBe("connect-src 'self' https://app.example.fr https://api.example.fr https://tuiles.example.org");
    } finally {
      await elsewhere.close();
    }
  });

  it('2. the admin clean-up brings a request filled before the cap back to 20 photos, keeping those its form names', async () => {
    const db = api.server.ctx.db;
    const request = db.prepare(`SELECT id FROM echopark_requests ORDER BY id DESC LIMIT 1`).get() as { id: number };
    const media = db.prepare(`SELECT id FROM media LIMIT 1`).get() as { id: number };
    db.prepare(`DELETE FROM echopark_pictures WHERE request_id = ?`).run(request.id);
    const add = db.prepare(`INSERT INTO echopark_pictures (request_id, media_id, created_at) VALUES (?, ?, ?)`);
    const ids = Array.from({ length: 30 }, () => Number(add.run(request.id, media.id, new Date().toISOString()).lastInsertRowid));
    const step = (db.prepare(`SELECT step_id FROM echopark_requests WHERE id = ?`).get(request.id) as { step_id: number }).step_id;
    const field = (db.prepare(`SELECT id FROM echopark_fields WHERE type = 'upload' LIMIT 1`).get() as { id: number } | undefined)?.id;
    if (field !== undefined)
      db.prepare(`INSERT OR REPLACE INTO echopark_form_answers (request_id, step_id, field_id, value) VALUES (?, ?, ?, ?)`).run(
        request.id,
        step,
        field,
        JSON.stringify(ids[29]),
      );
    expect(pruneEchoparkPhotos(api.server.ctx)).toMatchObject({ pictures: 10 });
    const left = (db.prepare(`SELECT id FROM echopark_pictures WHERE request_id = ? ORDER BY id`).all(request.id) as { id: number }[]).map((r) => r.id);
    expect(left).toHaveLength(20);
    if (field !== undefined) expect(left).toContain(ids[29]);
    // The media is still used by others: kept.
    expect(db.prepare(`SELECT 1 AS x FROM media WHERE id = ?`).get(media.id)).toEqual({ x: 1 });
  });
});
