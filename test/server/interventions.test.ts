/** Contract tests of the interventions module: list, detail, creation, media, workflow, appointments, debriefings, ratings. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPng } from '../../server/seed/images';
import { multipart, startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const M = 'gestionnaire@demo.fr';
const P = 'prestataire@demo.fr';
const M2 = 'gestionnaire2@demo.fr';
const P2 = 'prestataire2@demo.fr';
const db = () => api.server.ctx.db;
/** A seeded request in a place, for the main demo pair (Technis Services, Foncière Horizon). */
function seeded(place: string, extra = ''): number {
  const row = db()
    .prepare(
      `SELECT ir.id FROM intervention_requests ir JOIN companies c ON c.id = ir.provider_company_id JOIN users u ON u.company_id = c.id
       WHERE u.email = ? AND ir.place = ? ${extra} ORDER BY ir.id LIMIT 1`,
    )
    .get(P, place) as { id: number } | undefined;
  if (!row) throw new Error(`no seeded intervention in ${place}`);
  return row.id;
}
const placeOf = (id: number) => (db().prepare(`SELECT place FROM intervention_requests WHERE id = ?`).get(id) as { place: string }).place;
const step = (as: string, objectId: number, stepCode: string, workflowCode = 'intervention_requests') =>
  api.call('PUT', '/api/workflows/go_to_step', { as, body: { stepCode, workflowCode, objectId } });
const upload = (url: string, as: string, file: Parameters<typeof multipart>[0], field?: string) => {
  const body = multipart(file, {}, field);
  return api.call('POST', url, { as, body: body.body, headers: body.headers });
};

describe('seed', () => {
  it('has every place and every appointment and debriefing status', () => {
    const places = (db().prepare(`SELECT DISTINCT place FROM intervention_requests`).all() as { place: string }[]).map((r) => r.place).sort();
    expect(places).toEqual(['closed', 'debriefing', 'done', 'in_progress', 'planned', 'planning', 'reclaim', 'start', 'waiting']);
    expect((db().prepare(`SELECT DISTINCT status FROM appointments ORDER BY status`).all() as { status: number }[]).map((r) => r.status)).toEqual([1, 2, 3]);
    expect((db().prepare(`SELECT DISTINCT status FROM debriefings ORDER BY status`).all() as { status: number }[]).map((r) => r.status)).toEqual([0, 1, 2]);
    const count = (db().prepare(`SELECT COUNT(*) AS n FROM intervention_requests`).get() as { n: number }).n;
    expect(count).toBeGreaterThanOrEqual(55);
    expect(db().prepare(`SELECT 1 FROM messages WHERE object_kind = 'intervention' AND send_by_id IS NULL`).get()).toBeTruthy();
  });
});

