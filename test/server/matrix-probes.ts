/**
 * The routes of the access matrix: how to call each one on an object, which
 * rule of the oracle allows it, and the lists whose items must all be
 * visible. Routes without an object of someone else are named in NO_OBJECT
 * with the reason, so that a new route cannot slip past the matrix.
 */
import type { Db } from '../../server/db/open';
import type { Oracle } from './matrix-oracle';

export type Kind =
  | 'intervention'
  | 'debriefing'
  | 'appointment'
  | 'os'
  | 'osMedia'
  | 'echopark'
  | 'property'
  | 'visit'
  | 'company'
  | 'realEstate'
  | 'media'
  | 'request'
  | 'user';

export interface Probe {
  method: string;
  route: string;
  kind: Kind;
  /** A read whose success is checked when the oracle allows it. */
  read?: boolean;
  allowed(o: Oracle, id: number, db: Db): boolean;
  build(id: number, db: Db): { url: string; body?: unknown; multipart?: boolean };
}

const col = (db: Db, sql: string, id: number) => (db.prepare(sql).get(id) as { v: number } | undefined)?.v ?? 0;
const irOf = (db: Db, table: 'debriefings' | 'appointments', id: number) => col(db, `SELECT intervention_id AS v FROM ${table} WHERE id = ?`, id);
const osOfMedia = (db: Db, id: number) => col(db, `SELECT request_id AS v FROM work_validation_media WHERE media_id = ?`, id);
const DATES = { date: '2030-01-01T08:00:00.000Z', dateEnd: '2030-01-01T10:00:00.000Z' };

const get = (route: string, kind: Kind, allowed: Probe['allowed'], url: (id: number, db: Db) => string): Probe => ({
  method: 'GET',
  route,
  kind,
  read: true,
  allowed,
  build: (id, db) => ({ url: url(id, db) }),
});
const write = (method: string, route: string, kind: Kind, allowed: Probe['allowed'], build: Probe['build']): Probe => ({ method, route, kind, allowed, build });

const seesIr: Probe['allowed'] = (o, id) => o.intervention(id);
const seesOs: Probe['allowed'] = (o, id) => o.os(id);
const readsVisit: Probe['allowed'] = (o, id) => o.visit(id);
const writesVisit: Probe['allowed'] = (o, id) => o.visitWrite(id);
const actsEcho: Probe['allowed'] = (o, id) => o.echoparkAct(id);

