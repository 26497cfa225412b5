/**
 * Conversations (spec part 1 §7 "Messaging"): the messages of one request
 * (reading marks the thread read), a new message, the user's threads over
 * interventions and OS (newest first, page 30) with their new marker and
 * count, and the unread count behind the nav badge.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/open';
import { tx } from '../../db/open';
import { currentUser, type AuthUser } from '../../http/auth';
import { idFrom, intParam, orderParam, paging, query, sendCollection } from '../../http/collections';
import { badRequest } from '../../http/errors';
import { messageTextSchema, refSchema as ref, THREAD_PAGE, THREAD_PAGE_MAX } from '../../http/schemas';
import { visibleOsIds } from '../os/access';
import type { ThreadDto } from '../../../sync/contract/interventions';
import { visibilityClause, visibleIntervention } from './access';
import { addMessage, markThreadRead, threadMessages, threadSize } from './serializers';

interface ThreadRow {
  kind: 'intervention' | 'os';
  object_id: number;
  last_id: number;
  date: string;
  message_text: string;
  send_by_id: number | null;
  unread: number;
}

/** The OS table belongs to the OS module; threads read it only when it is there. */
const hasOsTable = (db: Db) => db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'work_validation_requests'`).get() !== undefined;

function threadRows(db: Db, user: AuthUser): ThreadRow[] {
  const clause = visibilityClause(db, user);
  const irIds = (db.prepare(`SELECT ir.id FROM intervention_requests ir WHERE ${clause.sql}`).all(...clause.params) as { id: number }[]).map((r) => r.id);
  const osIds = hasOsTable(db) ? visibleOsIds(db, user) : [];
  const objects = [...irIds.map((id) => ['intervention', id] as const), ...osIds.map((id) => ['os', id] as const)];
  if (objects.length === 0) return [];
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS visible_threads (kind TEXT NOT NULL, object_id INTEGER NOT NULL)`);
  db.exec(`DELETE FROM temp.visible_threads`);
  const insert = db.prepare(`INSERT INTO temp.visible_threads (kind, object_id) VALUES (?, ?)`);
  for (const [kind, id] of objects) insert.run(kind, id);
  return db
    .prepare(
      `SELECT m.object_kind AS kind, m.object_id, m.id AS last_id, m.date, m.message_text, m.send_by_id,
              (SELECT COUNT(*) FROM messages u WHERE u.object_kind = m.object_kind AND u.object_id = m.object_id AND u.id > COALESCE(r.last_read_id, 0)
                 AND COALESCE(u.send_by_id, 0) <> ?) AS unread
       FROM messages m
       JOIN temp.visible_threads v ON v.kind = m.object_kind AND v.object_id = m.object_id
       LEFT JOIN message_reads r ON r.user_id = ? AND r.object_kind = m.object_kind AND r.object_id = m.object_id
       WHERE m.id = (SELECT MAX(id) FROM messages x WHERE x.object_kind = m.object_kind AND x.object_id = m.object_id)
       ORDER BY m.date DESC, m.id DESC`,
    )
    .all(user.id, user.id) as ThreadRow[];
}

function threadDto(db: Db, row: ThreadRow): ThreadDto {
  const table = row.kind === 'intervention' ? 'intervention_requests' : 'work_validation_requests';
  const object = db
    .prepare(
      `SELECT re.name AS re_name, ba.name AS area FROM ${table} o LEFT JOIN real_estates re ON re.id = o.real_estate_id LEFT JOIN business_areas ba ON ba.id = o.business_area_id WHERE o.id = ?`,
    )
    .get(row.object_id) as { re_name: string | null; area: string | null } | undefined;
  const author =
    row.send_by_id && row.send_by_id > 0
      ? (db.prepare(`SELECT firstname, lastname FROM users WHERE id = ?`).get(row.send_by_id) as { firstname: string; lastname: string } | undefined)
      : undefined;
  return {
    id: row.object_id,
    type: row.kind === 'intervention' ? 'InterventionRequest' : 'WorkValidationRequest',
    realEstate: object?.re_name ? { name: object.re_name } : null,
    date: row.date,
    author: author ? `${author.firstname} ${author.lastname.toUpperCase()}` : 'Message automatique',
    businessArea: object?.area ?? null,
    message: row.message_text,
    isNew: row.unread > 0,
    count: row.unread,
  };
}

export function messagingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/intervention_request/messages', async (request, reply) => {
    const user = currentUser(request);
    const irId = intParam(query(request), 'interventionRequest');
    if (irId === undefined) throw badRequest('Le paramètre interventionRequest est obligatoire.');
    visibleIntervention(db, user, irId);
    const q = query(request);
    const { itemsPerPage, offset } = paging(q, THREAD_PAGE, THREAD_PAGE_MAX);
    const items = threadMessages(db, 'intervention', irId, { direction: orderParam(q, 'date') ?? 'ASC', limit: itemsPerPage, offset });
    tx(db, () => markThreadRead(db, user.id, 'intervention', irId));
    return sendCollection(request, reply, items, threadSize(db, 'intervention', irId));
  });

  app.post<{ Body: { interventionRequest: string | number; messageText: string } }>(
    '/api/intervention_request/messages/new_conversation',
    {
      schema: {
        body: {
          type: 'object',
          required: ['interventionRequest', 'messageText'],
          properties: { interventionRequest: ref, messageText: messageTextSchema },
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = visibleIntervention(db, user, idFrom(request.body.interventionRequest));
      const text = request.body.messageText.trim();
      if (!text) throw badRequest('Le message est vide.');
      const id = tx(db, () => {
        const messageId = addMessage(db, 'intervention', row.id, text, user.id);
        markThreadRead(db, user.id, 'intervention', row.id);
        return messageId;
      });
      return reply.status(201).send(threadMessages(db, 'intervention', row.id, { onlyId: id })[0]);
    },
  );

  app.get('/api/message/user_messages', async (request, reply) => {
    const user = currentUser(request);
    const { itemsPerPage, offset } = paging(query(request), 30);
    const rows = tx(db, () => threadRows(db, user));
    return sendCollection(
      request,
      reply,
      rows.slice(offset, offset + itemsPerPage).map((r) => threadDto(db, r)),
      rows.length,
    );
  });

  app.get('/api/message/user_message_counts/0', async (request) => {
    const rows = tx(db, () => threadRows(db, currentUser(request)));
    return { newCount: rows.reduce((sum, r) => sum + r.unread, 0) };
  });
}
