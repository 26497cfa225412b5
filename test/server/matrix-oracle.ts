/**
 * Who may see and change what, written from the spec's rules (part 1 §6, part
 * 2 §6) straight over the seeded tables, independently of the server's own
 * access code: the access-matrix test compares the server's answers with it.
 */
import type { Db } from '../../server/db/open';
import { ECHOPARK_ROLES, MANAGER_ROLES, OS_ROLES, PROVIDER_ROLES, VISIT_ROLES } from '../../sync/contract/roles';

export interface Oracle {
  email: string;
  userId: number;
  intervention(id: number): boolean;
  /** Manager-side writes (modify, appointments decisions) and provider-side ones (appointments, debriefings). */
  interventionAs(id: number, side: 'manager' | 'provider'): boolean;
  os(id: number): boolean;
  osWrite(id: number): boolean;
  echopark(id: number): boolean;
  echoparkAct(id: number): boolean;
  /** An echopark property (instruction lookup): one of the user's communities. */
  property(id: number): boolean;
  /** The account's current echopark community (null without one). */
  echoparkCommunity(): number | null;
  visit(id: number): boolean;
  visitWrite(id: number): boolean;
  visitAssign(id: number): boolean;
  company(id: number): boolean;
  realEstate(id: number): boolean;
  media(id: number): boolean;
  request(id: number): boolean;
  user(id: number): boolean;
}

const FIRM_STAFF = OS_ROLES.filter((r) => r !== 'ROLE_OWNER_ADMIN' && r !== 'ROLE_ADMIN');

export function oracleFor(db: Db, email: string): Oracle {
  const me = db.prepare(`SELECT id, roles, company_id AS company FROM users WHERE email = ?`).get(email) as {
    id: number;
    roles: string;
    company: number | null;
  };
  const roles = JSON.parse(me.roles) as string[];
  const has = (list: readonly string[]) => roles.some((r) => list.includes(r));
  const admin = roles.includes('ROLE_ADMIN');
  const manager = has(MANAGER_ROLES);
  const provider = !manager && has(PROVIDER_ROLES);
  const seesAll = admin || (has(FIRM_STAFF) && !roles.includes('ROLE_OWNER_ADMIN'));
  const managed = new Set((db.prepare(`SELECT real_estate_id AS id FROM user_real_estates WHERE user_id = ?`).all(me.id) as { id: number }[]).map((r) => r.id));
  const row = <T>(sql: string, id: number) => db.prepare(sql).get(id) as T | undefined;

  const intervention = (id: number) => {
    const ir = row<{ re: number; provider: number }>(
      `SELECT real_estate_id AS re, provider_company_id AS provider FROM intervention_requests WHERE id = ?`,
      id,
    );
    if (!ir) return false;
    return admin || (manager && managed.has(ir.re)) || (provider && ir.provider === me.company);
  };
  const os = (id: number) => {
    const w = row<{ re: number; provider: number }>(
      `SELECT real_estate_id AS re, provider_company_id AS provider FROM work_validation_requests WHERE id = ?`,
      id,
    );
    if (!w || !(manager || provider || has(OS_ROLES))) return false;
    if (seesAll) return true;
    return has(PROVIDER_ROLES) && !manager ? w.provider === me.company : managed.has(w.re);
  };
  const communities = (
    db
      .prepare(`SELECT c.id FROM echopark_user_communities uc JOIN echopark_communities c ON c.id = uc.community_id WHERE uc.user_id = ? ORDER BY c.name`)
      .all(me.id) as { id: number }[]
  ).map((c) => c.id);
  const main = (db.prepare(`SELECT echopark_main_community_id AS id FROM users WHERE id = ?`).get(me.id) as { id: number | null }).id;
  const current = main !== null && communities.includes(main) ? main : (communities[0] ?? null);
  const community = (id: number) => row<{ c: number }>(`SELECT community_id AS c FROM echopark_requests WHERE id = ?`, id)?.c;
  const echopark = (id: number) => has(ECHOPARK_ROLES) && communities.includes(community(id) ?? -1);
  const visit = (id: number) => has(VISIT_ROLES) && row(`SELECT 1 FROM visits WHERE id = ?`, id) !== undefined;
  const visitRow = (id: number) => row<{ state: string; assigned: number | null }>(`SELECT state, assigned_to AS assigned FROM visits WHERE id = ?`, id);
  const realEstate = (id: number) => row(`SELECT 1 FROM real_estates WHERE id = ?`, id) !== undefined && (seesAll || managed.has(id));

  return {
    email,
    userId: me.id,
    intervention,
    interventionAs: (id, side) => intervention(id) && (side === 'manager' ? manager : provider),
    os,
    osWrite: (id) => os(id) && has(OS_ROLES),
    echopark,
    echoparkAct: (id) => echopark(id) && community(id) === current,
    property: (id) =>
      has(ECHOPARK_ROLES) && communities.includes(row<{ c: number }>(`SELECT community_id AS c FROM echopark_properties WHERE id = ?`, id)?.c ?? -1),
    echoparkCommunity: () => (has(ECHOPARK_ROLES) ? current : null),
    visit,
    visitWrite: (id) => visit(id) && visitRow(id)?.assigned === me.id,
    visitAssign: (id) => {
      const v = visitRow(id);
      return visit(id) && v !== undefined && v.state !== 'terminate' && (v.state !== 'start' || v.assigned === me.id);
    },
    company: (id) => {
      const kind = row<{ kind: string }>(`SELECT kind FROM companies WHERE id = ?`, id)?.kind;
      if (!kind) return false;
      if (id === me.company || seesAll) return true;
      if (kind === 'provider') return manager || has(OS_ROLES);
      if (kind !== 'owner' || !has(PROVIDER_ROLES)) return false;
      const deals = db.prepare(
        `SELECT 1 FROM intervention_requests WHERE provider_company_id = ? AND owner_company_id = ? UNION SELECT 1 FROM work_validation_requests w JOIN real_estates re ON re.id = w.real_estate_id WHERE w.provider_company_id = ? AND re.owner_company_id = ?`,
      );
      return deals.get(me.company, id, me.company, id) !== undefined;
    },
    realEstate,
    media: (id) => {
      if (row<{ by: number }>(`SELECT uploaded_by AS by FROM media WHERE id = ?`, id)?.by === me.id) return true;
      const ids = (sql: string, times = 1) => (db.prepare(sql).all(...Array<number>(times).fill(id)) as { id: number }[]).map((r) => r.id);
      return (
        ids(
          `SELECT intervention_id AS id FROM intervention_media WHERE media_id = ? UNION SELECT d.intervention_id FROM debriefing_media dm JOIN debriefings d ON d.id = dm.debriefing_id WHERE dm.media_id = ?`,
          2,
        ).some(intervention) ||
        ids(`SELECT request_id AS id FROM work_validation_media WHERE media_id = ?`).some(os) ||
        ids(`SELECT request_id AS id FROM echopark_pictures WHERE media_id = ?`).some(echopark)
      );
    },
    request: (id) => row<{ by: number }>(`SELECT created_by AS by FROM generic_requests WHERE id = ?`, id)?.by === me.id,
    user: (id) => id === me.id,
  };
}
