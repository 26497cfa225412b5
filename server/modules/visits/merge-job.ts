/**
 * One visit save as bytes in, bytes out: decode and parse the body and the
 * stored data, merge, serialise with the size bound, encode. Pure and
 * synchronous, so that it runs the same in the merge worker (merge-pool.ts)
 * or, as a fallback, inline. Bytes rather than text: they move to and from the
 * worker without a copy, and the event loop never decodes megabytes.
 */
import { ApiError, badRequest } from '../../http/errors';
import { mergeVisitData, storedVisitJson } from './merge';
import type { VisitData } from '../../../sync/contract/visit-data';

export interface MergeJob {
  /** The stored data as UTF-8 JSON. */
  stored: Uint8Array;
  /** The request body as sent. */
  body: Uint8Array;
  /** The next answer id number (`a{n}`). */
  next: number;
}

export type MergeOutcome =
  { ok: true; json: Uint8Array; next: number } | { ok: false; status: number; message: string; code?: string | undefined; description?: string | undefined };

const utf8 = new TextDecoder();

/** The body's JSON; like Fastify's parser, `__proto__` and `constructor.prototype` are refused, never merged. */
export function parseBody(text: string): unknown {
  if (text.trim() === '') throw badRequest('Le corps JSON de la requête est vide.');
  const poisoned = /"(?:__proto__|constructor)"\s*:/.test(text);
  try {
    return poisoned
      ? JSON.parse(text, (key, value: unknown) => {
          if (key === '__proto__' || (key === 'constructor' && typeof value === 'object' && value !== null && Object.hasOwn(value, 'prototype'))) {
            throw new SyntaxError('poisoned');
          }
          return value;
        })
      : JSON.parse(text);
  } catch {
    throw badRequest("Le corps de la requête n'est pas un JSON valide.");
  }
}

export function runMergeJob(job: MergeJob): MergeOutcome {
  try {
    let next = job.next;
    const merged = mergeVisitData(JSON.parse(utf8.decode(job.stored)) as VisitData, parseBody(utf8.decode(job.body)), () => `a${next++}`);
    return { ok: true, json: new TextEncoder().encode(storedVisitJson(merged)), next };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, status: error.status, message: error.message, code: error.code, description: error.description };
    return { ok: false, status: 500, message: 'Erreur interne du serveur.' };
  }
}
