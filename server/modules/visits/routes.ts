/**
 * Visit calls (spec part 2 §7 "Visits"): the list by property, the info, the
 * forms with or without answers, the fiche, the state machine (start, save,
 * draft, terminate, assign), the visit's files and the dashboard. Only the
 * assignee acts on a visit; anyone with visit rights may take over a visit
 * that is not started. The assignee may start their started visit again on
 * another device (resume after a lost phone): downloads are open to every
 * inspector, and start is a replay. The rules are the contract's, shared with
 * the client's actions.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/open';
import { tx } from '../../db/open';
import { currentUser, type AuthUser } from '../../http/auth';
import { hasRole } from '../../http/access';
import { boolParam, idFrom, query, sendCollection } from '../../http/collections';
import { ApiError, badRequest, notFound, refusal } from '../../http/errors';
import { readImageUpload } from '../../http/uploads';
import { VISIT_ROLES } from '../../../sync/contract/roles';
import {
  TO_DO_STATES,
  assignRefusal,
  startRefusal,
  type VisitDashboard,
  type VisitInfo,
  type VisitProperty,
  type VisitState,
} from '../../../sync/contract/visits';
import type { VisitData } from '../../../sync/contract/visit-data';
import { assertBoundedJson } from '../../http/bounded';

interface VisitRow {
  id: number;
  name: string;
  real_estate_id: number;
  state: VisitState;
  late: number;
  date_begin: string;
  date_end: string;
  assigned_to: number | null;
}

function visitUser(request: FastifyRequest): AuthUser {
  const user = currentUser(request);
  if (!hasRole(user, ...VISIT_ROLES)) throw new ApiError(403, "Vous n'avez pas accès aux visites.");
  return user;
}

function visitById(db: Db, id: unknown): VisitRow {
  const row = db.prepare(`SELECT * FROM visits WHERE id = ?`).get(idFrom(id) ?? -1) as VisitRow | undefined;
  if (!row) throw notFound('Cette visite est introuvable.');
  return row;
}

/** Only the assignee acts on a visit (010004 otherwise). */
function assignedVisit(db: Db, user: AuthUser, id: unknown): VisitRow {
  const row = visitById(db, id);
  if (row.assigned_to !== user.id) throw refusal('010004');
  return row;
}

/** The visit's data as stored: JSON text written only by JSON.stringify. */
function storedData(db: Db, visitId: number): string {
  const row = db.prepare(`SELECT data FROM visit_data WHERE visit_id = ?`).get(visitId) as { data: string } | undefined;
  return row?.data ?? '{}';
}

const readData = (db: Db, visitId: number): VisitData => JSON.parse(storedData(db, visitId)) as VisitData;

/** The forms without answers (GET api/visit/forms/{id}). */
function withoutAnswers(data: VisitData): VisitData {
  return JSON.parse(
    JSON.stringify(data, (key, value: unknown) => {
      if (key === 'field_value' || key === 'field_value_id' || key === 'files') return [];
      if (key === 'field_value_note' || key === 'field_answer_id' || key === 'section_answer_id') return null;
      if (key === 'comment') return '';
      if (key === 'complete') return false;
      return value;
    }),
  ) as VisitData;
}