export const PROBES: Probe[] = [
  // Interventions
  get('/api/intervention_requests/:id', 'intervention', seesIr, (id) => `/api/intervention_requests/${id}`),
  write(
    'PUT',
    '/api/post_intervention_requests/:id',
    'intervention',
    (o, id) => o.interventionAs(id, 'manager'),
    (id, db) => ({
      url: `/api/post_intervention_requests/${id}`,
      body: {
        information: 'Modifiée',
        realEstatId: col(db, `SELECT real_estate_id AS v FROM intervention_requests WHERE id = ?`, id),
        businessAreaId: col(db, `SELECT business_area_id AS v FROM intervention_requests WHERE id = ?`, id),
        buildingIdList: [col(db, `SELECT building_id AS v FROM intervention_buildings WHERE intervention_id = ?`, id)],
      },
    }),
  ),
  write('POST', '/api/intervention_requests/:id/medias', 'intervention', seesIr, (id) => ({ url: `/api/intervention_requests/${id}/medias`, multipart: true })),
  write('PUT', '/api/workflows/go_to_step', 'intervention', seesIr, (id) => ({
    url: '/api/workflows/go_to_step',
    body: { stepCode: 'closed', workflowCode: 'intervention_requests', objectId: id },
  })),
  get('/api/intervention_requests/appointments', 'intervention', seesIr, (id) => `/api/intervention_requests/appointments?interventionRequest=${id}`),
  write(
    'POST',
    '/api/intervention_requests/appointments',
    'intervention',
    (o, id) => o.interventionAs(id, 'provider'),
    (id) => ({ url: '/api/intervention_requests/appointments', body: { ...DATES, interventionRequestId: id } }),
  ),
  write(
    'PUT',
    '/api/intervention_requests/:id/refuse_appointments',
    'intervention',
    (o, id) => o.interventionAs(id, 'manager'),
    (id) => ({ url: `/api/intervention_requests/${id}/refuse_appointments`, body: {} }),
  ),
  get('/api/intervention_request/debriefings', 'intervention', seesIr, (id) => `/api/intervention_request/debriefings?interventionRequest=${id}`),
  write(
    'POST',
    '/api/intervention_request/debriefings',
    'intervention',
    (o, id) => o.interventionAs(id, 'provider'),
    (id) => ({
      url: '/api/intervention_request/debriefings',
      body: { interventionRequest: `/api/intervention_requests/${id}`, message: 'CR', dateBegin: DATES.date, dateEnd: DATES.dateEnd, status: 0 },
    }),
  ),
  write('POST', '/api/intervention_request/ratings', 'intervention', seesIr, (id) => ({
    url: '/api/intervention_request/ratings',
    body: { globalRate: 1, interventionRequest: id },
  })),
  get('/api/intervention_request/messages', 'intervention', seesIr, (id) => `/api/intervention_request/messages?interventionRequest=${id}`),
  write('POST', '/api/intervention_request/messages/new_conversation', 'intervention', seesIr, (id) => ({
    url: '/api/intervention_request/messages/new_conversation',
    body: { interventionRequest: id, messageText: 'Intrusion' },
  })),
  write(
    'PUT',
    '/api/intervention_request/debriefings/:id',
    'debriefing',
    (o, id, db) => o.interventionAs(irOf(db, 'debriefings', id), 'provider'),
    (id) => ({ url: `/api/intervention_request/debriefings/${id}`, body: { status: 2 } }),
  ),
  write(
    'POST',
    '/api/intervention_request/debriefings/:id/medias',
    'debriefing',
    (o, id, db) => o.interventionAs(irOf(db, 'debriefings', id), 'provider'),
    (id) => ({ url: `/api/intervention_request/debriefings/${id}/medias`, multipart: true }),
  ),
  write(
    'PUT',
    '/api/intervention_requests/appointments/status/change',
    'appointment',
    (o, id, db) => o.interventionAs(irOf(db, 'appointments', id), 'manager'),
    (id) => ({ url: '/api/intervention_requests/appointments/status/change', body: { appointmentId: id, status: 3, reason: 'Intrusion' } }),
  ),
  // OS
  get('/api/work_validation_requests/:id', 'os', seesOs, (id) => `/api/work_validation_requests/${id}`),
  write(
    'PUT',
    '/api/post_work_validation_requests/:id',
    'os',
    (o, id) => o.osWrite(id),
    (id, db) => ({
      url: `/api/post_work_validation_requests/${id}`,
      body: {
        id,
        information: 'Modifiée',
        realEstatId: col(db, `SELECT real_estate_id AS v FROM work_validation_requests WHERE id = ?`, id),
        businessAreaId: 1,
        buildingIdList: [],
        serviceProviderCompanyId: 4,
        typeId: 1,
        price: 100,
      },
    }),
  ),
  write(
    'POST',
    '/api/work_validation_requests/:id/medias',
    'os',
    (o, id) => o.osWrite(id),
    (id) => ({ url: `/api/work_validation_requests/${id}/medias`, multipart: true }),
  ),
  write(
    'PUT',
    '/api/firm/workflows/go_to_step',
    'os',
    (o, id) => o.osWrite(id),
    (id) => ({ url: '/api/firm/workflows/go_to_step', body: { stepCode: 'request_completion', workflowCode: 'work_validation_requests', objectId: id } }),
  ),
  get('/api/firm/workflows/next_step', 'os', seesOs, (id) => `/api/firm/workflows/next_step?workflow=work_validation_requests&objectId=${id}`),
  get('/api/work_validation_request/message_firm', 'os', seesOs, (id) => `/api/work_validation_request/message_firm?workValidationRequest=${id}`),
  write('POST', '/api/work_validation_request/messages/new_conversation', 'os', seesOs, (id) => ({
    url: '/api/work_validation_request/messages/new_conversation',
    body: { messageText: 'Intrusion', workValidationRequest: `/api/work_validation_requests/${id}` },
  })),
  get(
    '/api/work_validation_requests/media/:id',
    'osMedia',
    (o, id, db) => o.os(osOfMedia(db, id)),
    (id) => `/api/work_validation_requests/media/${id}`,
  ),
  // Echopark
  get(
    '/api/echopark/requests/:id/details',
    'echopark',
    (o, id) => o.echopark(id),
    (id) => `/api/echopark/requests/${id}/details`,
  ),
  get(
    '/api/echopark/requests/:id/consigne',
    'echopark',
    (o, id) => o.echopark(id),
    (id) => `/api/echopark/requests/${id}/consigne`,
  ),
  write('POST', '/api/echopark/step/', 'echopark', actsEcho, (id) => ({ url: '/api/echopark/step/', body: { requestId: id, step: 2, groupe: 1 } })),
  write('POST', '/api/echopark/request/message/', 'echopark', actsEcho, (id) => ({
    url: '/api/echopark/request/message/',
    body: { requestId: id, recipientRoleId: 1, recipientGroupId: 1, message: 'Intrusion' },
  })),
  write('POST', '/api/echopark/debrief/', 'echopark', actsEcho, (id) => ({
    url: '/api/echopark/debrief/',
    body: { requestId: id, begin_at: 1_700_000_000, end_at: 1_700_003_600, comment: 'Intrusion', done: 1 },
  })),
  write('POST', '/api/echopark/picture/:requestId', 'echopark', actsEcho, (id) => ({ url: `/api/echopark/picture/${id}`, multipart: true })),
  write('POST', '/api/echopark/request/form/', 'echopark', actsEcho, (id, db) => ({
    url: '/api/echopark/request/form/',
    body: { requestId: id, step: col(db, `SELECT step_id AS v FROM echopark_requests WHERE id = ?`, id), form: { id: 1 } },
  })),
  write(
    'POST',
    '/api/echopark/request/consigne/',
    'property',
    (o, id) => o.property(id),
    (id) => ({ url: '/api/echopark/request/consigne/', body: { requestTypeId: 1, domaineTreeId: 1, realEstateId: id } }),
  ),
  // Visits
  ...['informations', 'forms', 'forms-with-data', 'fiche', 'get-list-files'].map((p) =>
    get(`/api/visit/${p}/:id`, 'visit', readsVisit, (id) => `/api/visit/${p}/${id}`),
  ),
  // Allowed only where the visit has a file: elsewhere the 404 is the right answer.
  get(
    '/api/visit/download-file/:visitId/:fileId',
    'visit',
    (o, id, db) => readsVisit(o, id, db) && col(db, `SELECT id AS v FROM visit_files WHERE visit_id = ?`, id) > 0,
    (id, db) => `/api/visit/download-file/${id}/${col(db, `SELECT id AS v FROM visit_files WHERE visit_id = ?`, id) || 1}`,
  ),
  write('POST', '/api/visit/fiche/:id', 'visit', writesVisit, (id) => ({ url: `/api/visit/fiche/${id}`, body: { summary: 'Intrusion' } })),
  write('POST', '/api/visit/state/start/:id', 'visit', writesVisit, (id) => ({ url: `/api/visit/state/start/${id}`, body: {} })),
  write('POST', '/api/visit/state/:mode/:id', 'visit', writesVisit, (id) => ({ url: `/api/visit/state/terminate/${id}`, body: {} })),
  write('POST', '/api/visit/files/:id', 'visit', writesVisit, (id) => ({ url: `/api/visit/files/${id}`, multipart: true })),
  write(
    'POST',
    '/api/visit/assign/:id',
    'visit',
    (o, id) => o.visitAssign(id),
    (id) => ({ url: `/api/visit/assign/${id}`, body: {} }),
  ),
  // Reference data and account
  get(
    '/api/companies/:id',
    'company',
    (o, id) => o.company(id),
    (id) => `/api/companies/${id}`,
  ),
  get(
    '/api/real_estates/:id',
    'realEstate',
    (o, id) => o.realEstate(id),
    (id) => `/api/real_estates/${id}`,
  ),
  get(
    '/api/buildings',
    'realEstate',
    (o, id) => o.realEstate(id),
    (id) => `/api/buildings?realEstate=${id}&itemsPerPage=1000`,
  ),
  get(
    '/api/business_areas',
    'realEstate',
    (o, id) => o.realEstate(id),
    (id) => `/api/business_areas?realEstate=${id}`,
  ),
  write(
    'POST',
    '/api/requests',
    'realEstate',
    (o, id) => o.realEstate(id),
    (id) => ({ url: '/api/requests', body: { realEstate: `/api/real_estates/${id}`, information: 'Intrusion' } }),
  ),
  write(
    'POST',
    '/api/post_intervention_requests',
    'realEstate',
    (o, id) => o.realEstate(id),
    (id, db) => ({
      url: '/api/post_intervention_requests',
      body: {
        information: 'Intrusion',
        realEstatId: id,
        businessAreaId: 2,
        buildingIdList: [col(db, `SELECT id AS v FROM buildings WHERE real_estate_id = ?`, id)],
      },
    }),
  ),
  write(
    'POST',
    '/api/post_work_validation_requests',
    'realEstate',
    (o, id) => o.realEstate(id),
    (id, db) => ({
      url: '/api/post_work_validation_requests',
      body: {
        information: 'Intrusion',
        realEstatId: id,
        businessAreaId: 2,
        buildingIdList: [col(db, `SELECT id AS v FROM buildings WHERE real_estate_id = ?`, id)],
        serviceProviderCompanyId: 4,
        typeId: 1,
        price: 100,
      },
    }),
  ),
  get(
    '/api/media/:id',
    'media',
    (o, id) => o.media(id),
    (id) => `/api/media/${id}`,
  ),
  get(
    '/api/requests/:id',
    'request',
    (o, id) => o.request(id),
    (id) => `/api/requests/${id}`,
  ),
  write(
    'PUT',
    '/api/users/:id',
    'user',
    (o, id) => o.user(id),
    (id) => ({ url: `/api/users/${id}`, body: { firstname: 'Pirate' } }),
  ),
  get(
    '/api/personal/physical_access/:userId',
    'user',
    (o, id) => o.user(id),
    (id) => `/api/personal/physical_access/${id}`,
  ),
];

