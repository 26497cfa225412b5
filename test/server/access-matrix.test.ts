/**
 * Access matrix (issue 13): every route × every demo account × objects of
 * others. Calls on an object the spec's rules (matrix-oracle.ts) deny must be
 * refused (4xx), change nothing in the database and not echo the object; a
 * read the rules allow must succeed, so the matrix is not passing by refusing
 * everything; lists must hold only what the account may see. Every /api route
 * is either probed here or named with the reason it has no object to leak.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestApi, multipart, type TestApi } from './harness';
import { DEMO_ACCOUNTS } from '../../server/seed/world';
import { demoPng } from '../../server/seed/images';
import { oracleFor, type Oracle } from './matrix-oracle';
import { isEditablePlace, mayActAt, type OsPlace } from '../../sync/contract/os-workflow';
import { PROBES, LISTS, NO_OBJECT, REF_PROBES, type Kind, type RefBase, type RefKind } from './matrix-probes';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  // Each owner side files a generic request: objects of the kind `request` for the matrix.
  for (const as of ['gestionnaire@demo.fr', 'gestionnaire2@demo.fr'])
    await api.call('POST', '/api/requests', { as, body: { information: `Demande privée de ${as}` } });
}, 60_000);
afterAll(() => api.close());

const db = () => api.server.ctx.db;
const ids = (sql: string) => (db().prepare(sql).all() as { id: number }[]).map((r) => r.id);

/** A few objects of each kind, spread over owners, providers, communities, states and assignees. */
function samples(): Record<Kind, number[]> {
  return {
    intervention: ids(`SELECT MIN(id) AS id FROM intervention_requests GROUP BY provider_company_id, owner_company_id, place IN ('in_progress', 'planning')`),
    debriefing: ids(
      `SELECT MIN(d.id) AS id FROM debriefings d JOIN intervention_requests ir ON ir.id = d.intervention_id GROUP BY ir.provider_company_id, ir.owner_company_id`,
    ),
    appointment: ids(
      `SELECT MIN(a.id) AS id FROM appointments a JOIN intervention_requests ir ON ir.id = a.intervention_id WHERE a.status = 1 GROUP BY ir.provider_company_id, ir.owner_company_id`,
    ),
    os: ids(
      `SELECT MIN(w.id) AS id FROM work_validation_requests w JOIN real_estates re ON re.id = w.real_estate_id GROUP BY w.provider_company_id, re.owner_company_id`,
    ),
    osMedia: ids(
      `SELECT MIN(wm.media_id) AS id FROM work_validation_media wm JOIN work_validation_requests w ON w.id = wm.request_id JOIN real_estates re ON re.id = w.real_estate_id GROUP BY w.provider_company_id, re.owner_company_id`,
    ),
    echopark: ids(`SELECT MIN(id) AS id FROM echopark_requests GROUP BY community_id`),
    property: ids(`SELECT MIN(id) AS id FROM echopark_properties WHERE level = 3 GROUP BY community_id`),
    visit: ids(`SELECT MIN(id) AS id FROM visits GROUP BY state, assigned_to`),
    company: ids(`SELECT id FROM companies`),
    realEstate: ids(`SELECT id FROM real_estates`),
    media: [
      ...ids(`SELECT MIN(media_id) AS id FROM intervention_media GROUP BY intervention_id % 3`),
      ...ids(`SELECT MIN(media_id) AS id FROM debriefing_media`),
      ...ids(`SELECT MIN(media_id) AS id FROM work_validation_media`),
      ...ids(`SELECT MIN(media_id) AS id FROM echopark_pictures`),
      ...ids(`SELECT MIN(media_id) AS id FROM visit_files`),
    ],
    request: ids(`SELECT id FROM generic_requests`),
    user: ids(`SELECT id FROM users`),
  };
}

/** Text of an object that a refusal must not carry (its number, name or content). */
function secretOf(kind: Kind, id: number): string | null {
  const get = (sql: string) => (db().prepare(sql).get(id) as { s: string } | undefined)?.s ?? null;
  switch (kind) {
    case 'intervention':
      return get(`SELECT number AS s FROM intervention_requests WHERE id = ?`);
    case 'os':
      return get(`SELECT number AS s FROM work_validation_requests WHERE id = ?`);
    case 'echopark':
      return get(`SELECT number AS s FROM echopark_requests WHERE id = ?`);
    case 'visit':
      return get(`SELECT name AS s FROM visits WHERE id = ?`);
    case 'company':
      return get(`SELECT name AS s FROM companies WHERE id = ?`);
    case 'realEstate':
      return get(`SELECT name AS s FROM real_estates WHERE id = ?`);
    case 'request':
      return get(`SELECT information AS s FROM generic_requests WHERE id = ?`);
    default:
      return null;
  }
}

