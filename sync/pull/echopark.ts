/**
 * Fetchers of the echopark screens (spec part 2 §7 "Echopark"): the current
 * community's list (`requests/0`, `requests/1` on an explicit refresh), one
 * request's detail and its consigne, the creation data (property tree and
 * request types with their domains) and the user's communities. Requests go
 * to the `echopark` collection; creation data (one local document per
 * community, so a switch made offline still finds the right tree) and the
 * communities are local documents. Pulled when the list or the tunnel opens,
 * so that a request can be created with no signal.
 */
import * as v from 'valibot';
import type { ApiClient } from '../api/client';
import { echoparkPaths as paths, type EchoparkCommunities, type EchoparkCreationData, type EchoparkListItem } from '../contract/echopark';
import type { Database } from '../store/database';
import { readLocal } from '../store/local';
import { modifyData } from '../store/modify-data';
import { asCached, pullDetail, pullList, pullSingleton, type PullReport, type StoredDoc } from './pull';

/** Local documents of the module. */
export const ECHOPARK_COMMUNITIES = 'echopark:communities';
export const echoparkCreationKey = (communityId: number) => `echopark:creation:${communityId}`;
export const ECHOPARK_LIST = 'echopark:list';
export const echoparkDetailResource = 'echopark';

// Loose objects: the fields the screens rely on are checked, the rest is kept as it came.
const named = v.looseObject({ id: v.number(), name: v.string() });
const listItem = v.looseObject({
  id: v.number(),
  number: v.string(),
  communityId: v.number(),
  createdAt: v.string(),
  step: v.looseObject({ id: v.number(), name: v.string() }),
  domain: v.looseObject({ name: v.string(), requestTypeName: v.string() }),
  realEstate: v.looseObject({ id: v.number(), name: v.string() }),
});
const detail = v.looseObject({
  ...listItem.entries,
  steps: v.array(v.looseObject({ stepId: v.number(), stepName: v.string() })),
  recipients: v.array(v.looseObject({ roleId: v.number(), roleName: v.string(), groups: v.array(v.looseObject({ value: v.number(), label: v.string() })) })),
  messages: v.array(v.looseObject({ messageType: v.number(), createdAt: v.string(), message: v.string() })),
  // b64 is '' past the server's inline budget: the photo is then read from api/media/{mediaId}.
  pictures: v.array(v.looseObject({ id: v.number(), b64: v.string(), mime: v.string(), mediaId: v.optional(v.number()) })),
  canMessage: v.number(),
  debriefing_available: v.number(),
  form: v.nullable(
    v.looseObject({ id: v.number(), groups: v.array(v.looseObject({ id: v.number(), fields: v.array(v.looseObject({ id: v.number(), type: v.string() })) })) }),
  ),
});
const property: v.GenericSchema<{ id: number; latitude: number; longitude: number; children: unknown[] }> = v.looseObject({
  id: v.number(),
  name: v.string(),
  latitude: v.number(),
  longitude: v.number(),
  level: v.number(),
  children: v.array(v.lazy(() => property)),
});
const creationData = v.object({
  realEstates: v.array(property),
  requests: v.record(
    v.string(),
    v.looseObject({ name: v.string(), domains: v.array(v.looseObject({ id: v.number(), name: v.string(), arboid: v.number() })) }),
  ),
});
const communities = v.object({ communitiesIds: v.array(named), current: v.nullable(named), echoparkMainCommunityId: v.nullable(v.number()) });
const consigne = v.looseObject({ data: v.looseObject({ message: v.string() }) });

/**
 * The stored shape: the server's list item, merged with the detail once opened, plus what the
 * client adds (consigne text, photos waiting to be sent, the count of commands not yet answered).
 */
export interface EchoparkDocData extends EchoparkListItem {
  consigne?: string;
  localPictures?: { fileId: string; name: string }[];
  /** Commands of this request not yet answered; the document is `pending` while above 0. */
  localOps?: number;
  /** The temporary id a request created offline had (its later commands still name it). */
  tempId?: string;
  stale?: boolean;
  [key: string]: unknown;
}

export const echoparkDoc = (
  item: { id: number | string; communityId: number; createdAt: string },
  now: number,
): StoredDoc & { communityId: number; createdAt: string } => ({
  id: String(item.id),
  data: item as unknown as Record<string, unknown>,
  pending: false,
  refreshedAt: now,
  communityId: item.communityId,
  createdAt: item.createdAt,
});

/** The communities (who am I in, which one is current); kept so the selector shows offline. */
export function pullEchoparkCommunities(db: Database, api: ApiClient): Promise<EchoparkCommunities> {
  return pullSingleton(db, api, { key: ECHOPARK_COMMUNITIES, path: paths.communities, schema: communities });
}

export async function currentCommunityId(db: Database): Promise<number | null> {
  return (await readLocal<EchoparkCommunities>(db, ECHOPARK_COMMUNITIES))?.current?.id ?? null;
}

/**
 * The current community's list. The answer covers that community only: its requests the server no
 * longer sends go (never one with changes pending); other communities' cached requests stay.
 */
export async function pullEchoparkList(db: Database, api: ApiClient, refresh = false): Promise<PullReport & { items: unknown[] }> {
  const community = (await pullEchoparkCommunities(db, api)).current?.id ?? null;
  const report = await pullList(db, api, asCached(db.echopark), {
    resource: ECHOPARK_LIST,
    path: paths.list(refresh),
    item: listItem,
    // A list item is shorter than the detail: merge, so an opened request keeps its panels offline.
    merge: true,
    toDoc: (item, now) => echoparkDoc(item, now),
    ...(community === null ? {} : { replace: { communityId: community } }),
  });
  return report;
}

/** The creation data of the current community, for the tunnel. */
export async function pullEchoparkCreationData(db: Database, api: ApiClient): Promise<EchoparkCreationData | null> {
  const community = (await pullEchoparkCommunities(db, api)).current?.id;
  if (community === undefined) return null;
  const value = await pullSingleton(db, api, { key: echoparkCreationKey(community), path: paths.creationData, schema: creationData });
  return value as unknown as EchoparkCreationData;
}

/** One request's detail and its consigne (the consigne is optional: a failure there keeps the old text). */
export async function pullEchoparkDetail(db: Database, api: ApiClient, id: number): Promise<'stored' | 'removed' | 'kept'> {
  const docId = String(id);
  const result = await pullDetail(db, api, asCached(db.echopark), {
    resource: echoparkDetailResource,
    path: paths.details(id),
    schema: detail,
    docId,
    merge: true,
    toDoc: (item, now) => echoparkDoc(item, now),
  });
  if (result !== 'stored') return result;
  try {
    const body = v.parse(consigne, await api.call<unknown>('GET', paths.consigne(id)));
    const doc = await db.echopark.findOne(docId).exec();
    if (doc && !doc.pending && doc.data.consigne !== body.data.message)
      await modifyData<Record<string, unknown>>(doc as never, (data) => ({ ...data, consigne: body.data.message }));
  } catch (error) {
    console.warn('Consigne non disponible', error);
  }
  return result;
}

/** The consigne of a request being created (POST request/consigne/); null when it cannot be fetched. */
export async function fetchCreationConsigne(
  api: ApiClient,
  query: { requestTypeId: number; domaineTreeId: number; realEstateId: number },
): Promise<string | null> {
  try {
    // Five seconds at most: on a poor signal the tunnel goes on without it.
    const body = v.parse(consigne, await api.call<unknown>('POST', paths.consigneQuery, { json: query, signal: AbortSignal.timeout(5000) }));
    return body.data.message;
  } catch {
    return null;
  }
}
