/**
 * Reference data of the creation tunnel, from the store (so the tunnel works
 * offline) and refreshed when it or the dashboard opens: real estates with a
 * contract, all their buildings, business areas.
 */
import { map } from 'rxjs';
import { pullBuildings, pullBusinessAreas, pullRealEstates, type Engine, type BuildingDto, type BusinessAreaDto, type RealEstateDto } from '../../../sync/index';
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

/** Everything the creation tunnel needs, fetched at once so that it can be filled in offline afterwards. */
export async function prefetchTunnelData(engine: Engine): Promise<void> {
  if (!engine.store) return;
  const { db } = engine.store;
  await pullRealEstates(db, engine.api, true);
  await pullBusinessAreas(db, engine.api);
  const estates = await db.reference.find({ selector: { kind: 'realEstate' } }).exec();
  for (const estate of estates) await pullBuildings(db, engine.api, (estate.data as unknown as RealEstateDto).id);
}

export function useRealEstates(): RealEstateDto[] {
  usePull(prefetchTunnelData, []);
  return useKind<RealEstateDto>('realEstate');
}

export function useBuildingTree(realEstateId: number | null): TreeNode[] {
  const buildings = useKind<BuildingDto>('building', (b) => b.realEstate.id === realEstateId, [realEstateId]);
  return buildings.map((b) => ({ id: b.id, name: b.name, parentId: b.parentBuildingId[0] ?? null }));
}

export function useBusinessAreaTree(): TreeNode[] {
  return useKind<BusinessAreaDto>('businessArea').map((a) => ({ id: a.id, name: a.name, parentId: a.parent?.id ?? null }));
}
