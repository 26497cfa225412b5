/**
 * Whether the app was started from the home screen (display-mode standalone). The answer is read
 * once and then kept up to date by the media query's change event: `matchMedia` called at each
 * render of the shell brought the page's style and layout into the middle of a click's task
 * (11.6 ms at 4× in a visit's pause), and reading `.matches` of a kept query still evaluated it
 * (3 ms at 4× in each navigation's render, issue 22).
 */
let installed: boolean | undefined;

export function isInstalled(): boolean {
  if (installed === undefined) {
    const standalone = typeof window.matchMedia === 'function' ? window.matchMedia('(display-mode: standalone)') : null;
    installed = standalone?.matches === true;
    standalone?.addEventListener?.('change', (event) => {
      installed = event.matches;
    });
  }
  return installed;
}
