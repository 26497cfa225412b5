/**
 * JSON-schema fragments of the echopark bodies. References are ids or IRIs
 * (anyOf rather than a type list: Ajv's strict mode refuses union types).
 */
export const ref = { anyOf: [{ type: 'integer' }, { type: 'string' }] } as const;
// null first: Fastify's Ajv coerces types, and would turn null into 0 in an integer branch.
export const optionalRef = { anyOf: [{ type: 'null' }, { type: 'integer' }, { type: 'string' }] } as const;
export const optionalText = { type: ['string', 'null'] } as const;
export const optionalSeconds = { type: ['integer', 'null'] } as const;
export const optionalFlag = { anyOf: [{ type: 'null' }, { type: 'boolean' }, { type: 'integer' }] } as const;
