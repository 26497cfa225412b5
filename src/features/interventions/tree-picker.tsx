/**
 * Drill-down through a tree (buildings, business areas): the children of the
 * current node, each selectable, with '›' to open its own children and
 * 'Précédent' to climb back up. Multiple or single selection. The step's error
 * is written above the choices and named by the group (aria-describedby).
 */
import { useState } from 'react';
import { childrenOf, hasChildren, pathTo, type TreeNode } from '../../domain/trees';
import { Button } from '../../ui/controls';
import { errorId } from './form-focus';
import { interventionTexts as t } from './texts';

interface Props {
  id: string;
  nodes: readonly TreeNode[];
  selected: readonly number[];
  onToggle: (id: number) => void;
  multiple: boolean;
  label: string;
  error?: string | undefined;
}

export function TreePicker({ id, nodes, selected, onToggle, multiple, label, error }: Props) {
  const [parent, setParent] = useState<number | null>(null);
  const crumbs = pathTo(nodes, parent);
  const level = childrenOf(nodes, parent);
  return (
    <div className="tree">
      <p className="muted small">{crumbs.length ? crumbs.map((c) => c.name).join(' › ') : label}</p>
      {parent !== null ? (
        <Button variant="ghost" onClick={() => setParent(crumbs.length > 1 ? crumbs[crumbs.length - 2]!.id : null)}>
          {t.treeUp}
        </Button>
      ) : null}
      {level.length === 0 ? <p className="muted">{t.emptyOffline}</p> : null}
      {error ? (
        <p id={errorId(id)} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <ul
        id={id}
        className="choices"
        role={multiple ? 'group' : 'radiogroup'}
        aria-label={label}
        aria-describedby={error ? errorId(id) : undefined}
        aria-invalid={error && !multiple ? true : undefined}
      >
        {level.map((node) => (
          <li key={node.id} className="choice">
            <label className="choice__label">
              <input type={multiple ? 'checkbox' : 'radio'} name={id} checked={selected.includes(node.id)} onChange={() => onToggle(node.id)} />
              <span>{node.name}</span>
            </label>
            {hasChildren(nodes, node.id) ? (
              <button type="button" className="icon-button" aria-label={t.treeOpen(node.name)} onClick={() => setParent(node.id)}>
                {t.treeOpenSign}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
