/**
 * Reference data of the creation tunnel, from the store (so the tunnel works
 * offline) and refreshed when it or the dashboard opens: real estates with a
 * contract, all their buildings, business areas.
 */
import type { Engine, RealEstateDto } from '../../../sync/index';
import { areaNodes, buildingNodes, type TreeNode } from '../../domain/trees';
import { usePull, useWatch } from '../../services/store-hooks';

/** Everything the creation tunnel needs, fetched at once so that it can be filled in offline afterwards. */
export const prefetchTunnelData = (engine: Engine): Promise<void> => engine.interventions.refreshTunnelData();

export function useRealEstates(): RealEstateDto[] {
  usePull(prefetchTunnelData, []);
  return useWatch((engine) => engine.interventions.watchRealEstates(), [], []).value;
}

export function useBuildingTree(realEstateId: number | null): TreeNode[] {
  const buildings = useWatch((engine) => engine.interventions.watchBuildings(), [], []).value;
  return buildingNodes(buildings.filter((b) => b.realEstate.id === realEstateId));
}

export function useBusinessAreaTree(): TreeNode[] {
  return areaNodes(useWatch((engine) => engine.interventions.watchBusinessAreas(), [], []).value);
}
