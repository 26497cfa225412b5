/**
 * The OS creation/modification payload (spec part 1 §3 "OS creation form",
 * `realEstatId` spelled so): its JSON schema, the checks of its references
 * and the write itself, shared by POST and PUT api/post_work_validation_requests.
 */
import type { Db } from '../../db/open';
import { tx } from '../../db/open';
import type { AuthUser } from '../../http/auth';
import { references } from '../../http/references';
import { badRequest } from '../../http/errors';
import { isCompleteOs, type OsPayload } from '../../../sync/contract/os';
import type { OsRow } from './access';
import { addOsMessage } from './messages';
import { refSchema } from '../../http/schemas';

/** A reference given as an id or an IRI ("/api/real_estates/3"), bounded like every input. */
export { refSchema };

export const payloadSchema = {
  type: 'object',
  // Only the property is required: a draft carries what is filled in (isCompleteOs says the rest).
  required: ['realEstatId'],
  properties: {
    id: refSchema,
    information: { type: 'string', maxLength: 10_000 },
    realEstatId: refSchema,
    // null first: Fastify's Ajv coerces types, and the integer branch would turn null into 0.
    businessAreaId: { anyOf: [{ type: 'null' }, refSchema] },
    buildingIdList: { type: 'array', items: refSchema, maxItems: 200 },
    contactId: { anyOf: [{ type: 'null' }, refSchema] },
    serviceProviderCompanyId: { anyOf: [{ type: 'null' }, refSchema] },
    typeId: { anyOf: [{ type: 'null' }, refSchema] },
    // Forms often send the price as text ("1250.50"); it is checked as a number below.
    // Null is allowed by the number branch itself: Ajv's coercion would otherwise turn null into 0 or
    // 0 into null (a null branch first), and null means "not typed yet" on a draft while 0 deserves
    // the 'Obligatoire' of checkPrice.
    price: {
      anyOf: [
        { type: 'number', nullable: true, minimum: -1e15, maximum: 1e15 },
        { type: 'string', maxLength: 30 },
      ],
    },
  },
} as const;

/** Human number of an OS, e.g. OS-2025-00042 (year of creation, id). */
export const osNumber = (id: number, createdAt: string) => `OS-${createdAt.slice(0, 4)}-${String(id).padStart(5, '0')}`;

export interface CheckedPayload {
  information: string;
  realEstateId: number;
  businessAreaId: number | null;
  buildingIds: number[];
  contactId: number;
  providerId: number | null;
  typeId: number | null;
  price: number | null;
  /** Provider, trade, type and price are all there: a request, not a draft (isCompleteOs). */
  complete: boolean;
}

/** Spec §5: the price is 'Obligatoire' and above 0. Amounts keep two decimals. */
export function checkPrice(raw: unknown): number {
  const price = typeof raw === 'string' ? Number(raw.replace(',', '.').replace(/\s/g, '')) : typeof raw === 'number' ? raw : Number.NaN;
  if (raw === '' || !Number.isFinite(price) || price <= 0) throw badRequest('Prix : Obligatoire (un montant supérieur à 0).');
  if (price > 100_000_000) throw badRequest('Prix : le montant est trop élevé.');
  return Math.round(price * 100) / 100;
}

/**
 * Checks a body: every reference given through the one helper (visible to the caller, not only
 * existing: issue 21), the price when given. A draft may leave provider, trade, type and price out;
 * `draftAllowed` false (an OS past its draft) requires them.
 */
export function checkPayload(db: Db, user: AuthUser, body: OsPayload, current: number | null = null, draftAllowed = true): CheckedPayload {
  const given = (value: unknown) => value !== null && value !== undefined && value !== '';
  const price = given(body.price) ? checkPrice(body.price) : null;
  const refs = references(db, user);
  const estate = refs.realEstate(body.realEstatId);
  const buildingIds = refs.buildings(body.buildingIdList ?? [], estate.id);
  const businessAreaId = given(body.businessAreaId) ? refs.businessArea(body.businessAreaId) : null;
  const providerId = given(body.serviceProviderCompanyId) ? refs.provider(body.serviceProviderCompanyId) : null;
  const typeId = given(body.typeId) ? refs.requestType(body.typeId) : null;
  const complete = isCompleteOs({ businessAreaId, serviceProviderCompanyId: providerId, typeId, price });
  if (!complete && !draftAllowed) throw badRequest(INCOMPLETE);
  // No contact given: the real estate's main contact, as the creation form preselects it.
  const contactId = refs.contact(body.contactId, { realEstateMainContact: estate.mainContactId, current });
  return { information: (body.information ?? '').trim(), realEstateId: estate.id, businessAreaId, buildingIds, contactId, providerId, typeId, price, complete };
}

/** A request (not a draft) needs these; said in French with the field names of the tunnel. */
export const INCOMPLETE = 'Demande incomplète : le prestataire, le corps d’état, le type et le prix (supérieur à 0) sont obligatoires.';

/** Inserts (existing null) or updates an OS with its buildings; returns its id. */
export function writeOs(db: Db, user: AuthUser, p: CheckedPayload, existing: OsRow | null): number {
  return tx(db, () => {
    let id: number;
    if (existing) {
      id = existing.id;
      db.prepare(
        `UPDATE work_validation_requests SET information = ?, real_estate_id = ?, business_area_id = ?, request_type_id = ?, provider_company_id = ?, contact_id = ?, price = ? WHERE id = ?`,
      ).run(p.information, p.realEstateId, p.businessAreaId, p.typeId, p.providerId, p.contactId, p.price, id);
      db.prepare(`DELETE FROM work_validation_buildings WHERE request_id = ?`).run(id);
    } else {
      const now = new Date().toISOString();
      // The number needs the id: insert with a unique placeholder, then set it.
      id = Number(
        db
          .prepare(
            `INSERT INTO work_validation_requests (number, place, price, information, created_at, real_estate_id, business_area_id, request_type_id, provider_company_id, contact_id, requested_by)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            `new-${now}-${user.id}-${Math.random()}`,
            p.complete ? 'request_init' : 'start',
            p.price,
            p.information,
            now,
            p.realEstateId,
            p.businessAreaId,
            p.typeId,
            p.providerId,
            p.contactId,
            user.id,
          ).lastInsertRowid,
      );
      db.prepare(`UPDATE work_validation_requests SET number = ? WHERE id = ?`).run(osNumber(id, now), id);
      addOsMessage(db, id, p.complete ? 'Demande de validation de travaux créée.' : 'Brouillon de demande de validation de travaux enregistré.', null, now);
    }
    const link = db.prepare(`INSERT INTO work_validation_buildings (request_id, building_id) VALUES (?, ?)`);
    for (const b of p.buildingIds) link.run(id, b);
    return id;
  });
}
