/**
 * Required fields (field_config) still without an answer, flagged before
 * 'Terminer' (spec part 2 §5: "a field's required flag … come[s] from
 * field_config"): counted per section and form for the drawer's tree, and
 * listed in the 'Terminer' dialog, each a way to its section. Terminating
 * stays possible (the spec does not block it; an item may simply not be there,
 * which hiding it says): the inspector decides, knowing what is missing.
 */
import { useDeferredValue, useMemo, useRef } from 'react';
import { missingRequiredFields, type MissingField, type VisitData } from '../../../sync/index';
import { visitTexts as t } from './texts';
import './required-fields.css';

/** Missing required fields, and how many under each section and form id (the same Map while the counts stay). */
export function useMissingRequired(forms: VisitData | null | undefined): { missing: MissingField[]; counts: ReadonlyMap<string, number> } {
  // Deferred: a keystroke paints first, the walk over every field follows (a visit may hold thousands).
  const settled = useDeferredValue(forms);
  const missing = useMemo(() => (settled ? missingRequiredFields(settled) : []), [settled]);
  const last = useRef<Map<string, number>>(new Map());
  const counts = useMemo(() => {
    const next = new Map<string, number>();
    for (const m of missing) for (const id of [m.formId, ...m.sectionIds]) next.set(id, (next.get(id) ?? 0) + 1);
    // The tree is memoised level by level: a keystroke that changes no count must not draw it again.
    const same = next.size === last.current.size && [...next].every(([id, n]) => last.current.get(id) === n);
    if (!same) last.current = next;
    return last.current;
  }, [missing]);
  return { missing, counts };
}

/** '2 à remplir' beside a tree entry (read aloud as required fields), nothing when none. */
export function MissingMark({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className="missing-mark">
      {t.requiredMissingShort(count)}
      <span className="sr-only">{t.requiredMissingCount(count)}</span>
    </span>
  );
}

/** The 'Terminer' dialog's list: each missing field by its place, a button to its section. */
export function MissingList({ missing, onOpen }: { missing: readonly MissingField[]; onOpen: (sectionId: string) => void }) {
  if (missing.length === 0) return null;
  return (
    <div className="alert alert--warning">
      <p>{t.requiredMissingTitle(missing.length)}</p>
      <ul className="missing-list">
        {missing.map((m) => (
          <li key={m.field.id}>
            <button type="button" className="link-button" onClick={() => onOpen(m.sectionId)}>
              {t.requiredMissingPlace(m.path, m.field.name)}
            </button>
          </li>
        ))}
      </ul>
      <p>{t.requiredMissingAfter}</p>
    </div>
  );
}
