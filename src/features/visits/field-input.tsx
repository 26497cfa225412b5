/**
 * One field of a visit, for the 15 types of spec part 2 §3.2, with its
 * placeholder and required flag from field_config; radio and select set
 * value, id and note from the choice (clearing empties all three); checkbox
 * holds several values; tel keeps digits only; email and url are checked;
 * file and image fields keep their files on the device with the generated
 * name, once reduced and checked (field-photo.ts), saying so while it runs.
 * In edit mode: label editing, comment switch, alert flag and duplication
 * (iterable fields only, the button disabled otherwise). A required field
 * (field_config) still without an answer says so beside its label.
 */
import { memo, useId, useState, type ReactNode } from 'react';
import { chooseOption, fieldConfig, isAnswered, toggleOption, IMAGE_ACCEPT, type FieldChange, type VisitField } from '../../../sync/index';
import { isEmail } from '../../domain/validation';
import { DateInput } from '../../ui/date-input';
import { Icon } from '../../ui/icons';
import { visitTexts as t } from './texts';
import { LabelInput } from './label-input';
import { FORM_STATE_OFF, TypedInput } from './typed-input';

interface Props {
  field: VisitField;
  disabled: boolean;
  editMode: boolean;
  /** A change of the field, applied to its latest state (held answers first) and shown at once. */
  onChange: (fieldId: string, change: FieldChange) => void;
  /** A text typed into the field (its value or comment): held by the draft, no render (typed-input.tsx). */
  onAnswer: (fieldId: string, change: FieldChange) => void;
  /**
   * Reduces a picked photo, keeps it on the device and adds it to this field (by id: the screen
   * may show another section by then). Resolves to null when kept, else why it was not.
   */
  onFile: (file: File, fieldId: string) => Promise<string | null>;
  /** Edit mode: asks to duplicate this (iterable) field; stable, the field being memoised. */
  onDuplicate?: ((field: VisitField) => void) | undefined;
}

const isUrl = (v: string) => /^https?:\/\/\S+\.\S+/.test(v);
const digits = (v: string) => v.replace(/\D/g, '');
const trimmed = (v: string) => v.trim();

