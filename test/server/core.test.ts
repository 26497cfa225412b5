/** Contract tests of the core module: session, account, version, contact, reference data, errors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { forgetRecentRefreshes } from '../../server/http/auth';
import { holdClockAtSecondStart, holdClockPastTokenExpiry, releaseClock } from '../token-clock';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ minVersionToUse: '1.0.3' });
});
afterAll(() => api.close());

describe('authentication', () => {
  it('signs in with email or username and refuses a wrong password', async () => {
    const ok = await api.call('POST', '/api/authentication_token', { body: { email: 'gestionnaire@demo.fr', password: 'demo1234' } });
    expect(ok.status).toBe(200);
    expect(typeof ok.body.token).toBe('string');
    expect(typeof ok.body.refresh_token).toBe('string');
    const alias = await api.call('POST', '/api/authentication_token', { body: { username: 'prestataire@demo.fr', password: 'demo1234' } });
    expect(alias.status).toBe(200);
    const bad = await api.call('POST', '/api/authentication_token', { body: { email: 'gestionnaire@demo.fr', password: 'nope' } });
    expect(bad.status).toBe(401);
  });

  it('refuses calls without a token and with a forged token', async () => {
    expect((await api.call('GET', '/api/personal/data/0')).status).toBe(401);
    const forged = await api.call('GET', '/api/personal/data/0', { headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(forged.status).toBe(401);
  });

  it('rotates refresh tokens: each one works once', async () => {
    const login = await api.call('POST', '/api/authentication_token', { body: { email: 'gt@demo.fr', password: 'demo1234' } });
    const first = await api.call('POST', '/api/token/refresh', { body: { refresh_token: login.body.refresh_token } });
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(login.body.refresh_token);
    // Within the grace window the same pair comes back (two tabs); after it, the used token is refused.
    const concurrent = await api.call('POST', '/api/token/refresh', { body: { refresh_token: login.body.refresh_token } });
    expect(concurrent.body).toEqual(first.body);
    forgetRecentRefreshes();
    const replay = await api.call('POST', '/api/token/refresh', { body: { refresh_token: login.body.refresh_token } });
    expect(replay.status).toBe(401);
    // The reuse revoked the sign-in: its access tokens end with it.
    const me = await api.call('GET', '/api/personal/data/0', { headers: { authorization: `Bearer ${first.body.token}` } });
    expect(me.status).toBe(401);
  });

  it('expires access tokens after the configured lifetime', async () => {
    const shortLived = await startTestApi({ tokenTtl: 1 });
    try {
      // Issued just after a whole second: the token lives its whole second, not what was left of it.
      holdClockAtSecondStart();
      const login = await shortLived.call('POST', '/api/authentication_token', { body: { email: 'gestionnaire@demo.fr', password: 'demo1234' } });
      const auth = { authorization: `Bearer ${login.body.token}` };
      expect((await shortLived.call('GET', '/api/personal/data/0', { headers: auth })).status).toBe(200);
      holdClockPastTokenExpiry(1);
      expect((await shortLived.call('GET', '/api/personal/data/0', { headers: auth })).status).toBe(401);
      const refreshed = await shortLived.call('POST', '/api/token/refresh', { body: { refresh_token: login.body.refresh_token } });
      expect((await shortLived.call('GET', '/api/personal/data/0', { headers: { authorization: `Bearer ${refreshed.body.token}` } })).status).toBe(200);
    } finally {
      releaseClock();
      await shortLived.close();
    }
  });
});

describe('forgotten password', () => {
  it('changes the password with the code from the log', async () => {
    const email = 'inspecteur2@demo.fr';
    expect((await api.call('POST', '/api/forgotten_passwords/', { body: { email: 'pas-un-mail' } })).status).toBe(400);
    expect((await api.call('POST', '/api/forgotten_passwords/', { body: { email } })).status).toBe(200);
    const line = api.server.logLines.findLast((l) => l.includes(email))!;
    const code = /(\d{6})$/.exec(line)![1]!;
    const wrong = await api.call('GET', `/api/forgotten_passwords/check?email=${email}&code=000000`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('100001');
    expect((await api.call('GET', `/api/forgotten_passwords/check?email=${email}&code=${code}`)).status).toBe(200);
    expect((await api.call('POST', '/api/forgotten_passwords/change', { body: { email, code, password: 'nouveau-mdp' } })).status).toBe(200);
    const login = await api.call('POST', '/api/authentication_token', { body: { email, password: 'nouveau-mdp' } });
    expect(login.status).toBe(200);
    // The code is single use.
    expect((await api.call('POST', '/api/forgotten_passwords/change', { body: { email, code, password: 'autre-mdp-12' } })).status).toBe(400);
  });
});

describe('account and version', () => {
  it('answers the configured minimum version without a token', async () => {
    const res = await api.call('GET', '/api/versions/0');
    expect(res.body).toEqual({ minVersionToUse: '1.0.3' });
  });

  it('edits the own account, keeps the e-mail read-only, refuses others', async () => {
    const me = (await api.call('GET', '/api/personal/data/0', { as: 'prestataire@demo.fr' })).body;
    const ok = await api.call('PUT', `/api/users/${me.id}`, {
      as: 'prestataire@demo.fr',
      body: { id: me.id, firstname: 'Karim', lastname: 'Benali', email: me.email, gsm: '0700000000' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.gsm).toBe('0700000000');
    const letters = await api.call('PUT', `/api/users/${me.id}`, { as: 'prestataire@demo.fr', body: { gsm: '07-abc' } });
    expect(letters.status).toBe(400);
    const email = await api.call('PUT', `/api/users/${me.id}`, { as: 'prestataire@demo.fr', body: { email: 'autre@demo.fr' } });
    expect(email.status).toBe(400);
    const other = await api.call('PUT', `/api/users/${me.id}`, { as: 'gestionnaire@demo.fr', body: { firstname: 'Pirate' } });
    expect(other.body.code).toBe('001001');
  });

  it('accepts a complete contact form without a token and refuses an incomplete one', async () => {
    const body = {
      firstname: 'Ana',
      lastname: 'Lopez',
      email: 'ana@exemple.fr',
      gsm: '0611223344',
      company: 'SCI Lopez',
      real_estate: 'Résidence du Lac',
      message: '',
    };
    expect((await api.call('POST', '/api/contact_forms', { body })).status).toBe(201);
    expect((await api.call('POST', '/api/contact_forms', { body: { ...body, company: ' ' } })).status).toBe(400);
    expect((await api.call('POST', '/api/contact_forms', { body: { ...body, gsm: '06 11' } })).status).toBe(400);
  });
});

describe('reference data', () => {
  it('lists managed real estates as an array or a Hydra collection', async () => {
    const plain = await api.call('GET', '/api/real_estates', { as: 'gestionnaire@demo.fr' });
    expect(Array.isArray(plain.body)).toBe(true);
    expect(plain.body.length).toBeGreaterThanOrEqual(6);
    const hydra = await api.call('GET', '/api/real_estates', { as: 'gestionnaire@demo.fr', ld: true });
    expect(hydra.body['hydra:totalItems']).toBe(plain.body.length);
    expect(hydra.body['hydra:member'][0].mainContact.city).toBeTruthy();
  });

  it("never shows another owner's real estate or its buildings", async () => {
    const mine = (await api.call('GET', '/api/real_estates', { as: 'gestionnaire2@demo.fr' })).body as { id: number }[];
    const theirs = (await api.call('GET', '/api/real_estates', { as: 'gestionnaire@demo.fr' })).body as { id: number }[];
    const foreign = theirs[0]!.id;
    expect(mine.map((r) => r.id)).not.toContain(foreign);
    const detail = await api.call('GET', `/api/real_estates/${foreign}`, { as: 'gestionnaire2@demo.fr' });
    expect(detail.body.code).toBe('002001');
    const buildings = await api.call('GET', `/api/buildings?realEstate=${foreign}&itemsPerPage=1000`, { as: 'gestionnaire2@demo.fr' });
    expect(buildings.body.code).toBe('002001');
  });

  it('gives building trees with their ancestors', async () => {
    const re = (await api.call('GET', '/api/real_estates', { as: 'gestionnaire@demo.fr' })).body[0];
    const buildings = (await api.call('GET', `/api/buildings?realEstate=${re.id}&itemsPerPage=1000`, { as: 'gestionnaire@demo.fr' })).body as {
      id: number;
      parentBuildingId: number[];
    }[];
    expect(buildings.some((b) => b.parentBuildingId.length >= 2)).toBe(true);
    const ids = new Set(buildings.map((b) => b.id));
    for (const b of buildings) for (const p of b.parentBuildingId) expect(ids.has(p)).toBe(true);
  });

  it('serves business areas as a tree, filterable by name', async () => {
    const all = (await api.call('GET', '/api/business_areas', { as: 'gestionnaire@demo.fr' })).body as { name: string; parent: unknown }[];
    expect(all.filter((a) => a.parent === null).map((a) => a.name)).toEqual(
      expect.arrayContaining(['Plomberie', 'Électricité', 'CVC', 'Ascenseurs', 'Sécurité incendie']),
    );
    const filtered = (await api.call('GET', '/api/business_areas?name=Chauff', { as: 'gestionnaire@demo.fr' })).body as { name: string }[];
    expect(filtered.map((a) => a.name)).toEqual(['Chauffe-eau', 'Chauffage']);
  });

  it('creates generic requests as JSON-LD and keeps them private', async () => {
    const created = await api.call('POST', '/api/requests', {
      as: 'gestionnaire@demo.fr',
      body: { requestType: '/api/request_types/1', information: 'Badge perdu' },
    });
    expect(created.status).toBe(201);
    expect(created.body['@id']).toBe(`/api/requests/${created.body.id}`);
    expect((await api.call('GET', `/api/requests/${created.body.id}`, { as: 'gestionnaire@demo.fr' })).status).toBe(200);
    expect((await api.call('GET', `/api/requests/${created.body.id}`, { as: 'gestionnaire2@demo.fr' })).status).toBe(404);
  });

  it('answers unknown API routes with a JSON 404 and bad bodies with a French 400', async () => {
    const missing = await api.call('GET', '/api/nothing-here', { as: 'gestionnaire@demo.fr' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/Route introuvable/);
    const bad = await api.call('POST', '/api/authentication_token', { body: { email: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Requête invalide/);
  });
});
