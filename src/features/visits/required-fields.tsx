/**
 * Required fields (field_config) still without an answer, flagged before
 * 'Terminer' (spec part 2 §5: "a field's required flag … come[s] from
 * field_config"): counted per section and form for the drawer's tree, and
 * listed in the 'Terminer' dialog, each a way to its section. Terminating
 * stays possible (the spec does not block it; an item may simply not be there,
 * which hiding it says): the inspector decides, knowing what is missing.
 */
import { useDeferredValue, useMemo, useRef } from 'react';
import { missingRequiredCounts, missingRequiredFields, type CountsOf, type VisitData } from '../../../sync/index';
import { visitTexts as t } from './texts';
import './required-fields.css';

/** How many required fields are missing under each section and form id (the same Map while the counts stay). */
export function useMissingCounts(forms: VisitData | null | undefined): ReadonlyMap<string, number> {
  // Deferred: a pause in typing paints first, the count follows. A visit may hold thousands of fields:
  // the counts of the last version are updated where the forms changed (sync/contract/visit-required.ts),
  // and handed back as they were when no count changed, so the tree's entries wake only for a change.
  const settled = useDeferredValue(forms);
  const last = useRef<CountsOf | null>(null);
  return useMemo(() => {
    if (!settled) {
      last.current = null;
      return new Map<string, number>();
    }
    const counts = missingRequiredCounts(settled, last.current ?? undefined);
    last.current = { data: settled, counts };
    return counts;
  }, [settled]);
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

/** The 'Terminer' dialog's list: each missing field by its place, a button to its section (listed when the dialog opens). */
export function MissingList({ forms, onOpen }: { forms: VisitData; onOpen: (sectionId: string) => void }) {
  const missing = useMemo(() => missingRequiredFields(forms), [forms]);
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
