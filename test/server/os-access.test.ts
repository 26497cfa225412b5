/**
 * Who sees and changes which OS (every call, for another owner's manager and
 * another company's provider), OS documents (upload checks, download), the
 * dashboards against the list filters, and the seed's invariants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPng } from '../../server/seed/images';
import { OS_LIST_FILTERS } from '../../sync/contract/os-workflow';
import { multipart, startTestApi, type TestApi } from './harness';
import { sqlOf } from '../sql';

let api: TestApi;
const now = new Date();
beforeAll(async () => {
  api = await startTestApi({}, now);
});
afterAll(() => api.close());

const db = () => api.server.ctx.db;
const { one, count } = sqlOf(db);
/** An OS of the first owner (Foncière Horizon) addressed to Technis Services, with a document. */
const horizonOs = () =>
  one(`SELECT w.id FROM work_validation_requests w JOIN real_estates re ON re.id = w.real_estate_id JOIN companies o ON o.id = re.owner_company_id JOIN companies p ON p.id = w.provider_company_id
       WHERE o.name = 'Foncière Horizon' AND p.name = 'Technis Services' AND w.id IN (SELECT request_id FROM work_validation_media) ORDER BY w.id LIMIT 1`);
const placeOf = (id: number) => (db().prepare(`SELECT place FROM work_validation_requests WHERE id = ?`).get(id) as { place: string }).place;
const upload = (as: string, id: number, file: { name: string; type: string; data: Buffer } | null, field = 'file') => {
  const body = multipart(file, {}, field);
  return api.call('POST', `/api/work_validation_requests/${id}/medias`, { as, body: body.body, headers: body.headers });
};
const png = (seed = 1) => ({ name: 'devis.png', type: 'image/png', data: demoPng(seed) });

// First, before other tests add messages and documents.
describe('seed', () => {
  const rows = () =>
    db().prepare(`SELECT id, number, place, price, created_at FROM work_validation_requests`).all() as {
      id: number;
      number: string;
      place: string;
      price: number;
      created_at: string;
    }[];
  const SHORT = ['request_init', 'request_completion', 'os_creation', 'n1_signature', 'request_intervention_provider', 'closed'];
  const LONG = [
    'request_init',
    'request_completion',
    'purchase_order_dp',
    'purchase_order_dt',
    'os_creation',
    'n1_signature',
    'n2_signature',
    'request_intervention_provider',
    'closed',
  ];

  it('has about 30 OS over every place of both paths, prices from 850 to 48,500', () => {
    const seeded = rows().filter((r) => r.id <= 30);
    expect(seeded).toHaveLength(30);
    expect(new Set(seeded.map((r) => r.place))).toEqual(new Set(OS_LIST_FILTERS[1]));
    for (const place of SHORT)
      expect(
        seeded.some((r) => r.place === place && r.price <= 10_000),
        `short ${place}`,
      ).toBe(true);
    for (const place of LONG)
      expect(
        seeded.some((r) => r.place === place && r.price > 10_000),
        `long ${place}`,
      ).toBe(true);
    // No OS sits on a place outside its own path.
    expect(seeded.filter((r) => r.price <= 10_000 && ['purchase_order_dp', 'purchase_order_dt', 'n2_signature'].includes(r.place))).toEqual([]);
    expect(Math.min(...seeded.map((r) => r.price))).toBe(850);
    expect(Math.max(...seeded.map((r) => r.price))).toBe(48_500);
    expect(new Set(seeded.map((r) => r.number)).size).toBe(30);
  });

  it('dates everything in the recent past, with documents and automatic and human messages', () => {
    const seeded = rows().filter((r) => r.id <= 30);
    for (const r of seeded) {
      const age = now.getTime() - Date.parse(r.created_at);
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThan(100 * 86_400_000);
    }
    expect(count(`SELECT COUNT(*) AS n FROM messages WHERE object_kind = 'os' AND date > ?`, now.toISOString())).toBe(0);
    expect(count(`SELECT COUNT(DISTINCT object_id) AS n FROM messages WHERE object_kind = 'os' AND send_by_id IS NULL AND object_id <= 30`)).toBe(30);
    expect(count(`SELECT COUNT(*) AS n FROM messages WHERE object_kind = 'os' AND send_by_id > 0`)).toBeGreaterThan(20);
    expect(count(`SELECT COUNT(*) AS n FROM messages WHERE object_kind = 'os' AND message_text LIKE '%refusée par%'`)).toBeGreaterThanOrEqual(3);
    expect(count(`SELECT COUNT(DISTINCT request_id) AS n FROM work_validation_media WHERE request_id <= 30`)).toBeGreaterThanOrEqual(15);
    // A closed OS went through every step of its path: one automatic message per step plus the creation.
    const closedLong = seeded.find((r) => r.place === 'closed' && r.price > 10_000)!;
    expect(count(`SELECT COUNT(*) AS n FROM messages WHERE object_kind = 'os' AND object_id = ? AND send_by_id IS NULL`, closedLong.id)).toBe(LONG.length);
  });
});

