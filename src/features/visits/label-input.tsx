/**
 * Label editing of edit mode (spec part 2 §4.2), for sections and fields
 * alike. The server keeps the same rules: trimmed, at most 200 characters, an
 * empty label keeps the previous one.
 */
import { useState } from 'react';
import { FORM_STATE_OFF } from './typed-input';

export const MAX_LABEL = 200;

/** An emptied label goes back to what it was when the input was entered: a label is never blank. */
export function LabelInput({
  name,
  onRename,
  ...rest
}: {
  name: string;
  onRename: (name: string) => void;
  className?: string;
  id?: string;
  'aria-label'?: string;
}) {
  const [before, setBefore] = useState(name);
  const settle = () => {
    const trimmed = name.trim();
    if (!trimmed) onRename(before);
    else if (trimmed !== name) onRename(trimmed);
  };
  return (
    <input
      {...FORM_STATE_OFF}
      {...rest}
      value={name}
      maxLength={MAX_LABEL}
      onFocus={() => setBefore(name)}
      onChange={(e) => onRename(e.target.value)}
      onBlur={settle}
    />
  );
}