type ListKind = 'intervention' | 'os' | 'echopark' | 'realEstate' | 'request';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely, by shape
type Items = (body: any) => [ListKind, number][];
const byId =
  (kind: ListKind): Items =>
  (body: { id: number }[]) =>
    body.map((x) => [kind, x.id]);

export const LISTS: { route: string; url: string; items: Items }[] = [
  { route: '/api/intervention_requests/list/undetailed', url: '/api/intervention_requests/list/undetailed?itemsPerPage=1000', items: byId('intervention') },
  { route: '/api/intervention_requests', url: '/api/intervention_requests?itemsPerPage=1000', items: byId('intervention') },
  {
    route: '/api/intervention_request/appointments',
    url: '/api/intervention_request/appointments?itemsPerPage=1000',
    items: (b: { interventionRequest: { id: number } }[]) => b.map((a) => ['intervention', a.interventionRequest.id]),
  },
  { route: '/api/work_validation_requests/list/undetailed', url: '/api/work_validation_requests/list/undetailed?itemsPerPage=1000', items: byId('os') },
  { route: '/api/work_validation_requests', url: '/api/work_validation_requests?itemsPerPage=1000', items: byId('os') },
  {
    route: '/api/message/user_messages',
    url: '/api/message/user_messages?itemsPerPage=1000',
    items: (b: { type: string; id: number }[]) => b.map((t) => [t.type === 'InterventionRequest' ? 'intervention' : 'os', t.id]),
  },
  { route: '/api/echopark/requests/:flag', url: '/api/echopark/requests/1', items: byId('echopark') },
  { route: '/api/real_estates', url: '/api/real_estates', items: byId('realEstate') },
  { route: '/api/real_estates/with_contract', url: '/api/real_estates/with_contract', items: byId('realEstate') },
  { route: '/api/requests/', url: '/api/requests/?itemsPerPage=1000', items: byId('request') },
  { route: '/api/visits', url: '/api/visits', items: () => [] },
];

