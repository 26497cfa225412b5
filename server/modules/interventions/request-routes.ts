/**
 * Intervention requests (spec part 1 §7 "Interventions"): the list behind the
 * list screen, the search, the detail, creation and modification by managers,
 * and photos. The provider company is chosen by the server (see pickProvider).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/open';
import { tx } from '../../db/open';
import { currentUser, type AuthUser } from '../../http/auth';
import { references } from '../../http/references';
import { idFrom, intParam, listParam, paging, param, query, sendCollection } from '../../http/collections';
import { refusal } from '../../http/errors';
import { refSchema as ref, idListSchema } from '../../http/schemas';
import { readImageUpload } from '../../http/uploads';
import { mediaDto } from '../core/serializers';
import { INTERVENTION_PLACE_LIST, STEP_MESSAGES, type InterventionCreatePayload } from '../../../sync/contract/interventions';
import { interventionForSide, interventionNumber, sideOf, visibilityClause, visibleIntervention, type InterventionRow } from './access';
import { addMessage, detailDto, listItem } from './serializers';

const idList = idListSchema;
export const createBodySchema = {
  type: 'object',
  required: ['information', 'realEstatId', 'businessAreaId', 'buildingIdList'],
  properties: {
    information: { type: 'string', minLength: 1, maxLength: 10_000 },
    realEstatId: ref,
    businessAreaId: ref,
    equipmentIdList: idList,
    buildingIdList: { ...idList, minItems: 1 },
    contactId: { anyOf: [{ type: 'null' }, ref] },
  },
} as const;

interface Filters {
  places: string[];
  realEstate?: number | undefined;
  requestedBy?: number | undefined;
  number?: string | undefined;
}

function listRows(db: Db, user: AuthUser, f: Filters, limit: number, offset: number, order: 'ASC' | 'DESC'): { rows: InterventionRow[]; total: number } {
  const clause = visibilityClause(db, user);
  const where = [clause.sql];
  const params: (string | number)[] = [...clause.params];
  const places = f.places.filter((p) => (INTERVENTION_PLACE_LIST as readonly string[]).includes(p));
  if (f.places.length > 0) {
    where.push(`ir.place IN (${places.length ? places.map(() => '?').join(', ') : 'NULL'})`);
    params.push(...places);
  }
  const add = (condition: string, value: string | number) => {
    where.push(condition);
    params.push(value);
  };
  if (f.realEstate !== undefined) add('ir.real_estate_id = ?', f.realEstate);
  if (f.requestedBy !== undefined) add('ir.requested_by = ?', f.requestedBy);
  if (f.number) add('ir.number LIKE ?', `%${f.number}%`);
  const sql = `FROM intervention_requests ir WHERE ${where.join(' AND ')}`;
  const total = (db.prepare(`SELECT COUNT(*) AS n ${sql}`).get(...params) as { n: number }).n;
  const rows = db.prepare(`SELECT ir.* ${sql} ORDER BY ir.id ${order} LIMIT ? OFFSET ?`).all(...params, limit, offset) as InterventionRow[];
  return { rows, total };
}

/**
 * The provider of a new request: among the providers already working on this real estate, the one
 * with most requests in the same trade family, else the most used one, else the first provider.
 * Deterministic, so replays and tests agree.
 */
function pickProvider(db: Db, realEstateId: number, businessAreaId: number): number {
  const family = (db.prepare(`SELECT COALESCE(parent_id, id) AS root FROM business_areas WHERE id = ?`).get(businessAreaId) as { root: number }).root;
  const sameFamily = db
    .prepare(
      `SELECT ir.provider_company_id AS id, COUNT(*) AS n FROM intervention_requests ir JOIN business_areas ba ON ba.id = ir.business_area_id
       WHERE ir.real_estate_id = ? AND COALESCE(ba.parent_id, ba.id) = ? GROUP BY ir.provider_company_id ORDER BY n DESC, id LIMIT 1`,
    )
    .get(realEstateId, family) as { id: number } | undefined;
  if (sameFamily) return sameFamily.id;
  const any = db
    .prepare(
      `SELECT provider_company_id AS id, COUNT(*) AS n FROM intervention_requests WHERE real_estate_id = ? GROUP BY provider_company_id ORDER BY n DESC, id LIMIT 1`,
    )
    .get(realEstateId) as { id: number } | undefined;
  return any?.id ?? (db.prepare(`SELECT id FROM companies WHERE kind = 'provider' ORDER BY id LIMIT 1`).get() as { id: number }).id;
}

interface CheckedPayload {
  realEstateId: number;
  businessAreaId: number;
  buildingIds: number[];
  contactId: number;
  ownerCompanyId: number;
}

function checkPayload(db: Db, user: AuthUser, body: InterventionCreatePayload, current: number | null = null): CheckedPayload {
  const refs = references(db, user);
  const estate = refs.realEstate(body.realEstatId);
  const businessAreaId = refs.businessArea(body.businessAreaId);
  const buildingIds = refs.buildings(body.buildingIdList, estate.id);
  const contactId = refs.contact(body.contactId, { realEstateMainContact: estate.mainContactId, current });
  return { realEstateId: estate.id, businessAreaId, buildingIds, contactId, ownerCompanyId: estate.ownerCompanyId };
}

