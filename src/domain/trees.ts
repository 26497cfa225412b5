/**
 * Tree pickers of the creation tunnels (buildings, business areas) and the
 * place search, as pure functions over the cached reference data.
 */
export interface TreeNode {
  id: number;
  name: string;
  parentId: number | null;
}

/** The children of a node (null: the top of the tree), by name. */
export function childrenOf(nodes: readonly TreeNode[], parentId: number | null): TreeNode[] {
  return nodes.filter((n) => n.parentId === parentId).sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}

export const hasChildren = (nodes: readonly TreeNode[], id: number) => nodes.some((n) => n.parentId === id);

/** The path from the top to a node, for the breadcrumb. */
export function pathTo(nodes: readonly TreeNode[], id: number | null): TreeNode[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const path: TreeNode[] = [];
  for (
    let current = id === null ? undefined : byId.get(id);
    current && !path.includes(current);
    current = current.parentId === null ? undefined : byId.get(current.parentId)
  ) {
    path.unshift(current);
  }
  return path;
}

export interface Searchable {
  name: string;
  mainContact?: { address?: string | null; postalCode?: string | null; city?: string | null } | null;
}

/** Property search of spec part 1 §5: name, address, postal code or city, case-insensitive. */
export function matchesPlace(place: Searchable, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase('fr');
  if (!needle) return true;
  const c = place.mainContact;
  return [place.name, c?.address, c?.postalCode, c?.city].some((v) => typeof v === 'string' && v.toLocaleLowerCase('fr').includes(needle));
}

/** Buildings as tree nodes (a building's parent is the first of parentBuildingId). */
export const buildingNodes = (buildings: readonly { id: number; name: string; parentBuildingId: readonly number[] }[]): TreeNode[] =>
  buildings.map((b) => ({ id: b.id, name: b.name, parentId: b.parentBuildingId[0] ?? null }));

/** Business areas as tree nodes. */
export const areaNodes = (areas: readonly { id: number; name: string; parent?: { id: number } | null }[]): TreeNode[] =>
  areas.map((a) => ({ id: a.id, name: a.name, parentId: a.parent?.id ?? null }));
