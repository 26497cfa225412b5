/**
 * Contract tests of echopark reading and creation: communities, creation data,
 * list, detail, consigne, creation and its refusal reasons, the community switch
 * through PUT api/users/{id}, and access control (role and community walls).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { ECHOPARK_REASONS, flattenProperties, type EchoparkCreationData, type EchoparkDetail, type EchoparkListItem } from '../../sync/contract/echopark';

const ECHO = 'echopark@demo.fr';
const SUD = 'echopark.sud@demo.fr';
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const list = async (as: string) => (await api.call('GET', '/api/echopark/requests/0', { as })).body as EchoparkListItem[];
const creationData = async (as: string) => (await api.call('GET', '/api/echopark/requests-map', { as })).body as EchoparkCreationData;

/** A valid creation payload for the user's current community: a building, the first type with a child domain. */
async function validPayload(as: string) {
  const data = await creationData(as);
  const building = flattenProperties(data.realEstates).find((p) => p.level === 3)!;
  const [typeId, type] = Object.entries(data.requests)[0]!;
  const domain = type.domains.find((d) => d.parent !== null)!;
  return { requestTypeId: Number(typeId), realEstate: building.id, domainTreeId: domain.arboid, message: 'Des sacs poubelles éventrés devant le local vélos.' };
}

describe('communities and creation data', () => {
  it('gives the user its communities, the current one and its main community id', async () => {
    const res = await api.call('GET', '/api/echopark/user/me/part', { as: ECHO });
    expect(res.status).toBe(200);
    expect(res.body.communitiesIds.map((c: { name: string }) => c.name).sort()).toEqual(['Communauté Grand Ouest', 'Communauté Lyon Métropole']);
    expect(res.body.current.name).toBe('Communauté Lyon Métropole');
    expect(res.body.echoparkMainCommunityId).toBe(res.body.current.id);
  });

  it('serves a property tree region → site → building with coordinates, and the routed request types with their domain trees', async () => {
    const data = await creationData(ECHO);
    const all = flattenProperties(data.realEstates);
    expect(new Set(all.map((p) => p.level))).toEqual(new Set([1, 2, 3]));
    const ids = new Set(all.map((p) => p.id));
    for (const p of all) {
      expect(p.parent === null ? p.level === 1 : ids.has(p.parent)).toBe(true);
      for (const child of p.children) expect(child.parent).toBe(p.id);
      expect(p.latitude).toBeGreaterThan(41);
      expect(p.latitude).toBeLessThan(51.5);
      expect(typeof p.longitude).toBe('number');
      expect(p.city).toBeTruthy();
    }
    expect(all.filter((p) => p.level === 3).every((p) => p.address && p.postalCode)).toBe(true);
    const types = Object.values(data.requests).map((t) => t.name);
    expect(types).toEqual(expect.arrayContaining(['Propreté', 'Stationnement', 'Éclairage', 'Espaces verts']));
    for (const type of Object.values(data.requests)) {
      const arboids = new Set(type.domains.map((d) => d.arboid));
      expect(type.domains.length).toBeGreaterThan(0);
      for (const d of type.domains) expect(d.parent === null || arboids.has(d.parent)).toBe(true);
    }
    // The south routes no parking request: the type is left out of its creation data.
    expect(Object.values((await creationData(SUD)).requests).map((t) => t.name)).not.toContain('Stationnement');
  });
});

