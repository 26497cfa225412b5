/**
 * OS calls (spec part 1 §7 "OS"): list, search, detail, creation and
 * modification (while the request is being prepared), documents, the
 * workflow (go_to_step and next_step, with the firm prefix), messages and
 * dashboards. Steps follow sync/contract/os-workflow.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/open';
import { tx } from '../../db/open';
import { currentUser, type AuthUser } from '../../http/auth';
import { assertRealEstate, hasRole } from '../../http/access';
import { idFrom, intParam, listParam, paging, param, query, sendCollection } from '../../http/collections';
import { badRequest, notFound, refusal } from '../../http/errors';
import { readImageUpload } from '../../http/uploads';
import { mediaDto } from '../core/serializers';
import { OS_PLACES, OS_WORKFLOW, mayActAt, osPlaceLabel, stepsFrom, targetOf, type OsPlace } from '../../../sync/contract/os-workflow';
import type { OsPayload } from '../../../sync/contract/os';
import { addMessage, markThreadRead, threadMessages } from '../interventions/serializers';
import { assertOsWriter, mayCreate, osVisibility, visibleOs, type OsRow } from './access';
import { osDto } from './serializers';
import { dashboardRoutes } from './dashboard';

const ref = { anyOf: [{ type: 'integer' }, { type: 'string', minLength: 1 }] } as const;
const payloadSchema = {
  type: 'object',
  required: ['information', 'realEstatId', 'businessAreaId', 'buildingIdList', 'serviceProviderCompanyId', 'typeId', 'price'],
  properties: {
    id: { type: 'integer' },
    information: { type: 'string', maxLength: 10_000 },
    realEstatId: ref,
    businessAreaId: ref,
    buildingIdList: { type: 'array', items: { type: 'integer' }, maxItems: 200 },
    contactId: { anyOf: [ref, { type: 'null' }] },
    serviceProviderCompanyId: ref,
    typeId: ref,
    price: { type: ['number', 'string'] },
  },
} as const;

export const osNumber = (id: number, createdAt: string) => `OS-${createdAt.slice(0, 4)}-${String(id).padStart(5, '0')}`;

interface Checked {
  realEstateId: number;
  businessAreaId: number;
  buildingIds: number[];
  contactId: number;
  providerId: number;
  typeId: number;
  price: number;
}

function checkPayload(db: Db, user: AuthUser, body: OsPayload): Checked {
  const price = Number(body.price);
  if (!Number.isFinite(price) || price <= 0) throw badRequest('Prix : Obligatoire (un montant supérieur à 0).');
  const estate = db.prepare(`SELECT id, main_contact_id FROM real_estates WHERE id = ?`).get(idFrom(body.realEstatId) ?? -1) as { id: number; main_contact_id: number } | undefined;
  if (!estate) throw refusal('002001');
  assertRealEstate(db, user, estate.id);
  for (const b of body.buildingIdList) {
    const building = db.prepare(`SELECT real_estate_id FROM buildings WHERE id = ?`).get(b) as { real_estate_id: number } | undefined;
    if (!building) throw refusal('003002');
    if (building.real_estate_id !== estate.id) throw refusal('003001');
  }
  const businessAreaId = idFrom(body.businessAreaId) ?? -1;
  if (!db.prepare(`SELECT 1 FROM business_areas WHERE id = ?`).get(businessAreaId)) throw badRequest("Ce corps d'état n'existe pas.");
  const providerId = idFrom(body.serviceProviderCompanyId) ?? -1;
  if (!db.prepare(`SELECT 1 FROM companies WHERE id = ? AND kind = 'provider'`).get(providerId)) throw badRequest("Ce prestataire n'existe pas.");
  const typeId = idFrom(body.typeId) ?? -1;
  if (!db.prepare(`SELECT 1 FROM request_types WHERE id = ?`).get(typeId)) throw badRequest("Ce type de demande n'existe pas.");
  const contactId = body.contactId === null || body.contactId === undefined ? estate.main_contact_id : idFrom(body.contactId);
  if (contactId === undefined || !db.prepare(`SELECT 1 FROM contacts WHERE id = ?`).get(contactId)) throw refusal('009001');
  return { realEstateId: estate.id, businessAreaId, buildingIds: [...new Set(body.buildingIdList)], contactId, providerId, typeId, price: Math.round(price * 100) / 100 };
}

export function osRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const firm = ctx.config.firmPrefix;

  const list = (user: AuthUser, places: string[], filters: { realEstate?: number | undefined; requestedBy?: number | undefined }, limit: number, offset: number) => {
    const clause = osVisibility(db, user);
    const where = [clause.sql];
    const params: (string | number)[] = [...clause.params];
    const known = places.filter((p) => (OS_PLACES as readonly string[]).includes(p));
    if (places.length) {
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
    const rows = db.prepare(`SELECT w.* ${sql} ORDER BY w.id DESC LIMIT ? OFFSET ?`).all(...params, limit, offset) as OsRow[];
    return { items: rows.map((r) => osDto(db, r)), total };
  };

  app.get('/api/work_validation_requests/list/undetailed', async (request, reply) => {
    const q = query(request);
    const { itemsPerPage, offset } = paging(q, 10);
    const { items, total } = list(currentUser(request), listParam(q, 'place'), {}, itemsPerPage, offset);
    return sendCollection(request, reply, items, total);
  });

  app.get('/api/work_validation_requests', async (request, reply) => {
    const q = query(request);
    const { itemsPerPage, offset } = paging(q, 30);
    const { items, total } = list(currentUser(request), listParam(q, 'place'), { realEstate: intParam(q, 'realEstate'), requestedBy: intParam(q, 'requestedBy') }, itemsPerPage, offset);
    return sendCollection(request, reply, items, total);
  });

  app.get<{ Params: { id: string } }>('/api/work_validation_requests/:id', async (request) => osDto(db, visibleOs(db, currentUser(request), idFrom(request.params.id))));

  const write = (user: AuthUser, checked: Checked, information: string, existing: OsRow | null): number =>
    tx(db, () => {
      let id: number;
      if (existing) {
        db.prepare(`UPDATE work_validation_requests SET information = ?, real_estate_id = ?, business_area_id = ?, request_type_id = ?, provider_company_id = ?, contact_id = ?, price = ? WHERE id = ?`).run(
          information,
          checked.realEstateId,
          checked.businessAreaId,
          checked.typeId,
          checked.providerId,
          checked.contactId,
          checked.price,
          existing.id,
        );
        id = existing.id;
        db.prepare(`DELETE FROM work_validation_buildings WHERE request_id = ?`).run(id);
      } else {
        const now = new Date().toISOString();
        id = Number(
          db
            .prepare(
              `INSERT INTO work_validation_requests (number, place, price, information, created_at, real_estate_id, business_area_id, request_type_id, provider_company_id, contact_id, requested_by)
               VALUES (?, 'request_init', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .run(`tmp-${now}-${Math.random()}`, checked.price, information, now, checked.realEstateId, checked.businessAreaId, checked.typeId, checked.providerId, checked.contactId, user.id).lastInsertRowid,
        );
        db.prepare(`UPDATE work_validation_requests SET number = ? WHERE id = ?`).run(osNumber(id, now), id);
        addMessage(db, 'os', id, 'Demande de validation de travaux créée', null, now);
      }
      const link = db.prepare(`INSERT INTO work_validation_buildings (request_id, building_id) VALUES (?, ?)`);
      for (const b of checked.buildingIds) link.run(id, b);
      return id;
    });

  app.post<{ Body: OsPayload }>('/api/post_work_validation_requests', { schema: { body: payloadSchema } }, async (request, reply) => {
    const user = currentUser(request);
    if (!mayCreate(user)) throw refusal('010004');
    const id = write(user, checkPayload(db, user, request.body), (request.body.information ?? '').trim(), null);
    return reply.status(201).send(osDto(db, visibleOs(db, user, id)));
  });

  app.put<{ Params: { id: string }; Body: OsPayload }>('/api/post_work_validation_requests/:id', { schema: { body: payloadSchema } }, async (request) => {
    const user = currentUser(request);
    assertOsWriter(user);
    const row = visibleOs(db, user, idFrom(request.params.id));
    if (row.place !== 'request_init' && row.place !== 'request_completion') throw refusal('010003');
    if (!mayActAt(row.place, user.roles)) throw refusal('010004');
    write(user, checkPayload(db, user, request.body), (request.body.information ?? '').trim(), row);
    return osDto(db, visibleOs(db, user, row.id));
  });

  app.post<{ Params: { id: string } }>('/api/work_validation_requests/:id/medias', async (request, reply) => {
    const user = currentUser(request);
    assertOsWriter(user);
    const row = visibleOs(db, user, idFrom(request.params.id));
    const upload = await readImageUpload(request);
    const mediaId = tx(db, () => {
      const md5 = ctx.files.put(upload.data);
      const id = Number(db.prepare(`INSERT INTO media (name, type, md5, size, date, uploaded_by) VALUES (?, ?, ?, ?, ?, ?)`).run(upload.filename, upload.type, md5, upload.data.length, new Date().toISOString(), user.id).lastInsertRowid);
      db.prepare(`INSERT INTO work_validation_media (request_id, media_id) VALUES (?, ?)`).run(row.id, id);
      return id;
    });
    return reply.status(201).send(mediaDto(db, mediaId));
  });

  app.get<{ Params: { id: string } }>('/api/work_validation_requests/media/:id', async (request, reply) => {
    const user = currentUser(request);
    const media = db.prepare(`SELECT m.md5, m.type, wm.request_id FROM media m JOIN work_validation_media wm ON wm.media_id = m.id WHERE m.id = ?`).get(idFrom(request.params.id) ?? -1) as
      | { md5: string; type: string; request_id: number }
      | undefined;
    if (!media) throw notFound('Document introuvable');
    visibleOs(db, user, media.request_id);
    const data = ctx.files.get(media.md5);
    if (!data) throw notFound('Fichier du document introuvable');
    return reply.type(media.type).header('Content-Disposition', `attachment; filename="${media.md5}"`).header('Cache-Control', 'private, max-age=31536000, immutable').send(data);
  });

  app.put<{ Body: { stepCode: string; workflowCode: string; objectId: number | string } }>(
    `/api/${firm}/workflows/go_to_step`,
    { schema: { body: { type: 'object', required: ['stepCode', 'workflowCode', 'objectId'], properties: { stepCode: { type: 'string' }, workflowCode: { type: 'string' }, objectId: ref } } } },
    async (request) => {
      const user = currentUser(request);
      if (request.body.workflowCode !== OS_WORKFLOW) throw refusal('010002');
      const row = visibleOs(db, user, idFrom(request.body.objectId));
      const { stepCode } = request.body;
      const known = OS_PLACES.includes(stepCode as OsPlace) || /_(validated|refused)$/.test(stepCode);
      if (!known) throw refusal('010001');
      // A replay of the step that brought the OS here is harmless (offline clients may resend).
      if (stepCode === row.place) return osDto(db, row);
      const target = targetOf(row.place, row.price, stepCode);
      if (!target) throw refusal('010003');
      if (!mayActAt(row.place, user.roles)) throw refusal('010004');
      tx(db, () => {
        db.prepare(`UPDATE work_validation_requests SET place = ? WHERE id = ?`).run(target, row.id);
        const text = stepCode.endsWith('_refused') ? `${osPlaceLabel(row.place)} refusée : retour à la complétion` : `Étape suivante : ${osPlaceLabel(target)}`;
        addMessage(db, 'os', row.id, text, null);
      });
      return osDto(db, visibleOs(db, user, row.id));
    },
  );

  app.get(`/api/${firm}/workflows/next_step`, async (request, reply) => {
    const user = currentUser(request);
    const q = query(request);
    if ((param(q, 'workflow') ?? OS_WORKFLOW) !== OS_WORKFLOW) throw refusal('010002');
    const row = visibleOs(db, user, intParam(q, 'objectId'));
    const { itemsPerPage, offset } = paging(q, 30);
    const writer = !hasRole(user, 'ROLE_SERVICE_PROVIDER', 'ROLE_SERVICE_PROVIDER_ADMIN');
    const steps = writer && mayActAt(row.place, user.roles) ? stepsFrom(row.place, row.price) : [];
    return sendCollection(request, reply, steps.slice(offset, offset + itemsPerPage), steps.length);
  });

  app.get(`/api/work_validation_request/message_${firm}`, async (request, reply) => {
    const user = currentUser(request);
    const row = visibleOs(db, user, intParam(query(request), 'workValidationRequest'));
    const items = threadMessages(db, 'os', row.id);
    tx(db, () => markThreadRead(db, user.id, 'os', row.id));
    return sendCollection(request, reply, items);
  });

  app.post<{ Body: { messageText: string; workValidationRequest: string | number } }>(
    '/api/work_validation_request/messages/new_conversation',
    { schema: { body: { type: 'object', required: ['messageText', 'workValidationRequest'], properties: { messageText: { type: 'string', minLength: 1, maxLength: 5000 }, workValidationRequest: ref } } } },
    async (request, reply) => {
      const user = currentUser(request);
      const row = visibleOs(db, user, idFrom(request.body.workValidationRequest));
      const text = request.body.messageText.trim();
      if (!text) throw badRequest('Le message est vide.');
      const id = tx(db, () => {
        const messageId = addMessage(db, 'os', row.id, text, user.id);
        markThreadRead(db, user.id, 'os', row.id);
        return messageId;
      });
      return reply.status(201).send(threadMessages(db, 'os', row.id).find((m) => m.id === id));
    },
  );

  dashboardRoutes(app, ctx);
}