/** Routes with no object of someone else to reach, and why. */
export const NO_OBJECT: Record<string, string> = {
  'POST /api/authentication_token': 'public, limited (findings test 1)',
  'POST /api/token/refresh': 'public, the token is the secret',
  'POST /api/token/logout': 'public, the token is the secret (ends its own sign-in only)',
  'POST /api/registration': 'public',
  'POST /api/registration/activate': 'public, limited',
  'POST /api/forgotten_passwords/': 'public, limited',
  'GET /api/forgotten_passwords/check': 'public, limited',
  'POST /api/forgotten_passwords/change': 'public, limited',
  'GET /api/versions/0': 'public',
  'POST /api/contact_forms': 'public, limited',
  'GET /api/personal/data/0': 'the caller only',
  'GET /api/notifications/push_mobiles': 'the caller only',
  'POST /api/real_estates': 'creates one for the caller',
  'GET /api/companies/providers': 'the same list for all who order work',
  'GET /api/request_types': 'shared reference data',
  'GET /api/request_types/:id': 'shared reference data',
  'GET /api/message/user_message_counts/0': 'counts of the caller’s threads',
  'GET /api/dashboards/owners/0': 'counts over the caller’s visible objects',
  'GET /api/dashboards/providers/0': 'counts over the caller’s visible objects',
  'GET /api/firm/dashboards/firm_owners/0': 'counts over the caller’s visible objects',
  'GET /api/firm/dashboards/firm_providers/0': 'counts over the caller’s visible objects',
  'POST /api/echopark/requests/': 'created in the caller’s current community',
  'GET /api/echopark/requests-map': 'the caller’s current community',
  'GET /api/echopark/user/me/part': 'the caller’s communities',
  'GET /api/visit/dashboards/visit_owners/0': 'counts of the caller',
};

