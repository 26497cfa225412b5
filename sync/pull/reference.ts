/**
 * Reference data the tunnels need offline (spec part 1 §7 "Reference data"):
 * real estates, building trees, business areas, providers and request types,
 * stored in the `reference` collection by kind.
 */
import type { RxCollection } from 'rxdb';
import type { ApiClient } from '../api/client';
import { corePaths, type BuildingDto, type BusinessAreaDto, type CompanyDto, type RealEstateDto, type RequestTypeDto } from '../contract/core';
import type { Database } from '../store/database';
import type { CachedDoc } from '../store/schemas';
import { shape } from './guards';
import { pullList, type PullReport } from './pull';

export type ReferenceKind = 'realEstate' | 'building' | 'businessArea' | 'provider' | 'requestType';

const refDoc = (kind: ReferenceKind, id: number, name: string, data: object, now: number) => ({
  id: `${kind}:${id}`,
  kind,
  name,
  data: data as Record<string, unknown>,
  pending: false,
  refreshedAt: now,
});

const isRealEstate = shape<RealEstateDto>({ id: 'number', name: 'string', mainContact: 'object' });
const isBuilding = shape<BuildingDto>({ id: 'number', name: 'string', realEstate: 'object', parentBuildingId: 'array' });
const isBusinessArea = shape<BusinessAreaDto>({ id: 'number', name: 'string', parent: 'object?' });
const isCompany = shape<CompanyDto>({ id: 'number', name: 'string' });
const isRequestType = shape<RequestTypeDto>({ id: 'number', name: 'string' });

type Collection = RxCollection<CachedDoc & Record<string, unknown>>;

export function pullRealEstates(db: Database, api: ApiClient, withContract: boolean): Promise<PullReport> {
  return pullList(db, api, db.reference as unknown as Collection, {
    resource: 'reference:realEstate',
    path: withContract ? corePaths.realEstatesWithContract : corePaths.realEstates,
    guard: isRealEstate,
    toDoc: (r, now) => refDoc('realEstate', r.id, r.name, r, now),
    replaceSelector: { kind: 'realEstate' },
  });
}

/** The building tree of one real estate (1000 per page, as the spec asks). */
export function pullBuildings(db: Database, api: ApiClient, realEstateId: number): Promise<PullReport> {
  return pullList(db, api, db.reference as unknown as Collection, {
    resource: `reference:building:${realEstateId}`,
    path: corePaths.buildings,
    options: { searchParams: { realEstate: realEstateId, itemsPerPage: 1000 } },
    guard: isBuilding,
    toDoc: (b, now) => ({ ...refDoc('building', b.id, b.name, b, now), name: `${realEstateId}:${b.name}` }),
  });
}

export function pullBusinessAreas(db: Database, api: ApiClient): Promise<PullReport> {
  return pullList(db, api, db.reference as unknown as Collection, {
    resource: 'reference:businessArea',
    path: corePaths.businessAreas,
    guard: isBusinessArea,
    toDoc: (a, now) => refDoc('businessArea', a.id, a.name, a, now),
    replaceSelector: { kind: 'businessArea' },
  });
}

export function pullProviders(db: Database, api: ApiClient): Promise<PullReport> {
  return pullList(db, api, db.reference as unknown as Collection, {
    resource: 'reference:provider',
    path: corePaths.providers,
    guard: isCompany,
    toDoc: (c, now) => refDoc('provider', c.id, c.name, c, now),
    replaceSelector: { kind: 'provider' },
  });
}

export function pullRequestTypes(db: Database, api: ApiClient): Promise<PullReport> {
  return pullList(db, api, db.reference as unknown as Collection, {
    resource: 'reference:requestType',
    path: corePaths.requestTypes,
    guard: isRequestType,
    toDoc: (t, now) => refDoc('requestType', t.id, t.name, t, now),
    replaceSelector: { kind: 'requestType' },
  });
}