export function requestRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/intervention_requests/list/undetailed', async (request, reply) => {
    const q = query(request);
    const { itemsPerPage, offset } = paging(q, 10);
    const order = param(q, 'order[id]')?.toLowerCase() === 'asc' ? 'ASC' : 'DESC';
    const { rows, total } = listRows(
      db,
      currentUser(request),
      { places: listParam(q, 'place'), realEstate: intParam(q, 'realEstate'), number: param(q, 'number') },
      itemsPerPage,
      offset,
      order,
    );
    return sendCollection(
      request,
      reply,
      rows.map((r) => listItem(db, r)),
      total,
    );
  });

  app.get('/api/intervention_requests', async (request, reply) => {
    const q = query(request);
    const { itemsPerPage, offset } = paging(q, 30);
    const { rows, total } = listRows(
      db,
      currentUser(request),
      { places: listParam(q, 'place'), realEstate: intParam(q, 'realEstate'), requestedBy: intParam(q, 'requestedBy') },
      itemsPerPage,
      offset,
      'DESC',
    );
    return sendCollection(
      request,
      reply,
      rows.map((r) => detailDto(db, r)),
      total,
    );
  });

  app.get<{ Params: { id: string } }>('/api/intervention_requests/:id', async (request) =>
    detailDto(db, visibleIntervention(db, currentUser(request), idFrom(request.params.id))),
  );

  app.post<{ Body: InterventionCreatePayload }>('/api/post_intervention_requests', { schema: { body: createBodySchema } }, async (request, reply) => {
    const user = currentUser(request);
    if (sideOf(user) !== 'manager') throw refusal('010004');
    const p = checkPayload(db, user, request.body);
    const id = tx(db, () => {
      const now = new Date().toISOString();
      const provider = pickProvider(db, p.realEstateId, p.businessAreaId);
      const newId = Number(
        db
          .prepare(
            `INSERT INTO intervention_requests (number, place, created_at, real_estate_id, business_area_id, contact_id, information, requested_by, provider_company_id, owner_company_id)
             VALUES (?, 'waiting', ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            `tmp-${now}-${Math.random()}`,
            now,
            p.realEstateId,
            p.businessAreaId,
            p.contactId,
            request.body.information.trim(),
            user.id,
            provider,
            p.ownerCompanyId,
          ).lastInsertRowid,
      );
      db.prepare(`UPDATE intervention_requests SET number = ? WHERE id = ?`).run(interventionNumber(newId, now), newId);
      const link = db.prepare(`INSERT INTO intervention_buildings (intervention_id, building_id) VALUES (?, ?)`);
      for (const b of p.buildingIds) link.run(newId, b);
      addMessage(db, 'intervention', newId, STEP_MESSAGES.waiting, null, now);
      return newId;
    });
    return reply.status(201).send(detailDto(db, visibleIntervention(db, user, id)));
  });

  app.put<{ Params: { id: string }; Body: InterventionCreatePayload }>(
    '/api/post_intervention_requests/:id',
    { schema: { body: createBodySchema } },
    async (request) => {
      const user = currentUser(request);
      const row = interventionForSide(db, user, idFrom(request.params.id), 'manager');
      if (!['start', 'waiting', 'planning'].includes(row.place)) throw refusal('010003');
      const p = checkPayload(db, user, request.body, row.contact_id);
      tx(db, () => {
        db.prepare(
          `UPDATE intervention_requests SET real_estate_id = ?, business_area_id = ?, contact_id = ?, information = ?, owner_company_id = ? WHERE id = ?`,
        ).run(p.realEstateId, p.businessAreaId, p.contactId, request.body.information.trim(), p.ownerCompanyId, row.id);
        db.prepare(`DELETE FROM intervention_buildings WHERE intervention_id = ?`).run(row.id);
        const link = db.prepare(`INSERT INTO intervention_buildings (intervention_id, building_id) VALUES (?, ?)`);
        for (const b of p.buildingIds) link.run(row.id, b);
      });
      return detailDto(db, visibleIntervention(db, user, row.id));
    },
  );

  app.post<{ Params: { id: string } }>('/api/intervention_requests/:id/medias', async (request, reply) => {
    const user = currentUser(request);
    const row = visibleIntervention(db, user, idFrom(request.params.id));
    const upload = await readImageUpload(request);
    const mediaId = tx(db, () => {
      const md5 = ctx.files.put(upload.data, upload.md5);
      const id = Number(
        db
          .prepare(`INSERT INTO media (name, type, md5, size, date, uploaded_by) VALUES (?, ?, ?, ?, ?, ?)`)
          .run(upload.filename, upload.type, md5, upload.data.length, new Date().toISOString(), user.id).lastInsertRowid,
      );
      db.prepare(`INSERT INTO intervention_media (intervention_id, media_id) VALUES (?, ?)`).run(row.id, id);
      return id;
    });
    return reply.status(201).send(mediaDto(db, mediaId));
  });
}
