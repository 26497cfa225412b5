/**
 * Drill-down through a tree (buildings, business areas) for the intervention
 * and OS tunnels (spec part 1 §2): the children of the current node, each
 * selectable, '›' to open its own children and 'Précédent' to climb back up.
 * Multiple or single selection. A step's error is written above the choices
 * and named by the group (aria-describedby).
 */
import { useId, useState } from 'react';
import { childrenOf, hasChildren, pathTo, type TreeNode } from '../domain/trees';
import { fr } from '../i18n/fr';
import { Button } from './controls';

interface Props {
  /** Id of the group, for the form's focus on its first error. */
  id?: string;
  nodes: readonly TreeNode[];
  selected: readonly number[];
  onToggle: (node: TreeNode) => void;
  multiple: boolean;
  label: string;
  error?: string | undefined;
}

export function TreePicker({ id, nodes, selected, onToggle, multiple, label, error }: Props) {
  const autoId = useId();
  const groupId = id ?? autoId;
  const errorId = `${groupId}-error`;
  const [parent, setParent] = useState<number | null>(null);
  const crumbs = pathTo(nodes, parent);
  const level = childrenOf(nodes, parent);
  return (
    <div className="stack">
      <p className="muted small">{crumbs.length ? crumbs.map((c) => c.name).join(' › ') : label}</p>
      {parent !== null ? (
        <Button variant="ghost" onClick={() => setParent(crumbs.length > 1 ? crumbs[crumbs.length - 2]!.id : null)}>
          {fr.treeUp}
        </Button>
      ) : null}
      {level.length === 0 ? <p className="muted">{fr.treeEmptyOffline}</p> : null}
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <ul
        id={groupId}
        className="choices"
        role={multiple ? 'group' : 'radiogroup'}
        aria-label={label}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error && !multiple ? true : undefined}
      >
        {level.map((node) => (
          <li key={node.id} className="choice">
            <label className="choice__label">
              <input type={multiple ? 'checkbox' : 'radio'} name={groupId} checked={selected.includes(node.id)} onChange={() => onToggle(node)} />
              <span>{node.name}</span>
            </label>
            {hasChildren(nodes, node.id) ? (
              <button type="button" className="icon-button" aria-label={fr.treeOpen(node.name)} onClick={() => setParent(node.id)}>
                {fr.treeOpenSign}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