describe('list and detail', () => {
  it('lists the current community requests, newest first, as an array or a Hydra collection', async () => {
    const me = (await api.call('GET', '/api/echopark/user/me/part', { as: ECHO })).body;
    const items = await list(ECHO);
    expect(items.length).toBeGreaterThanOrEqual(5);
    for (const item of items) {
      expect(item.communityId).toBe(me.current.id);
      expect(item).toMatchObject({ id: expect.any(Number), number: expect.stringMatching(/^EP-\d{4}-\d{5}$/), urgencyName: expect.any(String) });
      expect(item.domain).toEqual({
        name: expect.any(String),
        parentName: expect.toSatisfy((v) => v === null || typeof v === 'string'),
        requestTypeName: expect.any(String),
        requestTypeId: expect.any(Number),
      });
      expect(item.step).toEqual({ id: expect.any(Number), name: expect.any(String), typeName: expect.any(String) });
      expect(item.realEstate.label).toContain(item.realEstate.name);
      expect(item.requestedBy.lastName).toBeTruthy();
      expect(Date.parse(item.modifiedAt)).toBeGreaterThanOrEqual(Date.parse(item.createdAt));
    }
    const dates = items.map((i) => i.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const forced = await api.call('GET', '/api/echopark/requests/1', { as: ECHO, ld: true });
    expect(forced.body['hydra:totalItems']).toBe(items.length);
    expect(forced.body['hydra:member'].map((i: EchoparkListItem) => i.id)).toEqual(items.map((i) => i.id));
    expect((await api.call('GET', '/api/echopark/requests/2', { as: ECHO })).status).toBe(400);
    const paged = (await api.call('GET', '/api/echopark/requests/0?itemsPerPage=2&page=2', { as: ECHO })).body as EchoparkListItem[];
    expect(paged.map((i) => i.id)).toEqual(items.slice(2, 4).map((i) => i.id));
  });

  it('gives the full intervention of §3.1', async () => {
    const target = (await list(ECHO)).find((i) => i.step.name === 'Intervention réalisée')!;
    const res = await api.call('GET', `/api/echopark/requests/${target.id}/details`, { as: ECHO });
    expect(res.status).toBe(200);
    const d = res.body as EchoparkDetail;
    expect(d).toMatchObject({ id: target.id, number: target.number, message: expect.any(String), canMessage: 1, debriefing_available: 1 });
    expect(d.domain).toEqual(target.domain);
    expect(d.realEstate).toEqual({ id: target.realEstate.id, name: target.realEstate.name, label: target.realEstate.label });
    expect(d.requestedBy).toEqual(target.requestedBy);
    expect(d.recipientInitial).toEqual({ roleName: expect.any(String), companyName: expect.any(String), groupName: expect.any(String) });
    expect(d.steps.length).toBeGreaterThan(0);
    for (const s of d.steps) expect(Object.keys(s).sort()).toEqual(['groupId', 'groupName', 'roleId', 'stepId', 'stepName']);
    expect(d.recipients.every((r) => r.roleName && r.groups.every((g) => typeof g.value === 'number' && g.label))).toBe(true);
    expect(d.messages.length).toBeGreaterThan(3);
    for (const m of d.messages) {
      expect(m).toMatchObject({ messageType: expect.any(Number), createdAt: expect.any(String), message: expect.any(String) });
      expect(m.step).toHaveProperty('stepName');
      expect(m.role).toHaveProperty('roleName');
      expect(m.group).toHaveProperty('groupName');
    }
    expect(d.pictures.length).toBeGreaterThan(0);
    expect(Buffer.from(d.pictures[0]!.b64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(d.pictures[0]!.mime).toBe('image/png');
    const fields = d.form!.groups.flatMap((g) => g.fields);
    expect(d.form!.groups.every((g) => typeof g.formFieldsetEntity === 'number')).toBe(true);
    for (const f of fields)
      expect(Object.keys(f).sort()).toEqual(['choices', 'config', 'disabled', 'fieldsetFieldEntity', 'id', 'key', 'label', 'type', 'value']);
    expect(d.debriefings.length).toBeGreaterThan(0);
  });

  it('answers 404 with 006002 for an unknown request', async () => {
    const res = await api.call('GET', '/api/echopark/requests/999999/details', { as: ECHO });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('006002');
  });
});

describe('consigne', () => {
  it("gives a request's instruction and the most specific one for a request being created", async () => {
    const item = (await list(ECHO))[0]!;
    const byId = await api.call('GET', `/api/echopark/requests/${item.id}/consigne`, { as: ECHO });
    expect(byId.status).toBe(200);
    expect(byId.body.data.message.length).toBeGreaterThan(10);

    const data = await creationData(ECHO);
    const [typeId, lighting] = Object.entries(data.requests).find(([, t]) => t.name === 'Éclairage')!;
    const parkingDomain = lighting.domains.find((d) => d.name === 'Éclairage des parkings')!;
    const otherDomain = lighting.domains.find((d) => d.name === 'Candélabre éteint')!;
    const sites = flattenProperties(data.realEstates);
    const confluentParking = sites.find(
      (p) => p.level === 3 && p.name === 'Parking souterrain' && sites.find((s) => s.id === p.parent)!.name === 'Immeuble Le Confluent',
    )!;
    const elsewhere = sites.find((p) => p.level === 3 && p.parent !== confluentParking.parent)!;
    const ask = (domaineTreeId: number, realEstateId: number) =>
      api.call('POST', '/api/echopark/request/consigne/', { as: ECHO, body: { requestTypeId: Number(typeId), domaineTreeId, realEstateId } });
    expect((await ask(parkingDomain.arboid, confluentParking.id)).body.data.message).toMatch(/GTB/);
    const general = (await ask(otherDomain.arboid, elsewhere.id)).body.data.message;
    expect(general).toMatch(/candélabre/);
    expect((await ask(parkingDomain.arboid, elsewhere.id)).body.data.message).toBe(general);
    const foreign = flattenProperties((await creationData(SUD)).realEstates)[0]!;
    expect((await ask(parkingDomain.arboid, foreign.id)).body.code).toBe('002001');
    expect((await ask(999999, elsewhere.id)).status).toBe(400);
    const unknownType = await api.call('POST', '/api/echopark/request/consigne/', {
      as: ECHO,
      body: { requestTypeId: 999999, domaineTreeId: parkingDomain.arboid, realEstateId: elsewhere.id },
    });
    expect(unknownType.status).toBe(400);
  });
});

describe('creation', () => {
  it('creates a request in the current community with its first history entry', async () => {
    const payload = await validPayload(ECHO);
    const res = await api.call('POST', '/api/echopark/requests/', { as: ECHO, body: payload });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ data: { id: expect.any(Number) } });
    const detail = (await api.call('GET', `/api/echopark/requests/${res.body.data.id}/details`, { as: ECHO })).body as EchoparkDetail;
    expect(detail.step.name).toBe('Nouvelle demande');
    expect(detail.message).toBe(payload.message);
    expect(detail.realEstate.id).toBe(payload.realEstate);
    expect(detail.messages).toHaveLength(1);
    expect(detail.messages[0]).toMatchObject({ messageType: 0, message: payload.message, group: { groupName: detail.recipientInitial.groupName } });
    expect((await list(ECHO))[0]!.id).toBe(res.body.data.id);
    // References may be IRIs.
    const iri = await api.call('POST', '/api/echopark/requests/', {
      as: ECHO,
      body: {
        ...payload,
        requestTypeId: `/api/echopark/request_types/${payload.requestTypeId}`,
        realEstate: `/api/echopark/real_estates/${payload.realEstate}`,
      },
    });
    expect(iri.status).toBe(201);
  });

  it('creates once when the outbox replays the same Idempotency-Key', async () => {
    const payload = await validPayload(ECHO);
    const count = (await list(ECHO)).length;
    const headers = { 'idempotency-key': 'echopark-create-replay-1' };
    const first = await api.call('POST', '/api/echopark/requests/', { as: ECHO, body: payload, headers });
    const replay = await api.call('POST', '/api/echopark/requests/', { as: ECHO, body: payload, headers });
    expect(replay.status).toBe(201);
    expect(replay.body.data.id).toBe(first.body.data.id);
    expect(await list(ECHO)).toHaveLength(count + 1);
  });

  it('refuses with a 400 whose data.reason is a translation key', async () => {
    const payload = await validPayload(ECHO);
    const refused = async (body: object, reason: keyof typeof ECHOPARK_REASONS, as = ECHO) => {
      const res = await api.call('POST', '/api/echopark/requests/', { as, body });
      expect(res.status).toBe(400);
      expect(res.body.data).toEqual({ reason });
      expect(res.body.message).toBe(ECHOPARK_REASONS[reason]);
    };
    const foreign = flattenProperties((await creationData(SUD)).realEstates).find((p) => p.level === 2)!;
    await refused({ ...payload, realEstate: foreign.id }, 'echoparkRealEstateNotInCommunity');
    await refused({ ...payload, requestTypeId: 999999 }, 'echoparkUnknownRequestType');
    const data = await creationData(ECHO);
    const otherType = Object.entries(data.requests).find(([id]) => Number(id) !== payload.requestTypeId)!;
    await refused({ ...payload, requestTypeId: Number(otherType[0]) }, 'echoparkUnknownDomain');
    await refused({ ...payload, message: '   ' }, 'echoparkMessageRequired');
    // Parking is a real type, but nobody handles it in the south.
    const sudPayload = await validPayload(SUD);
    const parking = Object.entries(data.requests).find(([, t]) => t.name === 'Stationnement')!;
    await refused({ ...sudPayload, requestTypeId: Number(parking[0]), domainTreeId: parking[1].domains[0]!.arboid }, 'echoparkNoRecipient', SUD);
    const { realEstate: _omitted, ...incomplete } = payload;
    const bad = await api.call('POST', '/api/echopark/requests/', { as: ECHO, body: incomplete });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Requête invalide/);
  });
});