describe('list and detail', () => {
  it('pages the list newest first, filtered by place[], as a plain array or Hydra', async () => {
    const page1 = await api.call('GET', '/api/intervention_requests/list/undetailed?itemsPerPage=10&page=1&order[id]=desc', { as: M });
    expect(page1.status).toBe(200);
    expect(page1.body).toHaveLength(10);
    const ids = page1.body.map((i: { id: number }) => i.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(page1.body[0]).toMatchObject({
      number: expect.stringMatching(/^DI-\d{4}-\d{5}$/),
      realEstate: { name: expect.any(String) },
      serviceProviderCompany: { name: expect.any(String) },
    });
    const page2 = await api.call('GET', '/api/intervention_requests/list/undetailed?itemsPerPage=10&page=2&order[id]=desc', { as: M });
    expect(page2.body[0].id).toBeLessThan(ids[9]);
    const filtered = await api.call('GET', '/api/intervention_requests/list/undetailed?itemsPerPage=30&place[]=done&place[]=closed', { as: M });
    expect(filtered.body.length).toBeGreaterThan(0);
    expect(new Set(filtered.body.map((i: { place: string }) => i.place))).toEqual(new Set(['done', 'closed']));
    const hydra = await api.call('GET', '/api/intervention_requests/list/undetailed?itemsPerPage=5&place[]=planned', { as: M, ld: true });
    expect(hydra.body['hydra:member']).toHaveLength(5);
    expect(hydra.body['hydra:totalItems']).toBeGreaterThanOrEqual(5);
    const planned = hydra.body['hydra:member'][0];
    expect(planned.validAppointment).toMatchObject({ date: expect.any(String), dateEnd: expect.any(String) });
  });

  it('gives the whole entity, 404 101001 when unknown, 006001 when not yours', async () => {
    const id = seeded('done');
    const detail = await api.call('GET', `/api/intervention_requests/${id}`, { as: M });
    expect(detail.body).toMatchObject({ id, place: 'done', ratingEnabled: true, contact: { city: expect.any(String) }, requestedBy: { firstName: 'camille' } });
    expect(Array.isArray(detail.body.buildings) && detail.body.buildings.length).toBeTruthy();
    for (const key of ['appointments', 'medias', 'ratings']) expect(Array.isArray(detail.body[key])).toBe(true);
    expect((await api.call('GET', '/api/intervention_requests/999999', { as: M })).body).toMatchObject({ code: '101001' });
    for (const other of [M2, P2]) {
      const refused = await api.call('GET', `/api/intervention_requests/${id}`, { as: other });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('006001');
    }
  });

  it('never lists another owner’s or provider’s requests', async () => {
    const all = async (as: string) =>
      (await api.call('GET', '/api/intervention_requests/list/undetailed?itemsPerPage=1000', { as })).body as {
        id: number;
        ownerCompany: { name: string };
        serviceProviderCompany: { name: string };
      }[];
    const p = await all(P);
    expect(p.length).toBeGreaterThan(0);
    expect(new Set(p.map((i) => i.serviceProviderCompany.name))).toEqual(new Set(['Technis Services']));
    const m2 = await all(M2);
    expect(m2.length).toBeGreaterThan(0);
    expect(new Set(m2.map((i) => i.ownerCompany.name))).toEqual(new Set(['SCI Les Tilleuls']));
    const ids = new Set((await all(M)).map((i) => i.id));
    expect(m2.some((i) => ids.has(i.id))).toBe(false);
  });
});

describe('creation', () => {
  const estate = () =>
    db()
      .prepare(
        `SELECT re.id, re.main_contact_id AS contact, b.id AS building FROM real_estates re JOIN buildings b ON b.real_estate_id = re.id WHERE re.name = 'Tour Atlantique' LIMIT 1`,
      )
      .get() as { id: number; contact: number; building: number };
  const area = () => (db().prepare(`SELECT id FROM business_areas WHERE name = 'Chauffage'`).get() as { id: number }).id;

  it('creates a request with the realEstatId spelling, numbers it, and refuses bad references', async () => {
    const e = estate();
    const body = {
      information: '  Chaudière en panne  ',
      realEstatId: e.id,
      businessAreaId: area(),
      equipmentIdList: [],
      buildingIdList: [e.building],
      contactId: e.contact,
    };
    const created = await api.call('POST', '/api/post_intervention_requests', { as: M, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      place: 'waiting',
      information: 'Chaudière en panne',
      number: expect.stringMatching(/^DI-/),
      buildings: [{ id: e.building }],
    });
    const other = db().prepare(`SELECT b.id FROM buildings b JOIN real_estates re ON re.id = b.real_estate_id WHERE re.id <> ? LIMIT 1`).get(e.id) as {
      id: number;
    };
    expect((await api.call('POST', '/api/post_intervention_requests', { as: M, body: { ...body, buildingIdList: [other.id] } })).body.code).toBe('003001');
    expect((await api.call('POST', '/api/post_intervention_requests', { as: M, body: { ...body, buildingIdList: [999999] } })).body.code).toBe('003002');
    expect((await api.call('POST', '/api/post_intervention_requests', { as: M, body: { ...body, contactId: 999999 } })).body.code).toBe('009001');
    expect((await api.call('POST', '/api/post_intervention_requests', { as: M2, body })).body.code).toBe('002001');
    expect((await api.call('POST', '/api/post_intervention_requests', { as: P, body })).body.code).toBe('010004');
    // No contact given: the real estate's main contact (null must not be read as contact 0).
    expect((await api.call('POST', '/api/post_intervention_requests', { as: M, body: { ...body, contactId: null } })).body.contact).toMatchObject({
      city: 'Nantes',
    });
    const bad = await api.call('POST', '/api/post_intervention_requests', { as: M, body: { ...body, buildingIdList: [] } });
    expect(bad.status).toBe(400);
  });

  it('takes photos as multipart images only, at most 5,000,000 bytes, downloadable by both sides only', async () => {
    const id = seeded('waiting');
    const url = `/api/intervention_requests/${id}/medias`;
    const ok = await upload(url, M, { name: 'fuite.png', type: 'image/png', data: demoPng(3) });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ type: 'image/png', md5: expect.stringMatching(/^[a-f0-9]{32}$/) });
    expect((await upload(url, M, { name: 'note.txt', type: 'text/plain', data: Buffer.from('bonjour') })).body.message).toBe(
      "Cette extension n'est pas autorisée",
    );
    expect((await upload(url, M, { name: 'faux.png', type: 'image/png', data: Buffer.from('pas une image') })).body.message).toBe(
      "Cette extension n'est pas autorisée",
    );
    expect((await upload(url, M, { name: 'gros.png', type: 'image/png', data: Buffer.concat([demoPng(1), Buffer.alloc(5_000_001)]) })).body.message).toBe(
      'Ce fichier est trop lourd',
    );
    expect((await upload(url, M, { name: 'x.png', type: 'image/png', data: demoPng(2) }, 'photo')).status).toBe(400);
    expect((await upload(url, M2, { name: 'x.png', type: 'image/png', data: demoPng(2) })).body.code).toBe('006001');
    expect((await api.call('GET', `/api/intervention_requests/${id}`, { as: M })).body.medias.map((m: { id: number }) => m.id)).toContain(ok.body.id);
    expect((await api.call('GET', `/api/media/${ok.body.id}`, { as: P })).status).toBe(200);
    expect((await api.call('GET', `/api/media/${ok.body.id}`, { as: P2 })).status).not.toBe(200);
  });
});

