/**
 * Reference data the tunnels need: real estates, building trees, business
 * areas, provider companies, request types, generic requests and media
 * downloads (spec part 1 §7 "Reference data").
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { tx } from '../../db/open';
import { currentUser } from '../../http/auth';
import { assertRealEstate, dealsWithCompany, hasRole, inList, managedRealEstateIds } from '../../http/access';
import { idFrom, paging, param, query, sendCollection } from '../../http/collections';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { optionalRefSchema, text } from '../../http/schemas';
import { references } from '../../http/references';
import { MANAGER_ROLES, OS_ROLES } from '../../../sync/contract/roles';
import type { BuildingDto, BusinessAreaDto } from '../../../sync/contract/core';
import { companyDto, realEstateDto } from './serializers';

interface BuildingRow {
  id: number;
  name: string;
  real_estate_id: number;
  parent_id: number | null;
}

export function referenceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  const realEstateList = (ids: number[]) => ids.map((id) => realEstateDto(db, id)!);

  app.get('/api/real_estates', async (request, reply) => sendCollection(request, reply, realEstateList(managedRealEstateIds(db, currentUser(request)))));

  app.get('/api/real_estates/with_contract', async (request, reply) => {
    const ids = managedRealEstateIds(db, currentUser(request));
    const withContract = db.prepare(`SELECT id FROM real_estates WHERE has_contract = 1 AND id IN ${inList(ids)} ORDER BY name`).all(...ids) as {
      id: number;
    }[];
    return sendCollection(request, reply, realEstateList(withContract.map((r) => r.id)));
  });

  app.get<{ Params: { id: string } }>('/api/real_estates/:id', async (request) => {
    const id = idFrom(request.params.id) ?? -1;
    const dto = realEstateDto(db, id);
    if (!dto) throw notFound('Bien immobilier introuvable');
    assertRealEstate(db, currentUser(request), id);
    return dto;
  });

  app.post<{ Body: { name: string; mainContact: { address: string; additionalAddress?: string; postalCode: string; city: string } } }>(
    '/api/real_estates',
    {
      schema: {
        body: {
          type: 'object',
          required: ['name', 'mainContact'],
          properties: {
            name: text(200, 1),
            mainContact: {
              type: 'object',
              required: ['address', 'postalCode', 'city'],
              properties: { address: text(200, 1), additionalAddress: text(200), postalCode: { type: 'string', pattern: '^[0-9]{5}$' }, city: text(100, 1) },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const company = db.prepare(`SELECT id FROM companies WHERE id = ? AND kind = 'owner'`).get(user.companyId) as { id: number } | undefined;
      // The role decides, not only the company: an echopark member of an owner company may not create one.
      if (!company || !user.isManager) throw badRequest('Seul un gestionnaire peut créer un bien immobilier.', '001001');
      const { name, mainContact: c } = request.body;
      const id = tx(db, () => {
        const contactId = Number(
          db
            .prepare(`INSERT INTO contacts (address, additional_address, postal_code, city) VALUES (?, ?, ?, ?)`)
            .run(c.address, c.additionalAddress ?? null, c.postalCode, c.city).lastInsertRowid,
        );
        const reId = Number(
          db.prepare(`INSERT INTO real_estates (name, main_contact_id, owner_company_id) VALUES (?, ?, ?)`).run(name, contactId, company.id).lastInsertRowid,
        );
        db.prepare(`INSERT INTO user_real_estates (user_id, real_estate_id) VALUES (?, ?)`).run(user.id, reId);
        return reId;
      });
      return reply.status(201).send(realEstateDto(db, id));
    },
  );

  app.get('/api/buildings', async (request, reply) => {
    const q = query(request);
    const realEstate = idFrom(param(q, 'realEstate'));
    if (realEstate === undefined) throw badRequest('Le paramètre realEstate est obligatoire');
    assertRealEstate(db, currentUser(request), realEstate);
    const { itemsPerPage, offset } = paging(q, 1000);
    const rows = db
      .prepare(`SELECT id, name, real_estate_id, parent_id FROM buildings WHERE real_estate_id = ? ORDER BY id LIMIT ? OFFSET ?`)
      .all(realEstate, itemsPerPage, offset) as BuildingRow[];
    const parentOf = new Map(
      (db.prepare(`SELECT id, parent_id FROM buildings WHERE real_estate_id = ?`).all(realEstate) as BuildingRow[]).map((r) => [r.id, r.parent_id]),
    );
    const ancestors = (id: number) => {
      const chain: number[] = [];
      for (let p = parentOf.get(id) ?? null; p !== null; p = parentOf.get(p) ?? null) chain.push(p);
      return chain;
    };
    const items: BuildingDto[] = rows.map((r) => ({ id: r.id, name: r.name, realEstate: { id: r.real_estate_id }, parentBuildingId: ancestors(r.id) }));
    return sendCollection(request, reply, items, parentOf.size);
  });

  app.get('/api/business_areas', async (request, reply) => {
    const q = query(request);
    const realEstate = idFrom(param(q, 'realEstate'));
    if (realEstate !== undefined) assertRealEstate(db, currentUser(request), realEstate);
    const name = param(q, 'name');
    const rows = db
      .prepare(
        `SELECT a.id, a.name, p.id AS parent_id, p.name AS parent_name FROM business_areas a LEFT JOIN business_areas p ON p.id = a.parent_id
         WHERE (? IS NULL OR a.name LIKE '%' || ? || '%') ORDER BY a.id`,
      )
      .all(name ?? null, name ?? null) as { id: number; name: string; parent_id: number | null; parent_name: string | null }[];
    const items: BusinessAreaDto[] = rows.map((r) => ({
      id: r.id,
      name: r.name,
      parent: r.parent_id !== null ? { id: r.parent_id, name: r.parent_name ?? '' } : null,
    }));
    return sendCollection(request, reply, items);
  });

  app.get('/api/companies/providers', async (request, reply) => {
    // Those who order work choose among the providers; a provider or an inspector has no use for the list.
    if (!hasRole(currentUser(request), ...MANAGER_ROLES, ...OS_ROLES)) throw new ApiError(403, "Vous n'avez pas accès à la liste des prestataires.");
    const rows = db.prepare(`SELECT id FROM companies WHERE kind = 'provider' ORDER BY name`).all() as { id: number }[];
    return sendCollection(
      request,
      reply,
      rows.map((r) => companyDto(db, r.id)!),
    );
  });

  app.get<{ Params: { id: string } }>('/api/companies/:id', async (request) => {
    const id = idFrom(request.params.id) ?? -1;
    // Unknown and foreign companies look the same: the detail is for the companies the user deals with.
    const dto = dealsWithCompany(db, currentUser(request), id) ? companyDto(db, id) : null;
    if (!dto) throw notFound('Entreprise introuvable');
    return dto;
  });

  app.get('/api/request_types', async (request, reply) => sendCollection(request, reply, db.prepare(`SELECT id, name FROM request_types ORDER BY id`).all()));

  app.get<{ Params: { id: string } }>('/api/request_types/:id', async (request) => {
    const row = db.prepare(`SELECT id, name FROM request_types WHERE id = ?`).get(idFrom(request.params.id) ?? -1);
    if (!row) throw notFound('Type de demande introuvable');
    return row;
  });

  genericRequestRoutes(app, ctx);

  app.get<{ Params: { id: string } }>('/api/media/:id', async (request, reply) => {
    const user = currentUser(request);
    const id = idFrom(request.params.id) ?? -1;
    const row = db.prepare(`SELECT md5, type FROM media WHERE id = ?`).get(id) as { md5: string; type: string } | undefined;
    if (!row) throw notFound('Média introuvable');
    references(db, user).media(id, ctx.mediaReaders);
    const data = ctx.files.get(row.md5);
    if (!data) throw notFound('Fichier du média introuvable');
    return reply.type(row.type).header('Content-Disposition', `inline; filename="${row.md5}"`).header('Cache-Control', 'private, no-cache').send(data);
  });
}

/** POST api/requests, GET api/requests/ (paginated), GET api/requests/{id}: created and read as JSON-LD. */
function genericRequestRoutes(app: FastifyInstance, { db }: AppContext): void {
  interface Row {
    id: number;
    request_type_id: number | null;
    real_estate_id: number | null;
    information: string;
    created_at: string;
  }
  const dto = (r: Row) => ({
    '@id': `/api/requests/${r.id}`,
    '@type': 'Request',
    id: r.id,
    requestType: r.request_type_id !== null ? `/api/request_types/${r.request_type_id}` : null,
    realEstate: r.real_estate_id !== null ? `/api/real_estates/${r.real_estate_id}` : null,
    information: r.information,
    createdAt: r.created_at,
  });

  app.post<{ Body: { requestType?: unknown; realEstate?: unknown; information?: string } }>(
    '/api/requests',
    { schema: { body: { type: 'object', properties: { requestType: optionalRefSchema, realEstate: optionalRefSchema, information: text(10_000) } } } },
    async (request, reply) => {
      const user = currentUser(request);
      const refs = references(db, user);
      const given = (raw: unknown) => raw !== undefined && raw !== null && raw !== '';
      const typeId = given(request.body.requestType) ? refs.requestType(request.body.requestType, 'Type de demande inconnu') : null;
      const realEstateId = given(request.body.realEstate) ? refs.realEstate(request.body.realEstate).id : null;
      const id = tx(db, () =>
        Number(
          db
            .prepare(`INSERT INTO generic_requests (request_type_id, real_estate_id, information, created_by, created_at) VALUES (?, ?, ?, ?, ?)`)
            .run(typeId, realEstateId, request.body.information ?? '', user.id, new Date().toISOString()).lastInsertRowid,
        ),
      );
      const row = db.prepare(`SELECT * FROM generic_requests WHERE id = ?`).get(id) as Row;
      return reply.status(201).type('application/ld+json; charset=utf-8').send(dto(row));
    },
  );

  app.get('/api/requests/', async (request, reply) => {
    const user = currentUser(request);
    const { itemsPerPage, offset } = paging(query(request), 30);
    const total = (db.prepare(`SELECT COUNT(*) AS n FROM generic_requests WHERE created_by = ?`).get(user.id) as { n: number }).n;
    const rows = db
      .prepare(`SELECT * FROM generic_requests WHERE created_by = ? ORDER BY id DESC LIMIT ? OFFSET ?`)
      .all(user.id, itemsPerPage, offset) as Row[];
    return sendCollection(request, reply, rows.map(dto), total);
  });

  app.get<{ Params: { id: string } }>('/api/requests/:id', async (request) => {
    const row = db.prepare(`SELECT * FROM generic_requests WHERE id = ? AND created_by = ?`).get(idFrom(request.params.id) ?? -1, currentUser(request).id) as
      Row | undefined;
    if (!row) throw notFound('Demande introuvable', '006002');
    return dto(row);
  });
}
