/**
 * A native modal <dialog> shown while `open`: focus is trapped and restored
 * by the browser, Escape cancels, the title is its accessible name. The
 * confirmations, the echopark filters and the sign-out warning are built on it.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ModalDialogProps {
  open: boolean;
  title: string;
  onCancel(): void;
  /** Called each time the dialog opens (a form resets to the current values). */
  onOpen?(): void;
  children: ReactNode;
}

export function ModalDialog({ open, title, onCancel, onOpen, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      onOpen?.();
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- opening is what matters, not a new onOpen
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
      {children}
    </dialog>
  );
}
