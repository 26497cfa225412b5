/**
 * The local store's collections. Eleven, under the open-source RxDB limit of
 * 13 open collections per process: one per entity the screens list or open,
 * reference data grouped by kind, threads and planning in one feed, plus the
 * outbox. Singletons (user, counts, version, dashboards) are local documents;
 * file blobs live in a plain Dexie database (files.ts).
 *
 * Each document keeps the server's answer in `data` as it came (checked at the
 * boundary by the fetchers) and lifts out only the fields queries filter or
 * sort on, indexed. Lists shown newest first sort on `rank` (see queries.ts):
 * ascending in the index, so a first page is a short index scan. A schema change bumps its version with a migration
 * strategy in migrations.ts.
 */
import type { RxJsonSchema } from 'rxdb';

const id = { type: 'string', maxLength: 100 } as const;
const shortText = { type: 'string', maxLength: 100 } as const;
const integer = { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 } as const;
const data = { type: 'object', additionalProperties: true } as const;

export interface CachedDoc<T = Record<string, unknown>> {
  id: string;
  data: T;
  /** Changed locally and not yet confirmed by the server. */
  pending: boolean;
  /** When the server last gave it (ms), 0 for a local creation. */
  refreshedAt: number;
}

function cached<Extra extends Record<string, unknown>>(title: string, extra: Extra, indexes: (string | string[])[]) {
  return {
    title,
    version: 0,
    primaryKey: 'id',
    type: 'object',
    properties: { id, data, pending: { type: 'boolean' }, refreshedAt: integer, ...extra },
    required: ['id', 'data', 'pending', 'refreshedAt', ...Object.keys(extra)],
    indexes,
  } as const;
}

export const outboxSchema = {
  title: 'outbox',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id,
    seq: integer,
    name: shortText,
    entity: shortText,
    label: { type: 'string' },
    payload: data,
    status: { type: 'string', maxLength: 20 },
    attempts: integer,
    nextAttemptAt: integer,
    createdAt: integer,
    lastError: { type: ['object', 'null'] },
    dependsOn: { type: ['string', 'null'] },
    fileIds: { type: 'array', items: { type: 'string' } },
  },
  required: ['id', 'seq', 'name', 'entity', 'label', 'payload', 'status', 'attempts', 'nextAttemptAt', 'createdAt', 'lastError', 'dependsOn', 'fileIds'],
  indexes: ['seq', ['status', 'seq']],
} as const;

export const collectionSchemas = {
  outbox: outboxSchema,
  interventions: cached('interventions', { place: shortText, rank: shortText, number: shortText }, ['rank', ['place', 'rank']]),
  appointments: cached('appointments', { interventionId: shortText, date: shortText, status: integer }, [['interventionId', 'date'], 'date']),
  debriefings: cached('debriefings', { interventionId: shortText, dateEnd: shortText }, [['interventionId', 'dateEnd']]),
  messages: cached('messages', { thread: shortText, date: shortText }, [['thread', 'date']]),
  workrequests: cached('workrequests', { place: shortText, rank: shortText }, ['rank', ['place', 'rank']]),
  echopark: cached('echopark', { communityId: integer, createdAt: shortText }, [['communityId', 'createdAt']]),
  visits: cached('visits', { state: shortText, assignedTo: integer }, ['state']),
  visitdata: cached('visitdata', { savedAt: integer }, []),
  reference: cached('reference', { kind: shortText, name: shortText }, [['kind', 'name']]),
  feed: cached('feed', { kind: shortText, sortKey: shortText }, [['kind', 'sortKey']]),
} satisfies Record<string, RxJsonSchema<any>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- RxDB's schema type is generic over the document

export type CollectionName = keyof typeof collectionSchemas;
