/**
 * Reference data of the OS tunnel from the store (so it works offline):
 * providers, every real estate the user manages, their buildings, business
 * areas and request types. They are pulled after sign-in (from the home and
 * the OS dashboard) for a user who may create OS, and again when the tunnel
 * opens online.
 */
import { map } from 'rxjs';
import { OS_REAL_ESTATE_KIND, prefetchOsTunnel, type BuildingDto, type BusinessAreaDto, type RealEstateDto } from '../../../sync/index';
import type { TreeNode } from '../../domain/trees';
import { usePull, useStoreQuery } from '../../services/store-hooks';
import type { Named } from './os-form';

function useKind<T>(kind: string, filter?: (data: T) => boolean, deps: unknown[] = []): T[] {
  return useStoreQuery(
    (store) =>
      store.db.reference
        .find({ selector: { kind }, sort: [{ name: 'asc' }] })
        .$.pipe(map((docs) => docs.map((d) => d.data as unknown as T).filter((d) => !filter || filter(d)))),
    [kind, ...deps],
    [] as T[],
  ).value;
}

export function useOsReference(realEstateId: number | null) {
  usePull((engine) => (engine.store ? prefetchOsTunnel(engine.store.db, engine.api) : Promise.resolve()), []);
  const providers = useKind<Named>('provider');
  const types = useKind<Named>('requestType');
  const realEstates = useKind<RealEstateDto>(OS_REAL_ESTATE_KIND);
  const buildings = useKind<BuildingDto>('building', (b) => b.realEstate.id === realEstateId, [realEstateId]);
  const areas = useKind<BusinessAreaDto>('businessArea');
  const buildingTree: TreeNode[] = buildings.map((b) => ({ id: b.id, name: b.name, parentId: b.parentBuildingId[0] ?? null }));
  const areaTree: TreeNode[] = areas.map((a) => ({ id: a.id, name: a.name, parentId: a.parent?.id ?? null }));
  return { providers, types, realEstates, buildingTree, areaTree };
}
