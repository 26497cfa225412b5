/** Contract tests of the OS module: both approval paths walked by the right roles, refusals, next_step, dashboards, access, documents, messages. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPng } from '../../server/seed/images';
import { OS_LIST_FILTERS, osPath } from '../../sync/contract/os-workflow';
import { multipart, startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const db = () => api.server.ctx.db;
const ROLE_ACCOUNT = { GT: 'gt@demo.fr', GL: 'gl@demo.fr', AT: 'at@demo.fr', DP: 'dp@demo.fr', DT: 'dt@demo.fr' } as const;
const step = (as: string, objectId: number, stepCode: string, workflowCode = 'work_validation_requests') => api.call('PUT', '/api/firm/workflows/go_to_step', { as, body: { stepCode, workflowCode, objectId } });
const next = async (as: string, id: number) => (await api.call('GET', `/api/firm/workflows/next_step?page=1&itemsPerPage=30&workflow=work_validation_requests&objectId=${id}`, { as })).body as { code: string }[];
const placeOf = (id: number) => (db().prepare(`SELECT place FROM work_validation_requests WHERE id = ?`).get(id) as { place: string }).place;

function payload(price: number) {
  const estate = db().prepare(`SELECT re.id, re.main_contact_id AS contact, b.id AS building FROM real_estates re JOIN buildings b ON b.real_estate_id = re.id WHERE re.name = 'Immeuble Le Confluent' LIMIT 1`).get() as { id: number; contact: number; building: number };
  const one = (sql: string) => (db().prepare(sql).get() as { id: number }).id;
  return {
    information: 'Remplacement des menuiseries du hall',
    realEstatId: estate.id,
    businessAreaId: one(`SELECT id FROM business_areas WHERE parent_id IS NOT NULL LIMIT 1`),
    buildingIdList: [estate.building],
    contactId: estate.contact,
    serviceProviderCompanyId: one(`SELECT id FROM companies WHERE kind = 'provider' LIMIT 1`),
    typeId: one(`SELECT id FROM request_types LIMIT 1`),
    price,
  };
}

describe('seed', () => {
  it('has about 30 OS in every place of both paths', () => {
    const rows = db().prepare(`SELECT place, price FROM work_validation_requests`).all() as { place: string; price: number }[];
    expect(rows.length).toBeGreaterThanOrEqual(28);
    expect(new Set(rows.map((r) => r.place))).toEqual(new Set(OS_LIST_FILTERS[1]));
    expect(rows.some((r) => r.price <= 10_000) && rows.some((r) => r.price > 10_000)).toBe(true);
  });
});

describe('workflow', () => {
  it.each([
    [10_000, 'short'],
    [10_000.01, 'long'],
  ])('walks the %s € path end to end with the role of each step', async (price) => {
    const created = await api.call('POST', '/api/post_work_validation_requests', { as: 'gt@demo.fr', body: payload(price) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ place: 'request_init', number: expect.stringMatching(/^OS-\d{4}-\d{5}$/), price });
    const id = created.body.id as number;
    const path = osPath(price);
    const roleOf: Record<string, keyof typeof ROLE_ACCOUNT> = { request_init: 'GT', request_completion: 'GL', purchase_order_dp: 'DP', purchase_order_dt: 'DT', os_creation: 'AT', n1_signature: 'GT', n2_signature: 'DT', request_intervention_provider: 'AT' };
    for (const place of path.slice(0, -1)) {
      expect(placeOf(id)).toBe(place);
      const actor = ROLE_ACCOUNT[roleOf[place]!];
      const wrong = Object.values(ROLE_ACCOUNT).find((a) => a !== actor && roleOf[place] !== 'GT' && a !== 'gt@demo.fr') ?? 'gl@demo.fr';
      const codes = (await next(actor, id)).map((s) => s.code);
      const nextPlace = path[path.indexOf(place) + 1]!;
      const code = codes.includes(`${place}_validated`) ? `${place}_validated` : nextPlace;
      expect(codes).toContain(code);
      expect(await next(wrong, id)).toEqual([]);
      expect((await step(wrong, id, code)).body.code).toBe('010004');
      expect((await step(actor, id, code)).status).toBe(200);
    }
    expect(placeOf(id)).toBe('closed');
  });

  it('a refused signature goes back to completion, with an automatic message', async () => {
    const id = (await api.call('POST', '/api/post_work_validation_requests', { as: 'gestionnaire@demo.fr', body: payload(900) })).body.id as number;
    for (const code of ['request_completion', 'os_creation', 'n1_signature']) expect((await step('gestionnaire@demo.fr', id, code)).status).toBe(200);
    expect((await next('gt@demo.fr', id)).map((s) => s.code)).toEqual(['n1_signature_validated', 'n1_signature_refused']);
    expect((await step('gt@demo.fr', id, 'n1_signature_refused')).body.place).toBe('request_completion');
    const messages = (await api.call('GET', `/api/work_validation_request/message_firm?workValidationRequest=${id}&order[date]=asc`, { as: 'gt@demo.fr' })).body;
    expect(messages.at(-1)).toMatchObject({ messageText: 'Signature N1 refusée : retour à la complétion', sendBy: { id: 0 } });
  });

  it('answers each refusal code', async () => {
    const id = (await api.call('POST', '/api/post_work_validation_requests', { as: 'gt@demo.fr', body: payload(500) })).body.id as number;
    expect((await step('gt@demo.fr', id, 'nowhere')).body.code).toBe('010001');
    expect((await step('gt@demo.fr', id, 'request_completion', 'intervention_requests')).body.code).toBe('010002');
    expect((await step('gt@demo.fr', id, 'closed')).body.code).toBe('010003');
    expect((await step('gl@demo.fr', id, 'request_completion')).body.code).toBe('010004');
    expect((await step('gt@demo.fr', 999_999, 'request_completion')).body.code).toBe('006002');
  });

  it('validates the payload: price above 0, known references, creators only', async () => {
    expect((await api.call('POST', '/api/post_work_validation_requests', { as: 'gt@demo.fr', body: payload(0) })).status).toBe(400);
    expect((await api.call('POST', '/api/post_work_validation_requests', { as: 'gt@demo.fr', body: { ...payload(10), buildingIdList: [999_999] } })).body.code).toBe('003002');
    expect((await api.call('POST', '/api/post_work_validation_requests', { as: 'gl@demo.fr', body: payload(10) })).body.code).toBe('010004');
    expect((await api.call('POST', '/api/post_work_validation_requests', { as: 'gestionnaire2@demo.fr', body: payload(10) })).body.code).toBe('010004');
    const otherOwner = (db().prepare(`SELECT id FROM real_estates WHERE name = 'Immeuble Haussmann 112'`).get() as { id: number }).id;
    expect((await api.call('POST', '/api/post_work_validation_requests', { as: 'gestionnaire@demo.fr', body: { ...payload(10), realEstatId: otherOwner, buildingIdList: [] } })).body.code).toBe('002001');
    const id = (await api.call('POST', '/api/post_work_validation_requests', { as: 'gt@demo.fr', body: payload(700) })).body.id as number;
    const edited = await api.call('PUT', `/api/post_work_validation_requests/${id}`, { as: 'gt@demo.fr', body: { ...payload(750), id } });
    expect(edited.body.price).toBe(750);
  });
});

describe('access, documents, dashboards', () => {
  it('keeps OS and their documents to those who may see them', async () => {
    const theirs = db().prepare(`SELECT w.id FROM work_validation_requests w JOIN real_estates re ON re.id = w.real_estate_id JOIN companies c ON c.id = re.owner_company_id WHERE c.name = 'Foncière Horizon' LIMIT 1`).get() as { id: number };
    expect((await api.call('GET', `/api/work_validation_requests/${theirs.id}`, { as: 'gestionnaire2@demo.fr' })).body.code).toBe('001001');
    const body = multipart({ name: 'devis.png', type: 'image/png', data: demoPng(5) });
    const uploaded = await api.call('POST', `/api/work_validation_requests/${theirs.id}/medias`, { as: 'gt@demo.fr', body: body.body, headers: body.headers });
    expect(uploaded.status).toBe(201);
    const fake = multipart({ name: 'devis.png', type: 'image/png', data: Buffer.from('texte') });
    expect((await api.call('POST', `/api/work_validation_requests/${theirs.id}/medias`, { as: 'gt@demo.fr', body: fake.body, headers: fake.headers })).body.message).toBe("Cette extension n'est pas autorisée");
    const download = await api.call('GET', `/api/work_validation_requests/media/${uploaded.body.id}`, { as: 'gestionnaire@demo.fr' });
    expect(download.status).toBe(200);
    expect(String(download.headers['content-disposition'])).toContain(uploaded.body.md5);
    expect((await api.call('GET', `/api/work_validation_requests/media/${uploaded.body.id}`, { as: 'gestionnaire2@demo.fr' })).body.code).toBe('001001');
    const providerView = await api.call('GET', '/api/work_validation_requests/list/undetailed?itemsPerPage=100', { as: 'prestataire@demo.fr' });
    expect(providerView.body.every((o: { serviceProviderCompany: { name: string } }) => o.serviceProviderCompany.name === 'Technis Services')).toBe(true);
  });

  it('counts what the list filters show, with can-flags by role', async () => {
    const total = async (as: string, filter: number) =>
      (await api.call('GET', `/api/work_validation_requests/list/undetailed?itemsPerPage=1&${OS_LIST_FILTERS[filter]!.map((p) => `place[]=${p}`).join('&')}`, { as, ld: true })).body['hydra:totalItems'] as number;
    const dt = (await api.call('GET', '/api/firm/dashboards/firm_owners/0', { as: 'dt@demo.fr' })).body;
    expect(dt).toMatchObject({ canPurchaseOrderDT: true, canSignN2: true, canSignN1: false, canCreateWorkValidationRequest: false });
    expect(dt.countCreateOS).toBe(await total('dt@demo.fr', 4));
    expect(dt.countSendOS).toBe(await total('dt@demo.fr', 6));
    expect(dt.countPurchaseOrderDP + dt.countPurchaseOrderDT).toBe(await total('dt@demo.fr', 3));
    expect(dt.countSignN1 + dt.countSignN2).toBe(await total('dt@demo.fr', 5));
    const owner = (await api.call('GET', '/api/firm/dashboards/firm_owners/0', { as: 'gestionnaire@demo.fr' })).body;
    expect(Object.entries(owner).filter(([k]) => k.startsWith('can')).every(([, v]) => v === true)).toBe(true);
  });
});
