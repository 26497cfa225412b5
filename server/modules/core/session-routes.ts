/**
 * Sign-in and token refresh (spec part 1 §7 "Auth and account"). Sign-in is
 * limited (failures per account and client, and per client: 429 with
 * Retry-After), costs the same scrypt whether the account exists or not, and
 * its answers are never cached (Cache-Control: no-store) nor replayed by
 * Idempotency-Key. The code flows (registration, forgotten password) are in
 * code-routes.ts.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { tx } from '../../db/open';
import { DUMMY_HASH, hashToken, issueTokens, refreshTokens, revokeFamily, verifyPassword, verifyPasswordAsync } from '../../http/auth';
import { ApiError, refusal } from '../../http/errors';
import { AttemptLimiter, assertNotLocked, clientAddress } from '../../http/attempts';
import { text } from '../../http/schemas';
import type { LoginPayload, RefreshPayload } from '../../../sync/contract/core';

/** Public, never replayed: the answer holds tokens. */
export const tokenRoute = { config: { public: true, noReplay: true } } as const;

/** Tokens must not sit in a browser or proxy cache. */
export const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');

export function sessionRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  const perAccount = new AttemptLimiter(config.limits.login);
  const perAccountAnywhere = new AttemptLimiter(config.limits.loginAccount);
  const perClient = new AttemptLimiter(config.limits.loginClient);
  /** Failures of an account from anywhere, the window's total (a lock restarts the limiter's count, not this one). */
  const failuresAnywhere = new AttemptLimiter({ ...config.limits.loginAccount, max: Number.MAX_SAFE_INTEGER });
  const slowdown = (failures: number) => {
    const { after, stepMs, maxMs } = config.limits.loginSlowdown;
    return failures < after ? 0 : Math.min(maxMs, stepMs * 2 ** (failures - after));
  };

  app.post<{ Body: LoginPayload }>(
    '/api/authentication_token',
    {
      ...tokenRoute,
      schema: {
        body: {
          type: 'object',
          required: ['password'],
          properties: { email: text(254), username: text(254), password: text(1000) },
        },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const email = (request.body.email ?? request.body.username ?? '').trim().toLowerCase();
      const client = clientAddress(request);
      const accountKey = `${email}\n${client}`;
      // The account's locks refuse even the right password (a brute force must not learn it); the client's does not.
      assertNotLocked([
        [perAccount, accountKey],
        [perAccountAnywhere, email],
      ]);
      const user = email
        ? (db.prepare(`SELECT id, password_hash, activated FROM users WHERE email = ?`).get(email) as
            { id: number; password_hash: string; activated: number } | undefined)
        : undefined;
      // An unknown account costs the same scrypt as a wrong password: the timing no longer tells who exists.
      const check = config.inlineHeavyWork ? async (p: string, h: string) => verifyPassword(p, h) : verifyPasswordAsync;
      const ok = (await check(request.body.password, user?.password_hash ?? DUMMY_HASH)) && user !== undefined;
      if (!ok) {
        failuresAnywhere.hit(email);
        const lock = Math.max(perAccount.hit(accountKey), perAccountAnywhere.hit(email), perClient.hit(client));
        // A slowdown before the lock: each failure past the first few waits longer (without holding the event loop).
        const wait = slowdown(failuresAnywhere.count(email));
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (lock > 0 || perClient.retryAfter(client) > 0)
          assertNotLocked([
            [perAccount, accountKey],
            [perAccountAnywhere, email],
            [perClient, client],
          ]);
        throw new ApiError(401, 'Identifiants invalides.');
      }
      perAccount.clear(accountKey);
      if (!user.activated) throw refusal('000002', 401);
      return issueTokens(db, config, user.id);
    },
  );

  app.post<{ Body: RefreshPayload }>(
    '/api/token/refresh',
    { ...tokenRoute, schema: { body: { type: 'object', required: ['refresh_token'], properties: { refresh_token: text(200) } } } },
    async (request, reply) => {
      noStore(reply);
      const pair = refreshTokens(db, config, request.body.refresh_token);
      if (pair === null) throw new ApiError(401, 'Jeton de rafraîchissement invalide ou expiré.');
      return pair;
    },
  );

  // Sign-out (ours, the spec has none; see docs/architecture.md): ends the refresh token's sign-in, its
  // access tokens included. Unknown or already ended tokens answer the same 204: nothing to learn here.
  app.post<{ Body: { refresh_token?: string } }>(
    '/api/token/logout',
    { ...tokenRoute, schema: { body: { type: 'object', properties: { refresh_token: text(200) } } } },
    async (request, reply) => {
      noStore(reply);
      const token = request.body?.refresh_token;
      tx(db, () => {
        const row = token
          ? (db.prepare(`SELECT family FROM refresh_tokens WHERE token_hash = ?`).get(hashToken(token)) as { family: string | null } | undefined)
          : undefined;
        if (row) revokeFamily(db, row.family);
        const family = request.user ? request.tokenFamily : null;
        if (family) revokeFamily(db, family);
      });
      return reply.status(204).send();
    },
  );
}
