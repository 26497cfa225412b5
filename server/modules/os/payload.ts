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
import type { OsPayload } from '../../../sync/contract/os';
import type { OsRow } from './access';
import { addOsMessage } from './messages';
import { refSchema } from '../../http/schemas';

/** A reference given as an id or an IRI ("/api/real_estates/3"), bounded like every input. */
export { refSchema };

export const payloadSchema = {
  type: 'object',
  required: ['information', 'realEstatId', 'businessAreaId', 'buildingIdList', 'serviceProviderCompanyId', 'typeId', 'price'],
  properties: {
    id: refSchema,
    information: { type: 'string', maxLength: 10_000 },
    realEstatId: refSchema,
    businessAreaId: refSchema,
    buildingIdList: { type: 'array', items: refSchema, maxItems: 200 },
    // null first: Fastify's Ajv coerces types, and the integer branch would turn null into 0.
    contactId: { anyOf: [{ type: 'null' }, refSchema] },
    serviceProviderCompanyId: refSchema,
    typeId: refSchema,
    // Forms often send the price as text ("1250.50"); it is checked as a number below.
    price: { anyOf: [{ type: 'null' }, { type: 'number', minimum: -1e15, maximum: 1e15 }, { type: 'string', maxLength: 30 }] },
  },
} as const;

/** Human number of an OS, e.g. OS-2025-00042 (year of creation, id). */
export const osNumber = (id: number, createdAt: string) => `OS-${createdAt.slice(0, 4)}-${String(id).padStart(5, '0')}`;

export interface CheckedPayload {
  information: string;
  realEstateId: number;
  businessAreaId: number;
  buildingIds: number[];
  contactId: number;
  providerId: number;
  typeId: number;
  price: number;
}

/** Spec §5: the price is 'Obligatoire' and above 0. Amounts keep two decimals. */
export function checkPrice(raw: unknown): number {
  const price = typeof raw === 'string' ? Number(raw.replace(',', '.').replace(/\s/g, '')) : typeof raw === 'number' ? raw : Number.NaN;
  if (raw === '' || !Number.isFinite(price) || price <= 0) throw badRequest('Prix : Obligatoire (un montant supérieur à 0).');
  if (price > 100_000_000) throw badRequest('Prix : le montant est trop élevé.');
  return Math.round(price * 100) / 100;
}

export function checkPayload(db: Db, user: AuthUser, body: OsPayload, current: number | null = null): CheckedPayload {
  const price = checkPrice(body.price);
  // Every reference through the one helper: visible to the caller, not only existing (issue 21).
  const refs = references(db, user);
  const estate = refs.realEstate(body.realEstatId);
  const buildingIds = refs.buildings(body.buildingIdList, estate.id);
  const businessAreaId = refs.businessArea(body.businessAreaId);
  const providerId = refs.provider(body.serviceProviderCompanyId);
  const typeId = refs.requestType(body.typeId);
  // No contact given: the real estate's main contact, as the creation form preselects it.
  const contactId = refs.contact(body.contactId, { realEstateMainContact: estate.mainContactId, current });
  return { information: (body.information ?? '').trim(), realEstateId: estate.id, businessAreaId, buildingIds, contactId, providerId, typeId, price };
}

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
             VALUES (?, 'request_init', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            `new-${now}-${user.id}-${Math.random()}`,
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
      addOsMessage(db, id, 'Demande de validation de travaux créée.', null, now);
    }
    const link = db.prepare(`INSERT INTO work_validation_buildings (request_id, building_id) VALUES (?, ?)`);
    for (const b of p.buildingIds) link.run(id, b);
    return id;
  });
}
