/**
 * The OS workflow as the client relies on it: both price paths walked end to
 * end by the demo account of each role, refusals sent back to completion with
 * an automatic message, each refusal code, and next_step per role and place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OS_LIST_FILTERS, isKnownStepCode, mayActAt, osPath, stepsFrom, targetOf, type OsPlace } from '../../sync/contract/os-workflow';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const db = () => api.server.ctx.db;
const GO = '/api/firm/workflows/go_to_step';
const step = (as: string, objectId: number | string, stepCode: string, workflowCode = 'work_validation_requests') =>
  api.call('PUT', GO, { as, body: { stepCode, workflowCode, objectId } });
const nextStep = (as: string, id: number, workflow = 'work_validation_requests') =>
  api.call('GET', `/api/firm/workflows/next_step?page=1&itemsPerPage=30&workflow=${workflow}&objectId=${id}`, { as });
const codes = async (as: string, id: number) => ((await nextStep(as, id)).body as { code: string; name: string }[]).map((s) => s.code);
const placeOf = (id: number) => (db().prepare(`SELECT place FROM work_validation_requests WHERE id = ?`).get(id) as { place: string }).place;
const lastMessage = (id: number) =>
  db()
    .prepare(`SELECT message_text AS text, send_by_id AS author FROM messages WHERE object_kind = 'os' AND object_id = ? ORDER BY id DESC LIMIT 1`)
    .get(id) as { text: string; author: number | null };

/** Written out independently of the contract, so that a wrong contract fails here. */
const ACTOR: Record<string, string> = {
  request_init: 'gt@demo.fr',
  request_completion: 'gl@demo.fr',
  purchase_order_dp: 'dp@demo.fr',
  purchase_order_dt: 'dt@demo.fr',
  os_creation: 'at@demo.fr',
  n1_signature: 'gt@demo.fr',
  n2_signature: 'dt@demo.fr',
  request_intervention_provider: 'at@demo.fr',
};
const STAFF = ['gt@demo.fr', 'gl@demo.fr', 'at@demo.fr', 'dp@demo.fr', 'dt@demo.fr'];
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
const DECISIONS = ['purchase_order_dp', 'purchase_order_dt', 'n1_signature', 'n2_signature'];

