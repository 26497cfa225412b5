/**
 * Every reference a write carries (contact, real estate, building, provider,
 * business area, request type, echopark type, domain, community property,
 * media), checked against what the caller may see, in one place used by every
 * module. A reference the caller may not see answers exactly like one that
 * does not exist where the spec has a code for it, so that sequential ids tell
 * nothing (issue 21: a contact of another owner's real estate was accepted
 * because only its existence was checked, and the answer carried its address).
 */
import type { Db } from '../db/open';
import type { AuthUser } from './auth';
import { canSeeRealEstate, dealsWithCompany } from './access';
import { idFrom } from './collections';
import { badRequest, refusal } from './errors';

/** Which rule a reference failed (tests and the access matrix name them). */
export type ReferenceKind =
  'contact' | 'realEstate' | 'building' | 'provider' | 'businessArea' | 'requestType' | 'echoparkType' | 'domain' | 'community' | 'media';

export interface References {
  /** A real estate the caller manages (every one for admins and firm staff); 002001 otherwise. */
  realEstate(raw: unknown): { id: number; ownerCompanyId: number; mainContactId: number };
  /** Buildings of that real estate, without duplicates; 003002 unknown, 003001 of another real estate. */
  buildings(raw: readonly unknown[], realEstateId: number): number[];
  /**
   * A contact the caller may see: the main contact of a real estate it sees or
   * of a company it deals with, or the one the edited object already has. No
   * contact given: the real estate's main contact. 009001 otherwise.
   */
  contact(raw: unknown, options: { realEstateMainContact: number | null; current?: number | null }): number;
  /** A provider company the caller may order work from. */
  provider(raw: unknown): number;
  /** Shared reference data (every caller lists them): must exist. */
  businessArea(raw: unknown): number;
  /** `unknown` is the refusal's text (generic requests have their own). */
  requestType(raw: unknown, unknown?: string): number;
  /** Echopark: a request type handled in the community, a domain of that type, a property of the community. */
  echoparkType(raw: unknown): number | null;
  domain(raw: unknown, typeId: number): { id: number; urgencyName: string } | null;
  property(raw: unknown, communityIds: readonly number[]): number | null;
  /** A media the caller uploaded or may read (ctx.mediaReaders), or a photo of the echopark request being written. */
  echoparkPicture(raw: unknown, requestId: number): number | null;
  media(raw: unknown, readers: ReadonlyArray<(user: AuthUser, mediaId: number) => boolean>): number;
}

export function references(db: Db, user: AuthUser): References {
  const one = (sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as Record<string, number | string | null> | undefined;

  const contactVisible = (id: number): boolean => {
    const estates = db.prepare(`SELECT id FROM real_estates WHERE main_contact_id = ?`).all(id) as { id: number }[];
    if (estates.some((e) => canSeeRealEstate(db, user, e.id))) return true;
    const companies = db.prepare(`SELECT id FROM companies WHERE main_contact_id = ?`).all(id) as { id: number }[];
    return companies.some((c) => dealsWithCompany(db, user, c.id));
  };

  return {
    realEstate(raw) {
      const id = idFrom(raw);
      const row = id === undefined ? undefined : one(`SELECT id, owner_company_id, main_contact_id FROM real_estates WHERE id = ?`, id);
      if (!row || !canSeeRealEstate(db, user, id!)) throw refusal('002001');
      return { id: id!, ownerCompanyId: row.owner_company_id as number, mainContactId: row.main_contact_id as number };
    },

    buildings(raw, realEstateId) {
      const ids: number[] = [];
      for (const ref of raw) {
        const id = idFrom(ref) ?? -1;
        const building = one(`SELECT real_estate_id FROM buildings WHERE id = ?`, id);
        if (!building) throw refusal('003002');
        if (building.real_estate_id !== realEstateId) throw refusal('003001');
        if (!ids.includes(id)) ids.push(id);
      }
      return ids;
    },

    contact(raw, { realEstateMainContact, current = null }) {
      const id = raw === null || raw === undefined ? realEstateMainContact : idFrom(raw);
      if (id === undefined || id === null || !one(`SELECT 1 AS x FROM contacts WHERE id = ?`, id)) throw refusal('009001');
      if (id === realEstateMainContact || id === current || contactVisible(id)) return id;
      // Someone else's contact looks like a missing one: its id proves nothing.
      throw refusal('009001');
    },

    provider(raw) {
      const id = idFrom(raw) ?? -1;
      if (!one(`SELECT 1 AS x FROM companies WHERE id = ? AND kind = 'provider'`, id) || !dealsWithCompany(db, user, id))
        throw badRequest("Ce prestataire n'existe pas.");
      return id;
    },

    businessArea(raw) {
      const id = idFrom(raw) ?? -1;
      if (!one(`SELECT 1 AS x FROM business_areas WHERE id = ?`, id)) throw badRequest("Ce corps d'état n'existe pas.");
      return id;
    },

    requestType(raw, unknown = "Ce type de demande n'existe pas.") {
      const id = idFrom(raw) ?? -1;
      if (!one(`SELECT 1 AS x FROM request_types WHERE id = ?`, id)) throw badRequest(unknown);
      return id;
    },

    echoparkType(raw) {
      const id = idFrom(raw);
      return id !== undefined && one(`SELECT 1 AS x FROM echopark_request_types WHERE id = ?`, id) ? id : null;
    },

    domain(raw, typeId) {
      const row = one(`SELECT id, urgency_name FROM echopark_domain_tree WHERE id = ? AND request_type_id = ?`, idFrom(raw) ?? 0, typeId);
      return row ? { id: row.id as number, urgencyName: row.urgency_name as string } : null;
    },

    property(raw, communityIds) {
      const id = idFrom(raw);
      const row = id === undefined ? undefined : one(`SELECT community_id FROM echopark_properties WHERE id = ?`, id);
      return row && communityIds.includes(row.community_id as number) ? id! : null;
    },

    echoparkPicture(raw, requestId) {
      const id = idFrom(raw);
      return id !== undefined && one(`SELECT 1 AS x FROM echopark_pictures WHERE id = ? AND request_id = ?`, id, requestId) ? id : null;
    },

    media(raw, readers) {
      const id = idFrom(raw) ?? -1;
      const row = one(`SELECT uploaded_by FROM media WHERE id = ?`, id);
      if (!row || (row.uploaded_by !== user.id && !readers.some((canRead) => canRead(user, id))))
        throw badRequest("Vous n'avez pas accès à ce média.", '001001');
      return id;
    },
  };
}
