/**
 * A visit's text answer, typed without React (issue 22: a keystroke costs
 * what the browser costs). The input is uncontrolled: a keystroke hands the
 * text to the draft (held and applied when typing pauses, visit-answers.ts)
 * and nothing renders. The draft's value is put into the input only when it
 * changes from elsewhere (a reload, another tab) and the input is not being
 * typed in, so what the inspector types is never taken back.
 *
 * The typing events stop at the input, read by a listener of its own: React's
 * root listener ran for each of them (about five per key) and, after each
 * `input` event, wrote the input's name, type and default value back, as it
 * does for controlled inputs, which made the browser restyle the input.
 * Nothing else in the app listens to these events; keydown still goes on
 * (Escape closes menus and dialogs). Stopping an event's propagation does not
 * stop what the browser does with it: the letter is still inserted. A one-line
 * input is also its own layout boundary (visits.css, `.typed-line`): a letter
 * lays out the input, not the page.
 *
 * Every control of a visit says `autocomplete="off"` (FORM_STATE_OFF): Chromium
 * otherwise saves the state of each form control of the page into the history
 * entry at every navigation, `history.pushState` included, unless the control
 * opts out of autocomplete. With 20,000 inputs a pushState took 150–300 ms, and
 * 15–25 ms with the opt-out (scratch page, unthrottled); a visit's answers are
 * kept by its draft, never by the browser's form restore or autofill.
 */
import { useLayoutEffect, useRef, type HTMLAttributes } from 'react';
import { useStableCallback } from '../../ui/use-stable-callback';

type Typed = HTMLInputElement & HTMLTextAreaElement;

/** A visit's controls opt out of the browser's form-state saving (see above). */
export const FORM_STATE_OFF = { autoComplete: 'off' } as const;

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

/** The typing events that only the input's own listeners see (measured: taking them at the window instead was slower). */
const STOPPED_HERE = ['change', 'keypress', 'keyup', 'textInput', 'compositionstart', 'compositionupdate', 'compositionend'];
const stop = (event: Event) => event.stopPropagation();

export function TypedInput({ as = 'input', value, clean = same, onType, className, ...rest }: Props) {
  const ref = useRef<Typed>(null);
  // The native listener below is added once: it calls the latest render's functions.
  const cleanNow = useStableCallback(clean);
  const typeNow = useStableCallback(onType);
  useLayoutEffect(() => {
    const input = ref.current;
    if (input && document.activeElement !== input && clean(input.value) !== value) input.value = value;
  }, [value, clean]);
  useLayoutEffect(() => {
    const input = ref.current;
    if (!input) return;
    const typed = (event: Event) => {
      event.stopPropagation();
      const kept = cleanNow(input.value);
      if (kept !== input.value) input.value = kept;
      typeNow(kept);
    };
    input.addEventListener('input', typed);
    for (const type of STOPPED_HERE) input.addEventListener(type, stop);
    return () => {
      input.removeEventListener('input', typed);
      for (const type of STOPPED_HERE) input.removeEventListener(type, stop);
    };
  }, [cleanNow, typeNow]);
  return as === 'textarea' ? (
    <textarea ref={ref} defaultValue={value} className={className} {...FORM_STATE_OFF} {...rest} />
  ) : (
    <input ref={ref} defaultValue={value} className={className ? `typed-line ${className}` : 'typed-line'} {...FORM_STATE_OFF} {...rest} />
  );
}
