/**
 * JSON-schema fragments of the echopark bodies, bounded like every input
 * (server/http/schemas.ts). References are ids or IRIs (anyOf rather than a
 * type list: Ajv's strict mode refuses union types).
 */
import { epochSeconds, idSchema } from '../../http/schemas';

export const ref = { anyOf: [idSchema, { type: 'string', maxLength: 200 }] } as const;
// null first: Fastify's Ajv coerces types, and would turn null into 0 in an integer branch.
export const optionalRef = { anyOf: [{ type: 'null' }, idSchema, { type: 'string', maxLength: 200 }] } as const;
export const optionalText = { type: ['string', 'null'], maxLength: 10_000 } as const;
/** Seconds since 1970, up to the year 9999 (end_at: 1e308 made an invalid date and a 500). */
export const optionalSeconds = epochSeconds;
export const optionalFlag = { anyOf: [{ type: 'null' }, { type: 'boolean' }, { type: 'integer', minimum: 0, maximum: 1 }] } as const;
