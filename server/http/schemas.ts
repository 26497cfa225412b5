/**
 * JSON-schema fragments every route uses, so that every input is bounded the
 * same way: references (an id or an IRI, never a 60,000-digit string),
 * integers within SQLite's range, texts with a maximum length. Nullable
 * fragments put null first: Fastify's Ajv coerces types, and an integer
 * branch would turn null into 0.
 */
import { MAX_INT_PARAM } from './collections';

/** An id: a non-negative integer SQLite stores exactly. */
export const idSchema = { type: 'integer', minimum: 0, maximum: MAX_INT_PARAM } as const;
/** A reference: an id, or an IRI like "/api/real_estates/3". */
export const refSchema = { anyOf: [idSchema, { type: 'string', minLength: 1, maxLength: 200 }] } as const;
export const optionalRefSchema = { anyOf: [{ type: 'null' }, idSchema, { type: 'string', maxLength: 200 }] } as const;
export const idListSchema = { type: 'array', items: idSchema, maxItems: 200 } as const;

/** Lengths of texts: names and short fields, free text (messages, descriptions), dates. */
export const SHORT_TEXT = 200;
export const LONG_TEXT = 10_000;
export const text = (maxLength: number = SHORT_TEXT, minLength = 0) => ({ type: 'string', maxLength, ...(minLength > 0 ? { minLength } : {}) }) as const;
export const optionalText = (maxLength: number = LONG_TEXT) => ({ type: ['string', 'null'], maxLength }) as const;
/** An ISO date as text. */
export const isoDate = { type: 'string', minLength: 10, maxLength: 40 } as const;
/** Seconds since 1970 up to the year 9999 (new Date() of more is an invalid date). */
export const epochSeconds = { type: ['integer', 'null'], minimum: 0, maximum: 253_402_300_799 } as const;

/** A message of a conversation (interventions, OS, echopark): at most 5,000 characters (issue 21). */
export const MAX_MESSAGE_LENGTH = 5_000;
export const messageTextSchema = { type: 'string', minLength: 1, maxLength: MAX_MESSAGE_LENGTH } as const;
/** Messages of a thread per page when the client names none (a thread under one page is answered whole, as before); at most THREAD_PAGE_MAX. */
export const THREAD_PAGE = 200;
export const THREAD_PAGE_MAX = 500;
