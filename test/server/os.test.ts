/**
 * Contract of the OS calls the client makes: list (paging, order, place
 * filters, both collection formats), search, detail shape, creation and
 * modification with their validation, and the messages of an OS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { sqlOf } from '../sql';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const db = () => api.server.ctx.db;
const { one, count } = sqlOf(db);
const LIST = '/api/work_validation_requests/list/undetailed';
const CREATE = '/api/post_work_validation_requests';

function payload(price: number | string | null) {
  const estate = db()
    .prepare(
      `SELECT re.id, re.main_contact_id AS contact, b.id AS building FROM real_estates re JOIN buildings b ON b.real_estate_id = re.id WHERE re.name = 'Immeuble Le Confluent' LIMIT 1`,
    )
    .get() as { id: number; contact: number; building: number };
  return {
    information: '  Remplacement des menuiseries du hall  ',
    realEstatId: estate.id,
    businessAreaId: one(`SELECT id FROM business_areas WHERE parent_id IS NOT NULL LIMIT 1`),
    buildingIdList: [estate.building],
    contactId: estate.contact,
    serviceProviderCompanyId: one(`SELECT id FROM companies WHERE kind = 'provider' LIMIT 1`),
    typeId: one(`SELECT id FROM request_types LIMIT 1`),
    price,
  };
}

describe('list and search', () => {
  it('pages the list by 10, newest first, plain JSON or Hydra', async () => {
    const plain = await api.call('GET', `${LIST}?page=1&order[id]=desc`, { as: 'gt@demo.fr' });
    expect(plain.status).toBe(200);
    expect(plain.body).toHaveLength(10);
    const ids = plain.body.map((o: { id: number }) => o.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const page2 = await api.call('GET', `${LIST}?itemsPerPage=10&page=2&order[id]=desc`, { as: 'gt@demo.fr' });
    expect(page2.body[0].id).toBeLessThan(ids.at(-1));
    const ld = await api.call('GET', `${LIST}?itemsPerPage=10&page=1`, { as: 'gt@demo.fr', ld: true });
    expect(ld.body['hydra:totalItems']).toBe(count(`SELECT COUNT(*) AS n FROM work_validation_requests`));
    expect(ld.body['hydra:member'].map((o: { id: number }) => o.id)).toEqual(ids);
    const asc = await api.call('GET', `${LIST}?itemsPerPage=3&order[id]=asc`, { as: 'gt@demo.fr' });
    expect(asc.body.map((o: { id: number }) => o.id)).toEqual(
      [1, 2, 3].map((k) => one(`SELECT id FROM work_validation_requests ORDER BY id LIMIT 1 OFFSET ?`, k - 1)),
    );
  });

  it('filters by place[] (and the spec alias places / numberPerPage)', async () => {
    const both = await api.call('GET', `${LIST}?itemsPerPage=100&place[]=n1_signature&place[]=n2_signature`, { as: 'gt@demo.fr' });
    expect(both.body.length).toBe(count(`SELECT COUNT(*) AS n FROM work_validation_requests WHERE place IN ('n1_signature', 'n2_signature')`));
    expect(new Set(both.body.map((o: { place: string }) => o.place))).toEqual(new Set(['n1_signature', 'n2_signature']));
    const alias = await api.call('GET', `${LIST}?numberPerPage=2&places[]=closed`, { as: 'gt@demo.fr' });
    expect(alias.body).toHaveLength(2);
    expect(alias.body.every((o: { place: string }) => o.place === 'closed')).toBe(true);
    expect((await api.call('GET', `${LIST}?place[]=nowhere`, { as: 'gt@demo.fr' })).body).toEqual([]);
    expect((await api.call('GET', `${LIST}?itemsPerPage=0`, { as: 'gt@demo.fr' })).status).toBe(400);
  });

  it('searches by realEstate (id or IRI), requestedBy and place', async () => {
    const estate = one(`SELECT real_estate_id AS id FROM work_validation_requests LIMIT 1`);
    const byEstate = await api.call('GET', `/api/work_validation_requests?realEstate=/api/real_estates/${estate}&itemsPerPage=100`, { as: 'dt@demo.fr' });
    expect(byEstate.body.length).toBe(count(`SELECT COUNT(*) AS n FROM work_validation_requests WHERE real_estate_id = ?`, estate));
    const gestionnaire = one(`SELECT id FROM users WHERE email = 'gestionnaire@demo.fr'`);
    const mine = await api.call('GET', `/api/work_validation_requests?requestedBy=${gestionnaire}&place=request_init`, {
      as: 'gestionnaire@demo.fr',
      ld: true,
    });
    expect(mine.body['hydra:totalItems']).toBe(
      count(`SELECT COUNT(*) AS n FROM work_validation_requests WHERE requested_by = ? AND place = 'request_init'`, gestionnaire),
    );
    expect((await api.call('GET', `/api/work_validation_requests?realEstate=abc`, { as: 'dt@demo.fr' })).status).toBe(400);
  });
});

describe('detail', () => {
  it('answers the entity of spec §3 with every field', async () => {
    const id = one(`SELECT w.id FROM work_validation_requests w JOIN work_validation_media m ON m.request_id = w.id LIMIT 1`);
    const res = await api.call('GET', `/api/work_validation_requests/${id}`, { as: 'at@demo.fr' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      number: expect.stringMatching(/^OS-\d{4}-\d{5}$/),
      place: expect.any(String),
      price: expect.any(Number),
      information: expect.any(String),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      realEstate: { id: expect.any(Number), name: expect.any(String) },
      businessArea: { name: expect.any(String) },
      requestType: { name: expect.any(String) },
      serviceProviderCompany: { name: expect.any(String) },
      ownerCompany: { name: expect.any(String) },
      contact: { address: expect.any(String), postalCode: expect.stringMatching(/^\d{5}$/), city: expect.any(String) },
      requestedBy: { firstName: expect.any(String), lastName: expect.any(String), gsm: expect.any(String), company: { name: expect.any(String) } },
    });
    expect('additionalAddress' in res.body.contact).toBe(true);
    expect(res.body.buildings[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
    expect(res.body.medias[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      type: 'image/png',
      md5: expect.stringMatching(/^[a-f0-9]{32}$/),
      date: expect.any(String),
    });
  });

  it('answers 404 with 006002 for an unknown OS', async () => {
    const res = await api.call('GET', '/api/work_validation_requests/987654', { as: 'gt@demo.fr' });
    expect([res.status, res.body.code]).toEqual([404, '006002']);
  });
});

describe('creation and modification', () => {
  it('creates in request_init with a number, trimmed information and an automatic message', async () => {
    const res = await api.call('POST', CREATE, {
      as: 'gt@demo.fr',
      body: { ...payload('1250.50'), contactId: null, realEstatId: `/api/real_estates/${payload(1).realEstatId}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      place: 'request_init',
      price: 1250.5,
      information: 'Remplacement des menuiseries du hall',
      realEstate: { name: 'Immeuble Le Confluent' },
      medias: [],
    });
    expect(res.body.number).toBe(`OS-${res.body.createdAt.slice(0, 4)}-${String(res.body.id).padStart(5, '0')}`);
    expect(res.body.buildings).toHaveLength(1);
    expect(res.body.contact).not.toBeNull();
    const messages = (await api.call('GET', `/api/work_validation_request/message_firm?workValidationRequest=${res.body.id}`, { as: 'gt@demo.fr' })).body;
    expect(messages).toEqual([
      {
        id: expect.any(Number),
        messageText: 'Demande de validation de travaux créée.',
        date: expect.any(String),
        sendBy: { id: 0, firstName: expect.any(String), lastName: '' },
      },
    ]);
  });

  it.each([
    ['zero', 0],
    ['negative', -5],
    ['not a number', 'beaucoup'],
  ])('refuses a %s price with the French "Obligatoire" message', async (_, price) => {
    const res = await api.call('POST', CREATE, { as: 'gt@demo.fr', body: payload(price) });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Obligatoire/);
  });

  it('validates the references with the spec codes', async () => {
    const post = async (changes: object, as = 'gt@demo.fr') => (await api.call('POST', CREATE, { as, body: { ...payload(100), ...changes } })).body;
    const otherEstate = one(`SELECT id FROM real_estates WHERE name = 'Immeuble Haussmann 112'`);
    const otherBuilding = one(`SELECT id FROM buildings WHERE real_estate_id = ?`, otherEstate);
    expect((await post({ realEstatId: 999_999 })).code).toBe('002001');
    expect((await post({ realEstatId: otherEstate, buildingIdList: [] }, 'gestionnaire@demo.fr')).code).toBe('002001');
    expect((await post({ buildingIdList: [999_999] })).code).toBe('003002');
    expect((await post({ buildingIdList: [otherBuilding] })).code).toBe('003001');
    expect((await post({ contactId: 999_999 })).code).toBe('009001');
    expect((await post({ serviceProviderCompanyId: 999_999 })).message).toBe("Ce prestataire n'existe pas.");
    expect((await post({ serviceProviderCompanyId: one(`SELECT id FROM companies WHERE kind = 'owner' LIMIT 1`) })).message).toBe(
      "Ce prestataire n'existe pas.",
    );
    expect((await post({ typeId: 999_999 })).message).toBe("Ce type de demande n'existe pas.");
    expect((await post({ businessAreaId: 999_999 })).message).toBe("Ce corps d'état n'existe pas.");
    // Without a type (or a price) it is a draft, kept in start until completed.
    const { typeId: _, ...withoutType } = payload(100);
    expect((await api.call('POST', CREATE, { as: 'gt@demo.fr', body: withoutType })).body.place).toBe('start');
    expect((await api.call('POST', CREATE, { as: 'gt@demo.fr', body: payload(null) })).body.place).toBe('start');
  });

  it('lets only GT, the owner admin and the admin create', async () => {
    for (const as of ['gl@demo.fr', 'at@demo.fr', 'dp@demo.fr', 'dt@demo.fr', 'prestataire@demo.fr', 'gestionnaire2@demo.fr']) {
      expect((await api.call('POST', CREATE, { as, body: payload(100) })).body.code, as).toBe('010004');
    }
    for (const as of ['gestionnaire@demo.fr', 'admin@demo.fr']) expect((await api.call('POST', CREATE, { as, body: payload(100) })).status, as).toBe(201);
  });

  it('modifies with the same payload plus id, and refuses a mismatched id', async () => {
    const id = (await api.call('POST', CREATE, { as: 'gt@demo.fr', body: payload(700) })).body.id as number;
    const buildings = (db().prepare(`SELECT id FROM buildings WHERE real_estate_id = ? LIMIT 2`).all(payload(1).realEstatId) as { id: number }[]).map(
      (b) => b.id,
    );
    const edited = await api.call('PUT', `/api/post_work_validation_requests/${id}`, {
      as: 'gt@demo.fr',
      body: { ...payload(12_000), buildingIdList: buildings, information: 'Devis révisé', id },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, price: 12_000, information: 'Devis révisé', place: 'request_init' });
    expect(edited.body.buildings.map((b: { id: number }) => b.id).sort()).toEqual([...buildings].sort());
    expect((await api.call('PUT', `/api/post_work_validation_requests/${id}`, { as: 'gt@demo.fr', body: { ...payload(800), id: id + 1 } })).status).toBe(400);
    expect((await api.call('PUT', '/api/post_work_validation_requests/999999', { as: 'gt@demo.fr', body: payload(800) })).body.code).toBe('006002');
  });
});

describe('drafts (spec part 1 §2, §5: a draft posts once a property is chosen)', () => {
  const step = (id: number, stepCode: string) =>
    api.call('PUT', '/api/firm/workflows/go_to_step', { as: 'gt@demo.fr', body: { stepCode, workflowCode: 'work_validation_requests', objectId: id } });

  it('keeps a draft with only its property in start, completes it by PUT, and lets it become a request only once complete', async () => {
    const full = payload(2_400);
    const posted = await api.call('POST', CREATE, { as: 'gt@demo.fr', body: { realEstatId: full.realEstatId } });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ place: 'start', price: null, businessArea: null, requestType: null, serviceProviderCompany: null, information: '' });
    const id = posted.body.id as number;
    // Not yet a request: the step out of the draft says what is missing, in French.
    const early = await step(id, 'request_init');
    expect(early.status).toBe(400);
    expect(early.body.message).toContain('prestataire');
    // Completed in two saves, still a draft after each.
    const half = await api.call('PUT', `${CREATE}/${id}`, { as: 'gt@demo.fr', body: { ...full, typeId: null, price: null, id } });
    expect(half.body).toMatchObject({ place: 'start', price: null, requestType: null, information: 'Remplacement des menuiseries du hall' });
    const done = await api.call('PUT', `${CREATE}/${id}`, { as: 'gt@demo.fr', body: { ...full, id } });
    expect(done.body).toMatchObject({ place: 'start', price: 2_400 });
    expect((await step(id, 'request_init')).body.place).toBe('request_init');
    // A request no longer takes a partial body.
    const partial = await api.call('PUT', `${CREATE}/${id}`, { as: 'gt@demo.fr', body: { ...full, price: null, id } });
    expect(partial.status).toBe(400);
    expect(partial.body.message).toContain('obligatoires');
  });

  it('refuses a draft without a property, and still checks every reference a draft gives', async () => {
    const full = payload(100);
    expect((await api.call('POST', CREATE, { as: 'gt@demo.fr', body: { information: 'x' } })).status).toBe(400);
    expect((await api.call('POST', CREATE, { as: 'gt@demo.fr', body: { realEstatId: full.realEstatId, typeId: 999_999 } })).status).toBeGreaterThanOrEqual(400);
    expect((await api.call('POST', CREATE, { as: 'gt@demo.fr', body: { realEstatId: full.realEstatId, price: 0 } })).status).toBe(400);
  });

  it('a complete payload is created in request_init as before', async () => {
    expect((await api.call('POST', CREATE, { as: 'gt@demo.fr', body: payload(300) })).body.place).toBe('request_init');
  });
});

describe('messages', () => {
  it('lists the thread in date order, posts with the IRI and marks it read', async () => {
    const id = one(`SELECT object_id AS id FROM messages WHERE object_kind = 'os' GROUP BY object_id HAVING COUNT(*) >= 4 LIMIT 1`);
    const url = `/api/work_validation_request/message_firm?workValidationRequest=${id}&order[date]=asc`;
    const thread = (await api.call('GET', url, { as: 'gl@demo.fr' })).body as { id: number; date: string; sendBy: { id: number } }[];
    expect(thread.length).toBeGreaterThanOrEqual(4);
    expect(thread.map((m) => m.date)).toEqual(thread.map((m) => m.date).sort());
    expect(thread.some((m) => m.sendBy.id === 0) && thread.some((m) => m.sendBy.id > 0)).toBe(true);
    const gl = one(`SELECT id FROM users WHERE email = 'gl@demo.fr'`);
    expect(one(`SELECT last_read_id AS id FROM message_reads WHERE user_id = ? AND object_kind = 'os' AND object_id = ?`, gl, id)).toBe(
      Math.max(...thread.map((m) => m.id)),
    );
    const desc = (await api.call('GET', url.replace('asc', 'desc'), { as: 'gl@demo.fr' })).body as { id: number }[];
    expect(desc.map((m) => m.id)).toEqual([...thread].reverse().map((m) => m.id));

    const posted = await api.call('POST', '/api/work_validation_request/messages/new_conversation', {
      as: 'gl@demo.fr',
      body: { messageText: ' Devis reçu, je complète. ', workValidationRequest: `/api/work_validation_requests/${id}` },
    });
    expect(posted.status).toBe(201);
    expect(posted.body).toEqual({
      id: expect.any(Number),
      messageText: 'Devis reçu, je complète.',
      date: expect.any(String),
      sendBy: { id: gl, firstName: 'léa', lastName: 'Petit' },
    });
    expect((await api.call('GET', url, { as: 'gt@demo.fr' })).body.at(-1).id).toBe(posted.body.id);
  });

  it('refuses empty messages and unknown OS', async () => {
    const post = (body: object) => api.call('POST', '/api/work_validation_request/messages/new_conversation', { as: 'gt@demo.fr', body });
    const id = one(`SELECT id FROM work_validation_requests LIMIT 1`);
    expect((await post({ messageText: '   ', workValidationRequest: `/api/work_validation_requests/${id}` })).status).toBe(400);
    expect((await post({ messageText: 'Bonjour' })).status).toBe(400);
    expect((await post({ messageText: 'Bonjour', workValidationRequest: '/api/work_validation_requests/999999' })).body.code).toBe('006002');
    expect((await api.call('GET', '/api/work_validation_request/message_firm?workValidationRequest=999999', { as: 'gt@demo.fr' })).status).toBe(404);
  });
});
