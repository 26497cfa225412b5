/**
 * The list's filter dialog (spec part 2 §2.1 leaves its fields open): step,
 * request type, domain, property and urgency, each offering the values the
 * list holds. A modal dialog (ui/modal-dialog.tsx): the rest of the page
 * inert, focus restored, Escape closes.
 */
import { useId, useState } from 'react';
import { NO_FILTERS, type ListFilters } from '../../domain/echopark';
import { Button } from '../../ui/controls';
import { ModalDialog } from '../../ui/modal-dialog';
import { t } from './texts';

const FIELDS: { key: keyof ListFilters; label: string }[] = [
  { key: 'step', label: t.step },
  { key: 'type', label: t.type },
  { key: 'domain', label: t.domain },
  { key: 'property', label: t.property },
  { key: 'urgency', label: t.urgency },
];

interface Props {
  open: boolean;
  value: ListFilters;
  options: Record<keyof ListFilters, string[]>;
  onApply(next: ListFilters): void;
  onClose(): void;
}

export function FilterDialog({ open, value, options, onApply, onClose }: Props) {
  const titleId = useId();
  const [draft, setDraft] = useState(value);
  return (
    <ModalDialog open={open} title={t.filters} onCancel={onClose} onOpen={() => setDraft(value)}>
      <div className="dialog__body">
        {FIELDS.map((f) => (
          <div className="field" key={f.key}>
            <label htmlFor={`${titleId}-${f.key}`}>{f.label}</label>
            <select id={`${titleId}-${f.key}`} value={draft[f.key]} onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })}>
              <option value="">{t.filterAny}</option>
              {options[f.key].map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <div className="dialog__actions">
        <Button variant="ghost" onClick={() => onApply(NO_FILTERS)}>
          {t.clearFilters}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {t.close}
        </Button>
        <Button onClick={() => onApply(draft)}>{t.applyFilters}</Button>
      </div>
    </ModalDialog>
  );
}
