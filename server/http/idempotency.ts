/**
 * Idempotency-Key handling: a POST or PUT carrying a key that this user has
 * already had applied gets the first answer again, and the change is not
 * applied twice. Keys are stored in the database for at least 24 h. A second
 * request with a key still in flight waits for the first one to finish.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/open';

const KEEP_MS = 48 * 3600 * 1000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Stored {
  status: number;
  body: string;
  content_type: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null;
  }
}

function keyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  return WRITE_METHODS.has(request.method) && key && key.length <= 200 ? key : null;
}

export function installIdempotency(app: FastifyInstance, db: Db): void {
  const inFlight = new Map<string, Promise<void>>();
  const find = db.prepare(`SELECT status, body, content_type FROM idempotency_keys WHERE user_id = ? AND key = ?`);
  const save = db.prepare(
    `INSERT OR IGNORE INTO idempotency_keys (user_id, key, method, url, status, body, content_type, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.prepare(`DELETE FROM idempotency_keys WHERE created_at < ?`).run(Date.now() - KEEP_MS);

  app.decorateRequest('idempotencyKey', null);

  // Runs after authentication (registered after installAuth), so the key is scoped to the user.
  app.addHook('preHandler', async (request, reply) => {
    const key = keyOf(request);
    if (!key) return;
    const scope = `${request.user?.id ?? 0}:${key}`;
    while (inFlight.has(scope)) await inFlight.get(scope);
    const stored = find.get(request.user?.id ?? 0, key) as Stored | undefined;
    if (stored) {
      reply.header('Idempotent-Replayed', 'true');
      return reply.status(stored.status).type(stored.content_type).send(stored.body);
    }
    request.idempotencyKey = key;
    let done!: () => void;
    inFlight.set(scope, new Promise<void>((resolve) => (done = resolve)));
    reply.raw.once('close', () => {
      inFlight.delete(scope);
      done();
    });
  });

  // Only successful answers are remembered: a refused change was not applied, so replaying it is harmless.
  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key || reply.statusCode >= 300) return payload;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
    const type = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    save.run(request.user?.id ?? 0, key, request.method, request.url, reply.statusCode, body, type, Date.now());
    return payload;
  });
}