describe('access control', () => {
  it('answers 403 to users without the echopark right and 401 without a token', async () => {
    const id = (await list(ECHO))[0]!.id;
    const calls: [string, string, object?][] = [
      ['GET', '/api/echopark/requests/0'],
      ['GET', `/api/echopark/requests/${id}/details`],
      ['GET', `/api/echopark/requests/${id}/consigne`],
      ['GET', '/api/echopark/requests-map'],
      ['GET', '/api/echopark/user/me/part'],
      ['POST', '/api/echopark/requests/', { requestTypeId: 1, realEstate: 1, domainTreeId: 1, message: 'x' }],
      ['POST', '/api/echopark/request/consigne/', { requestTypeId: 1, domaineTreeId: 1, realEstateId: 1 }],
      ['POST', '/api/echopark/step/', { requestId: id, step: 2, groupe: 1 }],
      ['POST', '/api/echopark/request/message/', { requestId: id, recipientRoleId: 1, recipientGroupId: 1, message: 'x' }],
      ['POST', '/api/echopark/request/form/', { requestId: id, step: 4, form: { id: 1 } }],
      ['POST', '/api/echopark/debrief/', { requestId: id, begin_at: 1, end_at: 2 }],
    ];
    for (const [method, url, body] of calls) {
      for (const as of ['gestionnaire@demo.fr', 'prestataire@demo.fr', 'inspecteur@demo.fr']) {
        const res = await api.call(method, url, { as, ...(body ? { body } : {}) });
        expect(res.status, `${as} ${method} ${url}`).toBe(403);
      }
      expect((await api.call(method, url, body ? { body } : {})).status).toBe(401);
    }
    expect((await api.call('GET', '/api/echopark/requests/0', { as: 'admin@demo.fr' })).status).toBe(200);
  });

  it('never shows nor lets anyone touch a request of a community it is not in', async () => {
    const mine = await list(ECHO);
    const theirs = await list(SUD);
    expect(theirs.length).toBeGreaterThan(0);
    const myIds = new Set(mine.map((i) => i.id));
    expect(theirs.some((i) => myIds.has(i.id))).toBe(false);
    for (const [as, other] of [
      [ECHO, theirs],
      [SUD, mine],
    ] as const) {
      for (const item of other) {
        const detail = await api.call('GET', `/api/echopark/requests/${item.id}/details`, { as });
        expect(detail.status).toBe(404);
        expect(detail.body.code).toBe('006002');
        expect((await api.call('GET', `/api/echopark/requests/${item.id}/consigne`, { as })).status).toBe(404);
      }
    }
    const target = theirs.find((i) => i.step.name === 'Intervention en cours')!;
    const actions: [string, object][] = [
      ['/api/echopark/step/', { requestId: target.id, step: target.step.id + 1, groupe: 1 }],
      ['/api/echopark/request/message/', { requestId: target.id, recipientRoleId: 1, recipientGroupId: 1, message: 'Bonjour' }],
      ['/api/echopark/request/form/', { requestId: target.id, step: target.step.id, form: { id: 1 } }],
      ['/api/echopark/debrief/', { requestId: target.id, begin_at: 1_700_000_000, end_at: 1_700_003_600 }],
    ];
    for (const [url, body] of actions) {
      const res = await api.call('POST', url, { as: ECHO, body });
      expect(res.status, url).toBe(404);
    }
    const sudDetail = (await api.call('GET', `/api/echopark/requests/${target.id}/details`, { as: SUD })).body as EchoparkDetail;
    expect(sudDetail.messages.filter((m) => m.author?.lastName === 'Moreau')).toHaveLength(0);
    const mediaId = sudDetail.pictures[0]!.mediaId;
    expect((await api.call('GET', `/api/media/${mediaId}`, { as: SUD })).status).toBe(200);
    expect((await api.call('GET', `/api/media/${mediaId}`, { as: ECHO })).status).toBe(400);
  });
});