describe('workflow', () => {
  it('refuses unknown steps, wrong workflows, unreachable steps and the wrong side with the spec codes', async () => {
    const id = seeded('waiting');
    expect((await step(P, id, 'teleport')).body.code).toBe('010001');
    expect((await step(P, id, 'planning', 'work_validation_requests')).body.code).toBe('010002');
    expect((await step(P, id, 'done')).body.code).toBe('010003');
    expect((await step(M, id, 'planning')).body.code).toBe('010004');
    expect((await step(P2, id, 'planning')).body.code).toBe('006001');
    expect(placeOf(id)).toBe('waiting');
  });

  it('walks a request from a proposal to done, each move with an automatic message', async () => {
    const id = seeded('waiting');
    const now = Date.now();
    const proposal = {
      interventionRequestId: id,
      date: new Date(now + 3_600_000).toISOString(),
      dateEnd: new Date(now + 7_200_000).toISOString(),
      information: 'Passage du technicien',
    };
    expect((await api.call('POST', '/api/intervention_requests/appointments', { as: P, body: { ...proposal, dateEnd: proposal.date } })).body.message).toBe(
      'La date de fin doit être supérieure à la date de début',
    );
    expect((await api.call('POST', '/api/intervention_requests/appointments', { as: M, body: proposal })).body.code).toBe('010004');
    const created = await api.call('POST', '/api/intervention_requests/appointments', { as: P, body: proposal });
    expect(created.body).toMatchObject({ status: 1, interventionRequest: `/api/intervention_requests/${id}` });
    expect(placeOf(id)).toBe('waiting');
    expect((await step(P, id, 'planning')).status).toBe(200);
    expect((await step(P, id, 'planning')).status).toBe(200); // an offline replay is harmless
    expect(
      (await api.call('PUT', '/api/intervention_requests/appointments/status/change', { as: P, body: { appointmentId: created.body.id, status: 2 } })).body
        .code,
    ).toBe('010004');
    expect(
      (await api.call('PUT', '/api/intervention_requests/appointments/status/change', { as: M, body: { appointmentId: 999999, status: 2 } })).body.code,
    ).toBe('007001');
    const accepted = await api.call('PUT', '/api/intervention_requests/appointments/status/change', {
      as: M,
      body: { appointmentId: created.body.id, status: 2 },
    });
    expect(accepted.body.status).toBe(2);
    expect(placeOf(id)).toBe('planned');
    // The appointment has not begun: work cannot be under way yet.
    expect((await step(P, id, 'in_progress')).body.code).toBe('010003');
    db()
      .prepare(`UPDATE appointments SET date = ? WHERE id = ?`)
      .run(new Date(now - 60_000).toISOString(), created.body.id);
    expect((await step(P, id, 'in_progress')).status).toBe(200);
    expect((await step(P, id, 'debriefing')).body.code).toBe('010003'); // no finished debriefing yet

    const cr = await api.call('POST', '/api/intervention_request/debriefings', {
      as: P,
      body: {
        interventionRequest: `/api/intervention_requests/${id}`,
        message: 'Joint remplacé',
        dateBegin: new Date(now - 60_000).toISOString(),
        dateEnd: new Date(now).toISOString(),
        status: 0,
      },
    });
    expect(cr.status).toBe(201);
    expect(cr.body).toMatchObject({ status: 0, doneBy: { firstName: 'karim' } });
    expect(
      (await upload(`/api/intervention_request/debriefings/${cr.body.id}/medias`, P, { name: 'cr.png', type: 'image/png', data: demoPng(9) })).status,
    ).toBe(201);
    expect(
      (
        await api.call('PUT', `/api/intervention_request/debriefings/${cr.body.id}`, {
          as: P,
          body: { interventionRequest: `/api/intervention_requests/${id}`, status: 2 },
        })
      ).body.status,
    ).toBe(2);
    expect(placeOf(id)).toBe('in_progress');
    expect((await api.call('PUT', `/api/intervention_request/debriefings/${cr.body.id}`, { as: P, body: { status: 1 } })).body.status).toBe(1);
    expect(placeOf(id)).toBe('debriefing');
    expect((await step(P, id, 'debriefing')).status).toBe(200); // the client's own step after the server's: same result
    expect((await step(P, id, 'done')).status).toBe(200);
    expect(placeOf(id)).toBe('done');
    const list = await api.call('GET', `/api/intervention_request/debriefings?interventionRequest=${id}&order[dateEnd]=desc`, { as: M });
    expect(list.body[0]).toMatchObject({ id: cr.body.id, status: 1, medias: [expect.objectContaining({ type: 'image/png' })] });
    const automatic = (await api.call('GET', `/api/intervention_request/messages?interventionRequest=${id}&order[date]=asc`, { as: M })).body.filter(
      (m: { sendBy: { id: number } }) => m.sendBy.id <= 0,
    );
    expect(automatic.map((m: { messageText: string }) => m.messageText)).toEqual(
      expect.arrayContaining(['Intervention planifiée', 'Intervention en cours', 'Intervention terminée']),
    );
  });

  it('refuses every proposal at once: back to waiting', async () => {
    const id = seeded('planning', `AND (SELECT COUNT(*) FROM appointments a WHERE a.intervention_id = ir.id AND a.status = 1) > 1`);
    expect((await api.call('PUT', `/api/intervention_requests/${id}/refuse_appointments`, { as: P })).body.code).toBe('010004');
    const refused = await api.call('PUT', `/api/intervention_requests/${id}/refuse_appointments`, { as: M });
    expect(refused.body.every((a: { status: number }) => a.status !== 1)).toBe(true);
    expect(placeOf(id)).toBe('waiting');
  });

  it('rates once per side when the work is done, with the type by role', async () => {
    const id = seeded('done', `AND NOT EXISTS (SELECT 1 FROM ratings r WHERE r.intervention_id = ir.id)`);
    const body = { globalRate: 4, message: 'Très bien', interventionRequest: `/api/intervention_requests/${id}` };
    expect((await api.call('POST', '/api/intervention_request/ratings', { as: M, body })).body).toMatchObject({ type: 1, globalRate: 4 });
    expect((await api.call('POST', '/api/intervention_request/ratings', { as: P, body: { ...body, globalRate: 5 } })).body).toMatchObject({
      type: 0,
      globalRate: 5,
    });
    expect((await api.call('POST', '/api/intervention_request/ratings', { as: M, body })).status).toBe(400);
    expect((await api.call('POST', '/api/intervention_request/ratings', { as: M, body: { ...body, globalRate: 6 } })).status).toBe(400);
    const waiting = seeded('waiting');
    expect(
      (await api.call('POST', '/api/intervention_request/ratings', { as: M, body: { ...body, interventionRequest: `/api/intervention_requests/${waiting}` } }))
        .body.code,
    ).toBe('010003');
  });
});
