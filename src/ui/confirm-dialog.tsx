/**
 * A confirmation asked in a modal dialog (ui/modal-dialog.tsx): the question
 * is its title and accessible name, Escape cancels.
 */
import type { ReactNode } from 'react';
import { ModalDialog } from './modal-dialog';
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
  return (
    <ModalDialog open={open} title={title} onCancel={onCancel}>
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
    </ModalDialog>
  );
}