describe('community switch', () => {
  it('changes the listed requests through PUT api/users/{id}, keeps the others readable but not actionable', async () => {
    const me = (await api.call('GET', '/api/echopark/user/me/part', { as: ECHO })).body;
    const user = (await api.call('GET', '/api/personal/data/0', { as: ECHO })).body;
    const lyon = me.current.id as number;
    const ouest = me.communitiesIds.find((c: { id: number }) => c.id !== lyon).id as number;
    const before = await list(ECHO);
    const put = await api.call('PUT', `/api/users/${user.id}`, { as: ECHO, body: { echoparkMainCommunityId: ouest } });
    expect(put.status).toBe(200);
    expect(put.body.echoparkMainCommunityId).toBe(ouest);
    const after = await list(ECHO);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((i) => i.communityId === ouest)).toBe(true);
    expect(after.some((i) => before.some((b) => b.id === i.id))).toBe(false);
    expect((await api.call('GET', '/api/echopark/user/me/part', { as: ECHO })).body.current.id).toBe(ouest);
    expect(flattenProperties((await creationData(ECHO)).realEstates).map((p) => p.city)).toContain('Nantes');
    // A Lyon request stays readable (a community of the user) but only the current community is acted on.
    const lyonRequest = before.find((i) => i.step.name === 'En qualification')!;
    expect((await api.call('GET', `/api/echopark/requests/${lyonRequest.id}/details`, { as: ECHO })).status).toBe(200);
    const message = await api.call('POST', '/api/echopark/request/message/', {
      as: ECHO,
      body: { requestId: lyonRequest.id, recipientRoleId: 1, recipientGroupId: 1, message: 'Bonjour' },
    });
    expect(message.body.code).toBe('010004');
    // A community the user is not in is refused by the core.
    const sudCommunity = (await api.call('GET', '/api/echopark/user/me/part', { as: SUD })).body.current.id;
    expect((await api.call('PUT', `/api/users/${user.id}`, { as: ECHO, body: { echoparkMainCommunityId: sudCommunity } })).body.code).toBe('001001');
    await api.call('PUT', `/api/users/${user.id}`, { as: ECHO, body: { echoparkMainCommunityId: lyon } });
    expect((await list(ECHO)).map((i) => i.id)).toEqual(before.map((i) => i.id));
  });
});