describe('access control', () => {
  it('keeps every call on an OS to those who may see it', async () => {
    const id = horizonOs();
    const place = placeOf(id);
    const media = one(`SELECT media_id AS id FROM work_validation_media WHERE request_id = ?`, id);
    const calls: [string, string, object | undefined][] = [
      ['GET', `/api/work_validation_requests/${id}`, undefined],
      [
        'PUT',
        `/api/post_work_validation_requests/${id}`,
        { information: 'x', realEstatId: 1, businessAreaId: 1, buildingIdList: [], serviceProviderCompanyId: 1, typeId: 1, price: 10, id },
      ],
      ['PUT', '/api/firm/workflows/go_to_step', { stepCode: 'request_completion', workflowCode: 'work_validation_requests', objectId: id }],
      ['GET', `/api/firm/workflows/next_step?page=1&itemsPerPage=30&workflow=work_validation_requests&objectId=${id}`, undefined],
      ['GET', `/api/work_validation_requests/media/${media}`, undefined],
      ['GET', `/api/work_validation_request/message_firm?workValidationRequest=${id}`, undefined],
      [
        'POST',
        '/api/work_validation_request/messages/new_conversation',
        { messageText: 'Intrusion', workValidationRequest: `/api/work_validation_requests/${id}` },
      ],
    ];
    for (const as of ['gestionnaire2@demo.fr', 'prestataire2@demo.fr']) {
      for (const [method, url, body] of calls) {
        const res = await api.call(method, url, { as, ...(body ? { body } : {}) });
        expect([res.status, res.body.code], `${as} ${method} ${url}`).toEqual([400, '001001']);
      }
      expect((await upload(as, id, png())).body.code).toBe('001001');
      expect((await api.call('GET', `/api/media/${media}`, { as })).body.code).toBe('001001');
    }
    expect(count(`SELECT COUNT(*) AS n FROM messages WHERE object_kind = 'os' AND message_text = 'Intrusion'`)).toBe(0);
    expect(placeOf(id)).toBe(place);
  });

  it('lets the provider read its OS and their documents, talk, but not change them', async () => {
    const id = horizonOs();
    expect((await api.call('GET', `/api/work_validation_requests/${id}`, { as: 'prestataire@demo.fr' })).status).toBe(200);
    expect(
      (
        await api.call('PUT', '/api/firm/workflows/go_to_step', {
          as: 'prestataire@demo.fr',
          body: { stepCode: 'request_completion', workflowCode: 'work_validation_requests', objectId: id },
        })
      ).body.code,
    ).toBe('010004');
    expect((await upload('prestataire@demo.fr', id, png())).body.code).toBe('010004');
    const talk = await api.call('POST', '/api/work_validation_request/messages/new_conversation', {
      as: 'prestataire@demo.fr',
      body: { messageText: 'Nous sommes disponibles la semaine prochaine.', workValidationRequest: `/api/work_validation_requests/${id}` },
    });
    expect(talk.status).toBe(201);
  });

  it('limits the lists: providers to their company, owner users to their real estates, firm staff to all', async () => {
    const list = async (as: string) =>
      (await api.call('GET', '/api/work_validation_requests/list/undetailed?itemsPerPage=1000', { as })).body as {
        serviceProviderCompany: { name: string };
        ownerCompany: { name: string };
      }[];
    const provider = await list('prestataire2@demo.fr');
    expect(provider.length).toBe(
      count(
        `SELECT COUNT(*) AS n FROM work_validation_requests w JOIN companies c ON c.id = w.provider_company_id WHERE c.name = (SELECT name FROM companies WHERE id = (SELECT company_id FROM users WHERE email = 'prestataire2@demo.fr'))`,
      ),
    );
    expect(provider.length).toBeGreaterThan(0);
    expect(new Set(provider.map((o) => o.serviceProviderCompany.name)).size).toBe(1);
    const owner2 = await list('gestionnaire2@demo.fr');
    expect(owner2.length).toBeGreaterThan(0);
    expect(owner2.every((o) => o.ownerCompany.name === 'SCI Les Tilleuls')).toBe(true);
    const owner = await list('gestionnaire@demo.fr');
    expect(owner.every((o) => o.ownerCompany.name === 'Foncière Horizon')).toBe(true);
    const all = count(`SELECT COUNT(*) AS n FROM work_validation_requests`);
    for (const as of ['gt@demo.fr', 'dp@demo.fr', 'admin@demo.fr']) expect((await list(as)).length, as).toBe(all);
    // An owner user without OS rights reads its real estates' OS but never changes them.
    const theirs = one(
      `SELECT w.id FROM work_validation_requests w JOIN real_estates re ON re.id = w.real_estate_id JOIN companies o ON o.id = re.owner_company_id WHERE o.name = 'SCI Les Tilleuls' LIMIT 1`,
    );
    expect((await api.call('GET', `/api/work_validation_requests/${theirs}`, { as: 'gestionnaire2@demo.fr' })).status).toBe(200);
    expect((await upload('gestionnaire2@demo.fr', theirs, png())).body.code).toBe('010004');
  });
});

