/**
 * OS requests (spec part 1 §7 "OS"): the paged list, the search, the detail,
 * creation and modification (only while the request is being prepared). The
 * other calls of the family are registered from their own files.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { currentUser, type AuthUser } from '../../http/auth';
import { idFrom, listParam, orderParam, paging, param, query, sendCollection } from '../../http/collections';
import { badRequest, refusal } from '../../http/errors';
import { OS_PLACES, isEditablePlace, mayActAt } from '../../../sync/contract/os-workflow';
import type { OsPayload } from '../../../sync/contract/os';
import { assertOsWriter, mayCreate, osVisibility, visibleOs, type OsRow } from './access';
import { osDto } from './serializers';
import { checkPayload, payloadSchema, writeOs } from './payload';
import { mediaRoutes } from './media-routes';
import { workflowRoutes } from './workflow-routes';
import { messageRoutes } from './message-routes';
import { dashboardRoutes } from './dashboard';

interface ListFilters {
  places: string[];
  realEstate?: number | undefined;
  requestedBy?: number | undefined;
  direction: 'ASC' | 'DESC';
}

/** An id given as a number or an IRI in the query string. */
function refParam(q: Record<string, string | string[] | undefined>, name: string): number | undefined {
  const raw = param(q, name);
  if (raw === undefined || raw === '') return undefined;
  const id = idFrom(raw);
  if (id === undefined) throw badRequest(`Le paramètre ${name} doit être un identifiant`);
  return id;
}

export function osRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  const list = (user: AuthUser, filters: ListFilters, limit: number, offset: number) => {
    const clause = osVisibility(db, user);
    const where = [clause.sql];
    const params: (string | number)[] = [...clause.params];
    if (filters.places.length) {
      // Unknown places match nothing rather than being ignored: a filter never widens a list.
      const known = filters.places.filter((p) => (OS_PLACES as readonly string[]).includes(p));
      where.push(`w.place IN (${known.length ? known.map(() => '?').join(', ') : 'NULL'})`);
      params.push(...known);
    }
    if (filters.realEstate !== undefined) {
      where.push('w.real_estate_id = ?');
      params.push(filters.realEstate);
    }
    if (filters.requestedBy !== undefined) {
      where.push('w.requested_by = ?');
      params.push(filters.requestedBy);
    }
    const sql = `FROM work_validation_requests w WHERE ${where.join(' AND ')}`;
    const total = (db.prepare(`SELECT COUNT(*) AS n ${sql}`).get(...params) as { n: number }).n;
    const rows = db.prepare(`SELECT w.* ${sql} ORDER BY w.id ${filters.direction} LIMIT ? OFFSET ?`).all(...params, limit, offset) as OsRow[];
    return { items: rows.map((r) => osDto(db, r)), total };
  };

  // The spec also names the list's payload "places, page, numberPerPage=10": both spellings are read.
  app.get('/api/work_validation_requests/list/undetailed', async (request, reply) => {
    const q = query(request);
    const { itemsPerPage, offset } = paging({ ...q, itemsPerPage: param(q, 'itemsPerPage') ?? param(q, 'numberPerPage') }, 10);
    const places = [...listParam(q, 'place'), ...listParam(q, 'places')];
    const { items, total } = list(currentUser(request), { places, direction: orderParam(q, 'id') ?? 'DESC' }, itemsPerPage, offset);
    return sendCollection(request, reply, items, total);
  });

  app.get('/api/work_validation_requests', async (request, reply) => {
    const q = query(request);
    const { itemsPerPage, offset } = paging(q, 30);
    const filters = {
      places: listParam(q, 'place'),
      realEstate: refParam(q, 'realEstate'),
      requestedBy: refParam(q, 'requestedBy'),
      direction: orderParam(q, 'id') ?? 'DESC',
    } as const;
    const { items, total } = list(currentUser(request), filters, itemsPerPage, offset);
    return sendCollection(request, reply, items, total);
  });

  app.get<{ Params: { id: string } }>('/api/work_validation_requests/:id', async (request) =>
    osDto(db, visibleOs(db, currentUser(request), idFrom(request.params.id))),
  );

  app.post<{ Body: OsPayload }>('/api/post_work_validation_requests', { schema: { body: payloadSchema } }, async (request, reply) => {
    const user = currentUser(request);
    if (!mayCreate(user)) throw refusal('010004');
    const id = writeOs(db, user, checkPayload(db, user, request.body), null);
    return reply.status(201).send(osDto(db, visibleOs(db, user, id)));
  });

  app.put<{ Params: { id: string }; Body: OsPayload }>('/api/post_work_validation_requests/:id', { schema: { body: payloadSchema } }, async (request) => {
    const user = currentUser(request);
    const row = visibleOs(db, user, idFrom(request.params.id));
    assertOsWriter(user);
    const bodyId = request.body.id === undefined ? undefined : idFrom(request.body.id);
    if (bodyId !== undefined && bodyId !== row.id) throw badRequest("L'identifiant du corps ne correspond pas à celui de l'adresse.");
    // Once past completion the request is frozen: it is what the signatures approved.
    if (!isEditablePlace(row.place)) throw refusal('010003');
    if (!mayActAt(row.place, user.roles)) throw refusal('010004');
    // A draft stays a draft (it may still lack parts); a request keeps what a request needs.
    writeOs(db, user, checkPayload(db, user, request.body, row.contact_id, row.place === 'start'), row);
    return osDto(db, visibleOs(db, user, row.id));
  });

  mediaRoutes(app, ctx);
  workflowRoutes(app, ctx);
  messageRoutes(app, ctx);
  dashboardRoutes(app, ctx);
}
