/** OS rows → the entity of spec part 1 §3. */
import type { Db } from '../../db/open';
import { contactDto, mediaDto } from '../core/serializers';
import type { OsDto } from '../../../sync/contract/os';
import type { MediaDto } from '../../../sync/contract/core';
import type { OsRow } from './access';

const named = (db: Db, table: string, id: number | null) =>
  id === null ? null : ((db.prepare(`SELECT id, name FROM ${table} WHERE id = ?`).get(id) as { id: number; name: string } | undefined) ?? null);

export function osDto(db: Db, row: OsRow): OsDto {
  const estate = db
    .prepare(`SELECT re.id, re.name, c.name AS owner FROM real_estates re JOIN companies c ON c.id = re.owner_company_id WHERE re.id = ?`)
    .get(row.real_estate_id) as { id: number; name: string; owner: string };
  const requester = db
    .prepare(`SELECT u.firstname, u.lastname, u.gsm, c.name AS company FROM users u LEFT JOIN companies c ON c.id = u.company_id WHERE u.id = ?`)
    .get(row.requested_by) as { firstname: string; lastname: string; gsm: string; company: string | null } | undefined;
  const contact = contactDto(db, row.contact_id);
  return {
    id: row.id,
    number: row.number,
    place: row.place,
    price: row.price,
    information: row.information,
    createdAt: row.created_at,
    realEstate: { id: estate.id, name: estate.name },
    buildings: db
      .prepare(`SELECT b.id, b.name FROM work_validation_buildings wb JOIN buildings b ON b.id = wb.building_id WHERE wb.request_id = ? ORDER BY b.name`)
      .all(row.id) as { id: number; name: string }[],
    businessArea: named(db, 'business_areas', row.business_area_id),
    requestType: named(db, 'request_types', row.request_type_id),
    serviceProviderCompany: named(db, 'companies', row.provider_company_id),
    ownerCompany: { name: estate.owner },
    contact: contact ? { address: contact.address, additionalAddress: contact.additionalAddress, postalCode: contact.postalCode, city: contact.city } : null,
    requestedBy: requester
      ? { firstName: requester.firstname, lastName: requester.lastname, gsm: requester.gsm, company: requester.company ? { name: requester.company } : null }
      : null,
    medias: (db.prepare(`SELECT media_id FROM work_validation_media WHERE request_id = ? ORDER BY media_id`).all(row.id) as { media_id: number }[])
      .map((m) => mediaDto(db, m.media_id))
      .filter((m): m is MediaDto => m !== null),
  };
}
