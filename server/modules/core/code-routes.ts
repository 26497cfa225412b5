/**
 * The flows that send a 6-digit code (spec part 1 §7): registration and its
 * activation, the forgotten password (ask for a code, check it, change the
 * password). In demo mode the code is written to the server log, where the
 * tests read it. A code space of 900,000 is guessed in minutes at 1,750
 * checks a second, so every check is limited: wrong codes per (e-mail,
 * address), per client and per e-mail from anywhere lock with a 429 (the last
 * one never for the address that asked for the code), a reset code dies after
 * a few wrong tries of its owner, and new codes per e-mail are limited too.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { tx } from '../../db/open';
import { hashPasswordAsync } from '../../http/auth';
import { badRequest, refusal } from '../../http/errors';
import { AttemptLimiter, assertNotLocked, clientAddress } from '../../http/attempts';
import { param, query } from '../../http/collections';
import { text } from '../../http/schemas';
import type { ForgottenPasswordChangePayload } from '../../../sync/contract/core';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}$/;
const CODE = /^[0-9]{6}$/;
const RESET_TTL_S = 15 * 60;
const publicRoute = { config: { public: true } } as const;
const normalise = (email: string) => email.trim().toLowerCase();
const validEmail = (email: string) => email.length <= 254 && EMAIL.test(email) && email.includes('.', email.indexOf('@'));

/** Compares codes in constant time (both are 6 ASCII digits once the format is checked). */
const sameCode = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function codeRoutes(app: FastifyInstance, { db, config, log }: AppContext): void {
  const { limits } = config;
  const wrongPerEmail = new AttemptLimiter(limits.codeEmail);
  const wrongPerEmailClient = new AttemptLimiter(limits.codeEmailClient);
  const wrongPerClient = new AttemptLimiter(limits.codeClient);
  const codesPerEmail = new AttemptLimiter(limits.codeRequest);
  const codesPerClient = new AttemptLimiter(limits.contact);
  const registrations = new AttemptLimiter(limits.contact);

  /** Refuses a locked e-mail or client before any lookup. */
  const guard = (request: FastifyRequest, email: string) => {
    const client = clientAddress(request);
    assertNotLocked([
      [wrongPerEmail, email],
      [wrongPerClient, client],
    ]);
    return client;
  };
  /** Counts a wrong code; the one that reaches the limit already answers 429. */
  const wrong = (email: string, client: string) => {
    if (Math.max(wrongPerEmail.hit(email), wrongPerClient.hit(client)) > 0)
      assertNotLocked([
        [wrongPerEmail, email],
        [wrongPerClient, client],
      ]);
  };

  app.post<{ Body: { email: string; password: string; firstname: string; lastname: string; gsm?: string } }>(
    '/api/registration',
    {
      ...publicRoute,
      schema: {
        body: {
          type: 'object',
          required: ['email', 'password', 'firstname', 'lastname'],
          properties: {
            email: text(254),
            password: text(1000, 8),
            firstname: text(100, 1),
            lastname: text(100, 1),
            gsm: { type: 'string', pattern: '^[0-9]*$', maxLength: 20 },
          },
        },
      },
    },
    async (request, reply) => {
      const { password, firstname, lastname, gsm = '' } = request.body;
      const email = normalise(request.body.email);
      if (!validEmail(email)) throw badRequest("L'adresse e-mail n'est pas valide.");
      assertNotLocked([[registrations, clientAddress(request)]]);
      registrations.hit(clientAddress(request));
      if (db.prepare(`SELECT 1 FROM users WHERE email = ?`).get(email)) throw refusal('000004');
      const code = String(crypto.randomInt(100000, 1000000));
      const passwordHash = await hashPasswordAsync(password);
      const id = tx(db, () => {
        const userId = Number(
          db
            .prepare(`INSERT INTO users (email, password_hash, firstname, lastname, gsm, roles, activated) VALUES (?, ?, ?, ?, ?, '[]', 0)`)
            .run(email, passwordHash, firstname, lastname, gsm).lastInsertRowid,
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
    { ...publicRoute, schema: { body: { type: 'object', required: ['email', 'code'], properties: { email: text(254), code: text(20) } } } },
    async (request) => {
      const email = normalise(request.body.email);
      const client = guard(request, email);
      const row = db.prepare(`SELECT r.id, r.user_id, r.code FROM registrations r JOIN users u ON u.id = r.user_id WHERE u.email = ?`).get(email) as
        { id: number; user_id: number; code: string } | undefined;
      if (!row || !CODE.test(request.body.code) || !sameCode(request.body.code, row.code)) {
        wrong(email, client);
        throw refusal('000001');
      }
      tx(db, () => {
        db.prepare(`UPDATE users SET activated = 1 WHERE id = ?`).run(row.user_id);
        db.prepare(`DELETE FROM registrations WHERE id = ?`).run(row.id);
      });
      return { activated: true };
    },
  );

  app.post<{ Body: { email: string } }>(
    '/api/forgotten_passwords/',
    { ...publicRoute, schema: { body: { type: 'object', required: ['email'], properties: { email: text(254) } } } },
    async (request) => {
      const email = normalise(request.body.email);
      if (!validEmail(email)) throw badRequest("L'adresse e-mail n'est pas valide.");
      const client = clientAddress(request);
      assertNotLocked([
        [codesPerEmail, email],
        [codesPerClient, client],
      ]);
      // Counted whether the account exists or not, and the same answer: the form must not reveal who has an account.
      codesPerEmail.hit(email);
      codesPerClient.hit(client);
      if (db.prepare(`SELECT 1 FROM users WHERE email = ?`).get(email)) {
        const code = String(crypto.randomInt(100000, 1000000));
        tx(db, () => {
          db.prepare(`DELETE FROM password_resets WHERE email = ?`).run(email);
          db.prepare(`INSERT INTO password_resets (email, code, expires_at, requested_from) VALUES (?, ?, ?, ?)`).run(
            email,
            code,
            Math.floor(Date.now() / 1000) + RESET_TTL_S,
            client,
          );
        });
        if (config.demo) log(`[démo] code de réinitialisation pour ${email} : ${code}`);
      }
      return { sent: true };
    },
  );

  /** The pending reset of the e-mail when the code is right; otherwise counts the wrong try and refuses (100001 or 429). */
  /**
   * Locks, nearest first: the (e-mail, address) pair, the address, and the
   * e-mail from anywhere — the last one not for the address that asked for the
   * pending code, so that a stranger's guesses never lock its owner out; and
   * only the owner's wrong tries kill the code (a stranger's count towards the
   * e-mail's lock, 10 an hour over a space of 900,000).
   */
  const checkReset = (request: FastifyRequest, rawEmail: string, code: string) => {
    const email = normalise(rawEmail);
    const client = clientAddress(request);
    const pair = `${email}\n${client}`;
    const reset = db
      .prepare(`SELECT rowid, code, attempts, requested_from FROM password_resets WHERE email = ? AND expires_at >= ?`)
      .get(email, Math.floor(Date.now() / 1000)) as { rowid: number; code: string; attempts: number; requested_from: string | null } | undefined;
    const owner = reset !== undefined && reset.requested_from === client;
    const locks: [AttemptLimiter, string][] = [
      [wrongPerEmailClient, pair],
      [wrongPerClient, client],
      ...(owner ? [] : ([[wrongPerEmail, email]] as [AttemptLimiter, string][])),
    ];
    assertNotLocked(locks);
    if (reset && CODE.test(code) && sameCode(code, reset.code)) return { email, reset };
    if (reset && owner) {
      // A few wrong tries kill the code: guessing needs a new code each time, and those are limited too.
      tx(db, () => {
        if (reset.attempts + 1 >= limits.codeTries) db.prepare(`DELETE FROM password_resets WHERE rowid = ?`).run(reset.rowid);
        else db.prepare(`UPDATE password_resets SET attempts = attempts + 1 WHERE rowid = ?`).run(reset.rowid);
      });
    }
    const lock = Math.max(wrongPerEmailClient.hit(pair), wrongPerClient.hit(client), owner ? 0 : wrongPerEmail.hit(email));
    if (lock > 0) assertNotLocked(locks);
    throw refusal('100001');
  };

  app.get('/api/forgotten_passwords/check', publicRoute, async (request) => {
    const q = query(request);
    checkReset(request, (param(q, 'email') ?? '').slice(0, 254), (param(q, 'code') ?? '').slice(0, 20));
    return { valid: true };
  });

  app.post<{ Body: ForgottenPasswordChangePayload }>(
    '/api/forgotten_passwords/change',
    {
      ...publicRoute,
      schema: { body: { type: 'object', required: ['email', 'code', 'password'], properties: { email: text(254), code: text(20), password: text(1000, 8) } } },
    },
    async (request) => {
      const { email } = checkReset(request, request.body.email, request.body.code);
      const passwordHash = await hashPasswordAsync(request.body.password);
      tx(db, () => {
        // The token version too: access tokens issued with the old password stop working now, not at their expiry.
        db.prepare(`UPDATE users SET password_hash = ?, token_version = token_version + 1 WHERE email = ?`).run(passwordHash, email);
        db.prepare(`DELETE FROM password_resets WHERE email = ?`).run(email);
        // A new password ends the sessions opened with the old one.
        db.prepare(`UPDATE refresh_tokens SET expires_at = 0 WHERE user_id = (SELECT id FROM users WHERE email = ?)`).run(email);
      });
      return { changed: true };
    },
  );
}
