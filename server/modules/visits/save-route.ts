/**
 * POST api/visit/state/{mode}/{id}: Pause (draft), Terminer (terminate) and our
 * save that keeps the visit started (autosave). The body (up to 20 MB) is taken
 * as bytes and decoded, parsed, merged and serialised on the merge worker, so that one
 * big save never stalls the other requests; saves of one visit run one after
 * the other, and the visit is checked again once the merge is back.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { tx } from '../../db/open';
import { currentUser, type AuthUser } from '../../http/auth';
import { hasRole } from '../../http/access';
import { idFrom } from '../../http/collections';
import { ApiError, notFound, refusal } from '../../http/errors';
import { VISIT_ROLES } from '../../../sync/contract/roles';
import type { ErrorCode } from '../../../sync/contract/errors';
import { createMergePool } from './merge-pool';

/** Bodies of a visit send: a 20,000-field visit with its answers is about 10 MB. */
export const VISIT_BODY_LIMIT = 20 * 1024 * 1024;

/** A buffer that owns its whole memory can move to the worker; a slice of a shared one is copied there instead. */
const movable = (b: Buffer) => b.byteLength > 64 * 1024 && b.byteOffset === 0 && b.byteLength === b.buffer.byteLength;

interface Row {
  id: number;
  state: string;
  assigned_to: number | null;
}

function visitUser(request: FastifyRequest): AuthUser {
  const user = currentUser(request);
  if (!hasRole(user, ...VISIT_ROLES)) throw new ApiError(403, "Vous n'avez pas accès aux visites.");
  return user;
}

export async function saveRoute(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const pool = createMergePool(ctx.config.inlineHeavyWork === true);
  app.addHook('onClose', () => pool.close());
  /** The last save of each visit: the next one waits for it (they read and write the same data). */
  const queues = new Map<number, Promise<unknown>>();
  const serially = <T>(visitId: number, work: () => Promise<T>): Promise<T> => {
    const previous = queues.get(visitId) ?? Promise.resolve();
    const run = previous.then(work, work);
    const settled = run.catch(() => undefined);
    queues.set(visitId, settled);
    void settled.then(() => {
      if (queues.get(visitId) === settled) queues.delete(visitId);
    });
    return run;
  };

  const check = (user: AuthUser, rawId: unknown): Row => {
    const row = db.prepare(`SELECT id, state, assigned_to FROM visits WHERE id = ?`).get(idFrom(rawId) ?? -1) as Row | undefined;
    if (!row) throw notFound('Cette visite est introuvable.');
    if (row.assigned_to !== user.id) throw refusal('010004');
    if (row.state !== 'start') throw refusal('010003');
    return row;
  };

  // In its own scope: here JSON bodies stay bytes (the worker decodes and parses them), everywhere else they are parsed as usual.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(['application/json', 'application/ld+json', 'application/merge-patch+json'], { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { mode: string; id: string }; Body: Buffer }>(
      '/api/visit/state/:mode/:id',
      { bodyLimit: VISIT_BODY_LIMIT },
      async (request, reply) => {
        const { mode } = request.params;
        if (mode !== 'draft' && mode !== 'terminate' && mode !== 'save') throw notFound('Mode d’envoi inconnu.');
        const user = visitUser(request);
        const visit = check(user, request.params.id);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const json = await serially(visit.id, async () => {
          // The stored text as bytes (CAST AS BLOB): no UTF-8 decoding of megabytes here.
          const stored = db.prepare(`SELECT CAST(data AS BLOB) AS data, next_answer_id FROM visit_data WHERE visit_id = ?`).get(visit.id) as {
            data: Buffer;
            next_answer_id: number;
          };
          const outcome = await pool.run(
            { stored: stored.data, body, next: stored.next_answer_id },
            [stored.data, body].filter(movable).map((b) => b.buffer as ArrayBuffer),
          );
          if (!outcome.ok) throw new ApiError(outcome.status, outcome.message, outcome.code as ErrorCode | undefined, outcome.description);
          // The merge took time: the visit may have been handed in or taken over meanwhile.
          check(user, visit.id);
          const merged = Buffer.from(outcome.json.buffer, outcome.json.byteOffset, outcome.json.byteLength);
          tx(db, () => {
            db.prepare(`UPDATE visit_data SET data = CAST(? AS TEXT), next_answer_id = ? WHERE visit_id = ?`).run(merged, outcome.next, visit.id);
            if (mode !== 'save') db.prepare(`UPDATE visits SET state = ? WHERE id = ?`).run(mode, visit.id);
          });
          return merged;
        });
        // The stored bytes go out as they are: no second serialisation of megabytes on the event loop.
        const state = mode === 'save' ? 'start' : mode;
        return reply
          .type('application/json; charset=utf-8')
          .send(Buffer.concat([Buffer.from(`{"id":${visit.id},"state":"${state}","data":`), json, Buffer.from('}')]));
      },
    );
  });
}
