/**
 * Row → DTO mappers for the shared objects (contacts, real estates, companies,
 * media), reused by every module that embeds them in its answers.
 */
import type { Db } from '../../db/open';
import type { CompanyDto, ContactDto, MediaDto, RealEstateDto } from '../../../sync/contract/core';

interface ContactRow {
  id: number;
  address: string;
  additional_address: string | null;
  postal_code: string;
  city: string;
  country: string;
}

export function contactDto(db: Db, id: number | null): ContactDto | null {
  if (id === null) return null;
  const row = db.prepare(`SELECT * FROM contacts WHERE id = ?`).get(id) as ContactRow | undefined;
  if (!row) return null;
  return { id: row.id, address: row.address, additionalAddress: row.additional_address, postalCode: row.postal_code, city: row.city, country: row.country };
}

export function realEstateDto(db: Db, id: number): RealEstateDto | null {
  const row = db.prepare(`SELECT id, name, main_contact_id, latitude, longitude FROM real_estates WHERE id = ?`).get(id) as
    { id: number; name: string; main_contact_id: number; latitude: number | null; longitude: number | null } | undefined;
  if (!row) return null;
  return { id: row.id, name: row.name, mainContact: contactDto(db, row.main_contact_id)!, latitude: row.latitude, longitude: row.longitude };
}

export function companyDto(db: Db, id: number | null): CompanyDto | null {
  if (id === null) return null;
  const row = db.prepare(`SELECT id, name, main_contact_id FROM companies WHERE id = ?`).get(id) as
    { id: number; name: string; main_contact_id: number | null } | undefined;
  return row ? { id: row.id, name: row.name, mainContact: contactDto(db, row.main_contact_id) } : null;
}

export function mediaDto(db: Db, id: number): MediaDto | null {
  const row = db.prepare(`SELECT id, name, type, md5, date FROM media WHERE id = ?`).get(id) as MediaDto | undefined;
  return row ?? null;
}
