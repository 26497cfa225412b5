/**
 * 'Mettre la visite en pause ?' / 'Terminer la visite ?' (spec part 2 §4.2),
 * and what follows the confirmation. The dialog keeps its own state, opened
 * through `openRef`: opening it renders the dialog, not the visit's screen
 * (drawer, tree, section), which in a 20,000-field visit was most of the
 * opening's task (issue 22). A pause asks for nothing of the forms when it
 * opens; an end lists the required fields left empty (MissingList), from the
 * forms settled by the caller.
 */
import { memo, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from '@tanstack/react-router';
import { yieldToPage, type VisitCopyMeta, type VisitData } from '../../../sync/index';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { afterPaint, whenIdle } from '../../ui/after-paint';
import { MissingList } from './required-fields';
import type { useVisitActions } from './use-visits';
import { visitTexts as t } from './texts';

export type ClosingMode = 'draft' | 'terminate';

/** Once the list is painted, the send waits for the page to be idle at most this long. */
const SEND_IDLE_WAIT_MS = 1000;

interface Props {
  /** Set by the dialog: opens it in a mode. */
  openRef: RefObject<((mode: ClosingMode) => void) | null>;
  visitId: number;
  copy: VisitCopyMeta;
  forms: VisitData;
  /** The forms with every answer typed so far (use-visit-editor.ts). */
  latestForms(): VisitData | null;
  /** The draft lets the data go: no more autosave. */
  handOver(): void;
  /** Queues the visit; its send waits for `sendAfter`. */
  close: ReturnType<typeof useVisitActions>['close'];
  /** The visit's column, closed to typing from the confirmation until the screen leaves. */
  editing: RefObject<HTMLElement | null>;
  /** Empties the screen (called inside flushSync, so that the paint awaited next is that of the empty screen). */
  onLeaving(): void;
  onOpenSection(sectionId: string): void;
}

export const ClosingDialog = memo(function ClosingDialog({
  openRef,
  visitId,
  copy,
  forms,
  latestForms,
  handOver,
  close,
  editing,
  onLeaving,
  onOpenSection,
}: Props) {
  const navigate = useNavigate();
  const [closing, setClosing] = useState<ClosingMode | null>(null);
  // Confirmed, the dialog stays up until the click is painted: a second click then does nothing.
  const confirmed = useRef(false);
  useLayoutEffect(() => {
    openRef.current = (mode) => {
      confirmed.current = false;
      setClosing(mode);
    };
    return () => void (openRef.current = null);
  }, [openRef]);

  const confirm = () => {
    const mode = closing;
    if (!mode || confirmed.current) return;
    confirmed.current = true;
    // Closed to typing at once: what would be typed from now on would follow the data handed over. Set
    // on the element, not through a render (on the pause's path).
    editing.current?.setAttribute('inert', '');
    // Each step in its own task, after a paint: the click (the browser's own handling of it is 30-40 ms
    // of a task on a slow phone); the dialog closes (the focus going back lays the page out); the draft
    // lets the data go, with what was typed just before the click (settled, not only what was last
    // rendered), which renders the screen once more; the visit is queued; this screen leaves (its
    // sections and tree unmount); then the list comes (a navigation on an unpainted page lays it out).
    // The data is sent once the list is painted and the page idle: the upload does not share the
    // phone's cores with the way there.
    let listShown!: () => void;
    const sendAfter = new Promise<void>((resolve) => (listShown = resolve));
    afterPaint(() => {
      setClosing(null);
      afterPaint(() => {
        const latest = latestForms() ?? forms;
        handOver();
        afterPaint(
          () =>
            void close(visitId, mode, copy, latest, sendAfter).then(async (ok) => {
              // Not queued (said by the handler): the visit stays here, open to typing again.
              if (!ok) {
                listShown();
                return editing.current?.removeAttribute('inert');
              }
              // In a task of its own (not that of the store's answer, which may carry other work), emptied
              // there and not in React's next task: the paint awaited next is then that of the empty screen.
              await yieldToPage();
              flushSync(onLeaving);
              afterPaint(() => void navigate({ to: '/visites' }).finally(() => afterPaint(() => whenIdle(listShown, SEND_IDLE_WAIT_MS))));
            }),
        );
      });
    });
  };

  return (
    <ConfirmDialog
      open={closing !== null}
      title={closing === 'terminate' ? t.terminateTitle : t.pauseTitle}
      confirmLabel={closing === 'terminate' ? t.terminate : t.pause}
      onCancel={() => setClosing(null)}
      onConfirm={confirm}
    >
      <p>{t.closeText(navigator.onLine)}</p>
      {closing === 'terminate' ? <MissingList forms={forms} onOpen={(sectionId) => (onOpenSection(sectionId), setClosing(null))} /> : null}
    </ConfirmDialog>
  );
});
