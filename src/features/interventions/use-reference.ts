/**
 * Reference data of the creation tunnel, from the store (so the tunnel works
 * offline once visited) and refreshed when it opens: real estates with a
 * contract, the buildings of the chosen one, business areas.
 */
import { map } from 'rxjs';
import { pullBuildings, pullBusinessAreas, pullRealEstates, type BuildingDto, type BusinessAreaDto, type RealEstateDto } from '../../../sync/index';
import type { TreeNode } from '../../domain/trees';
import { usePull, useStoreQuery } from '../../services/store-hooks';

function useKind<T>(kind: string, filter?: (data: T) => boolean, deps: unknown[] = []) {
  return useStoreQuery(
    (store) =>
      store.db.reference
        .find({ selector: { kind }, sort: [{ name: 'asc' }] })
        .$.pipe(map((docs) => docs.map((d) => d.data as unknown as T).filter((d) => !filter || filter(d)))),
    [kind, ...deps],
    [] as T[],
  ).value;
}

export function useRealEstates(): RealEstateDto[] {
  usePull((engine) => (engine.store ? pullRealEstates(engine.store.db, engine.api, true) : Promise.resolve()), []);
  return useKind<RealEstateDto>('realEstate');
}

export function useBuildingTree(realEstateId: number | null): TreeNode[] {
  usePull((engine) => (engine.store && realEstateId !== null ? pullBuildings(engine.store.db, engine.api, realEstateId) : Promise.resolve()), [realEstateId]);
  const buildings = useKind<BuildingDto>('building', (b) => b.realEstate.id === realEstateId, [realEstateId]);
  return buildings.map((b) => ({ id: b.id, name: b.name, parentId: b.parentBuildingId[0] ?? null }));
}

export function useBusinessAreaTree(): TreeNode[] {
  usePull((engine) => (engine.store ? pullBusinessAreas(engine.store.db, engine.api) : Promise.resolve()), []);
  return useKind<BusinessAreaDto>('businessArea').map((a) => ({ id: a.id, name: a.name, parentId: a.parent?.id ?? null }));
}
