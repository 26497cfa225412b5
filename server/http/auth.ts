/**
 * Authentication: scrypt password hashes, short-lived HS256 JWT access tokens
 * and rotating opaque refresh tokens (stored hashed, single use, in families:
 * reusing a rotated one revokes the whole family, after a short grace window).
 * Access tokens carry the user's token version and their family: a password
 * reset or a revoked family ends them before they expire. Every route needs a bearer
 * token unless it is declared with `config: { public: true }`, and the roles
 * of its area (sync/contract/roles.ts). The decision is taken on the route
 * the router matched, never on the raw URL: `/%61pi/…` is `/api/…` to the
 * router, so a test on the raw text let it through without a token.
 */
import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/open';
import { tx } from '../db/open';
import type { ServerConfig } from '../config';
import { ApiError, unauthorized } from './errors';
import { apiAreaOf, canUseArea, type ApiArea, type Role } from '../../sync/contract/roles';

export interface AuthUser {
  id: number;
  email: string;
  roles: Role[];
  companyId: number | null;
  isManager: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** The sign-in (refresh family) of the request's access token. */
    tokenFamily: string | null;
  }
  interface FastifyContextConfig {
    /** Route reachable without a bearer token. */
    public?: boolean;
    /** Answers of this route are never stored for Idempotency-Key replays (they carry tokens). */
    noReplay?: boolean;
  }
}

export function hashPassword(password: string): string {
  const salt = crypto.randomBytes(16);
  const hash = crypto.scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 });
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/**
 * Compared against when the account does not exist, so that an unknown e-mail
 * costs the same scrypt as a wrong password (the timing told who has an account).
 */
export const DUMMY_HASH = hashPassword(crypto.randomBytes(16).toString('hex'));

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, saltB64, hashB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const actual = crypto.scryptSync(password, Buffer.from(saltB64, 'base64'), expected.length, { N: 16384, r: 8, p: 1 });
  return crypto.timingSafeEqual(expected, actual);
}

const scrypt = (password: string, salt: Buffer, length: number) =>
  new Promise<Buffer>((resolve, reject) => crypto.scrypt(password, salt, length, { N: 16384, r: 8, p: 1 }, (e, key) => (e ? reject(e) : resolve(key))));

/**
 * The same check on libuv's thread pool: a scrypt costs tens of milliseconds,
 * and failed sign-ins in a loop stalled every other request on the event loop.
 */
export async function verifyPasswordAsync(password: string, stored: string): Promise<boolean> {
  const [scheme, saltB64, hashB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  return crypto.timingSafeEqual(expected, await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length));
}

