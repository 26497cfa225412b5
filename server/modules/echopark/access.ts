/**
 * Who may use echopark and on which requests (spec part 2 §6): ROLE_ECHOPARK and
 * ROLE_ADMIN only; a user sees the requests of every community it belongs to and
 * acts only on those of its current community (echoparkMainCommunityId).
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/open';
import { currentUser, type AuthUser } from '../../http/auth';
import { hasRole } from '../../http/access';
import { ApiError, notFound, refusal } from '../../http/errors';
import { idFrom } from '../../http/collections';
import { ECHOPARK_ROLES } from '../../../sync/contract/roles';

export interface Community {
  id: number;
  name: string;
}

/** The signed-in user, after checking the echopark right (403 otherwise). */
export function echoparkUser(request: FastifyRequest): AuthUser {
  const user = currentUser(request);
  if (!hasRole(user, ...ECHOPARK_ROLES)) throw new ApiError(403, "Vous n'avez pas accès au module Echopark.");
  return user;
}

export function userCommunities(db: Db, userId: number): Community[] {
  return db
    .prepare(`SELECT c.id, c.name FROM echopark_user_communities uc JOIN echopark_communities c ON c.id = uc.community_id WHERE uc.user_id = ? ORDER BY c.name`)
    .all(userId) as Community[];
}

/** The community the user acts in: its main one when it is still a member, else its first one. */
export function currentCommunity(db: Db, userId: number): Community | null {
  const communities = userCommunities(db, userId);
  const main = db.prepare(`SELECT echopark_main_community_id AS id FROM users WHERE id = ?`).get(userId) as { id: number | null } | undefined;
  return communities.find((c) => c.id === main?.id) ?? communities[0] ?? null;
}

export interface RequestRow {
  id: number;
  community_id: number;
  request_type_id: number;
  domain_tree_id: number;
  property_id: number;
  step_id: number;
  current_group_id: number | null;
  can_message: number;
  debriefing_available: number;
  is_closing: number;
  form_id: number | null;
}

const notAvailable = () => notFound("Cette demande n'existe pas.", '006002');

/** A request of one of the user's communities, or 404 006002 (unknown and foreign look the same). */
export function visibleRequest(db: Db, user: AuthUser, rawId: unknown): RequestRow {
  const id = idFrom(rawId);
  if (id === undefined) throw notAvailable();
  const row = db
    .prepare(
      `SELECT r.id, r.community_id, r.request_type_id, r.domain_tree_id, r.property_id, r.step_id, r.current_group_id,
              s.can_message, s.debriefing_available, s.is_closing, s.form_id
       FROM echopark_requests r JOIN echopark_steps s ON s.id = r.step_id
       WHERE r.id = ? AND r.community_id IN (SELECT community_id FROM echopark_user_communities WHERE user_id = ?)`,
    )
    .get(id, user.id) as RequestRow | undefined;
  if (!row) throw notAvailable();
  return row;
}

/** A request the user may act on: visible, and of its current community (else 010004). */
export function actionableRequest(db: Db, user: AuthUser, rawId: unknown): RequestRow {
  const row = visibleRequest(db, user, rawId);
  if (currentCommunity(db, user.id)?.id !== row.community_id) throw refusal('010004');
  return row;
}

/** Updates modifiedAt after an action, so that lists sorted or refreshed by date see it. */
export function touchRequest(db: Db, requestId: number, at: string): void {
  db.prepare(`UPDATE echopark_requests SET modified_at = ? WHERE id = ?`).run(at, requestId);
}

export interface HistoryEntry {
  requestId: number;
  type: number;
  stepId: number | null;
  groupId: number | null;
  roleId?: number | null;
  authorId: number | null;
  message: string;
  at: string;
}

/** Adds one entry to the request's history; the role defaults to the group's role. */
export function addHistory(db: Db, e: HistoryEntry): number {
  const roleId =
    e.roleId ??
    (e.groupId !== null
      ? ((db.prepare(`SELECT role_id FROM echopark_groups WHERE id = ?`).get(e.groupId) as { role_id: number } | undefined)?.role_id ?? null)
      : null);
  return Number(
    db
      .prepare(
        `INSERT INTO echopark_messages (request_id, message_type, step_id, role_id, group_id, author_id, message, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(e.requestId, e.type, e.stepId, roleId, e.groupId, e.authorId, e.message, e.at).lastInsertRowid,
  );
}