describe('documents', () => {
  it('uploads an image, lists it on the OS and serves it under its md5 name', async () => {
    const id = horizonOs();
    const data = demoPng(42);
    const res = await upload('gt@demo.fr', id, { name: 'constat.png', type: 'image/png', data });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'constat.png',
      type: 'image/png',
      md5: expect.stringMatching(/^[a-f0-9]{32}$/),
      date: expect.any(String),
    });
    const detail = (await api.call('GET', `/api/work_validation_requests/${id}`, { as: 'gestionnaire@demo.fr' })).body;
    expect(detail.medias.map((m: { id: number }) => m.id)).toContain(res.body.id);
    const download = await api.call('GET', `/api/work_validation_requests/media/${res.body.id}`, { as: 'prestataire@demo.fr' });
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(String(download.headers['content-disposition'])).toContain(`filename="${res.body.md5}"`);
    expect(download.raw.equals(data)).toBe(true);
    expect((await api.call('GET', `/api/media/${res.body.id}`, { as: 'dt@demo.fr' })).status).toBe(200);
    expect((await api.call('GET', '/api/work_validation_requests/media/999999', { as: 'gt@demo.fr' })).status).toBe(404);
    const gif = await upload('gt@demo.fr', id, { name: 'plan.gif', type: 'image/gif', data: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]) });
    expect([gif.status, gif.body.type]).toEqual([201, 'image/gif']);
  });

  it('refuses a wrong type, a fake extension, a file too large, a missing field and a JSON body', async () => {
    const id = horizonOs();
    const before = count(`SELECT COUNT(*) AS n FROM work_validation_media WHERE request_id = ?`, id);
    const text = await upload('gt@demo.fr', id, { name: 'notes.txt', type: 'text/plain', data: Buffer.from('bonjour') });
    expect([text.status, text.body.message]).toEqual([400, "Cette extension n'est pas autorisée"]);
    const fake = await upload('gt@demo.fr', id, { name: 'devis.png', type: 'image/png', data: Buffer.from('ceci est un texte') });
    expect([fake.status, fake.body.message]).toEqual([400, "Cette extension n'est pas autorisée"]);
    const big = await upload('gt@demo.fr', id, { name: 'grand.png', type: 'image/png', data: Buffer.concat([demoPng(3), Buffer.alloc(5_000_001)]) });
    expect([big.status, big.body.message]).toEqual([400, 'Ce fichier est trop lourd']);
    const wrongField = await upload('gt@demo.fr', id, png(), 'document');
    expect(wrongField.status).toBe(400);
    expect((await upload('gt@demo.fr', id, null)).status).toBe(400);
    expect((await api.call('POST', `/api/work_validation_requests/${id}/medias`, { as: 'gt@demo.fr', body: { file: 'x' } })).status).toBe(400);
    expect((await upload('gt@demo.fr', 999_999, png())).status).toBe(404);
    expect(count(`SELECT COUNT(*) AS n FROM work_validation_media WHERE request_id = ?`, id)).toBe(before);
  });
});

