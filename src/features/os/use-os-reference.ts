/**
 * Reference data of the OS tunnel from the store (so it works offline):
 * providers, every real estate the user manages, their buildings, business
 * areas and request types. They are pulled after sign-in (from the home and
 * the OS dashboard) for a user who may create OS, and again when the tunnel
 * opens online.
 */
import { areaNodes, buildingNodes, type TreeNode } from '../../domain/trees';
import { usePull, useWatch } from '../../services/store-hooks';
import type { Named } from './os-form';

export function useOsReference(realEstateId: number | null) {
  usePull((engine) => engine.os.refreshTunnelData(), []);
  const providers: Named[] = useWatch((engine) => engine.os.watchProviders(), [], []).value;
  const types: Named[] = useWatch((engine) => engine.os.watchRequestTypes(), [], []).value;
  const realEstates = useWatch((engine) => engine.os.watchRealEstates(), [], []).value;
  const buildings = useWatch((engine) => engine.os.watchBuildings(), [], []).value.filter((b) => b.realEstate.id === realEstateId);
  const areas = useWatch((engine) => engine.os.watchBusinessAreas(), [], []).value;
  const buildingTree: TreeNode[] = buildingNodes(buildings);
  const areaTree: TreeNode[] = areaNodes(areas);
  return { providers, types, realEstates, buildingTree, areaTree };
}
