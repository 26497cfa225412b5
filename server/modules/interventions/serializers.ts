/**
 * Rows → the answers of the contract (sync/contract/interventions.ts): list
 * items carry what a card shows, the detail the whole entity of spec part 1 §3.
 */
import type { Db } from '../../db/open';
import { contactDto, mediaDto } from '../core/serializers';
import {
  ratingEnabledIn,
  type AppointmentDto,
  type DebriefingDto,
  type InterventionDetailDto,
  type InterventionListItem,
  type MediaDto,
  type MessageDto,
  type RatingDto,
} from '../../../sync/contract/interventions';
import type { InterventionRow } from './access';

export const interventionIri = (id: number) => `/api/intervention_requests/${id}`;

const nameOf = (db: Db, table: 'real_estates' | 'business_areas' | 'companies', id: number | null) =>
  id === null ? null : ((db.prepare(`SELECT name FROM ${table} WHERE id = ?`).get(id) as { name: string } | undefined)?.name ?? null);

export function listItem(db: Db, row: InterventionRow): InterventionListItem {
  const valid = db.prepare(`SELECT date, date_end FROM appointments WHERE intervention_id = ? AND status = 2 ORDER BY date DESC LIMIT 1`).get(row.id) as
    { date: string; date_end: string } | undefined;
  const area = nameOf(db, 'business_areas', row.business_area_id);
  const provider = nameOf(db, 'companies', row.provider_company_id);
  const owner = nameOf(db, 'companies', row.owner_company_id);
  return {
    id: row.id,
    number: row.number,
    place: row.place,
    createdAt: row.created_at,
    realEstate: { id: row.real_estate_id, name: nameOf(db, 'real_estates', row.real_estate_id) ?? '' },
    businessArea: area === null ? null : { id: row.business_area_id, name: area },
    serviceProviderCompany: provider === null ? null : { name: provider },
    ownerCompany: owner === null ? null : { name: owner },
    validAppointment: valid ? { date: valid.date, dateEnd: valid.date_end } : null,
    ratingEnabled: ratingEnabledIn(row.place),
  };
}

interface AppointmentRow {
  id: number;
  intervention_id: number;
  date: string;
  date_end: string;
  status: 1 | 2 | 3;
  reason: string | null;
  information: string | null;
}

export const appointmentDto = (r: AppointmentRow): AppointmentDto => ({
  id: r.id,
  date: r.date,
  dateEnd: r.date_end,
  status: r.status,
  reason: r.reason,
  information: r.information,
  interventionRequest: interventionIri(r.intervention_id),
});

export function appointmentsOf(db: Db, interventionId: number, status?: number): AppointmentDto[] {
  const rows = db
    .prepare(`SELECT * FROM appointments WHERE intervention_id = ? ${status ? 'AND status = ?' : ''} ORDER BY date`)
    .all(...(status ? [interventionId, status] : [interventionId])) as AppointmentRow[];
  return rows.map(appointmentDto);
}

const mediaList = (db: Db, sql: string, id: number): MediaDto[] =>
  (db.prepare(sql).all(id) as { media_id: number }[]).map((m) => mediaDto(db, m.media_id)!).filter(Boolean);

interface DebriefingRow {
  id: number;
  intervention_id: number;
  message: string;
  date_begin: string;
  date_end: string;
  status: 0 | 1 | 2;
  done_by: number | null;
}

export function debriefingDto(db: Db, r: DebriefingRow): DebriefingDto {
  const author =
    r.done_by === null
      ? undefined
      : (db.prepare(`SELECT firstname, lastname FROM users WHERE id = ?`).get(r.done_by) as { firstname: string; lastname: string } | undefined);
  return {
    id: r.id,
    message: r.message,
    dateBegin: r.date_begin,
    dateEnd: r.date_end,
    status: r.status,
    doneBy: author ? { firstName: author.firstname, lastname: author.lastname } : null,
    medias: mediaList(db, `SELECT media_id FROM debriefing_media WHERE debriefing_id = ? ORDER BY media_id`, r.id),
    interventionRequest: interventionIri(r.intervention_id),
  };
}

export function ratingsOf(db: Db, interventionId: number): RatingDto[] {
  const rows = db.prepare(`SELECT id, type, global_rate, message FROM ratings WHERE intervention_id = ? ORDER BY id`).all(interventionId) as {
    id: number;
    type: 0 | 1;
    global_rate: number;
    message: string | null;
  }[];
  return rows.map((r) => ({ id: r.id, type: r.type, globalRate: r.global_rate, message: r.message, interventionRequest: interventionIri(interventionId) }));
}

