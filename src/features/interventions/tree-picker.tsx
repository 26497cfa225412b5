/**
 * Drill-down through a tree (buildings, business areas): the children of the
 * current node, each selectable, with '›' to open its own children and
 * 'Précédent' to climb back up. Multiple or single selection.
 */
import { useState } from 'react';
import { childrenOf, hasChildren, pathTo, type TreeNode } from '../../domain/trees';
import { Button } from '../../ui/controls';

interface Props {
  nodes: readonly TreeNode[];
  selected: readonly number[];
  onToggle: (id: number) => void;
  multiple: boolean;
  label: string;
}

export function TreePicker({ nodes, selected, onToggle, multiple, label }: Props) {
  const [parent, setParent] = useState<number | null>(null);
  const crumbs = pathTo(nodes, parent);
  const level = childrenOf(nodes, parent);
  return (
    <div className="tree">
      <p className="muted small">{crumbs.length ? crumbs.map((c) => c.name).join(' › ') : label}</p>
      {parent !== null ? (
        <Button variant="ghost" onClick={() => setParent(crumbs.length > 1 ? crumbs[crumbs.length - 2]!.id : null)}>
          ‹ Précédent
        </Button>
      ) : null}
      {level.length === 0 ? <p className="muted">Aucun élément disponible hors ligne pour le moment.</p> : null}
      <ul className="choices" role={multiple ? 'group' : 'radiogroup'} aria-label={label}>
        {level.map((node) => (
          <li key={node.id} className="choice">
            <label className="choice__label">
              <input type={multiple ? 'checkbox' : 'radio'} name="tree" checked={selected.includes(node.id)} onChange={() => onToggle(node.id)} />
              <span>{node.name}</span>
            </label>
            {hasChildren(nodes, node.id) ? (
              <button type="button" className="icon-button" aria-label={`Ouvrir ${node.name}`} onClick={() => setParent(node.id)}>
                ›
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