export async function hashPasswordAsync(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${(await scrypt(password, salt, 32)).toString('base64')}`;
}

/** The signing secret lives in the database so tokens survive a restart. */
function signingKey(db: Db): Uint8Array {
  const row = db.prepare(`SELECT value FROM meta WHERE key = 'jwt_secret'`).get() as { value: string } | undefined;
  if (row) return Buffer.from(row.value, 'base64');
  const secret = crypto.randomBytes(32);
  db.prepare(`INSERT INTO meta (key, value) VALUES ('jwt_secret', ?)`).run(secret.toString('base64'));
  return secret;
}

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
/** How refresh tokens are stored (never in clear). */
export const hashToken = sha256;

export interface TokenPair {
  token: string;
  refresh_token: string;
}

/** Issues an access token and a refresh token; `family` ties the refresh token to its sign-in (a new one by default). */
export async function issueTokens(db: Db, config: ServerConfig, userId: number, family: string = crypto.randomUUID()): Promise<TokenPair> {
  const user = db.prepare(`SELECT email, roles, token_version FROM users WHERE id = ?`).get(userId) as { email: string; roles: string; token_version: number };
  const now = Math.floor(Date.now() / 1000);
  // tv and fam let the auth hook end this token early: a password reset bumps tv, a revoked family is listed.
  const token = await new SignJWT({ username: user.email, roles: JSON.parse(user.roles) as string[], tv: user.token_version, fam: family })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(now)
    .setExpirationTime(now + config.tokenTtl)
    .setJti(crypto.randomUUID())
    .sign(signingKey(db));
  const refresh = crypto.randomBytes(32).toString('base64url');
  db.prepare(`INSERT INTO refresh_tokens (token_hash, user_id, expires_at, family) VALUES (?, ?, ?, ?)`).run(
    sha256(refresh),
    userId,
    now + config.refreshTtl,
    family,
  );
  return { token, refresh_token: refresh };
}

/** Ends a sign-in: its refresh tokens and the access tokens issued in it (the auth hook reads revoked_families). */
export function revokeFamily(db: Db, family: string | null): void {
  if (!family) return;
  db.prepare(`UPDATE refresh_tokens SET expires_at = 0 WHERE family = ?`).run(family);
  db.prepare(`INSERT OR IGNORE INTO revoked_families (family, revoked_at) VALUES (?, ?)`).run(family, Math.floor(Date.now() / 1000));
}

/** How long a refresh token just used answers again with the same new pair (two tabs refreshing at once). */
export const REFRESH_GRACE_MS = 10_000;
const recentRefreshes = new Map<string, { pair: Promise<TokenPair>; until: number; family: string }>();

/** Tests: the grace window has passed. */
export function forgetRecentRefreshes(): void {
  recentRefreshes.clear();
}

/**
 * Rotates a refresh token (single use): a new pair in the same family, or null.
 * A token used a second time was stolen or leaked: every token of its family is
 * revoked, access tokens included, so the thief's successor stops working too
 * (the user signs in again) — except within REFRESH_GRACE_MS of its use, where
 * the same new pair is answered again: two tabs refreshing at the same moment
 * no longer sign the user out.
 */
export function refreshTokens(db: Db, config: ServerConfig, refreshToken: string): Promise<TokenPair> | null {
  const nowMs = Date.now();
  const now = Math.floor(nowMs / 1000);
  for (const [key, r] of recentRefreshes) if (r.until <= nowMs) recentRefreshes.delete(key);
  const hash = sha256(refreshToken);
  const row = db.prepare(`SELECT user_id, expires_at, used_at, family FROM refresh_tokens WHERE token_hash = ?`).get(hash) as
    { user_id: number; expires_at: number; used_at: number | null; family: string | null } | undefined;
  if (!row || row.expires_at < now) return null;
  if (row.used_at !== null) {
    const recent = recentRefreshes.get(hash);
    if (recent && !db.prepare(`SELECT 1 FROM revoked_families WHERE family = ?`).get(recent.family)) return recent.pair;
    tx(db, () => revokeFamily(db, row.family));
    return null;
  }
  const family = row.family ?? crypto.randomUUID();
  db.prepare(`UPDATE refresh_tokens SET used_at = ? WHERE token_hash = ?`).run(now, hash);
  // Remembered before the signing is awaited: a second request arriving meanwhile waits for the same pair.
  const pair = issueTokens(db, config, row.user_id, family);
  recentRefreshes.set(hash, { pair, until: nowMs + REFRESH_GRACE_MS, family });
  return pair;
}

export function loadAuthUser(db: Db, userId: number): AuthUser | null {
  const row = db.prepare(`SELECT id, email, roles, company_id, is_manager FROM users WHERE id = ?`).get(userId) as
    { id: number; email: string; roles: string; company_id: number | null; is_manager: number } | undefined;
  if (!row) return null;
  return { id: row.id, email: row.email, roles: JSON.parse(row.roles) as Role[], companyId: row.company_id, isManager: row.is_manager === 1 };
}

async function authenticate(db: Db, request: FastifyRequest): Promise<AuthUser> {
  const { user, family } = await verifyAccess(db, request);
  request.tokenFamily = family;
  return user;
}

async function verifyAccess(db: Db, request: FastifyRequest): Promise<{ user: AuthUser; family: string | null }> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ') || header.length > 4096) throw unauthorized('Jeton absent');
  try {
    const { payload } = await jwtVerify(header.slice(7), signingKey(db), { algorithms: ['HS256'] });
    const user = loadAuthUser(db, Number(payload.sub));
    if (!user) throw unauthorized('Utilisateur inconnu');
    // Ended before its expiry: the password was reset since (token version), or its sign-in was revoked.
    const { token_version: version } = db.prepare(`SELECT token_version FROM users WHERE id = ?`).get(user.id) as { token_version: number };
    if ((typeof payload.tv === 'number' ? payload.tv : 0) !== version) throw unauthorized('Session terminée');
    const family = typeof payload.fam === 'string' ? payload.fam : null;
    if (family && db.prepare(`SELECT 1 FROM revoked_families WHERE family = ?`).get(family)) throw unauthorized('Session terminée');
    return { user, family };
  } catch {
    throw unauthorized('Jeton expiré ou invalide');
  }
}

const AREA_REFUSALS: Record<ApiArea, string> = {
  account: 'Accès refusé',
  interventions: "Vous n'avez pas accès aux interventions.",
  os: "Vous n'avez pas accès aux OS.",
  messaging: "Vous n'avez pas accès à la messagerie.",
  echopark: "Vous n'avez pas accès au module Echopark.",
  visits: "Vous n'avez pas accès aux visites.",
};

/**
 * Adds request.user and refuses API routes without a valid token (401) or
 * without a role of their area (403). Runs on onRequest, before the body is
 * even read: an anonymous caller cannot make the server parse megabytes.
 * Protected means: the route the router matched (decoded, normalised) is under
 * /api/ and not declared public. The app's static files and the 404 answer
 * need no token.
 */
export function installAuth(app: FastifyInstance, db: Db, firmPrefix: string): void {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenFamily', null);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route === undefined || !route.startsWith('/api/') || request.routeOptions.config.public) {
      // A public route may still use the caller's identity when one is given.
      if (request.headers.authorization) request.user = await authenticate(db, request).catch(() => null);
      return;
    }
    request.user = await authenticate(db, request);
    const area = apiAreaOf(route, firmPrefix);
    if (!canUseArea(request.user.roles, area)) throw new ApiError(403, AREA_REFUSALS[area], undefined, AREA_REFUSALS[area]);
  });
}

/** The signed-in user of a protected route (the preHandler guarantees it). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
