/**
 * Who may see which place. Owner-side users see the real estates they manage,
 * ROLE_ADMIN and the firm's staff see every real estate. Providers see places
 * only through the interventions and OS of their company (checked by modules).
 */
import type { Db } from '../db/open';
import type { AuthUser } from './auth';
import { MANAGER_ROLES, OS_ROLES, PROVIDER_ROLES } from '../../sync/contract/roles';
import { refusal } from './errors';

export const hasRole = (user: AuthUser, ...roles: readonly string[]) => user.roles.some((r) => roles.includes(r));

/** Sees every real estate: the platform admin and the affiliated firm's staff. */
export function seesAllRealEstates(user: AuthUser): boolean {
  return hasRole(user, 'ROLE_ADMIN') || (hasRole(user, ...OS_ROLES) && !hasRole(user, 'ROLE_OWNER_ADMIN'));
}

/** Ids of the real estates a user manages (every one for admins and firm staff). */
export function managedRealEstateIds(db: Db, user: AuthUser): number[] {
  const rows = seesAllRealEstates(user)
    ? (db.prepare(`SELECT id FROM real_estates ORDER BY id`).all() as { id: number }[])
    : (db.prepare(`SELECT real_estate_id AS id FROM user_real_estates WHERE user_id = ? ORDER BY real_estate_id`).all(user.id) as { id: number }[]);
  return rows.map((r) => r.id);
}

export function canSeeRealEstate(db: Db, user: AuthUser, realEstateId: number): boolean {
  if (seesAllRealEstates(user)) return true;
  return db.prepare(`SELECT 1 FROM user_real_estates WHERE user_id = ? AND real_estate_id = ?`).get(user.id, realEstateId) !== undefined;
}

/** Throws 002001 unless the user manages the real estate. */
export function assertRealEstate(db: Db, user: AuthUser, realEstateId: number): void {
  if (!canSeeRealEstate(db, user, realEstateId)) throw refusal('002001');
}

/** `IN (?, ?, …)` placeholders for a list (at least one, so SQL stays valid). */
export function inList(values: readonly unknown[]): string {
  return values.length === 0 ? '(NULL)' : `(${values.map(() => '?').join(', ')})`;
}

/**
 * Whether the user deals with a company (GET api/companies/{id}): its own; any
 * for the platform admin and the firm's staff; the providers for those who
 * order work (they list them anyway); for a provider, the owners of the
 * interventions and OS addressed to it. Anyone else sees nothing.
 */
export function dealsWithCompany(db: Db, user: AuthUser, companyId: number): boolean {
  if (user.companyId === companyId || seesAllRealEstates(user)) return true;
  const kind = (db.prepare(`SELECT kind FROM companies WHERE id = ?`).get(companyId) as { kind: string } | undefined)?.kind;
  if (kind === undefined) return false;
  if (kind === 'provider' && hasRole(user, ...MANAGER_ROLES, ...OS_ROLES)) return true;
  if (kind === 'owner' && hasRole(user, ...PROVIDER_ROLES) && user.companyId !== null) {
    const viaInterventions = db
      .prepare(`SELECT 1 FROM intervention_requests WHERE provider_company_id = ? AND owner_company_id = ? LIMIT 1`)
      .get(user.companyId, companyId);
    const viaOs = hasTable(db, 'work_validation_requests')
      ? db
          .prepare(
            `SELECT 1 FROM work_validation_requests w JOIN real_estates re ON re.id = w.real_estate_id WHERE w.provider_company_id = ? AND re.owner_company_id = ? LIMIT 1`,
          )
          .get(user.companyId, companyId)
      : undefined;
    return viaInterventions !== undefined || viaOs !== undefined;
  }
  return false;
}

const hasTable = (db: Db, name: string) => db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name) !== undefined;
