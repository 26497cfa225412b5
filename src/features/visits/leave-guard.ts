/**
 * Spec part 2 §2.4 and §5: leaving the visit detail (or the fiche) while the
 * started visit has pending changes saves first; if the save fails, the
 * navigation is cancelled and the user stays. A router blocker catches every
 * way out inside the app — the screen's own buttons, the nav bar, the
 * browser's back and forward — not only the screen's buttons. Closing the tab
 * is covered by the draft itself (pagehide writes, a reload resumes autosave),
 * so no browser "leave this page?" prompt is shown.
 */
import { useBlocker } from '@tanstack/react-router';

export function useSaveBeforeLeaving(editor: { dirty: boolean; save: () => Promise<boolean> }): void {
  useBlocker({
    // Blocks (true) only when the save failed; handleError has told the user why.
    shouldBlockFn: async () => !(await editor.save()),
    enableBeforeUnload: false,
    disabled: !editor.dirty,
  });
}
