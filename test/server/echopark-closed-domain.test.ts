/**
 * A domain closed for new requests (issue 19): the refusal the real backend
 * words as a 2xx answer carrying only data.reason (spec part 2 §2.1, §7:
 * "The save answer gives data.id or data.reason"). The demo world closes
 * 'Espaces verts › Tonte' in the Lyon community, so echopark@demo.fr meets it
 * from the tunnel; the same domain stays open in Grand Ouest, and a closed
 * parent closes its sub-domains.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { ECHOPARK_REASONS, flattenProperties, type EchoparkCreationData } from '../../sync/contract/echopark';

const ECHO = 'echopark@demo.fr';
/** admin@demo.fr's current community is Grand Ouest. */
const ADMIN = 'admin@demo.fr';
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const db = () => api.server.ctx.db;
const requestCount = () => (db().prepare(`SELECT COUNT(*) AS n FROM echopark_requests`).get() as { n: number }).n;
const historyCount = () => (db().prepare(`SELECT COUNT(*) AS n FROM echopark_messages`).get() as { n: number }).n;

/** A creation payload of the user's current community for a type and domain named as the tunnel shows them. */
async function payloadFor(as: string, typeName: string, domainName: string, message: string) {
  const data = (await api.call('GET', '/api/echopark/requests-map', { as })).body as EchoparkCreationData;
  const [typeId, type] = Object.entries(data.requests).find(([, t]) => t.name === typeName)!;
  const domain = type.domains.find((d) => d.name === domainName)!;
  const building = flattenProperties(data.realEstates).find((p) => p.level === 3)!;
  return { requestTypeId: Number(typeId), realEstate: building.id, domainTreeId: domain.arboid, message };
}

describe('a domain closed for new requests', () => {
  it('is still offered in the creation data, and creating there is answered 200 with data.reason and no id; nothing is created', async () => {
    const payload = await payloadFor(ECHO, 'Espaces verts', 'Tonte', 'Pelouse du parc à tondre');
    const [requests, history] = [requestCount(), historyCount()];
    const res = await api.call('POST', '/api/echopark/requests/', { as: ECHO, body: payload });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { reason: 'echoparkDomainClosed' } });
    expect(ECHOPARK_REASONS.echoparkDomainClosed).toMatch(/n'accepte plus de nouvelles demandes/);
    expect(requestCount()).toBe(requests);
    expect(historyCount()).toBe(history);
    // A replay of the same Idempotency-Key gives the same refusal, never a request.
    const headers = { 'idempotency-key': 'closed-domain-1' };
    const first = await api.call('POST', '/api/echopark/requests/', { as: ECHO, body: payload, headers });
    const replay = await api.call('POST', '/api/echopark/requests/', { as: ECHO, body: payload, headers });
    expect([first.body, replay.body]).toEqual([{ data: { reason: 'echoparkDomainClosed' } }, { data: { reason: 'echoparkDomainClosed' } }]);
    expect(requestCount()).toBe(requests);
  });

  it('is closed for one community only: the same domain takes requests in Grand Ouest', async () => {
    const res = await api.call('POST', '/api/echopark/requests/', { as: ADMIN, body: await payloadFor(ADMIN, 'Espaces verts', 'Tonte', 'Tonte à Nantes') });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { id: expect.any(Number) } });
  });

  it('closes the sub-domains of a closed domain; malformed requests stay 400 refusals', async () => {
    const payload = await payloadFor(ECHO, 'Propreté', 'Encombrants', 'Un matelas devant le local poubelles');
    const community = (await api.call('GET', '/api/echopark/user/me/part', { as: ECHO })).body.current.id as number;
    const parent = db().prepare(`SELECT parent_id FROM echopark_domain_tree WHERE id = ?`).get(payload.domainTreeId) as { parent_id: number };
    db().prepare(`INSERT INTO echopark_domain_closures (community_id, domain_tree_id) VALUES (?, ?)`).run(community, parent.parent_id);
    try {
      const res = await api.call('POST', '/api/echopark/requests/', { as: ECHO, body: payload });
      expect([res.status, res.body]).toEqual([200, { data: { reason: 'echoparkDomainClosed' } }]);
      const malformed = await api.call('POST', '/api/echopark/requests/', { as: ECHO, body: { ...payload, message: ' ' } });
      expect([malformed.status, malformed.body.data]).toEqual([400, { reason: 'echoparkMessageRequired' }]);
    } finally {
      db().prepare(`DELETE FROM echopark_domain_closures WHERE community_id = ? AND domain_tree_id = ?`).run(community, parent.parent_id);
    }
    expect((await api.call('POST', '/api/echopark/requests/', { as: ECHO, body: payload })).status).toBe(201);
  });
});
