/**
 * Echopark reading and creation calls (spec part 2 §7 "Echopark"): save a request
 * (its answer carries data.id, or data.reason: a closed domain's refusal is a 2xx),
 * the current community's list, the detail, the instruction (consigne) of a request
 * or of a request being created, the creation data and the user's communities.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/open';
import { tx } from '../../db/open';
import type { AuthUser } from '../../http/auth';
import { paging, query, sendCollection } from '../../http/collections';
import { badRequest, refusal } from '../../http/errors';
import {
  ECHOPARK_MESSAGE_TYPES,
  ECHOPARK_REASONS,
  ECHOPARK_TEXTS,
  type EchoparkCommunities,
  type EchoparkConsigneQuery,
  type EchoparkCreatePayload,
  type EchoparkCreationData,
  type EchoparkProperty,
  type EchoparkReason,
} from '../../../sync/contract/echopark';
import { ref } from './body-schemas';
import { addHistory, currentCommunity, echoparkUser, userCommunities, visibleRequest } from './access';
import { listItems, requestDetail } from './serializers';
import { references } from '../../http/references';

/** Ids of a row and its ancestors in a self-referencing table, nearest first. */
function lineage(db: Db, table: 'echopark_domain_tree' | 'echopark_properties', id: number): number[] {
  const chain: number[] = [];
  const parentOf = db.prepare(`SELECT parent_id FROM ${table} WHERE id = ?`);
  for (let current: number | null = id; current !== null && !chain.includes(current);) {
    chain.push(current);
    current = (parentOf.get(current) as { parent_id: number | null } | undefined)?.parent_id ?? null;
  }
  return chain;
}

/** The most specific instruction: domain (or an ancestor) and property (or an ancestor) both count, the domain more. */
export function findConsigne(db: Db, typeId: number, domainTreeId: number, propertyId: number): string {
  const domains = lineage(db, 'echopark_domain_tree', domainTreeId);
  const properties = lineage(db, 'echopark_properties', propertyId);
  const rows = db.prepare(`SELECT domain_tree_id, property_id, message FROM echopark_instructions WHERE request_type_id = ? ORDER BY id`).all(typeId) as {
    domain_tree_id: number | null;
    property_id: number | null;
    message: string;
  }[];
  let best: { score: number; message: string } | null = null;
  for (const r of rows) {
    const d = r.domain_tree_id === null ? 0 : domains.includes(r.domain_tree_id) ? 2 * (domains.length - domains.indexOf(r.domain_tree_id)) : -1;
    const p = r.property_id === null ? 0 : properties.includes(r.property_id) ? properties.length - properties.indexOf(r.property_id) : -1;
    if (d < 0 || p < 0) continue;
    const score = d * 10 + p;
    if (!best || score > best.score) best = { score, message: r.message };
  }
  return best?.message ?? ECHOPARK_TEXTS.noConsigne;
}

type CreateResult = { id: number } | { reason: EchoparkReason };

/** Refusals of a well-formed request, answered 200 with `{ data: { reason } }` and no id. */
const REFUSED_IN_2XX = new Set<EchoparkReason>(['echoparkDomainClosed']);

