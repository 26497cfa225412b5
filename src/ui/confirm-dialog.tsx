/**
 * A confirmation asked in a native modal <dialog>: focus is trapped and
 * restored by the browser, Escape cancels, the question is its label.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { fr } from '../i18n/fr';
import { Button } from './controls';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
  /** Extra actions shown before the buttons (e.g. an export link). */
  extra?: ReactNode;
}

export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel = fr.cancel, danger, onConfirm, onCancel, extra }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div className="dialog__body">{children}</div>
      {extra}
      <div className="dialog__actions">
        <Button variant="ghost" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
