/**
 * Who sees which intervention: a provider the ones of its company, an
 * owner-side user those of the real estates it manages, ROLE_ADMIN every one.
 * Each route asks here, so that no object leaks through another kind.
 */
import type { Db } from '../../db/open';
import type { AuthUser } from '../../http/auth';
import { hasRole, managedRealEstateIds } from '../../http/access';
import { notFound, refusal } from '../../http/errors';
import { MANAGER_ROLES, PROVIDER_ROLES } from '../../../sync/contract/roles';
import type { InterventionPlace, Side } from '../../../sync/contract/interventions';

export interface InterventionRow {
  id: number;
  number: string;
  place: InterventionPlace;
  created_at: string;
  real_estate_id: number;
  business_area_id: number;
  contact_id: number | null;
  information: string;
  requested_by: number;
  provider_company_id: number;
  owner_company_id: number;
}

/** The side a user acts on: manager roles first (an admin acts as the manager). */
export function sideOf(user: AuthUser): Side | null {
  if (hasRole(user, ...MANAGER_ROLES)) return 'manager';
  if (hasRole(user, ...PROVIDER_ROLES)) return 'provider';
  return null;
}

/** SQL condition (on alias `ir`) and its parameters for the interventions a user may see. */
export function visibilityClause(db: Db, user: AuthUser): { sql: string; params: number[] } {
  if (hasRole(user, 'ROLE_ADMIN')) return { sql: '1 = 1', params: [] };
  const side = sideOf(user);
  if (side === 'provider') return { sql: 'ir.provider_company_id = ?', params: [user.companyId ?? -1] };
  if (side === 'manager') {
    const ids = managedRealEstateIds(db, user);
    return { sql: `ir.real_estate_id IN (${ids.length ? ids.map(() => '?').join(', ') : 'NULL'})`, params: ids };
  }
  return { sql: '0 = 1', params: [] };
}

export function canSee(db: Db, user: AuthUser, row: InterventionRow): boolean {
  const clause = visibilityClause(db, user);
  return db.prepare(`SELECT 1 FROM intervention_requests ir WHERE ir.id = ? AND ${clause.sql}`).get(row.id, ...clause.params) !== undefined;
}

/** The intervention if the user may see it: 404 (101001) when it does not exist, 006001 when it is not theirs. */
export function visibleIntervention(db: Db, user: AuthUser, id: number | undefined): InterventionRow {
  const row = id === undefined ? undefined : (db.prepare(`SELECT * FROM intervention_requests WHERE id = ?`).get(id) as InterventionRow | undefined);
  if (!row) throw notFound("Cette demande d'intervention est introuvable.", '101001');
  if (!canSee(db, user, row)) throw refusal('006001');
  return row;
}

/** Same, and the user must act on the given side (a provider cannot accept an appointment…). */
export function interventionForSide(db: Db, user: AuthUser, id: number | undefined, side: Side): InterventionRow {
  const row = visibleIntervention(db, user, id);
  if (sideOf(user) !== side) throw refusal('010004');
  return row;
}

/** Intervention numbers read "DI-2026-00042": the year of creation and the id. */
export const interventionNumber = (id: number, createdAt: string) => `DI-${createdAt.slice(0, 4)}-${String(id).padStart(5, '0')}`;
