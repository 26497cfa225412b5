/**
 * Drill-down through a tree (buildings, business areas) for the OS tunnel:
 * the children of the current node, each selectable, '›' to open its own
 * children and 'Précédent' to climb back up (spec part 1 §2).
 */
import { useState } from 'react';
import { childrenOf, hasChildren, pathTo, type TreeNode } from '../../domain/trees';
import { Button } from '../../ui/controls';
import { osTexts as t } from './texts';

interface Props {
  nodes: readonly TreeNode[];
  selected: readonly number[];
  onToggle: (node: TreeNode) => void;
  multiple: boolean;
  label: string;
}

export function TreePicker({ nodes, selected, onToggle, multiple, label }: Props) {
  const [parent, setParent] = useState<number | null>(null);
  const crumbs = pathTo(nodes, parent);
  const level = childrenOf(nodes, parent);
  return (
    <div className="stack">
      <p className="muted small">{crumbs.length ? crumbs.map((c) => c.name).join(' › ') : label}</p>
      {parent !== null ? (
        <Button variant="ghost" onClick={() => setParent(crumbs.length > 1 ? crumbs[crumbs.length - 2]!.id : null)}>
          {`‹ ${t.treeUp}`}
        </Button>
      ) : null}
      {level.length === 0 ? <p className="muted">{t.emptyOffline}</p> : null}
      <div role={multiple ? 'group' : 'radiogroup'} aria-label={label}>
        <ul className="os-choices">
          {level.map((node) => (
            <li key={node.id} className="os-choice">
              <label className="os-choice__label">
                <input type={multiple ? 'checkbox' : 'radio'} name={label} checked={selected.includes(node.id)} onChange={() => onToggle(node)} />
                <span>{node.name}</span>
              </label>
              {hasChildren(nodes, node.id) ? (
                <button type="button" className="icon-button" aria-label={t.treeOpen(node.name)} onClick={() => setParent(node.id)}>
                  ›
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
