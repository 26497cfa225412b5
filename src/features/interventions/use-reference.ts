/**
 * Reference data of the creation tunnel, from the store (so the tunnel works
 * offline) and refreshed when it or the dashboard opens: real estates with a
 * contract, all their buildings, business areas.
 */
import {
  pullBuildings,
  pullBusinessAreas,
  pullRealEstates,
  type Engine,
  type BuildingDto,
  type BusinessAreaDto,
  type RealEstateDto,
} from '../../../sync/index';
import { areaNodes, buildingNodes, type TreeNode } from '../../domain/trees';
import { usePull, useReferenceKind } from '../../services/store-hooks';

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
  return useReferenceKind<RealEstateDto>('realEstate');
}

export function useBuildingTree(realEstateId: number | null): TreeNode[] {
  return buildingNodes(useReferenceKind<BuildingDto>('building', (b) => b.realEstate.id === realEstateId, [realEstateId]));
}

export function useBusinessAreaTree(): TreeNode[] {
  return areaNodes(useReferenceKind<BusinessAreaDto>('businessArea'));
}
