/** Messages, threads, unread counts, planning and dashboards of the interventions module. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

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
const firstOf = (place: string) =>
  (
    db()
      .prepare(
        `SELECT id FROM intervention_requests WHERE place = ? AND provider_company_id = (SELECT company_id FROM users WHERE email = ?) ORDER BY id LIMIT 1`,
      )
      .get(place, P) as { id: number }
  ).id;
const unread = async (as: string) => (await api.call('GET', '/api/message/user_message_counts/0', { as })).body.newCount as number;

describe('messages and threads', () => {
  it('a message reaches the other side as unread; reading the thread clears it', async () => {
    const id = firstOf('planned');
    const before = await unread(P);
    const sent = await api.call('POST', '/api/intervention_request/messages/new_conversation', {
      as: M,
      body: { interventionRequest: `/api/intervention_requests/${id}`, messageText: 'Le code du portail est 1234.' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ messageText: 'Le code du portail est 1234.', sendBy: { firstName: 'camille' } });
    expect(await unread(P)).toBe(before + 1);
    const threads = await api.call('GET', '/api/message/user_messages?itemsPerPage=30&page=1', { as: P });
    expect(threads.body[0]).toMatchObject({
      id,
      type: 'InterventionRequest',
      message: 'Le code du portail est 1234.',
      isNew: true,
      author: 'camille MARTIN',
      realEstate: { name: expect.any(String) },
    });
    const inThread = threads.body[0].count as number;
    expect(inThread).toBeGreaterThanOrEqual(1);
    const thread = await api.call('GET', `/api/intervention_request/messages?interventionRequest=${id}&order[date]=asc`, { as: P });
    const dates = thread.body.map((m: { date: string }) => m.date);
    expect([...dates].sort()).toEqual(dates);
    expect(thread.body.some((m: { sendBy: { id: number } }) => m.sendBy.id <= 0)).toBe(true);
    expect(await unread(P)).toBe(before + 1 - inThread);
    const after = await api.call('GET', '/api/message/user_messages?itemsPerPage=30&page=1', { as: P });
    expect(after.body.find((t: { id: number }) => t.id === id).isNew).toBe(false);
  });

  it('threads page by 30, newest first, and never show another company’s requests', async () => {
    const page1 = await api.call('GET', '/api/message/user_messages?itemsPerPage=30&page=1', { as: M, ld: true });
    expect(page1.body['hydra:member']).toHaveLength(30);
    expect(page1.body['hydra:totalItems']).toBeGreaterThan(30);
    const dates = page1.body['hydra:member'].map((t: { date: string }) => t.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const key = (t: { type: string; id: number }) => `${t.type}:${t.id}`;
    const mine = new Set((await api.call('GET', '/api/message/user_messages?itemsPerPage=1000', { as: M })).body.map(key));
    const theirs = (await api.call('GET', '/api/message/user_messages?itemsPerPage=1000', { as: M2 })).body as { type: string; id: number }[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((t) => mine.has(key(t)))).toBe(false);
    // OS threads come with the interventions' for those who see OS.
    expect([...mine].some((k) => String(k).startsWith('WorkValidationRequest:'))).toBe(true);
    const id = firstOf('waiting');
    expect((await api.call('GET', `/api/intervention_request/messages?interventionRequest=${id}`, { as: P2 })).body.code).toBe('006001');
    expect(
      (await api.call('POST', '/api/intervention_request/messages/new_conversation', { as: M2, body: { interventionRequest: id, messageText: 'intrus' } })).body
        .code,
    ).toBe('006001');
    expect(
      (await api.call('POST', '/api/intervention_request/messages/new_conversation', { as: M, body: { interventionRequest: id, messageText: '' } })).status,
    ).toBe(400);
  });
});

describe('planning and appointments', () => {
  it('lists the appointments of the caller’s requests in a date range, ascending, page 30', async () => {
    const now = new Date();
    const after = new Date(now.getTime() - 7 * 86_400_000).toISOString();
    const before = new Date(now.getTime() + 30 * 86_400_000).toISOString();
    const url = `/api/intervention_request/appointments?itemsPerPage=30&page=1&order[date]=asc&date[after]=${after}&date[before]=${before}`;
    const planning = await api.call('GET', url, { as: P });
    expect(planning.body.length).toBeGreaterThan(3);
    const dates = planning.body.map((e: { date: string }) => e.date);
    expect([...dates].sort()).toEqual(dates);
    expect(dates.every((d: string) => d >= after && d < before)).toBe(true);
    expect(planning.body[0]).toMatchObject({
      status: expect.any(Number),
      businessArea: expect.any(String),
      interventionRequest: { number: expect.stringMatching(/^DI-/), realEstate: { name: expect.any(String), mainContact: { city: expect.any(String) } } },
    });
    const theirs = (await api.call('GET', url, { as: P2 })).body as { interventionRequest: { id: number } }[];
    const mine = new Set(planning.body.map((e: { interventionRequest: { id: number } }) => e.interventionRequest.id));
    expect(theirs.some((e) => mine.has(e.interventionRequest.id))).toBe(false);
    const one = planning.body[0].interventionRequest.id;
    const filtered = await api.call('GET', `/api/intervention_requests/appointments?interventionRequest=${one}`, { as: M });
    expect(filtered.body.every((a: { interventionRequest: string }) => a.interventionRequest === `/api/intervention_requests/${one}`)).toBe(true);
    expect((await api.call('GET', `/api/intervention_requests/appointments?interventionRequest=${one}`, { as: M2 })).body.code).toBe('006001');
  });
});

describe('dashboards', () => {
  it('counts what the list filters show, with can-flags by side', async () => {
    const list = async (as: string, places: string[]) =>
      (await api.call('GET', `/api/intervention_requests/list/undetailed?itemsPerPage=1&${places.map((p) => `place[]=${p}`).join('&')}`, { as, ld: true }))
        .body['hydra:totalItems'] as number;
    const owner = (await api.call('GET', '/api/dashboards/owners/0', { as: M })).body;
    expect(owner).toMatchObject({ canValidateAppointment: true, canHandleReclaim: false });
    expect(owner.countInProgressInterventionRequests).toBe(await list(M, ['in_progress']));
    expect(owner.countAppointments).toBeGreaterThan(0);
    expect(owner.countAppointments).toBeLessThanOrEqual(await list(M, ['planning']));
    const provider = (await api.call('GET', '/api/dashboards/providers/0', { as: P })).body;
    expect(provider).toMatchObject({
      canValidateAppointment: false,
      canHandleReclaim: true,
      canHandleInterventionRequestToPlanned: true,
      canHandleInterventionRequestPlanned: true,
    });
    expect(provider.countReclaims).toBe(await list(P, ['reclaim']));
    expect(provider.countInterventionRequestToPlanned).toBe(await list(P, ['planning', 'waiting']));
    expect(provider.countInterventionRequestPlanned).toBe(await list(P, ['planned']));
    const other = (await api.call('GET', '/api/dashboards/providers/0', { as: P2 })).body;
    expect(other.countInterventionRequestPlanned).toBe(await list(P2, ['planned']));
  });
});

describe('scale', () => {
  it('seeds 10,000 generated interventions and still pages the list', async () => {
    const started = performance.now();
    const big = await startTestApi({}, undefined, 10_000);
    const seconds = (performance.now() - started) / 1000;
    try {
      const count = (big.server.ctx.db.prepare(`SELECT COUNT(*) AS n FROM intervention_requests`).get() as { n: number }).n;
      expect(count).toBeGreaterThan(10_000);
      const page = await big.call('GET', '/api/intervention_requests/list/undetailed?itemsPerPage=10&page=100&place[]=planned', { as: M });
      expect(page.body).toHaveLength(10);
      console.info(`seed with --scale 10000: ${seconds.toFixed(1)} s`);
    } finally {
      await big.close();
    }
  });
});