function payload(price: number) {
  const estate = db()
    .prepare(
      `SELECT re.id, re.main_contact_id AS contact, b.id AS building FROM real_estates re JOIN buildings b ON b.real_estate_id = re.id WHERE re.name = 'Immeuble Le Confluent' LIMIT 1`,
    )
    .get() as { id: number; contact: number; building: number };
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
const create = async (price: number, as = 'gt@demo.fr') =>
  (await api.call('POST', '/api/post_work_validation_requests', { as, body: payload(price) })).body.id as number;
/** Moves an OS to a place of its path with the admin account (allowed on every step). */
async function bringTo(id: number, price: number, place: string) {
  const path = price > 10_000 ? LONG : SHORT;
  while (placeOf(id) !== place) {
    const here = placeOf(id);
    const code = DECISIONS.includes(here) ? `${here}_validated` : path[path.indexOf(here) + 1]!;
    expect((await step('admin@demo.fr', id, code)).status).toBe(200);
  }
}

describe('contract rules (pure functions shared with the client)', () => {
  it('splits the paths at 10000 inclusive', () => {
    expect(osPath(10_000)).toEqual(SHORT);
    expect(osPath(850)).toEqual(SHORT);
    expect(osPath(10_000.01)).toEqual(LONG);
    expect(osPath(48_500)).toEqual(LONG);
  });

  it('gives validated/refused codes at decision places and the next place elsewhere', () => {
    expect(stepsFrom('n2_signature', 20_000).map((s) => s.code)).toEqual(['n2_signature_validated', 'n2_signature_refused']);
    expect(stepsFrom('request_completion', 500).map((s) => s.code)).toEqual(['os_creation']);
    expect(stepsFrom('request_completion', 50_000).map((s) => s.code)).toEqual(['purchase_order_dp']);
    expect(stepsFrom('n1_signature', 500).map((s) => s.code)).toEqual(['n1_signature_validated', 'n1_signature_refused']);
    expect(targetOf('n1_signature', 500, 'n1_signature_validated')).toBe('request_intervention_provider');
    expect(targetOf('n1_signature', 50_000, 'n1_signature_validated')).toBe('n2_signature');
    expect(targetOf('purchase_order_dt', 50_000, 'purchase_order_dt_refused')).toBe('request_completion');
    expect(targetOf('os_creation', 500, 'closed')).toBeNull();
    expect(stepsFrom('closed', 500)).toEqual([]);
    expect(isKnownStepCode('n1_signature_validated') && isKnownStepCode('closed')).toBe(true);
    expect(isKnownStepCode('closed_validated') || isKnownStepCode('anything')).toBe(false);
  });

  it('maps roles and list filters', () => {
    expect(mayActAt('purchase_order_dp', ['ROLE_FIRM_REAL_ESTATE_DIRECTOR'])).toBe(true);
    expect(mayActAt('purchase_order_dp', ['ROLE_FIRM_TECHNICAL_DIRECTOR'])).toBe(false);
    expect(mayActAt('n2_signature', ['ROLE_OWNER_ADMIN'])).toBe(true);
    expect(mayActAt('closed', ['ROLE_FIRM_TECHNICAL_MANAGER'])).toBe(false);
    const filtered = [2, 3, 4, 5, 6, 7].flatMap((f) => OS_LIST_FILTERS[f]!);
    expect(new Set(filtered).size).toBe(filtered.length);
    expect([...filtered, 'start'].sort()).toEqual([...OS_LIST_FILTERS[1]!].sort());
  });
});

describe('paths walked by the demo accounts', () => {
  it.each([
    [10_000, SHORT],
    [10_000.01, LONG],
  ])('walks the %s € path end to end, each step by its role only', async (price, path) => {
    const id = await create(price);
    for (const place of path.slice(0, -1)) {
      expect(placeOf(id)).toBe(place);
      const actor = ACTOR[place]!;
      const code = DECISIONS.includes(place) ? `${place}_validated` : path[path.indexOf(place) + 1]!;
      expect(await codes(actor, id)).toContain(code);
      for (const other of STAFF.filter((a) => a !== actor)) {
        expect(await codes(other, id)).toEqual([]);
        expect((await step(other, id, code)).body.code).toBe('010004');
      }
      const moved = await step(actor, id, code);
      expect(moved.status).toBe(200);
      expect(moved.body.place).toBe(path[path.indexOf(place) + 1]);
      expect(lastMessage(id).author).toBeNull();
    }
    expect(placeOf(id)).toBe('closed');
    expect(await codes('admin@demo.fr', id)).toEqual([]);
  });

  it('lets the owner admin (gestionnaire) walk every step of its own OS, IRI objectId accepted', async () => {
    const id = await create(25_000, 'gestionnaire@demo.fr');
    for (const place of LONG.slice(0, -1)) {
      const code = DECISIONS.includes(place) ? `${place}_validated` : LONG[LONG.indexOf(place) + 1]!;
      expect((await step('gestionnaire@demo.fr', `/api/work_validation_requests/${id}`, code)).status).toBe(200);
    }
    expect(placeOf(id)).toBe('closed');
  });

  it.each(DECISIONS)('a refusal at %s goes back to completion with an automatic message naming who refused', async (place) => {
    const id = await create(30_000);
    await bringTo(id, 30_000, place);
    expect(await codes(ACTOR[place]!, id)).toEqual([`${place}_validated`, `${place}_refused`]);
    const refused = await step(ACTOR[place]!, id, `${place}_refused`);
    expect(refused.status).toBe(200);
    expect(refused.body.place).toBe('request_completion');
    const messages = (await api.call('GET', `/api/work_validation_request/message_firm?workValidationRequest=${id}&order[date]=asc`, { as: 'gt@demo.fr' }))
      .body;
    expect(messages.at(-1)).toMatchObject({
      sendBy: { id: 0 },
      messageText: expect.stringMatching(/refusée par .+ : retour à l'étape « Demande à compléter »/),
    });
    // The request can be completed and sent round again.
    expect(await codes('gl@demo.fr', id)).toEqual(['purchase_order_dp']);
  });
});

describe('refusal codes', () => {
  it('answers 010001, 010002, 010003, 010004, 006002 and 001001', async () => {
    const id = await create(500);
    expect((await step('gt@demo.fr', id, 'nowhere')).body.code).toBe('010001');
    expect((await step('gt@demo.fr', id, 'closed_validated')).body.code).toBe('010001');
    expect((await step('gt@demo.fr', id, 'request_completion', 'intervention_requests')).body.code).toBe('010002');
    expect((await nextStep('gt@demo.fr', id, 'intervention_requests')).body.code).toBe('010002');
    expect((await step('gt@demo.fr', id, 'closed')).body.code).toBe('010003');
    expect((await step('gt@demo.fr', id, 'n1_signature_validated')).body.code).toBe('010003');
    expect((await step('gt@demo.fr', id, 'purchase_order_dp')).body.code).toBe('010003');
    expect((await step('gl@demo.fr', id, 'request_completion')).body.code).toBe('010004');
    expect((await step('prestataire@demo.fr', id, 'request_completion')).body.code).toBe('010004');
    const missing = await step('gt@demo.fr', 999_999, 'request_completion');
    expect([missing.status, missing.body.code]).toEqual([404, '006002']);
    expect((await step('gestionnaire2@demo.fr', id, 'request_completion')).body.code).toBe('001001');
    expect((await api.call('PUT', GO, { as: 'gt@demo.fr', body: { stepCode: 'request_completion' } })).status).toBe(400);
    expect(placeOf(id)).toBe('request_init');
  });

  it('modifies an OS only while it is prepared, by the role of its place', async () => {
    const id = await create(700);
    const edit = (as: string, price: number) => api.call('PUT', `/api/post_work_validation_requests/${id}`, { as, body: { ...payload(price), id } });
    expect((await edit('gl@demo.fr', 710)).body.code).toBe('010004');
    expect((await edit('gt@demo.fr', 720)).body.price).toBe(720);
    await step('gt@demo.fr', id, 'request_completion');
    expect((await edit('gl@demo.fr', 730)).body.price).toBe(730);
    await step('gl@demo.fr', id, 'os_creation');
    expect((await edit('at@demo.fr', 740)).body.code).toBe('010003');
    expect((await edit('admin@demo.fr', 750)).body.code).toBe('010003');
  });
});

describe('next_step per role and place', () => {
  it('lists, for every seeded place, the codes of that place to its role only', async () => {
    // SQLite gives the bare columns of the MIN(id) row: the first seeded OS of each place and path.
    const rows = db().prepare(`SELECT MIN(id) AS id, place, price FROM work_validation_requests GROUP BY place, price > 10000`).all() as {
      id: number;
      place: OsPlace;
      price: number;
    }[];
    expect(rows.length).toBe(16);
    for (const row of rows) {
      const path = row.price > 10_000 ? LONG : SHORT;
      const expected =
        row.place === 'closed'
          ? []
          : DECISIONS.includes(row.place)
            ? [`${row.place}_validated`, `${row.place}_refused`]
            : [row.place === 'start' ? 'request_init' : path[path.indexOf(row.place) + 1]!];
      const actor = row.place === 'start' ? 'gt@demo.fr' : ACTOR[row.place];
      for (const account of STAFF) expect(await codes(account, row.id), `${account} at ${row.place}`).toEqual(account === actor ? expected : []);
      expect(await codes('admin@demo.fr', row.id)).toEqual(expected);
    }
  });

  it('answers a Hydra collection of { code, name } and nothing to providers', async () => {
    const id = await create(2_000);
    const ld = await api.call('GET', `/api/firm/workflows/next_step?page=1&itemsPerPage=1&workflow=work_validation_requests&objectId=${id}`, {
      as: 'gt@demo.fr',
      ld: true,
    });
    expect(ld.body['hydra:totalItems']).toBe(1);
    expect(ld.body['hydra:member']).toEqual([{ code: 'request_completion', name: expect.any(String) }]);
    const theirs = db()
      .prepare(
        `SELECT w.id FROM work_validation_requests w JOIN companies c ON c.id = w.provider_company_id WHERE c.name = 'Technis Services' AND w.place = 'os_creation'`,
      )
      .get() as { id: number };
    const provider = await nextStep('prestataire@demo.fr', theirs.id);
    expect([provider.status, provider.body]).toEqual([200, []]);
  });
});