function createRequest(db: Db, user: AuthUser, body: EchoparkCreatePayload): CreateResult {
  const userId = user.id;
  const community = currentCommunity(db, userId);
  if (!community) return { reason: 'echoparkNoCommunity' };
  const refs = references(db, user);
  const typeId = refs.echoparkType(body.requestTypeId);
  if (typeId === null) return { reason: 'echoparkUnknownRequestType' };
  const domain = refs.domain(body.domainTreeId, typeId);
  if (!domain) return { reason: 'echoparkUnknownDomain' };
  const node = { id: domain.id, urgency_name: domain.urgencyName };
  const propertyId = refs.property(body.realEstate, [community.id]);
  if (propertyId === null) return { reason: 'echoparkRealEstateNotInCommunity' };
  const message = (body.message ?? '').trim();
  if (message === '') return { reason: 'echoparkMessageRequired' };
  const route = db.prepare(`SELECT group_id FROM echopark_routing WHERE community_id = ? AND request_type_id = ?`).get(community.id, typeId) as
    { group_id: number } | undefined;
  if (!route) return { reason: 'echoparkNoRecipient' };
  // A closed domain (or one under a closed parent) takes no new request in this community.
  const domains = lineage(db, 'echopark_domain_tree', node.id);
  const closed = db.prepare(`SELECT 1 FROM echopark_domain_closures WHERE community_id = ? AND domain_tree_id = ?`);
  if (domains.some((id) => closed.get(community.id, id))) return { reason: 'echoparkDomainClosed' };
  const first = db.prepare(`SELECT id FROM echopark_steps ORDER BY position LIMIT 1`).get() as { id: number };
  const now = new Date().toISOString();
  return tx(db, () => {
    const { next } = db.prepare(`SELECT COALESCE(MAX(id), 0) + 1 AS next FROM echopark_requests`).get() as { next: number };
    const id = Number(
      db
        .prepare(
          `INSERT INTO echopark_requests (number, community_id, request_type_id, domain_tree_id, property_id, step_id, initial_group_id, current_group_id,
                                          requested_by, message, urgency_name, created_at, modified_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          requestNumber(next, now),
          community.id,
          typeId,
          node.id,
          propertyId,
          first.id,
          route.group_id,
          route.group_id,
          userId,
          message,
          node.urgency_name,
          now,
          now,
        ).lastInsertRowid,
    );
    addHistory(db, { requestId: id, type: ECHOPARK_MESSAGE_TYPES.creation, stepId: first.id, groupId: route.group_id, authorId: userId, message, at: now });
    return { id };
  });
}

/** Request numbers read "EP-2025-00042": the year of creation and a sequence. */
export const requestNumber = (sequence: number, createdAt: string) => `EP-${createdAt.slice(0, 4)}-${String(sequence).padStart(5, '0')}`;

function propertyTree(db: Db, communityId: number): EchoparkProperty[] {
  const rows = db
    .prepare(
      `SELECT id, name, address, postal_code, city, latitude, longitude, level, parent_id FROM echopark_properties WHERE community_id = ? ORDER BY level, name`,
    )
    .all(communityId) as {
    id: number;
    name: string;
    address: string | null;
    postal_code: string | null;
    city: string | null;
    latitude: number;
    longitude: number;
    level: 1 | 2 | 3;
    parent_id: number | null;
  }[];
  const nodes = new Map<number, EchoparkProperty>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        address: r.address,
        postalCode: r.postal_code,
        city: r.city,
        latitude: r.latitude,
        longitude: r.longitude,
        level: r.level,
        parent: r.parent_id,
        children: [],
      },
    ]),
  );
  const roots: EchoparkProperty[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent !== null ? nodes.get(node.parent) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

function creationData(db: Db, communityId: number): EchoparkCreationData {
  // Only the types someone handles in this community: the others could only fail (echoparkNoRecipient).
  const types = db
    .prepare(`SELECT t.id, t.name FROM echopark_request_types t JOIN echopark_routing ro ON ro.request_type_id = t.id AND ro.community_id = ? ORDER BY t.name`)
    .all(communityId) as { id: number; name: string }[];
  const domains = db.prepare(
    `SELECT d.id, d.name, dt.id AS arboid, dt.parent_id AS parent FROM echopark_domain_tree dt JOIN echopark_domains d ON d.id = dt.domain_id WHERE dt.request_type_id = ? ORDER BY dt.id`,
  );
  const requests: EchoparkCreationData['requests'] = {};
  for (const t of types) requests[String(t.id)] = { name: t.name, domains: domains.all(t.id) as EchoparkCreationData['requests'][string]['domains'] };
  return { realEstates: propertyTree(db, communityId), requests };
}

export function requestRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.post<{ Body: EchoparkCreatePayload }>(
    '/api/echopark/requests/',
    {
      schema: {
        body: {
          type: 'object',
          required: ['requestTypeId', 'realEstate', 'domainTreeId'],
          properties: { requestTypeId: ref, realEstate: ref, domainTreeId: ref, message: { type: 'string', maxLength: 10_000 } },
        },
      },
    },
    async (request, reply) => {
      const user = echoparkUser(request);
      const result = createRequest(db, user, request.body);
      if ('id' in result) return reply.status(201).send({ data: { id: result.id } });
      // A well-formed request the community does not take is answered as the real backend does: a 2xx
      // answer with only data.reason and no id (the client must treat it as a refusal, spec §2.1).
      if (REFUSED_IN_2XX.has(result.reason)) return reply.status(200).send({ data: { reason: result.reason } });
      // A malformed one is a 400 with the French text as well; the client shows the translated data.reason.
      const text = ECHOPARK_REASONS[result.reason];
      return reply.status(400).send({ data: { reason: result.reason }, message: text, description: text });
    },
  );

  app.get<{ Params: { flag: '0' | '1' } }>(
    '/api/echopark/requests/:flag',
    { schema: { params: { type: 'object', properties: { flag: { type: 'string', enum: ['0', '1'] } } } } },
    async (request, reply) => {
      const user = echoparkUser(request);
      const community = currentCommunity(db, user.id);
      if (!community) return sendCollection(request, reply, [], 0);
      // The whole community by default (the spec gives no page size); itemsPerPage and page still apply.
      const { itemsPerPage, offset } = paging(query(request), 1000, 1000);
      const { items, total } = listItems(db, community.id, itemsPerPage, offset);
      return sendCollection(request, reply, items, total);
    },
  );

  app.get<{ Params: { id: string } }>('/api/echopark/requests/:id/details', async (request) => {
    const row = visibleRequest(db, echoparkUser(request), request.params.id);
    return requestDetail(ctx, row.id);
  });

  app.get<{ Params: { id: string } }>('/api/echopark/requests/:id/consigne', async (request) => {
    const row = visibleRequest(db, echoparkUser(request), request.params.id);
    return { data: { message: findConsigne(db, row.request_type_id, row.domain_tree_id, row.property_id) } };
  });

  app.post<{ Body: EchoparkConsigneQuery }>(
    '/api/echopark/request/consigne/',
    {
      schema: {
        body: {
          type: 'object',
          required: ['requestTypeId', 'domaineTreeId', 'realEstateId'],
          properties: { requestTypeId: ref, domaineTreeId: ref, realEstateId: ref },
        },
      },
    },
    async (request) => {
      const user = echoparkUser(request);
      const refs = references(db, user);
      const typeId = refs.echoparkType(request.body.requestTypeId);
      if (typeId === null) throw badRequest(ECHOPARK_REASONS.echoparkUnknownRequestType);
      const domain = refs.domain(request.body.domaineTreeId, typeId);
      if (!domain) throw badRequest(ECHOPARK_REASONS.echoparkUnknownDomain);
      const propertyId = refs.property(
        request.body.realEstateId,
        userCommunities(db, user.id).map((c) => c.id),
      );
      if (propertyId === null) throw refusal('002001');
      return { data: { message: findConsigne(db, typeId, domain.id, propertyId) } };
    },
  );

  app.get('/api/echopark/requests-map', async (request) => {
    const community = currentCommunity(db, echoparkUser(request).id);
    return community ? creationData(db, community.id) : ({ realEstates: [], requests: {} } satisfies EchoparkCreationData);
  });

  app.get('/api/echopark/user/me/part', async (request): Promise<EchoparkCommunities> => {
    const user = echoparkUser(request);
    const main = db.prepare(`SELECT echopark_main_community_id AS id FROM users WHERE id = ?`).get(user.id) as { id: number | null };
    return { communitiesIds: userCommunities(db, user.id), current: currentCommunity(db, user.id), echoparkMainCommunityId: main.id };
  });
}