describe('dashboards', () => {
  const FIELDS = [
    'countPurchaseOrderDT',
    'countPurchaseOrderDP',
    'countSignN1',
    'countSignN2',
    'countCompleteWorkValidationRequest',
    'countCreateOS',
    'countSendOS',
  ];
  const FLAGS = [
    'canPurchaseOrderDT',
    'canPurchaseOrderDP',
    'canSignN1',
    'canSignN2',
    'canCompleteWorkValidationRequest',
    'canCreateOS',
    'canSendOS',
    'canCreateWorkValidationRequest',
  ];
  const TRUE_FLAGS: Record<string, string[]> = {
    'gt@demo.fr': ['canSignN1', 'canCreateWorkValidationRequest'],
    'gl@demo.fr': ['canCompleteWorkValidationRequest'],
    'at@demo.fr': ['canCreateOS', 'canSendOS'],
    'dp@demo.fr': ['canPurchaseOrderDP'],
    'dt@demo.fr': ['canPurchaseOrderDT', 'canSignN2'],
    'gestionnaire@demo.fr': FLAGS,
    'admin@demo.fr': FLAGS,
    'prestataire@demo.fr': [],
    'gestionnaire2@demo.fr': [],
  };
  const total = async (as: string, filter: number) =>
    (
      await api.call('GET', `/api/work_validation_requests/list/undetailed?itemsPerPage=1&${OS_LIST_FILTERS[filter]!.map((p) => `place[]=${p}`).join('&')}`, {
        as,
        ld: true,
      })
    ).body['hydra:totalItems'] as number;

  it.each(Object.keys(TRUE_FLAGS))('gives %s counts matching the list filters and its can-flags', async (as) => {
    for (const path of ['/api/firm/dashboards/firm_owners/0', '/api/firm/dashboards/firm_providers/0']) {
      const res = await api.call('GET', path, { as });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual([...FIELDS, ...FLAGS].sort());
      for (const flag of FLAGS) expect(res.body[flag], `${as} ${flag}`).toBe(TRUE_FLAGS[as]!.includes(flag));
      const d = res.body as Record<string, number>;
      expect(d.countCompleteWorkValidationRequest).toBe(await total(as, 2));
      expect(d.countPurchaseOrderDP! + d.countPurchaseOrderDT!).toBe(await total(as, 3));
      expect(d.countCreateOS).toBe(await total(as, 4));
      expect(d.countSignN1! + d.countSignN2!).toBe(await total(as, 5));
      expect(d.countSendOS).toBe(await total(as, 6));
    }
  });

  it('shows work in every line for the firm and moves a count when an OS moves', async () => {
    const before = (await api.call('GET', '/api/firm/dashboards/firm_owners/0', { as: 'dt@demo.fr' })).body as Record<string, number>;
    for (const field of FIELDS) expect(before[field], field).toBeGreaterThan(0);
    const id = one(`SELECT id FROM work_validation_requests WHERE place = 'purchase_order_dt' LIMIT 1`);
    await api.call('PUT', '/api/firm/workflows/go_to_step', {
      as: 'dt@demo.fr',
      body: { stepCode: 'purchase_order_dt_validated', workflowCode: 'work_validation_requests', objectId: id },
    });
    const after = (await api.call('GET', '/api/firm/dashboards/firm_owners/0', { as: 'dt@demo.fr' })).body as Record<string, number>;
    expect([after.countPurchaseOrderDT, after.countCreateOS]).toEqual([before.countPurchaseOrderDT! - 1, before.countCreateOS! + 1]);
  });
});
