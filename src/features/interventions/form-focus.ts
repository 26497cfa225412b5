/**
 * After a refused submit the focus goes to the first invalid field, so a
 * keyboard or screen-reader user lands on what to fix. A field may be a group
 * (radio list, tree): then its checked choice, else its first control.
 */
export function focusField(id: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  const control = element.matches('input, textarea, select, button')
    ? element
    : element.querySelector<HTMLElement>('input:checked, input, textarea, select, button');
  control?.focus();
}

/** The ids a field's aria-describedby names: its own error, or the one its message is written beside. */
export const errorId = (fieldId: string) => `${fieldId}-error`;
