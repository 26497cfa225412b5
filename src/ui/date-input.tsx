/**
 * The one date / date-time / time control of the app (spec part 1 §9: "24-hour
 * pickers; date picker format dd/MM/yyyy"). A native date input shows the
 * device's locale (mm/dd/yyyy and AM/PM on an English phone) and cannot be
 * told otherwise, and a picker package would add weight to every form chunk
 * for what a mask does: so the field is text laid out as jj/mm/aaaa hh:mm
 * (digits keypad on phones, typed or pasted), and the device's own picker sits
 * behind a button as an aid, its choice written back in the French layout.
 * Forms get and give the native inputs' values ('yyyy-MM-dd',
 * 'yyyy-MM-ddTHH:mm', 'HH:mm'); an incomplete or impossible entry is '' and
 * says so once the field is left.
 */
import { useId, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { caretAfterDigits, DATE_ENTRY_PLACEHOLDER, formatDateEntry, maskDateEntry, parseDateEntry, type DateEntryKind } from '../domain/date-entry';
import { fr } from '../i18n/fr';
import { Icon } from './icons';
import './date-input.css';

const NATIVE_TYPE: Record<DateEntryKind, string> = { date: 'date', datetime: 'datetime-local', time: 'time' };

export interface DateInputProps {
  kind: DateEntryKind;
  id: string;
  value: string;
  onChange: (value: string) => void;
  name?: string | undefined;
  onBlur?: ((event: FocusEvent<HTMLInputElement>) => void) | undefined;
  /** The earliest value the device's picker offers (native format). */
  min?: string | undefined;
  disabled?: boolean | undefined;
  required?: boolean | undefined;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
  'aria-required'?: boolean | undefined;
}

export function DateInput({ kind, id, value, onChange, name, onBlur, min, disabled, required, ...aria }: DateInputProps) {
  const [text, setText] = useState(() => formatDateEntry(kind, value));
  const [shownValue, setShownValue] = useState(value);
  const [left, setLeft] = useState(false);
  const textRef = useRef<HTMLInputElement>(null);
  const nativeRef = useRef<HTMLInputElement>(null);
  // The device's picker input is made on the first use of its button: a date input builds a shadow tree of
  // its own, and in a visit's section it was a tenth of what the browser does to show the section (issue 22).
  const [pickerMade, setPickerMade] = useState(false);
  // A value set from outside (a form reset, a draft restored) replaces the text; the value this field just gave does not.
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== (parseDateEntry(kind, text) ?? '')) setText(formatDateEntry(kind, value));
  }
  const give = (next: string) => {
    if (next !== value) onChange(next);
  };
  const invalid = left && text !== '' && parseDateEntry(kind, text) === null;
  const formatId = `${id}-format`;
  const describedBy = [aria['aria-describedby'], invalid ? formatId : null].filter(Boolean).join(' ') || undefined;

  const typed = (raw: string, caret: number | null) => {
    const masked = maskDateEntry(kind, raw);
    setText(masked);
    give(parseDateEntry(kind, masked) ?? '');
    if (caret === null || caret >= raw.length) return;
    // The layout may add or drop separators before the caret: keep it after the same digit.
    const at = caretAfterDigits(masked, raw.slice(0, caret).replace(/\D/g, '').length);
    requestAnimationFrame(() => textRef.current?.setSelectionRange(at, at));
  };
  const pick = () => {
    // Made now, in the click's own event: showPicker needs the tap's user activation.
    if (!nativeRef.current) flushSync(() => setPickerMade(true));
    const native = nativeRef.current;
    if (!native) return;
    try {
      native.showPicker();
    } catch {
      // No showPicker (older browsers) or not allowed here: the input itself opens it on click.
      native.focus();
      native.click();
    }
  };

  return (
    <span className="date-input">
      <span className="date-input__row">
        <input
          ref={textRef}
          id={id}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          className="date-input__text"
          placeholder={DATE_ENTRY_PLACEHOLDER[kind]}
          value={text}
          disabled={disabled}
          required={required}
          {...aria}
          aria-invalid={invalid || aria['aria-invalid'] ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => typed(e.target.value, e.target.selectionStart)}
          onFocus={() => setLeft(false)}
          onBlur={(e) => {
            setLeft(true);
            onBlur?.(e);
          }}
        />
        <button
          type="button"
          className="icon-button date-input__pick"
          aria-label={kind === 'time' ? fr.timePick : fr.datePick}
          disabled={disabled}
          onClick={pick}
        >
          <Icon name="agenda" aria-hidden="true" />
        </button>
        {pickerMade ? (
          <input
            ref={nativeRef}
            type={NATIVE_TYPE[kind]}
            className="date-input__native"
            autoComplete="off"
            tabIndex={-1}
            aria-hidden="true"
            value={value}
            min={min}
            disabled={disabled}
            onChange={(e) => {
              setText(formatDateEntry(kind, e.target.value));
              give(e.target.value);
              textRef.current?.focus();
            }}
          />
        ) : null}
      </span>
      {invalid ? (
        <span id={formatId} className="field__error date-input__invalid">
          {fr.dateInvalid(DATE_ENTRY_PLACEHOLDER[kind])}
        </span>
      ) : null}
    </span>
  );
}

/** A labelled date field in the form layout of ui/controls (label, hint or error under it). */
export function DateField({
  label,
  error,
  hint,
  ...input
}: Omit<DateInputProps, 'id'> & { id?: string | undefined; label: string; error?: string | undefined; hint?: string | undefined }) {
  const fallbackId = useId();
  const id = input.id ?? fallbackId;
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : input['aria-describedby'];
  let note: ReactNode = null;
  if (error)
    note = (
      <p id={`${id}-error`} className="field__error" role="alert">
        {error}
      </p>
    );
  else if (hint)
    note = (
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
    );
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <DateInput {...input} id={id} aria-invalid={error ? true : input['aria-invalid']} aria-describedby={describedBy} />
      {note}
    </div>
  );
}
