/**
 * Which OS a user may see: the firm's staff and ROLE_ADMIN every one, owner
 * users those of the real estates they manage, providers those addressed to
 * their company (read only). Also used by the messaging threads.
 */
import type { Db } from '../../db/open';
import type { AuthUser } from '../../http/auth';
import { hasRole, managedRealEstateIds, seesAllRealEstates } from '../../http/access';
import { notFound, refusal } from '../../http/errors';
import { PROVIDER_ROLES, canUseArea, canUseOs } from '../../../sync/contract/roles';
import { ERROR_CODES } from '../../../sync/contract/errors';
import { mayCreateOs, type OsPlace } from '../../../sync/contract/os-workflow';

export interface OsRow {
  id: number;
  number: string;
  place: OsPlace;
  /** Null, like the three references below, only on a draft (place 'start'). */
  price: number | null;
  information: string;
  created_at: string;
  real_estate_id: number;
  business_area_id: number | null;
  request_type_id: number | null;
  provider_company_id: number | null;
  contact_id: number | null;
  requested_by: number;
}

/** SQL condition on alias `w` and its parameters. */
export function osVisibility(db: Db, user: AuthUser): { sql: string; params: number[] } {
  // Managing a real estate is not enough: without an OS-area role (echopark, visits) no OS is visible,
  // not even through threads or media (the route guard refuses the OS routes themselves).
  if (!canUseArea(user.roles, 'os')) return { sql: '0 = 1', params: [] };
  if (seesAllRealEstates(user)) return { sql: '1 = 1', params: [] };
  if (hasRole(user, ...PROVIDER_ROLES)) return { sql: 'w.provider_company_id = ?', params: [user.companyId ?? -1] };
  const ids = managedRealEstateIds(db, user);
  return { sql: `w.real_estate_id IN (${ids.length ? ids.map(() => '?').join(', ') : 'NULL'})`, params: ids };
}

export function visibleOsIds(db: Db, user: AuthUser): number[] {
  const clause = osVisibility(db, user);
  return (db.prepare(`SELECT w.id FROM work_validation_requests w WHERE ${clause.sql} ORDER BY w.id`).all(...clause.params) as { id: number }[]).map(
    (r) => r.id,
  );
}

/** The OS if the user may see it: 404 006002 when unknown, 001001 when not theirs. */
export function visibleOs(db: Db, user: AuthUser, id: number | undefined): OsRow {
  const row = id === undefined ? undefined : (db.prepare(`SELECT * FROM work_validation_requests WHERE id = ?`).get(id) as OsRow | undefined);
  if (!row) throw notFound(ERROR_CODES['006002'], '006002');
  const clause = osVisibility(db, user);
  if (!db.prepare(`SELECT 1 FROM work_validation_requests w WHERE w.id = ? AND ${clause.sql}`).get(row.id, ...clause.params)) throw refusal('001001');
  return row;
}

/**
 * Changing an OS (payload, documents, steps) needs an OS role (spec part 1 §6
 * "OS access"): providers and owner users without OS rights only read.
 */
export function assertOsWriter(user: AuthUser): void {
  if (!canUseOs(user.roles)) throw refusal('010004');
}

/** Who may create OS: the technical manager (GT), owner admins and admins. */
export const mayCreate = (user: AuthUser) => mayCreateOs(user.roles);
