/**
 * A visit's text answer, typed without React (issue 22: a keystroke costs
 * what the browser costs). The input is uncontrolled: a keystroke hands the
 * text to the draft (held and applied when typing pauses, visit-answers.ts)
 * and nothing renders. The draft's value is put into the input only when it
 * changes from elsewhere (a reload, another tab) and the input is not being
 * typed in, so what the inspector types is never taken back.
 *
 * The typing events are taken at the window before React or anything else
 * hears them (typing-capture.ts): React's root listener ran for each of them
 * (about six per key, in both phases) and, after each `input` event, wrote
 * the input's name, type and default value back, as it does for controlled
 * inputs, which made the browser restyle the input. A one-line
 * input is also its own layout boundary (visits.css, `.typed-line`): a letter
 * lays out the input, not the page. The placeholder is an attribute only
 * while the input is empty: Chromium restyles an input's placeholder at every
 * keystroke, shown or not (a style recalculation per key).
 *
 * Each input is alone in a form of its own (`typed-form`, never sent: Enter and the browser's checks
 * are held back). At each change of a field outside any form, Chromium's autofill agent reads every
 * formless control of the page again (the section's fields, the drawer's switches): 0.83 ms of its
 * task per key in the visit's page frozen, 0.46 with the typed input alone in a form, 0.41 in the
 * blank page (37th session, unthrottled); at 4×, the typing p95 went from 1.38 to 1.19 times the
 * blank page's in the same run, as that task no longer crowds the next keys.
 *
 * Every control of a visit says `autocomplete="off"` (FORM_STATE_OFF): Chromium
 * otherwise saves the state of each form control of the page into the history
 * entry at every navigation, `history.pushState` included, unless the control
 * opts out of autocomplete. With 20,000 inputs a pushState took 150–300 ms, and
 * 15–25 ms with the opt-out (scratch page, unthrottled); a visit's answers are
 * kept by its draft, never by the browser's form restore or autofill.
 */
import { useLayoutEffect, useRef, type FormEvent, type HTMLAttributes } from 'react';
import { useStableCallback } from '../../ui/use-stable-callback';
import { takeTyping } from './typing-capture';

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

/** The input's own form is never sent: Enter in a one-field form would otherwise submit it (a reload). */
const heldBack = (event: FormEvent) => event.preventDefault();

/**
 * The placeholder shown by the empty input, and no placeholder attribute at all once it has text (see
 * above). A number input's value is '' too while its text is not a number yet ('-', '1e').
 */
function placeholderWhenEmpty(input: Typed, placeholder: string | undefined): void {
  const wanted = input.value === '' && !input.validity.badInput ? placeholder : undefined;
  if (wanted) {
    if (input.getAttribute('placeholder') !== wanted) input.setAttribute('placeholder', wanted);
  } else if (input.hasAttribute('placeholder')) input.removeAttribute('placeholder');
}

export function TypedInput({ as = 'input', value, clean = same, onType, className, placeholder, ...rest }: Props) {
  const ref = useRef<Typed>(null);
  // The text handler below is registered once: it calls the latest render's functions.
  const cleanNow = useStableCallback(clean);
  const typeNow = useStableCallback(onType);
  const placeholderNow = useStableCallback(() => placeholder);
  useLayoutEffect(() => {
    const input = ref.current;
    if (!input) return;
    if (document.activeElement !== input && clean(input.value) !== value) input.value = value;
    placeholderWhenEmpty(input, placeholder);
  }, [value, clean, placeholder]);
  useLayoutEffect(() => {
    const input = ref.current;
    if (!input) return;
    return takeTyping(input, () => {
      const kept = cleanNow(input.value);
      if (kept !== input.value) input.value = kept;
      placeholderWhenEmpty(input, placeholderNow());
      typeNow(kept);
    });
  }, [cleanNow, typeNow, placeholderNow]);
  return (
    <form className="typed-form" noValidate onSubmit={heldBack}>
      {as === 'textarea' ? (
        <textarea ref={ref} defaultValue={value} className={className} {...FORM_STATE_OFF} {...rest} />
      ) : (
        <input ref={ref} defaultValue={value} className={className ? `typed-line ${className}` : 'typed-line'} {...FORM_STATE_OFF} {...rest} />
      )}
    </form>
  );
}
