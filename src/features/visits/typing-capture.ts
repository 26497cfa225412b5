/**
 * The typing events of a visit's text inputs (typed-input.tsx), taken at the
 * window's capture phase, before anything else hears them (issue 22: a
 * keystroke costs what the browser costs). React listens at its root in both
 * phases for every event type: stopped at the input, an event had already run
 * React's capture listener (six calls per key; with ui/modal-dialog.tsx's fix,
 * the field's script per key went from 0.66–0.68 to 0.53–0.61 ms at 1×). Taken
 * here, it reaches no other listener, and the input's own text handler is
 * called from here. Stopping an event's propagation does not stop what the
 * browser does with it: the letter is still inserted.
 *
 * A keydown is taken only for a key that types text (typesText): Escape,
 * Enter, Tab and the shortcuts go on (Escape closes menus and dialogs).
 * Nothing else in the app listens to the others on these inputs.
 *
 * Once its text is wider than the input, each key scrolls the input by a
 * letter: its `scroll` and `scrollend` reached React's root (capture phase,
 * where React listens to them for every element) and the router's scroll
 * restoration (the document, capture phase): at 4×, the typing p50 went from
 * 1.34 to 1.29 times the blank page's in the same run (37th session). Taken here too:
 * an input's own scroll position is nothing to restore. `beforeinput` is left
 * alone: nothing listens to it (React's onBeforeInput comes from keypress and
 * textInput), so it reaches no script at all.
 */
const TYPING = [
  'keydown',
  'keypress',
  'textInput',
  'input',
  'keyup',
  'change',
  'selectionchange',
  'scroll',
  'scrollend',
  'compositionstart',
  'compositionupdate',
  'compositionend',
];

/** Each typed input's text handler, by input. */
const typedInputs = new WeakMap<EventTarget, () => void>();

/**
 * A keydown that only types text: a character without Ctrl, Alt or Meta, or a key of an input method
 * (an Android keyboard's keys come as 'Unidentified' or 'Process'). A keydown without a key (some
 * password managers send one) goes on.
 */
const typesText = ({ key, isComposing, ctrlKey, metaKey, altKey }: KeyboardEvent) =>
  typeof key === 'string' && (isComposing || key === 'Unidentified' || key === 'Process' || (key.length === 1 && !ctrlKey && !metaKey && !altKey));

function take(event: Event): void {
  const onText = event.target === null ? undefined : typedInputs.get(event.target);
  if (onText === undefined) return;
  if (event.type === 'keydown' && !typesText(event as KeyboardEvent)) return;
  event.stopPropagation();
  if (event.type === 'input') onText();
}

/** Typed inputs on screen: the window listens only while there is one (other screens' keys are not looked at). */
let onScreen = 0;

/** Takes `input`'s typing events from now on; `onText` runs on each `input` event. Returns the function that gives them back. */
export function takeTyping(input: HTMLInputElement | HTMLTextAreaElement, onText: () => void): () => void {
  if (onScreen++ === 0) for (const type of TYPING) window.addEventListener(type, take, true);
  typedInputs.set(input, onText);
  return () => {
    typedInputs.delete(input);
    if (--onScreen === 0) for (const type of TYPING) window.removeEventListener(type, take, true);
  };
}