export function detailDto(db: Db, row: InterventionRow): InterventionDetailDto {
  const requester = db
    .prepare(`SELECT u.firstname, u.lastname, u.gsm, c.name AS company FROM users u LEFT JOIN companies c ON c.id = u.company_id WHERE u.id = ?`)
    .get(row.requested_by) as { firstname: string; lastname: string; gsm: string; company: string | null } | undefined;
  const contact = contactDto(db, row.contact_id);
  return {
    ...listItem(db, row),
    buildings: db
      .prepare(`SELECT b.id, b.name FROM intervention_buildings ib JOIN buildings b ON b.id = ib.building_id WHERE ib.intervention_id = ? ORDER BY b.name`)
      .all(row.id) as { id: number; name: string }[],
    contact: contact ? { address: contact.address, additionalAddress: contact.additionalAddress, postalCode: contact.postalCode, city: contact.city } : null,
    information: row.information,
    requestedBy: requester
      ? { firstName: requester.firstname, lastName: requester.lastname, gsm: requester.gsm, company: requester.company ? { name: requester.company } : null }
      : null,
    appointments: appointmentsOf(db, row.id),
    medias: mediaList(db, `SELECT media_id FROM intervention_media WHERE intervention_id = ? ORDER BY media_id`, row.id),
    ratings: ratingsOf(db, row.id),
  };
}

interface MessageRow {
  id: number;
  message_text: string;
  date: string;
  send_by_id: number | null;
  firstname: string | null;
  lastname: string | null;
}

/** Messages of a thread, oldest first; automatic ones (no author) have sendBy.id 0. */
/** One page of a thread, oldest first unless `direction` says otherwise (a thread of 1,500 posts was 7.7 MB in one answer). */
export function threadMessages(
  db: Db,
  kind: 'intervention' | 'os',
  objectId: number,
  page: { direction?: 'ASC' | 'DESC'; limit?: number; offset?: number; onlyId?: number } = {},
): MessageDto[] {
  const { direction = 'ASC', limit = -1, offset = 0, onlyId } = page;
  const rows = db
    .prepare(
      `SELECT m.id, m.message_text, m.date, m.send_by_id, u.firstname, u.lastname FROM messages m LEFT JOIN users u ON u.id = m.send_by_id
       WHERE m.object_kind = ? AND m.object_id = ? ${onlyId !== undefined ? 'AND m.id = ?' : ''} ORDER BY m.date ${direction}, m.id ${direction} LIMIT ? OFFSET ?`,
    )
    .all(kind, objectId, ...(onlyId !== undefined ? [onlyId] : []), limit, offset) as MessageRow[];
  return rows.map((r) => ({
    id: r.id,
    messageText: r.message_text,
    date: r.date,
    sendBy:
      r.send_by_id && r.send_by_id > 0
        ? { id: r.send_by_id, firstName: r.firstname ?? '', lastName: r.lastname ?? '' }
        : { id: 0, firstName: 'Batipass', lastName: '' },
  }));
}

/** Messages in a thread (the total of its pages). */
export function threadSize(db: Db, kind: 'intervention' | 'os', objectId: number): number {
  return (db.prepare(`SELECT COUNT(*) AS n FROM messages WHERE object_kind = ? AND object_id = ?`).get(kind, objectId) as { n: number }).n;
}

/** Marks a thread read up to its last message for the user (drives isNew and the unread count). */
export function markThreadRead(db: Db, userId: number, kind: 'intervention' | 'os', objectId: number): void {
  const last = db.prepare(`SELECT MAX(id) AS id FROM messages WHERE object_kind = ? AND object_id = ?`).get(kind, objectId) as { id: number | null };
  if (last.id === null) return;
  db.prepare(
    `INSERT INTO message_reads (user_id, object_kind, object_id, last_read_id) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id, object_kind, object_id) DO UPDATE SET last_read_id = MAX(last_read_id, excluded.last_read_id)`,
  ).run(userId, kind, objectId, last.id);
}

export function addMessage(
  db: Db,
  kind: 'intervention' | 'os',
  objectId: number,
  text: string,
  authorId: number | null,
  date = new Date().toISOString(),
): number {
  return Number(
    db.prepare(`INSERT INTO messages (object_kind, object_id, message_text, date, send_by_id) VALUES (?, ?, ?, ?, ?)`).run(kind, objectId, text, date, authorId)
      .lastInsertRowid,
  );
}
