/**
 * Reference data of the OS tunnel from the store (so it works offline):
 * providers, every real estate the user manages, their buildings, business
 * areas and request types. They are pulled after sign-in (from the home and
 * the OS dashboard) for a user who may create OS, and again when the tunnel
 * opens online.
 */
import { OS_REAL_ESTATE_KIND, prefetchOsTunnel, type BuildingDto, type BusinessAreaDto, type RealEstateDto } from '../../../sync/index';
import { areaNodes, buildingNodes, type TreeNode } from '../../domain/trees';
import { usePull, useReferenceKind } from '../../services/store-hooks';
import type { Named } from './os-form';

export function useOsReference(realEstateId: number | null) {
  usePull((engine) => (engine.store ? prefetchOsTunnel(engine.store.db, engine.api) : Promise.resolve()), []);
  const providers = useReferenceKind<Named>('provider');
  const types = useReferenceKind<Named>('requestType');
  const realEstates = useReferenceKind<RealEstateDto>(OS_REAL_ESTATE_KIND);
  const buildings = useReferenceKind<BuildingDto>('building', (b) => b.realEstate.id === realEstateId, [realEstateId]);
  const areas = useReferenceKind<BusinessAreaDto>('businessArea');
  const buildingTree: TreeNode[] = buildingNodes(buildings);
  const areaTree: TreeNode[] = areaNodes(areas);
  return { providers, types, realEstates, buildingTree, areaTree };
}