const changes = () => (db().prepare(`SELECT total_changes() AS n`).get() as { n: number }).n;
const png = multipart({ name: 'preuve.png', type: 'image/png', data: demoPng(99) });

describe('access matrix', () => {
  it('covers every route', () => {
    const covered = new Set([...PROBES.map((p) => `${p.method} ${p.route}`), ...LISTS.map((l) => `GET ${l.route}`), ...Object.keys(NO_OBJECT)]);
    const missing = api.server.routes.filter((r) => r.url.startsWith('/api/') && !covered.has(`${r.method} ${r.url}`)).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('refuses every account the objects of others, changes nothing, leaks nothing; allows its own reads', async () => {
    const started = performance.now();
    const sample = samples();
    const oracles = new Map<string, Oracle>(DEMO_ACCOUNTS.map((a) => [a.email, oracleFor(db(), a.email)]));
    const tokens = new Map<string, string>();
    for (const { email } of DEMO_ACCOUNTS) tokens.set(email, await api.token(email));
    const leaks: string[] = [];
    let probes = 0;
    for (const { email } of DEMO_ACCOUNTS) {
      const oracle = oracles.get(email)!;
      const authorization = `Bearer ${tokens.get(email)!}`;
      for (const probe of PROBES) {
        let allowedChecked = false;
        for (const id of sample[probe.kind]) {
          const allowed = probe.allowed(oracle, id, db());
          if (allowed && (allowedChecked || !probe.read)) continue;
          const request = probe.build(id, db());
          const options: InjectOptions = {
            method: probe.method as InjectOptions['method'],
            url: request.url,
            headers: { authorization, ...(request.multipart ? png.headers : {}) },
            ...(request.multipart ? { payload: png.body } : request.body !== undefined ? { payload: request.body as object } : {}),
          };
          const before = changes();
          const res = await api.server.app.inject(options);
          probes++;
          const where = `${email} ${probe.method} ${request.url} (${probe.kind} ${id})`;
          if (allowed) {
            allowedChecked = true;
            if (res.statusCode !== 200) leaks.push(`allowed read refused ${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
            continue;
          }
          const secret = secretOf(probe.kind, id);
          if (res.statusCode < 400 || res.statusCode >= 500) leaks.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
          else if (secret && res.body.includes(secret)) leaks.push(`echoes "${secret}" ${where}`);
          if (changes() !== before) leaks.push(`database changed by a refused call: ${where}`);
        }
      }
      for (const list of LISTS) {
        const res = await api.server.app.inject({ method: 'GET', url: list.url, headers: { authorization, accept: 'application/json' } });
        probes++;
        if (res.statusCode >= 500) leaks.push(`${res.statusCode} ${email} GET ${list.url}`);
        if (res.statusCode !== 200) continue;
        for (const [kind, id] of list.items(res.json())) {
          if (!oracle[kind](id)) leaks.push(`${email} GET ${list.url} lists ${kind} ${id}`);
        }
      }
    }
    console.log(
      `access matrix: ${DEMO_ACCOUNTS.length} accounts, ${PROBES.length} object probes + ${LISTS.length} lists, ${probes} calls, ${leaks.length} leaks, ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(leaks).toEqual([]);
  }, 120_000);

  it('refuses in every write every reference the account may not see (issue 21), changes nothing, echoes nothing', async () => {
    const nothing = 999_999;
    const all = (sql: string, ...params: unknown[]) =>
      (
        db()
          .prepare(sql)
          .all(...params) as { id: number }[]
      ).map((r) => r.id);
    const first = (list: number[], fallback: number) => list[0] ?? fallback;
    const failures: string[] = [];
    const baselines = new Set<string>();
    let probes = 0;
    for (const { email } of DEMO_ACCOUNTS) {
      const o = oracleFor(db(), email);
      const roles = DEMO_ACCOUNTS.find((a) => a.email === email)!.roles;
      const authorization = `Bearer ${await api.token(email)}`;
      const realEstate = first(
        all(`SELECT id FROM real_estates ORDER BY id`).filter((id) => o.realEstate(id)),
        1,
      );
      const community = o.echoparkCommunity();
      const echoType = first(all(`SELECT request_type_id AS id FROM echopark_routing WHERE community_id = ? ORDER BY request_type_id`, community ?? -1), 1);
      const base: RefBase = {
        realEstate,
        building: first(all(`SELECT id FROM buildings WHERE real_estate_id = ? ORDER BY id`, realEstate), 1),
        contact: first(all(`SELECT main_contact_id AS id FROM real_estates WHERE id = ?`, realEstate), 1),
        intervention: first(
          all(`SELECT id FROM intervention_requests WHERE place IN ('start', 'waiting', 'planning') ORDER BY id`).filter((id) =>
            o.interventionAs(id, 'manager'),
          ),
          1,
        ),
        os: first(
          (db().prepare(`SELECT id, place FROM work_validation_requests ORDER BY id`).all() as { id: number; place: OsPlace }[])
            .filter((w) => o.osWrite(w.id) && isEditablePlace(w.place) && mayActAt(w.place, roles))
            .map((w) => w.id),
          1,
        ),
        echoType,
        domain: first(all(`SELECT id FROM echopark_domain_tree WHERE request_type_id = ? ORDER BY id`, echoType), 1),
        property: first(all(`SELECT id FROM echopark_properties WHERE community_id = ? AND level = 3 ORDER BY id`, community ?? -1), 1),
      };
      const contactSeen = (id: number) =>
        all(`SELECT id FROM real_estates WHERE main_contact_id = ?`, id).some((re) => o.realEstate(re)) ||
        all(`SELECT id FROM companies WHERE main_contact_id = ?`, id).some((c) => o.company(c));
      const foreign: Record<RefKind, number[]> = {
        contact: [...all(`SELECT id FROM contacts ORDER BY id`).filter((id) => !contactSeen(id)), nothing],
        realEstate: [...all(`SELECT id FROM real_estates ORDER BY id`).filter((id) => !o.realEstate(id)), nothing],
        building: [...all(`SELECT MIN(id) AS id FROM buildings WHERE real_estate_id <> ? GROUP BY real_estate_id`, base.realEstate), nothing],
        provider: [
          ...all(`SELECT id FROM companies WHERE kind <> 'provider' ORDER BY id`),
          ...all(`SELECT id FROM companies WHERE kind = 'provider'`).filter((id) => !o.company(id)),
          nothing,
        ],
        businessArea: [nothing],
        requestType: [nothing],
        echoparkProperty: [...all(`SELECT id FROM echopark_properties ORDER BY id`).filter((id) => !o.property(id)), nothing],
        echoparkDomain: [...all(`SELECT id FROM echopark_domain_tree WHERE request_type_id <> ? ORDER BY id`, base.echoType), nothing],
      };
      const secretOfRef = (ref: RefKind, id: number): string | null => {
        const get = (sql: string) => (db().prepare(sql).get(id) as { s: string } | undefined)?.s ?? null;
        if (ref === 'contact') return get(`SELECT address AS s FROM contacts WHERE id = ?`);
        if (ref === 'realEstate') return get(`SELECT name AS s FROM real_estates WHERE id = ?`);
        if (ref === 'echoparkProperty') return get(`SELECT name AS s FROM echopark_properties WHERE id = ?`);
        return null;
      };
      for (const probe of REF_PROBES) {
        // The base itself, once per route and account: the refusals below must be the reference's doing for someone.
        const baseline = probe.build(
          probe.ref === 'echoparkProperty'
            ? base.property
            : probe.ref === 'echoparkDomain'
              ? base.domain
              : (
                  { contact: base.contact, realEstate: base.realEstate, building: base.building, provider: 4, businessArea: 2, requestType: 1 } as Record<
                    string,
                    number
                  >
                )[probe.ref]!,
          base,
        );
        if (!baselines.has(`${probe.method} ${probe.route}`)) {
          const res = await api.server.app.inject({ method: probe.method, url: baseline.url, headers: { authorization }, payload: baseline.body as object });
          if (res.statusCode < 300) baselines.add(`${probe.method} ${probe.route}`);
        }
        for (const value of foreign[probe.ref]) {
          const request = probe.build(value, base);
          const before = changes();
          const res = await api.server.app.inject({ method: probe.method, url: request.url, headers: { authorization }, payload: request.body as object });
          probes++;
          const where = `${email} ${probe.method} ${request.url} ${probe.ref} ${value}`;
          const secret = secretOfRef(probe.ref, value);
          if (res.statusCode < 400 || res.statusCode >= 500) failures.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
          else if (secret && res.body.includes(secret)) failures.push(`echoes "${secret}" ${where}`);
          if (changes() !== before) failures.push(`database changed by a refused call: ${where}`);
        }
      }
    }
    console.log(
      `access matrix, write references: ${DEMO_ACCOUNTS.length} accounts × ${REF_PROBES.length} reference probes, ${probes} foreign references probed, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
    // Every probed route accepted its base for at least one account: the refusals are the references'.
    expect([...new Set(REF_PROBES.map((p) => `${p.method} ${p.route}`))].filter((r) => !baselines.has(r))).toEqual([]);
  }, 120_000);
});
