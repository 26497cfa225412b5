/**
 * Which OS (work-validation requests) a user may see. Used by the OS routes
 * and by the messaging threads of the interventions module.
 * (Stub: the OS module implements it.)
 */
import type { Db } from '../../db/open';
import type { AuthUser } from '../../http/auth';

export function visibleOsIds(_db: Db, _user: AuthUser): number[] {
  return [];
}
