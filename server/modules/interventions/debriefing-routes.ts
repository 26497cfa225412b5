/**
 * Debriefings (CR) and ratings (spec part 1 §4, §7). The provider writes a
 * debriefing while the work is in progress: a draft (0), then finished (1) or
 * to continue (2). Finishing moves the request to debriefing on the server;
 * the client's own go_to_step 'debriefing' that follows is then a harmless
 * replay, so the two orders give the same result. Ratings once per side.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { tx } from '../../db/open';
import { currentUser } from '../../http/auth';
import { idFrom, intParam, param, query, sendCollection } from '../../http/collections';
import { badRequest, notFound, refusal } from '../../http/errors';
import { refSchema as ref, text } from '../../http/schemas';
import { readImageUpload } from '../../http/uploads';
import { mediaDto } from '../core/serializers';
import { ratingEnabledIn } from '../../../sync/contract/interventions';
import { interventionForSide, sideOf, visibleIntervention } from './access';
import { debriefingDto, ratingsOf } from './serializers';
import { END_BEFORE_START, moveTo } from './workflow-routes';

type DebriefingRow = Parameters<typeof debriefingDto>[1];

export function debriefingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const debriefingById = (id: number | undefined) => {
    const row = id === undefined ? undefined : (db.prepare(`SELECT * FROM debriefings WHERE id = ?`).get(id) as DebriefingRow | undefined);
    if (!row) throw notFound('Ce compte-rendu est introuvable.');
    return row;
  };

  app.get('/api/intervention_request/debriefings', async (request, reply) => {
    const q = query(request);
    const irId = intParam(q, 'interventionRequest');
    if (irId === undefined) throw badRequest('Le paramètre interventionRequest est obligatoire.');
    visibleIntervention(db, currentUser(request), irId);
    const order = param(q, 'order[dateEnd]')?.toLowerCase() === 'asc' ? 'ASC' : 'DESC';
    const rows = db.prepare(`SELECT * FROM debriefings WHERE intervention_id = ? ORDER BY date_end ${order}, id ${order}`).all(irId) as DebriefingRow[];
    return sendCollection(
      request,
      reply,
      rows.map((r) => debriefingDto(db, r)),
    );
  });

  app.post<{ Body: { interventionRequest: string | number; message: string; dateBegin: string; dateEnd: string; status?: number } }>(
    '/api/intervention_request/debriefings',
    {
      schema: {
        body: {
          type: 'object',
          required: ['interventionRequest', 'message', 'dateBegin', 'dateEnd'],
          properties: {
            interventionRequest: ref,
            message: { type: 'string', minLength: 1, maxLength: 10_000 },
            dateBegin: text(40),
            dateEnd: text(40),
            status: { type: 'integer', enum: [0] },
          },
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = interventionForSide(db, user, idFrom(request.body.interventionRequest), 'provider');
      if (row.place !== 'in_progress') throw refusal('010003');
      const begin = Date.parse(request.body.dateBegin);
      const end = Date.parse(request.body.dateEnd);
      if (!Number.isFinite(begin) || !Number.isFinite(end)) throw badRequest('Les dates de début et de fin de compte-rendu sont obligatoires');
      if (end <= begin) throw badRequest(END_BEFORE_START);
      const id = tx(db, () =>
        Number(
          db
            .prepare(`INSERT INTO debriefings (intervention_id, message, date_begin, date_end, status, done_by) VALUES (?, ?, ?, ?, 0, ?)`)
            .run(row.id, request.body.message.trim(), new Date(begin).toISOString(), new Date(end).toISOString(), user.id).lastInsertRowid,
        ),
      );
      return reply.status(201).send(debriefingDto(db, debriefingById(id)));
    },
  );

  app.put<{ Params: { id: string }; Body: { interventionRequest?: string | number; status: 0 | 1 | 2 } }>(
    '/api/intervention_request/debriefings/:id',
    { schema: { body: { type: 'object', required: ['status'], properties: { interventionRequest: ref, status: { type: 'integer', enum: [0, 1, 2] } } } } },
    async (request) => {
      const user = currentUser(request);
      const debriefing = debriefingById(idFrom(request.params.id));
      const row = interventionForSide(db, user, debriefing.intervention_id, 'provider');
      const { status } = request.body;
      if (debriefing.status === status) return debriefingDto(db, debriefing);
      if (debriefing.status === 1) throw refusal('010003');
      tx(db, () => {
        db.prepare(`UPDATE debriefings SET status = ? WHERE id = ?`).run(status, debriefing.id);
        if (status === 1 && row.place === 'in_progress') moveTo(db, row, 'debriefing');
      });
      return debriefingDto(db, debriefingById(debriefing.id));
    },
  );

  app.post<{ Params: { id: string } }>('/api/intervention_request/debriefings/:id/medias', async (request, reply) => {
    const user = currentUser(request);
    const debriefing = debriefingById(idFrom(request.params.id));
    interventionForSide(db, user, debriefing.intervention_id, 'provider');
    const upload = await readImageUpload(request);
    const mediaId = tx(db, () => {
      const md5 = ctx.files.put(upload.data, upload.md5);
      const id = Number(
        db
          .prepare(`INSERT INTO media (name, type, md5, size, date, uploaded_by) VALUES (?, ?, ?, ?, ?, ?)`)
          .run(upload.filename, upload.type, md5, upload.data.length, new Date().toISOString(), user.id).lastInsertRowid,
      );
      db.prepare(`INSERT INTO debriefing_media (debriefing_id, media_id) VALUES (?, ?)`).run(debriefing.id, id);
      return id;
    });
    return reply.status(201).send(mediaDto(db, mediaId));
  });

  app.post<{ Body: { globalRate: number; message?: string | null; interventionRequest: string | number } }>(
    '/api/intervention_request/ratings',
    {
      schema: {
        body: {
          type: 'object',
          required: ['globalRate', 'interventionRequest'],
          properties: {
            globalRate: { type: 'integer', minimum: 1, maximum: 5 },
            message: { type: ['string', 'null'], maxLength: 2000 },
            interventionRequest: ref,
          },
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = visibleIntervention(db, user, idFrom(request.body.interventionRequest));
      const side = sideOf(user);
      if (!side) throw refusal('010004');
      if (!ratingEnabledIn(row.place)) throw refusal('010003');
      const type = side === 'manager' ? 1 : 0;
      if (db.prepare(`SELECT 1 FROM ratings WHERE intervention_id = ? AND type = ?`).get(row.id, type))
        throw badRequest('Vous avez déjà noté cette intervention.');
      tx(db, () =>
        db
          .prepare(`INSERT INTO ratings (intervention_id, type, global_rate, message, author_id) VALUES (?, ?, ?, ?, ?)`)
          .run(row.id, type, request.body.globalRate, request.body.message ?? null, user.id),
      );
      return reply.status(201).send(ratingsOf(db, row.id).find((r) => r.type === type));
    },
  );
}
