/**
 * A visit's text answer, typed without React (issue 22: a keystroke costs
 * what the browser costs). The input is uncontrolled: a keystroke hands the
 * text to the draft (held and applied when typing pauses, visit-answers.ts)
 * and nothing renders. The draft's value is put into the input only when it
 * changes from elsewhere (a reload, another tab) and the input is not being
 * typed in, so what the inspector types is never taken back.
 */
import { useLayoutEffect, useRef, type ChangeEvent, type HTMLAttributes } from 'react';

type Typed = HTMLInputElement & HTMLTextAreaElement;

interface Props {
  as?: 'input' | 'textarea';
  type?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  rows?: number;
  id?: string;
  className?: string;
  disabled: boolean;
  required?: boolean;
  placeholder?: string;
  'aria-label'?: string;
  value: string;
  /** The text as kept (digits only, trimmed…), shown at once in the input as it was when controlled. */
  clean?: (raw: string) => string;
  onType: (value: string) => void;
}

const same = (raw: string) => raw;

export function TypedInput({ as = 'input', value, clean = same, onType, ...rest }: Props) {
  const ref = useRef<Typed>(null);
  useLayoutEffect(() => {
    const input = ref.current;
    if (input && document.activeElement !== input && clean(input.value) !== value) input.value = value;
  }, [value, clean]);
  const typed = (event: ChangeEvent<Typed>) => {
    const input = event.currentTarget;
    const kept = clean(input.value);
    if (kept !== input.value) input.value = kept;
    onType(kept);
  };
  return as === 'textarea' ? (
    <textarea ref={ref} defaultValue={value} onChange={typed} {...rest} />
  ) : (
    <input ref={ref} defaultValue={value} onChange={typed} {...rest} />
  );
}