export function visitRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/visits', async (request, reply) => {
    const user = visitUser(request);
    const mine = boolParam(query(request), 'assignedToUser') ?? false;
    const rows = db.prepare(`SELECT * FROM visits ${mine ? 'WHERE assigned_to = ?' : ''} ORDER BY date_begin`).all(...(mine ? [user.id] : [])) as VisitRow[];
    const properties = new Map<number, VisitProperty>();
    const estate = db.prepare(
      `SELECT re.id, re.name, c.address, c.postal_code, c.city FROM real_estates re JOIN contacts c ON c.id = re.main_contact_id WHERE re.id = ?`,
    );
    for (const v of rows) {
      let property = properties.get(v.real_estate_id);
      if (!property) {
        const e = estate.get(v.real_estate_id) as { id: number; name: string; address: string; postal_code: string; city: string };
        property = { id: e.id, name: e.name, address: e.address, postal_code: e.postal_code, city: e.city, visits: [] };
        properties.set(e.id, property);
      }
      property.visits.push({
        id: v.id,
        name: v.name,
        state: v.state,
        late: v.late === 1,
        date_begin: { date: v.date_begin },
        date_end: { date: v.date_end },
        assigned_to: v.assigned_to,
      });
    }
    return sendCollection(request, reply, [...properties.values()]);
  });

  app.get<{ Params: { id: string } }>('/api/visit/informations/:id', async (request): Promise<VisitInfo> => {
    visitUser(request);
    const v = visitById(db, request.params.id);
    const e = db
      .prepare(`SELECT re.name, c.address, c.postal_code, c.city FROM real_estates re JOIN contacts c ON c.id = re.main_contact_id WHERE re.id = ?`)
      .get(v.real_estate_id) as { name: string; address: string; postal_code: string; city: string };
    return {
      visit_name: v.name,
      realestate_name: e.name,
      realestate_address: e.address,
      realestate_postal_code: e.postal_code,
      realestate_city: e.city,
      visit_assigned_to: v.assigned_to,
      visit_state: v.state,
    };
  });

  app.get<{ Params: { id: string } }>('/api/visit/forms/:id', async (request) => {
    visitUser(request);
    return withoutAnswers(readData(db, visitById(db, request.params.id).id));
  });

  app.get<{ Params: { id: string } }>('/api/visit/forms-with-data/:id', async (request, reply) => {
    visitUser(request);
    // Sent as stored: parsing 8 MB to serialise it again cost 100–250 ms.
    return reply.type('application/json; charset=utf-8').send(storedData(db, visitById(db, request.params.id).id));
  });

  app.get<{ Params: { id: string } }>('/api/visit/fiche/:id', async (request) => {
    visitUser(request);
    const v = visitById(db, request.params.id);
    const row = db.prepare(`SELECT fiche FROM visit_fiches WHERE visit_id = ?`).get(v.id) as { fiche: string } | undefined;
    return row ? (JSON.parse(row.fiche) as unknown) : { visit_id: v.id, summary: '', updated_at: null };
  });

  app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
    '/api/visit/fiche/:id',
    { schema: { body: { type: 'object', maxProperties: 200 } } },
    async (request) => {
      const v = assignedVisit(db, visitUser(request), request.params.id);
      assertBoundedJson(request.body, { depth: 8, nodes: 20_000, text: 20_000 }, 'La fiche');
      const fiche = { ...request.body, visit_id: v.id, updated_at: new Date().toISOString() };
      tx(db, () =>
        db
          .prepare(`INSERT INTO visit_fiches (visit_id, fiche) VALUES (?, ?) ON CONFLICT (visit_id) DO UPDATE SET fiche = excluded.fiche`)
          .run(v.id, JSON.stringify(fiche)),
      );
      return fiche;
    },
  );

  app.post<{ Params: { id: string } }>('/api/visit/state/start/:id', async (request) => {
    const user = visitUser(request);
    const v = visitById(db, request.params.id);
    // The shared rule: the assignee only; never a handed-in visit; a started one again by its
    // assignee (their copy was on a lost or wiped device: they resume it from what is saved here).
    const refused = startRefusal(v, user.id);
    if (refused) throw refusal(refused);
    if (v.state !== 'start') tx(db, () => db.prepare(`UPDATE visits SET state = 'start' WHERE id = ?`).run(v.id));
    return { id: v.id, state: 'start' };
  });

  // POST api/visit/state/{mode}/{id} (draft, terminate, save): save-route.ts, merged off the event loop.

  app.post<{ Params: { id: string } }>('/api/visit/assign/:id', async (request) => {
    const user = visitUser(request);
    const v = visitById(db, request.params.id);
    // Started by its assignee: not taken from them. Handed in: closed to everyone (shared rule).
    const refused = assignRefusal(v, user.id);
    if (refused) throw refusal(refused);
    tx(db, () => db.prepare(`UPDATE visits SET assigned_to = ? WHERE id = ?`).run(user.id, v.id));
    return { id: v.id, assigned_to: user.id };
  });

  app.get<{ Params: { id: string } }>('/api/visit/get-list-files/:id', async (request, reply) => {
    visitUser(request);
    const v = visitById(db, request.params.id);
    const rows = db.prepare(`SELECT id, visit_id, name, original_name AS originalName, type FROM visit_files WHERE visit_id = ? ORDER BY id`).all(v.id);
    return sendCollection(request, reply, rows);
  });

  app.get<{ Params: { visitId: string; fileId: string } }>('/api/visit/download-file/:visitId/:fileId', async (request, reply) => {
    visitUser(request);
    const v = visitById(db, request.params.visitId);
    const file = db
      .prepare(`SELECT f.name, m.md5, m.type FROM visit_files f JOIN media m ON m.id = f.media_id WHERE f.id = ? AND f.visit_id = ?`)
      .get(idFrom(request.params.fileId) ?? -1, v.id) as { name: string; md5: string; type: string } | undefined;
    if (!file) throw notFound('Fichier introuvable.');
    const data = ctx.files.get(file.md5);
    if (!data) throw notFound('Fichier introuvable.');
    return reply
      .type(file.type)
      .header('Content-Disposition', `attachment; filename="${encodeURIComponent(file.name)}"`)
      .header('Cache-Control', 'private, no-cache')
      .send(data);
  });

  app.post<{ Params: { id: string } }>('/api/visit/files/:id', async (request, reply) => {
    const user = visitUser(request);
    const v = assignedVisit(db, user, request.params.id);
    const upload = await readImageUpload(request);
    const name = (upload.fields.name ?? '').trim() || upload.filename;
    if (name.length > 255) throw badRequest('Nom de fichier trop long.');
    // A resend of the same generated name (an upload whose answer was lost) returns the first one.
    const existing = db
      .prepare(`SELECT id, visit_id, name, original_name AS originalName, type FROM visit_files WHERE visit_id = ? AND name = ?`)
      .get(v.id, name);
    if (existing) return reply.status(201).send(existing);
    const id = tx(db, () => {
      const md5 = ctx.files.put(upload.data, upload.md5);
      const mediaId = Number(
        db
          .prepare(`INSERT INTO media (name, type, md5, size, date, uploaded_by) VALUES (?, ?, ?, ?, ?, ?)`)
          .run(name, upload.type, md5, upload.data.length, new Date().toISOString(), user.id).lastInsertRowid,
      );
      return Number(
        db
          .prepare(`INSERT INTO visit_files (visit_id, name, original_name, type, media_id) VALUES (?, ?, ?, ?, ?)`)
          .run(v.id, name, upload.filename, upload.type, mediaId).lastInsertRowid,
      );
    });
    return reply.status(201).send(db.prepare(`SELECT id, visit_id, name, original_name AS originalName, type FROM visit_files WHERE id = ?`).get(id));
  });

  app.get('/api/visit/dashboards/visit_owners/0', async (request): Promise<VisitDashboard> => {
    const user = visitUser(request);
    const placeholders = TO_DO_STATES.map(() => '?').join(', ');
    const all = (db.prepare(`SELECT COUNT(*) AS n FROM visits WHERE state IN (${placeholders})`).get(...TO_DO_STATES) as { n: number }).n;
    const mine = (
      db.prepare(`SELECT COUNT(*) AS n FROM visits WHERE assigned_to = ? AND state IN (${placeholders})`).get(user.id, ...TO_DO_STATES) as { n: number }
    ).n;
    return { countMyVisitsToDo: mine, countAllVisitsToDo: all, canAnswerVisit: hasRole(user, 'ROLE_VISIT_TECHNICIAN', 'ROLE_VISIT_MANAGER', 'ROLE_ADMIN') };
  });
}
