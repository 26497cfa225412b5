/**
 * The main area of the visit detail: with no form chosen, one card per form
 * (progress bar and mean note coloured by the spec's thresholds); with a
 * form or section chosen, its subsections as cards (hide or show in edit
 * mode, by button: keyboard and screen readers included), duplicate for
 * iterable ones, its fields and the section comment. In edit mode the
 * labels of the section shown and of its subsections can be changed (spec
 * part 2 §4.2 "label editing"); they are saved with the visit data.
 */
import { useCallback, useId, useState } from 'react';
import {
  DUPLICATE_WARNING,
  duplicateField,
  duplicateSection,
  formNote,
  formProgress,
  noteTone,
  withFieldAfter,
  type FieldChange,
  type VisitData,
  type VisitField,
  type VisitSection,
} from '../../../sync/index';
import { shownWith } from '../../domain/visits';
import { Button, TextField } from '../../ui/controls';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FieldInput } from './field-input';
import { LabelInput, MAX_LABEL } from './label-input';
import { FORM_STATE_OFF, TypedInput } from './typed-input';
import { visitTexts as t } from './texts';

/** The server refuses longer labels (server/modules/visits/merge.ts). */
export function FormCards({ forms, onOpen }: { forms: VisitData; onOpen: (formId: string) => void }) {
  return (
    <ul className="cards">
      {Object.values(forms).map((form) => {
        const progress = formProgress(form);
        const note = formNote(form);
        return (
          <li key={form.form_id}>
            <button type="button" className="card card--green form-card" onClick={() => onOpen(form.form_id)}>
              <span className="card__title">{form.form_name}</span>
              <span className="small muted">{t.sectionsComplete(progress.complete, progress.total)}</span>
              <progress className={`bar bar--${noteTone(progress.percent)}`} max={100} value={progress.percent} aria-label={t.progress(progress.percent)} />
              <span className={`note note--${note === null ? 'none' : noteTone(note)}`}>{note === null ? t.noNote : t.meanNote(note)}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Subsection cards drawn at a time (the drawer and 'Section suivante' reach every section without them). */
const CARDS_PAGE = 200;

interface SectionProps {
  section: VisitSection;
  disabled: boolean;
  editMode: boolean;
  /** The section shown is a real section (not a form's top level): its label can be edited, and it has a comment. */
  realSection: boolean;
  showHidden: boolean;
  showCompleted: boolean;
  onOpen: (sectionId: string) => void;
  onChangeSection: (change: (s: VisitSection) => VisitSection) => void;
  /** Text typed into a field: held by the draft until typing pauses (typed-input.tsx). */
  onAnswer: (fieldId: string, change: FieldChange) => void;
  /** Text typed into the section's comment: held the same way. */
  onComment: (sectionId: string, text: string) => void;
  /** Any other change of a field (a choice, a flag, its label): shown at once, kept with the answers. */
  onChangeField: (fieldId: string, change: FieldChange) => void;
  onFile: (file: File, fieldId: string) => Promise<string | null>;
}

export function SectionView({
  section,
  disabled,
  editMode,
  realSection,
  showHidden,
  showCompleted,
  onOpen,
  onChangeSection,
  onAnswer,
  onComment,
  onChangeField,
  onFile,
}: SectionProps) {
  const [duplicating, setDuplicating] = useState<VisitSection | null>(null);
  // An iterable field is duplicated like a section: the same warning, its label entered, placed after it.
  const [duplicatingField, setDuplicatingField] = useState<VisitField | null>(null);
  const [label, setLabel] = useState('');
  const askDuplicateField = useCallback((field: VisitField) => {
    setDuplicatingField(field);
    setLabel(t.copyLabel(field.name));
  }, []);
  const children = Object.values(section.sections).filter((s) => shownWith(s, showHidden, showCompleted));
  // A page of cards at a time, per section: an inventory of 4,000 extinguishers drew 4,000 cards on opening.
  const [paged, setPaged] = useState({ id: section.id, count: CARDS_PAGE });
  const cardCount = paged.id === section.id ? paged.count : CARDS_PAGE;
  const rest = children.length - cardCount;
  const setChild = (child: VisitSection) => onChangeSection((s) => ({ ...s, sections: { ...s.sections, [child.id]: child } }));
  const editing = editMode && !disabled;
  return (
    <div className="stack">
      {editing && realSection ? (
        <label className="section-label">
          <span className="vfield__label">{t.sectionLabel}</span>
          <LabelInput name={section.name} onRename={(name) => onChangeSection((s) => ({ ...s, name }))} />
        </label>
      ) : null}
      {children.length > 0 ? (
        <ul className="subsections">
          {children.slice(0, cardCount).map((child) => (
            <li key={child.id} className={`subsection${child.is_hidden ? ' subsection--hidden' : ''}${child.complete ? ' subsection--complete' : ''}`}>
              <button type="button" className="subsection__open" onClick={() => onOpen(child.id)}>
                <span>{child.name}</span>
                <span className="small muted">{child.complete ? t.complete : child.is_hidden ? t.hidden : t.fieldCount(Object.keys(child.fields).length)}</span>
              </button>
              {editing ? (
                <LabelInput
                  className="subsection__label"
                  aria-label={t.subsectionLabel(child.name)}
                  name={child.name}
                  onRename={(name) => setChild({ ...child, name })}
                />
              ) : null}
              {editing ? (
                <div className="subsection__actions">
                  <Button variant="ghost" onClick={() => setChild({ ...child, is_hidden: !child.is_hidden })}>
                    {child.is_hidden ? t.show : t.hide}
                  </Button>
                  <Button variant="ghost" disabled={!child.is_iterable} onClick={() => (setDuplicating(child), setLabel(t.copyLabel(child.name)))}>
                    {t.duplicate}
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {rest > 0 ? (
        <Button variant="secondary" onClick={() => setPaged({ id: section.id, count: cardCount + CARDS_PAGE })}>
          {t.moreSubsections(Math.min(CARDS_PAGE, rest), rest)}
        </Button>
      ) : null}
      <div className="vfields">
        {Object.values(section.fields)
          .filter((f) => showHidden || !f.is_hidden)
          .map((field) => (
            <FieldInput
              key={field.id}
              field={field}
              disabled={disabled}
              editMode={editMode}
              onChange={onChangeField}
              onAnswer={onAnswer}
              onFile={onFile}
              onDuplicate={askDuplicateField}
            />
          ))}
      </div>
      {realSection ? <SectionComment key={section.id} section={section} disabled={disabled} onComment={onComment} /> : null}
      <ConfirmDialog
        open={duplicating !== null || duplicatingField !== null}
        title={t.duplicateTitle}
        confirmLabel={t.duplicate}
        onCancel={() => (setDuplicating(null), setDuplicatingField(null))}
        onConfirm={() => {
          if (duplicating && label.trim()) {
            const copy = duplicateSection(duplicating, label.trim(), () => `new-${crypto.randomUUID()}`);
            onChangeSection((s) => ({ ...s, sections: { ...s.sections, [copy.id]: copy } }));
          }
          if (duplicatingField && label.trim()) {
            const model = duplicatingField;
            const copy = duplicateField(model, label.trim(), () => `new-${crypto.randomUUID()}`);
            onChangeSection((s) => ({ ...s, fields: withFieldAfter(s.fields, model.id, copy) }));
          }
          setDuplicating(null);
          setDuplicatingField(null);
        }}
      >
        <p className="alert alert--warning">{DUPLICATE_WARNING}</p>
        <TextField label={t.newLabel} {...FORM_STATE_OFF} maxLength={MAX_LABEL} value={label} onChange={(e) => setLabel(e.target.value)} />
      </ConfirmDialog>
    </div>
  );
}

/**
 * The section's comment, typed as a field's text is (typed-input.tsx): a key renders nothing, nor copies
 * the visit (a controlled textarea put each key into the forms, renders included, and wrote the whole
 * visit at each pause). One per section (keyed): what is typed goes to the section it was typed in.
 */
function SectionComment({ section, disabled, onComment }: { section: VisitSection; disabled: boolean; onComment: SectionProps['onComment'] }) {
  const id = useId();
  return (
    <div className="vfield vfield--stack">
      <label htmlFor={id}>
        <span className="vfield__label">{t.sectionComment}</span>
      </label>
      <TypedInput as="textarea" id={id} rows={3} disabled={disabled} value={section.comment} onType={(text) => onComment(section.id, text)} />
    </div>
  );
}