/**
 * Write probes over references (issue 21): each write that carries a
 * reference is sent by every account with a valid base (its own real estate,
 * its own object) and one reference swapped for every object of that kind the
 * account may not see. All must be refused, change nothing, echo nothing.
 */
export type RefKind = 'contact' | 'realEstate' | 'building' | 'provider' | 'businessArea' | 'requestType' | 'echoparkProperty' | 'echoparkDomain';

export interface RefProbe {
  route: string;
  method: 'POST' | 'PUT';
  ref: RefKind;
  /** The request with `value` in place of the reference, built for the account. */
  build(value: number, base: RefBase): { url: string; body: unknown };
}

/** What an account's valid base payloads are built from. */
export interface RefBase {
  realEstate: number;
  building: number;
  contact: number;
  intervention: number;
  os: number;
  /** Echopark: a type handled in the account's current community, one of its domains, a property of that community. */
  echoType: number;
  domain: number;
  property: number;
}

const irBody = (b: RefBase, swap: Partial<Record<string, unknown>>) => ({
  information: 'Sonde',
  realEstatId: b.realEstate,
  businessAreaId: 2,
  buildingIdList: [b.building],
  contactId: b.contact,
  ...swap,
});
const osBody = (b: RefBase, swap: Partial<Record<string, unknown>>) => ({ ...irBody(b, {}), serviceProviderCompanyId: 4, typeId: 1, price: 100, ...swap });

const swapOf: Record<Exclude<RefKind, 'echoparkProperty' | 'echoparkDomain'>, (v: number) => Record<string, unknown>> = {
  contact: (v) => ({ contactId: v }),
  realEstate: (v) => ({ realEstatId: v }),
  building: (v) => ({ buildingIdList: [v] }),
  provider: (v) => ({ serviceProviderCompanyId: v }),
  businessArea: (v) => ({ businessAreaId: v }),
  requestType: (v) => ({ typeId: v }),
};

export const REF_PROBES: RefProbe[] = [
  ...(['contact', 'realEstate', 'building', 'businessArea'] as const).flatMap((ref): RefProbe[] => [
    {
      route: '/api/post_intervention_requests',
      method: 'POST',
      ref,
      build: (v, b) => ({ url: '/api/post_intervention_requests', body: irBody(b, swapOf[ref](v)) }),
    },
    {
      route: '/api/post_intervention_requests/:id',
      method: 'PUT',
      ref,
      build: (v, b) => ({ url: `/api/post_intervention_requests/${b.intervention}`, body: irBody(b, swapOf[ref](v)) }),
    },
  ]),
  ...(['contact', 'realEstate', 'building', 'businessArea', 'provider', 'requestType'] as const).flatMap((ref): RefProbe[] => [
    {
      route: '/api/post_work_validation_requests',
      method: 'POST',
      ref,
      build: (v, b) => ({ url: '/api/post_work_validation_requests', body: osBody(b, swapOf[ref](v)) }),
    },
    {
      route: '/api/post_work_validation_requests/:id',
      method: 'PUT',
      ref,
      build: (v, b) => ({ url: `/api/post_work_validation_requests/${b.os}`, body: { ...osBody(b, swapOf[ref](v)), id: b.os } }),
    },
  ]),
  {
    route: '/api/requests',
    method: 'POST',
    ref: 'realEstate',
    build: (v) => ({ url: '/api/requests', body: { realEstate: `/api/real_estates/${v}`, information: 'Sonde' } }),
  },
  {
    route: '/api/requests',
    method: 'POST',
    ref: 'requestType',
    build: (v) => ({ url: '/api/requests', body: { requestType: `/api/request_types/${v}`, information: 'Sonde' } }),
  },
  {
    route: '/api/echopark/requests/',
    method: 'POST',
    ref: 'echoparkProperty',
    build: (v, b) => ({ url: '/api/echopark/requests/', body: { requestTypeId: b.echoType, domainTreeId: b.domain, realEstate: v, message: 'Sonde' } }),
  },
  {
    route: '/api/echopark/requests/',
    method: 'POST',
    ref: 'echoparkDomain',
    build: (v, b) => ({ url: '/api/echopark/requests/', body: { requestTypeId: b.echoType, domainTreeId: v, realEstate: b.property, message: 'Sonde' } }),
  },
  {
    route: '/api/echopark/request/consigne/',
    method: 'POST',
    ref: 'echoparkProperty',
    build: (v, b) => ({ url: '/api/echopark/request/consigne/', body: { requestTypeId: b.echoType, domaineTreeId: b.domain, realEstateId: v } }),
  },
];
