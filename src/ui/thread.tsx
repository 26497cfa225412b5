/**
 * A message thread (interventions, OS): messages oldest first, the user's
 * own on the right, automatic ones as centred notices, and the send box. The
 * features keep their formik form and hand the box its value, error and
 * submit; the box's label is for screen readers (the placeholder shows).
 */
import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { Button } from './controls';
import './thread.css';

export interface ThreadMessage {
  id: string;
  /** Who wrote it; none for an automatic message. */
  author?: string | undefined;
  text: string;
  /** The date line, with any 'not sent yet' suffix. */
  when: string;
  kind: 'mine' | 'auto' | 'other';
}

/** `emptyText`: a text said when there is no message, or an element that says it (issue 20's EmptyOrNotYet). */
export function Thread({ messages, emptyText, children }: { messages: readonly ThreadMessage[]; emptyText: ReactNode; children: ReactNode }) {
  return (
    <div className="thread">
      {messages.length === 0 ? typeof emptyText === 'string' ? <p className="muted">{emptyText}</p> : emptyText : null}
      <ol className="thread__list">
        {messages.map((m) => (
          <li key={m.id} className={`msg${m.kind === 'other' ? '' : ` msg--${m.kind}`}`}>
            {m.author ? <span className="msg__author">{m.author}</span> : null}
            <p className="msg__text">{m.text}</p>
            <span className="msg__date">{m.when}</span>
          </li>
        ))}
      </ol>
      {children}
    </div>
  );
}

export function ThreadForm({
  textId,
  label,
  placeholder,
  sendLabel,
  value,
  error,
  onChange,
  onSubmit,
}: {
  textId: string;
  label: string;
  placeholder: string;
  sendLabel: string;
  value: string;
  error?: string | undefined;
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const errorId = `${textId}-error`;
  return (
    <form className="thread__form" noValidate onSubmit={onSubmit}>
      <label htmlFor={textId} className="sr-only">
        {label}
      </label>
      <textarea
        id={textId}
        name="text"
        rows={2}
        value={value}
        placeholder={placeholder}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <Button type="submit">{sendLabel}</Button>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
