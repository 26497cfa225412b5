/**
 * Idempotency-Key handling: a write carrying a key its caller has already had
 * applied gets the first answer again, and the change is not applied twice
 * (the client's outbox resends a command with the same key after a lost
 * answer). A record belongs to a scope — the signed-in user, or on public
 * routes the client's fingerprint — and remembers the method, the URL and a
 * hash of the body: the same key with another body or on another route is
 * refused (422), never answered with someone else's result. Answers carrying
 * tokens (sign-in, refresh) are never stored. Records are kept 48 h. A second
 * request with a key still in flight waits for the first one to finish.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/open';
import { ApiError, StoredAnswer } from './errors';
import { clientFingerprint } from './attempts';

const KEEP_MS = 48 * 3600 * 1000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_KEY_LENGTH = 200;
/**
 * Hash of a multipart body before its file is read (the boundary changes on
 * every resend, so the body itself is never compared). Once the upload has
 * streamed in, the record keeps `multipart:{sha256 of the file}` and a replay
 * is compared on it: another file under the same key is a 422 (issue 21).
 * Records of an earlier version keep the bare value and replay as before.
 */
const NOT_COMPARED = 'multipart';

interface Stored {
  method: string;
  url: string;
  body_hash: string;
  status: number;
  body: string;
  content_type: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null;
    idempotencyScope: string | null;
    bodyHash: string | null;
    /** Set on multipart writes with a key: readImageUpload calls it with the file's hash (records it, or replays, or refuses). */
    checkUploadReplay: ((hash: string) => void) | null;
  }
}

function keyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  return WRITE_METHODS.has(request.method) && key && key.length <= MAX_KEY_LENGTH ? key : null;
}

/** JSON with sorted keys, so that the hash does not depend on key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** Answers that must never be replayed to anyone: they hold access or refresh tokens. */
const carriesTokens = (body: string) => /"(refresh_)?token"\s*:/.test(body);

export const KEY_REUSED = 'Cette clé Idempotency-Key a déjà servi pour une autre requête : envoyez une nouvelle clé pour une nouvelle opération.';

export function installIdempotency(app: FastifyInstance, db: Db): void {
  const inFlight = new Map<string, Promise<void>>();
  const find = db.prepare(`SELECT method, url, body_hash, status, body, content_type FROM idempotency_records WHERE scope = ? AND key = ?`);
  const save = db.prepare(
    `INSERT OR IGNORE INTO idempotency_records (scope, key, method, url, body_hash, status, body, content_type, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const purge = db.prepare(`DELETE FROM idempotency_records WHERE created_at < ?`);
  purge.run(Date.now() - KEEP_MS);
  let lastPurge = Date.now();

  app.decorateRequest('idempotencyKey', null);
  app.decorateRequest('idempotencyScope', null);
  app.decorateRequest('bodyHash', null);
  app.decorateRequest('checkUploadReplay', null);

  // Before validation, which coerces and strips the body: the hash is of what the client sent.
  app.addHook('preValidation', async (request) => {
    if (!keyOf(request)) return;
    // A body kept as bytes (a visit save, up to 20 MB) is hashed as sent, off the event loop.
    if (Buffer.isBuffer(request.body)) {
      request.bodyHash = Buffer.from(await crypto.subtle.digest('SHA-256', request.body)).toString('hex');
      return;
    }
    request.bodyHash = request.isMultipart()
      ? NOT_COMPARED
      : crypto
          .createHash('sha256')
          .update(canonical(request.body ?? null))
          .digest('hex');
  });

  // Runs after authentication (onRequest), so a user's keys are theirs alone.
  app.addHook('preHandler', async (request, reply) => {
    const key = keyOf(request);
    if (!key || request.routeOptions.config.noReplay) return;
    const scope = request.user ? `u:${request.user.id}` : `c:${clientFingerprint(request)}`;
    const flight = `${scope}\n${key}`;
    while (inFlight.has(flight)) await inFlight.get(flight);
    const hash = request.bodyHash ?? NOT_COMPARED;
    const stored = find.get(scope, key) as Stored | undefined;
    if (stored && stored.method === request.method && stored.url === request.url && stored.body_hash.startsWith(`${NOT_COMPARED}:`)) {
      // An upload replayed: the answer depends on the file, known once the route has read it.
      request.checkUploadReplay = (fileHash) => {
        if (fileHash !== stored.body_hash) throw new ApiError(422, KEY_REUSED, undefined, KEY_REUSED);
        throw new StoredAnswer(stored.status, stored.body, stored.content_type);
      };
      return;
    }
    if (stored) {
      if (stored.method !== request.method || stored.url !== request.url || (stored.body_hash !== hash && stored.body_hash !== NOT_COMPARED)) {
        throw new ApiError(422, KEY_REUSED, undefined, KEY_REUSED);
      }
      reply.header('Idempotent-Replayed', 'true');
      return reply.status(stored.status).type(stored.content_type).send(stored.body);
    }
    request.idempotencyKey = key;
    request.idempotencyScope = scope;
    if (request.isMultipart()) request.checkUploadReplay = (fileHash) => void (request.bodyHash = fileHash);
    let done!: () => void;
    inFlight.set(flight, new Promise<void>((resolve) => (done = resolve)));
    reply.raw.once('close', () => {
      inFlight.delete(flight);
      done();
    });
  });

  // Only successful answers are remembered: a refused change was not applied, so replaying it is harmless.
  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key || !request.idempotencyScope || reply.statusCode >= 300) return payload;
    // Kept as bytes when they are (a visit save answers megabytes: never decoded here); token answers are small.
    const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : '';
    if (body.length < 64 * 1024 && carriesTokens(body.toString())) return payload;
    const type = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    const now = Date.now();
    save.run(request.idempotencyScope, key, request.method, request.url, request.bodyHash ?? NOT_COMPARED, reply.statusCode, body, type, now);
    if (now - lastPurge > 3600_000) {
      lastPurge = now;
      purge.run(now - KEEP_MS);
    }
    return payload;
  });
}
