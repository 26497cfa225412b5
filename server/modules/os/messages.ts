/**
 * OS conversation threads in the core `messages` table (object_kind 'os').
 * Kept inside the OS module rather than borrowed from the interventions
 * module so that each module owns its queries; the item shape is the same
 * (spec part 1 §3 "Message": a sendBy id of 0 means an automatic message).
 */
import type { Db } from '../../db/open';
import type { OsMessageDto } from '../../../sync/contract/os';
import { osPlaceLabel, type OsPlace } from '../../../sync/contract/os-workflow';

interface MessageRow {
  id: number;
  message_text: string;
  date: string;
  send_by_id: number | null;
  firstname: string | null;
  lastname: string | null;
}

/** Name shown as the author of automatic messages. */
export const AUTOMATIC_AUTHOR = { id: 0, firstName: 'Batipass', lastName: '' } as const;

export function osMessages(
  db: Db,
  osId: number,
  direction: 'ASC' | 'DESC' = 'ASC',
  page: { limit?: number; offset?: number; onlyId?: number } = {},
): OsMessageDto[] {
  const { limit = -1, offset = 0, onlyId } = page;
  const rows = db
    .prepare(
      `SELECT m.id, m.message_text, m.date, m.send_by_id, u.firstname, u.lastname
       FROM messages m LEFT JOIN users u ON u.id = m.send_by_id
       WHERE m.object_kind = 'os' AND m.object_id = ? ${onlyId !== undefined ? 'AND m.id = ?' : ''} ORDER BY m.date ${direction}, m.id ${direction} LIMIT ? OFFSET ?`,
    )
    .all(osId, ...(onlyId !== undefined ? [onlyId] : []), limit, offset) as MessageRow[];
  return rows.map((r) => ({
    id: r.id,
    messageText: r.message_text,
    date: r.date,
    sendBy:
      r.send_by_id !== null && r.send_by_id > 0 ? { id: r.send_by_id, firstName: r.firstname ?? '', lastName: r.lastname ?? '' } : { ...AUTOMATIC_AUTHOR },
  }));
}

/** Adds a message; authorId null makes it automatic. */
export function addOsMessage(db: Db, osId: number, text: string, authorId: number | null, date = new Date().toISOString()): number {
  return Number(
    db.prepare(`INSERT INTO messages (object_kind, object_id, message_text, date, send_by_id) VALUES ('os', ?, ?, ?, ?)`).run(osId, text, date, authorId)
      .lastInsertRowid,
  );
}

/** Marks the thread read up to its last message for the user (drives isNew and the unread count). */
export function markOsThreadRead(db: Db, userId: number, osId: number): void {
  const last = db.prepare(`SELECT MAX(id) AS id FROM messages WHERE object_kind = 'os' AND object_id = ?`).get(osId) as { id: number | null };
  if (last.id === null) return;
  db.prepare(
    `INSERT INTO message_reads (user_id, object_kind, object_id, last_read_id) VALUES (?, 'os', ?, ?)
     ON CONFLICT (user_id, object_kind, object_id) DO UPDATE SET last_read_id = MAX(last_read_id, excluded.last_read_id)`,
  ).run(userId, osId, last.id);
}

/** "Antoine DUBOIS": the spec's full name (first name, last name in upper case). */
export function displayName(db: Db, userId: number): string {
  const row = db.prepare(`SELECT firstname, lastname FROM users WHERE id = ?`).get(userId) as { firstname: string; lastname: string } | undefined;
  if (!row) return 'Un utilisateur';
  return `${row.firstname.charAt(0).toUpperCase()}${row.firstname.slice(1)} ${row.lastname.toUpperCase()}`;
}

/** The automatic message that records a step in the OS thread (who did what). */
export function stepMessage(from: OsPlace, to: OsPlace, code: string, actor: string): string {
  if (code.endsWith('_refused')) return `Étape « ${osPlaceLabel(from)} » refusée par ${actor} : retour à l'étape « ${osPlaceLabel(to)} ».`;
  if (code.endsWith('_validated')) return `Étape « ${osPlaceLabel(from)} » validée par ${actor}. Étape suivante : « ${osPlaceLabel(to)} ».`;
  return `${actor} a fait passer la demande à l'étape « ${osPlaceLabel(to)} ».`;
}
