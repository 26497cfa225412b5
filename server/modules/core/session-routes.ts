/**
 * Sign-in, token refresh, registration and the forgotten-password flow
 * (spec part 1 §7 "Auth and account"). In demo mode the reset code is written
 * to the server log, where the tests read it.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { tx } from '../../db/open';
import { consumeRefreshToken, hashPassword, issueTokens, verifyPassword } from '../../http/auth';
import { ApiError, badRequest, refusal } from '../../http/errors';
import { param, query } from '../../http/collections';
import type { ForgottenPasswordChangePayload, LoginPayload, RefreshPayload } from '../../../sync/contract/core';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const RESET_TTL_S = 15 * 60;
const publicRoute = { config: { public: true } } as const;

export function sessionRoutes(app: FastifyInstance, { db, config, log }: AppContext): void {
  app.post<{ Body: LoginPayload }>(
    '/api/authentication_token',
    {
      ...publicRoute,
      schema: {
        body: {
          type: 'object',
          required: ['password'],
          properties: { email: { type: 'string' }, username: { type: 'string' }, password: { type: 'string' } },
        },
      },
    },
    async (request) => {
      const email = request.body.email ?? request.body.username;
      const user = email
        ? (db.prepare(`SELECT id, password_hash, activated FROM users WHERE email = ?`).get(email) as
            | { id: number; password_hash: string; activated: number }
            | undefined)
        : undefined;
      if (!user || !verifyPassword(request.body.password, user.password_hash)) throw new ApiError(401, 'Identifiants invalides.');
      if (!user.activated) throw refusal('000002', 401);
      return issueTokens(db, config, user.id);
    },
  );

  app.post<{ Body: RefreshPayload }>(
    '/api/token/refresh',
    { ...publicRoute, schema: { body: { type: 'object', required: ['refresh_token'], properties: { refresh_token: { type: 'string' } } } } },
    async (request) => {
      const userId = tx(db, () => consumeRefreshToken(db, request.body.refresh_token));
      if (userId === null) throw new ApiError(401, 'Jeton de rafraîchissement invalide ou expiré.');
      return issueTokens(db, config, userId);
    },
  );

  app.post<{ Body: { email: string; password: string; firstname: string; lastname: string; gsm?: string } }>(
    '/api/registration',
    {
      ...publicRoute,
      schema: {
        body: {
          type: 'object',
          required: ['email', 'password', 'firstname', 'lastname'],
          properties: { email: { type: 'string' }, password: { type: 'string', minLength: 8 }, firstname: { type: 'string', minLength: 1 }, lastname: { type: 'string', minLength: 1 }, gsm: { type: 'string', pattern: '^[0-9]*$' } },
        },
      },
    },
    async (request, reply) => {
      const { email, password, firstname, lastname, gsm = '' } = request.body;
      if (!EMAIL.test(email)) throw badRequest("L'adresse e-mail n'est pas valide.");
      if (db.prepare(`SELECT 1 FROM users WHERE email = ?`).get(email)) throw refusal('000004');
      const code = String(crypto.randomInt(100000, 1000000));
      const id = tx(db, () => {
        const userId = Number(
          db
            .prepare(`INSERT INTO users (email, password_hash, firstname, lastname, gsm, roles, activated) VALUES (?, ?, ?, ?, ?, '[]', 0)`)
            .run(email, hashPassword(password), firstname, lastname, gsm).lastInsertRowid,
        );
        db.prepare(`INSERT INTO registrations (user_id, code) VALUES (?, ?)`).run(userId, code);
        return userId;
      });
      if (config.demo) log(`[démo] code d'activation pour ${email} : ${code}`);
      return reply.status(201).send({ id, email });
    },
  );

  app.post<{ Body: { email: string; code: string } }>(
    '/api/registration/activate',
    { ...publicRoute, schema: { body: { type: 'object', required: ['email', 'code'], properties: { email: { type: 'string' }, code: { type: 'string' } } } } },
    async (request) => {
      const row = db
        .prepare(`SELECT r.id, r.user_id FROM registrations r JOIN users u ON u.id = r.user_id WHERE u.email = ? AND r.code = ?`)
        .get(request.body.email, request.body.code) as { id: number; user_id: number } | undefined;
      if (!row) throw refusal('000001');
      tx(db, () => {
        db.prepare(`UPDATE users SET activated = 1 WHERE id = ?`).run(row.user_id);
        db.prepare(`DELETE FROM registrations WHERE id = ?`).run(row.id);
      });
      return { activated: true };
    },
  );

  app.post<{ Body: { email: string } }>(
    '/api/forgotten_passwords/',
    { ...publicRoute, schema: { body: { type: 'object', required: ['email'], properties: { email: { type: 'string' } } } } },
    async (request) => {
      const { email } = request.body;
      if (!EMAIL.test(email)) throw badRequest("L'adresse e-mail n'est pas valide.");
      // Same answer whether the account exists or not: the form must not reveal who has an account.
      if (db.prepare(`SELECT 1 FROM users WHERE email = ?`).get(email)) {
        const code = String(crypto.randomInt(100000, 1000000));
        tx(db, () => {
          db.prepare(`DELETE FROM password_resets WHERE email = ?`).run(email);
          db.prepare(`INSERT INTO password_resets (email, code, expires_at) VALUES (?, ?, ?)`).run(email, code, Math.floor(Date.now() / 1000) + RESET_TTL_S);
        });
        if (config.demo) log(`[démo] code de réinitialisation pour ${email} : ${code}`);
      }
      return { sent: true };
    },
  );

  const validReset = (email: string, code: string) =>
    db.prepare(`SELECT rowid FROM password_resets WHERE email = ? AND code = ? AND expires_at >= ?`).get(email, code, Math.floor(Date.now() / 1000)) as
      | { rowid: number }
      | undefined;

  app.get('/api/forgotten_passwords/check', publicRoute, async (request) => {
    const q = query(request);
    const email = param(q, 'email') ?? '';
    const code = param(q, 'code') ?? '';
    if (!validReset(email, code)) throw refusal('100001');
    return { valid: true };
  });

  app.post<{ Body: ForgottenPasswordChangePayload }>(
    '/api/forgotten_passwords/change',
    {
      ...publicRoute,
      schema: {
        body: {
          type: 'object',
          required: ['email', 'code', 'password'],
          properties: { email: { type: 'string' }, code: { type: 'string' }, password: { type: 'string', minLength: 8 } },
        },
      },
    },
    async (request) => {
      const { email, code, password } = request.body;
      const reset = validReset(email, code);
      if (!reset) throw refusal('100001');
      tx(db, () => {
        db.prepare(`UPDATE users SET password_hash = ? WHERE email = ?`).run(hashPassword(password), email);
        db.prepare(`DELETE FROM password_resets WHERE email = ?`).run(email);
      });
      return { changed: true };
    },
  );
}