/** Memoised: a keystroke renders nothing (typed-input.tsx); once typing pauses, the fields whose answer changed render, not their siblings. */
export const FieldInput = memo(function FieldInput({ field, disabled, editMode, onChange, onAnswer, onFile, onDuplicate }: Props) {
  const id = useId();
  const [fileError, setFileError] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const config = fieldConfig(field);
  const value = field.field_value[0] ?? '';
  const withValue = (v: string) => (f: VisitField) => ({ ...f, field_value: v === '' ? [] : [v] });
  const change = (c: FieldChange) => onChange(field.id, c);
  const setValue = (v: string) => change(withValue(v));
  const typeValue = (v: string) => onAnswer(field.id, withValue(v));
  const label = (
    <span className="vfield__label">
      {field.name}
      {config.required ? <span aria-hidden="true"> *</span> : null}
      {config.required && !isAnswered(field) ? <span className="status-tag">{t.requiredMissing}</span> : null}
      {field.alert_flag ? <span className="status-tag status-tag--rejected">{t.alert}</span> : null}
    </span>
  );
  const common = { id, disabled, required: config.required ?? false, placeholder: config.placeholder ?? '', ...FORM_STATE_OFF };
  let input: ReactNode;
  let problem: string | null = null;

  switch (field.field_type) {
    case 'title':
      return <h3 className="vfield-title">{field.name}</h3>;
    case 'description':
      return <p className="vfield-description">{field.name}</p>;
    case 'textarea':
      input = <TypedInput as="textarea" {...common} rows={3} value={value} onType={typeValue} />;
      break;
    case 'number':
      input = <TypedInput {...common} type="number" inputMode="decimal" value={value} onType={typeValue} />;
      break;
    case 'date':
      // dd/MM/yyyy whatever the device's language (spec part 1 §9), the device's picker as an aid.
      input = <DateInput kind="date" id={id} disabled={disabled} required={common.required} value={value} onChange={setValue} />;
      break;
    case 'tel':
      input = <TypedInput {...common} type="tel" inputMode="numeric" value={value} clean={digits} onType={typeValue} />;
      break;
    case 'email':
      input = <TypedInput {...common} type="email" value={value} clean={trimmed} onType={typeValue} />;
      problem = value && !isEmail(value) ? t.notValidEmail : null;
      break;
    case 'url':
      input = <TypedInput {...common} type="url" value={value} clean={trimmed} onType={typeValue} />;
      problem = value && !isUrl(value) ? t.notValidUrl : null;
      break;
    case 'boolean':
      input = (
        <select {...common} value={value} onChange={(e) => setValue(e.target.value)}>
          <option value="">—</option>
          <option value="1">{t.yes}</option>
          <option value="0">{t.no}</option>
        </select>
      );
      break;
    case 'select':
      input = (
        <select {...common} value={field.field_value_id[0] ?? ''} onChange={(e) => change((f) => chooseOption(f, e.target.value || null))}>
          <option value="">{config.placeholder || '—'}</option>
          {Object.entries(field.field_choices).map(([choiceId, c]) => (
            <option key={choiceId} value={choiceId}>
              {c.field_choice_name}
            </option>
          ))}
        </select>
      );
      break;
    case 'radio':
    case 'checkbox': {
      const multiple = field.field_type === 'checkbox';
      return (
        <fieldset className="vfield vfield--choices" disabled={disabled}>
          <legend>{label}</legend>
          <div className="vfield__choices">
            {Object.entries(field.field_choices).map(([choiceId, c]) => (
              <label key={choiceId} className="choice-pill">
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  {...FORM_STATE_OFF}
                  name={id}
                  checked={field.field_value_id.includes(choiceId)}
                  onChange={() => change((f) => (multiple ? toggleOption(f, choiceId) : chooseOption(f, choiceId)))}
                />
                <span>{c.field_choice_name}</span>
              </label>
            ))}
            {!multiple && field.field_value_id.length > 0 ? (
              <button type="button" className="link-button" onClick={() => change((f) => chooseOption(f, null))}>
                {t.clear}
              </button>
            ) : null}
          </div>
          <FieldExtras field={field} editMode={editMode} disabled={disabled} onChange={onChange} onAnswer={onAnswer} onDuplicate={onDuplicate} />
        </fieldset>
      );
    }
    case 'file':
    case 'image': {
      const visible = field.files.filter((f) => !f.deleted);
      return (
        <div className="vfield">
          {label}
          <ul className="vfield__files">
            {visible.map((f) => (
              <li key={f.name}>
                <span>{f.originalName}</span>
                {f.new ? <span className="muted small">{t.onDevice}</span> : null}
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t.removeFile(f.originalName)}
                  disabled={disabled}
                  onClick={() =>
                    change((latest) => ({
                      ...latest,
                      files: f.new ? latest.files.filter((x) => x.name !== f.name) : latest.files.map((x) => (x.name === f.name ? { ...x, deleted: true } : x)),
                    }))
                  }
                >
                  <Icon name="close" />
                </button>
              </li>
            ))}
          </ul>
          <input
            id={id}
            className="sr-only"
            type="file"
            {...FORM_STATE_OFF}
            disabled={disabled}
            accept={IMAGE_ACCEPT}
            aria-label={t.addFileTo(field.name)}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              // Reduced first, then checked (field-photo.ts); the field changes only once it is kept.
              setFileError(null);
              setPreparing(true);
              void onFile(file, field.id)
                .catch(() => t.notKept)
                .then((problem) => {
                  setPreparing(false);
                  setFileError(problem);
                });
            }}
          />
          <label htmlFor={id} className={`btn btn--secondary${disabled ? ' is-disabled' : ''}`} aria-hidden="true">
            {field.field_type === 'image' ? t.addPhoto : t.addFile}
          </label>
          {preparing ? (
            <p className="muted small" role="status">
              {t.preparingPhoto}
            </p>
          ) : null}
          {fileError ? (
            <p className="field__error" role="alert">
              {fileError}
            </p>
          ) : null}
          <FieldExtras field={field} editMode={editMode} disabled={disabled} onChange={onChange} onAnswer={onAnswer} onDuplicate={onDuplicate} />
        </div>
      );
    }
    default:
      input = <TypedInput {...common} type="text" value={value} onType={typeValue} />;
  }
  return (
    <div className="vfield vfield--stack">
      <label htmlFor={id}>{label}</label>
      {input}
      {problem ? <p className="field__error">{problem}</p> : null}
      <FieldExtras field={field} editMode={editMode} disabled={disabled} onChange={onChange} onAnswer={onAnswer} onDuplicate={onDuplicate} />
    </div>
  );
});

/** Comment (when switched on), and in edit mode the label, the comment switch and the alert flag. */
function FieldExtras({ field, editMode, disabled, onChange, onAnswer, onDuplicate }: Omit<Props, 'onFile'>) {
  return (
    <>
      {field.add_comment ? (
        <TypedInput
          as="textarea"
          className="vfield__comment"
          aria-label={t.fieldComment(field.name)}
          placeholder={t.comment}
          rows={2}
          disabled={disabled}
          value={field.comment}
          onType={(comment) => onAnswer(field.id, (f) => ({ ...f, comment }))}
        />
      ) : null}
      {editMode && !disabled ? (
        <div className="vfield__edit">
          <LabelInput aria-label={t.fieldLabel(field.name)} name={field.name} onRename={(name) => onChange(field.id, (f) => ({ ...f, name }))} />
          <label className="check">
            <input
              type="checkbox"
              {...FORM_STATE_OFF}
              checked={field.add_comment}
              onChange={(e) => onChange(field.id, (f) => ({ ...f, add_comment: e.target.checked }))}
            />{' '}
            {t.comment}
          </label>
          <label className="check">
            <input
              type="checkbox"
              {...FORM_STATE_OFF}
              checked={field.alert_flag}
              onChange={(e) => onChange(field.id, (f) => ({ ...f, alert_flag: e.target.checked }))}
            />{' '}
            {t.alert}
          </label>
          {onDuplicate ? (
            <button
              type="button"
              className="btn btn--ghost"
              disabled={!field.is_iterable}
              aria-label={t.duplicateField(field.name)}
              onClick={() => onDuplicate(field)}
            >
              {t.duplicate}
            </button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
