/**
 * Form controls with their labels, hints and errors wired for screen readers
 * (label for, aria-describedby, aria-invalid). Every control has a visible
 * French label: the browser tests find them by it.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, type ButtonHTMLAttributes } from 'react';

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

/** Label, hint and error around one control; the control gets the ids it must point to. */
function Field({ label, error, hint, id, control }: FieldProps & { id: string | undefined; control: (aria: ControlAria) => ReactNode }) {
  const autoId = useId();
  const inputId = id ?? autoId;
  // The hint is hidden while there is an error: the control points to the one shown.
  const describedBy = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      {control({ id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error ? (
        <p id={`${inputId}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface ControlAria {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export function TextField({ label, error, hint, id, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return <Field label={label} error={error} hint={hint} id={id} control={(aria) => <input {...aria} {...input} />} />;
}

export function TextArea({ label, error, hint, id, ...input }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <Field label={label} error={error} hint={hint} id={id} control={(aria) => <textarea {...aria} {...input} />} />;
}

export interface SelectOption {
  value: string;
  label: string;
}

/** A select with its label; `placeholder` is a first, empty choice ('Choisir…'). */
export function SelectField({
  label,
  error,
  hint,
  id,
  options,
  placeholder,
  ...select
}: FieldProps & { options: readonly SelectOption[]; placeholder?: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      id={id}
      control={(aria) => (
        <select {...aria} {...select}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export function Button({
  variant = 'primary',
  block,
  children,
  ...rest
}: { variant?: Variant; block?: boolean; children: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" className={`btn btn--${variant}${block ? ' btn--block' : ''}`} {...rest}>
      {children}
    </button>
  );
}

export function Alert({ tone, children }: { tone: 'error' | 'success' | 'info' | 'warning'; children: ReactNode }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
