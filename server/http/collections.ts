/**
 * Query parsing and list answers as API Platform gives them: a plain JSON
 * array for `Accept: application/json`, a Hydra collection for
 * `application/ld+json` (see sync/contract/collections.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HydraCollection } from '../../sync/contract/collections';
import { badRequest } from './errors';

type Query = Record<string, string | string[] | undefined>;

export function query(request: FastifyRequest): Query {
  return (request.query ?? {}) as Query;
}

/** Longest query value read: the client's are short; longer ones only cost LIKE scans and memory. */
const MAX_QUERY_VALUE = 2000;

const bounded = (name: string, value: string) => {
  if (value.length > MAX_QUERY_VALUE) throw badRequest(`Le paramètre ${name.slice(0, 50)} est trop long`);
  return value;
};

/** A single query value (the last one when repeated). */
export function param(q: Query, name: string): string | undefined {
  const v = q[name];
  const value = Array.isArray(v) ? v[v.length - 1] : v;
  return value === undefined ? undefined : bounded(name, value);
}

/** A repeated parameter given as `name[]=a&name[]=b` or `name=a&name=b` (at most 100 values). */
export function listParam(q: Query, name: string): string[] {
  const values = [q[`${name}[]`], q[name]].flatMap((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
  if (values.length > 100) throw badRequest(`Le paramètre ${name} a trop de valeurs`);
  return values.filter((v) => v !== '').map((v) => bounded(name, v));
}

/** Largest id or integer parameter read from a request: SQLite integers, and far from float imprecision. */
export const MAX_INT_PARAM = 2_147_483_647;
const INTEGER = /^-?[0-9]{1,10}$/;

/** An integer query parameter, refused in French unless it is plain digits within ±MAX_INT_PARAM (no 1e300). */
export function intParam(q: Query, name: string): number | undefined {
  const raw = param(q, name);
  if (raw === undefined || raw === '') return undefined;
  const value = INTEGER.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || Math.abs(value) > MAX_INT_PARAM) throw badRequest(`Le paramètre ${name} doit être un nombre entier`);
  return value;
}

/** `true`/`1` and `false`/`0`, as API Platform's boolean filter reads them. */
export function boolParam(q: Query, name: string): boolean | undefined {
  const raw = param(q, name);
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw badRequest(`Le paramètre ${name} doit valoir true ou false`);
}

export interface Paging {
  page: number;
  itemsPerPage: number;
  offset: number;
}

export function paging(q: Query, defaultSize = 30, maxSize = 1000): Paging {
  const page = intParam(q, 'page') ?? 1;
  const itemsPerPage = intParam(q, 'itemsPerPage') ?? defaultSize;
  if (page < 1) throw badRequest('Le paramètre page doit être supérieur ou égal à 1');
  // page × itemsPerPage must stay an integer SQLite accepts as OFFSET.
  if (page > 1_000_000) throw badRequest('Le paramètre page doit être inférieur ou égal à 1000000');
  if (itemsPerPage < 1 || itemsPerPage > maxSize) throw badRequest(`Le paramètre itemsPerPage doit être compris entre 1 et ${maxSize}`);
  return { page, itemsPerPage, offset: (page - 1) * itemsPerPage };
}

/** `order[field]=asc|desc` → the direction for field, or undefined. */
export function orderParam(q: Query, field: string): 'ASC' | 'DESC' | undefined {
  const raw = param(q, `order[${field}]`);
  if (raw === undefined) return undefined;
  const dir = raw.toUpperCase();
  if (dir !== 'ASC' && dir !== 'DESC') throw badRequest(`order[${field}] doit valoir asc ou desc`);
  return dir;
}

/**
 * Extracts a numeric id from a number, a numeric string or an IRI like
 * /api/intervention_requests/12 (one trailing slash allowed). A linear scan
 * from the end: the former `(\d+)\/?$` regex was quadratic on long digit runs
 * (60,000 digits froze the server for seconds). Ids beyond MAX_INT_PARAM are refused.
 */
export function idFrom(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value <= MAX_INT_PARAM ? value : undefined;
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  let end = value.length;
  if (end > 0 && value.charCodeAt(end - 1) === 47 /* '/' */) end--;
  let start = end;
  while (start > 0 && end - start <= 10) {
    const c = value.charCodeAt(start - 1);
    if (c < 48 || c > 57) break;
    start--;
  }
  if (start === end || end - start > 10) return undefined;
  const id = Number(value.slice(start, end));
  return id <= MAX_INT_PARAM ? id : undefined;
}

function wantsHydra(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('application/ld+json');
}

/** Sends a list: a plain array, or a Hydra collection when the client asks for JSON-LD. */
export function sendCollection<T>(request: FastifyRequest, reply: FastifyReply, items: T[], totalItems = items.length) {
  if (!wantsHydra(request)) return reply.send(items);
  const body: HydraCollection<T> = {
    '@context': '/api/contexts/Collection',
    '@id': request.url.split('?')[0] ?? request.url,
    '@type': 'hydra:Collection',
    'hydra:member': items,
    'hydra:totalItems': totalItems,
  };
  return reply.type('application/ld+json; charset=utf-8').send(body);
}
