/**
 * Attempt limits with lockout for the public calls an attacker would loop on
 * (sign-in, reset and activation codes, contact form). A small in-process
 * limiter rather than @fastify/rate-limit: that plugin counts every request
 * in a window, while here only failures count (a user signing in many times
 * is never locked), several keys guard one call (account+client, client,
 * e-mail), and a lock outlives the window. Keys and counts live in memory:
 * the reference server is one process, and a restart forgetting them is fine.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { LimitRule } from '../config';
import { tooManyAttempts } from './errors';

interface Entry {
  count: number;
  windowStart: number;
  lockedUntil: number;
}

/** Most keys kept; beyond, expired entries are pruned, then the oldest (an attacker varying keys cannot grow memory). */
const MAX_KEYS = 50_000;

export class AttemptLimiter {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly rule: LimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds before the key may try again (0: it may). */
  retryAfter(key: string): number {
    const entry = this.entries.get(key);
    if (!entry) return 0;
    const left = entry.lockedUntil - this.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  /** Attempts counted in the key's current window (a lock starts a new one). */
  count(key: string): number {
    const entry = this.entries.get(key);
    return entry && this.now() - entry.windowStart < this.rule.windowS * 1000 ? entry.count : 0;
  }

  /** Counts one attempt; returns the lock in seconds when this one went over the limit. */
  hit(key: string): number {
    const now = this.now();
    let entry = this.entries.get(key);
    if (!entry || now - entry.windowStart >= this.rule.windowS * 1000) {
      entry = { count: 0, windowStart: now, lockedUntil: entry && entry.lockedUntil > now ? entry.lockedUntil : 0 };
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.prune(now);
    }
    entry.count++;
    if (entry.count >= this.rule.max) {
      entry.lockedUntil = now + this.rule.lockS * 1000;
      // A new window starts with the lock: after it, the key has max attempts again.
      entry.count = 0;
      entry.windowStart = now;
      return this.rule.lockS;
    }
    return 0;
  }

  /** Forgets the key (a successful sign-in clears its failures). */
  clear(key: string): void {
    this.entries.delete(key);
  }

  private prune(now: number): void {
    if (this.entries.size <= MAX_KEYS) return;
    for (const [key, e] of this.entries) {
      if (e.lockedUntil <= now && now - e.windowStart >= this.rule.windowS * 1000) this.entries.delete(key);
    }
    for (const key of this.entries.keys()) {
      if (this.entries.size <= MAX_KEYS) break;
      this.entries.delete(key);
    }
  }
}

/** Throws the French 429 (with Retry-After) when any of the keys is locked. */
export function assertNotLocked(checks: readonly (readonly [AttemptLimiter, string])[]): void {
  const wait = Math.max(0, ...checks.map(([limiter, key]) => limiter.retryAfter(key)));
  if (wait > 0) throw tooManyAttempts(wait);
}

/**
 * The client of a public call: its address (the proxy's X-Forwarded-For only
 * when TRUST_PROXY is set) and user agent, hashed so that logs and memory
 * keep no address in clear.
 */
export function clientFingerprint(request: FastifyRequest): string {
  const agent = String(request.headers['user-agent'] ?? '').slice(0, 300);
  return crypto.createHash('sha256').update(`${request.ip}|${agent}`).digest('base64url').slice(0, 22);
}

/** Per-client keys ignore the user agent: changing it must not reset a client's limits. */
export function clientAddress(request: FastifyRequest): string {
  return crypto
    .createHash('sha256')
    .update(request.ip ?? '')
    .digest('base64url')
    .slice(0, 22);
}
