/**
 * Reference data the tunnels need offline (spec part 1 §7 "Reference data"):
 * real estates, building trees, business areas, providers and request types,
 * stored in the `reference` collection by kind.
 */
import * as v from 'valibot';
import type { ApiClient } from '../api/client';
import { corePaths } from '../contract/core';
import type { Database } from '../store/database';
import { asCached, pullList, type PullReport } from './pull';

export type ReferenceKind = 'realEstate' | 'building' | 'businessArea' | 'provider' | 'requestType';

const refDoc = (kind: ReferenceKind, id: number, name: string, data: object, now: number) => ({
  id: `${kind}:${id}`,
  kind,
  name,
  data: data as Record<string, unknown>,
  pending: false,
  refreshedAt: now,
});

// Loose objects: the fields the screens rely on are checked, the rest is kept as it came.
const named = { id: v.number(), name: v.string() };
const realEstate = v.looseObject({ ...named, mainContact: v.looseObject({}) });
const building = v.looseObject({ ...named, realEstate: v.looseObject({}), parentBuildingId: v.array(v.unknown()) });
const businessArea = v.looseObject({ ...named, parent: v.nullish(v.looseObject({})) });
const company = v.looseObject(named);
const requestType = v.looseObject(named);

/** When the real estates were last pulled (`refreshedWithin`). */
export const REAL_ESTATES = 'reference:realEstate';

export function pullRealEstates(db: Database, api: ApiClient, withContract: boolean): Promise<PullReport> {
  return pullList(db, api, asCached(db.reference), {
    resource: REAL_ESTATES,
    path: withContract ? corePaths.realEstatesWithContract : corePaths.realEstates,
    item: realEstate,
    toDoc: (r, now) => refDoc('realEstate', r.id, r.name, r, now),
    replace: { kind: 'realEstate' },
  });
}

/** The building tree of one real estate (1000 per page, as the spec asks). */
export function pullBuildings(db: Database, api: ApiClient, realEstateId: number): Promise<PullReport> {
  return pullList(db, api, asCached(db.reference), {
    resource: `reference:building:${realEstateId}`,
    path: corePaths.buildings,
    options: { searchParams: { realEstate: realEstateId, itemsPerPage: 1000 } },
    item: building,
    toDoc: (b, now) => ({ ...refDoc('building', b.id, b.name, b, now), name: `${realEstateId}:${b.name}` }),
  });
}

export function pullBusinessAreas(db: Database, api: ApiClient): Promise<PullReport> {
  return pullList(db, api, asCached(db.reference), {
    resource: 'reference:businessArea',
    path: corePaths.businessAreas,
    item: businessArea,
    toDoc: (a, now) => refDoc('businessArea', a.id, a.name, a, now),
    replace: { kind: 'businessArea' },
  });
}

export function pullProviders(db: Database, api: ApiClient): Promise<PullReport> {
  return pullList(db, api, asCached(db.reference), {
    resource: 'reference:provider',
    path: corePaths.providers,
    item: company,
    toDoc: (c, now) => refDoc('provider', c.id, c.name, c, now),
    replace: { kind: 'provider' },
  });
}

export function pullRequestTypes(db: Database, api: ApiClient): Promise<PullReport> {
  return pullList(db, api, asCached(db.reference), {
    resource: 'reference:requestType',
    path: corePaths.requestTypes,
    item: requestType,
    toDoc: (t, now) => refDoc('requestType', t.id, t.name, t, now),
    replace: { kind: 'requestType' },
  });
}
