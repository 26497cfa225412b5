/**
 * A modal dialog shown while `open`: the rest of the page is inert (out of
 * reach of pointer, keyboard and screen readers), focus goes to its first
 * control and back to where it was on closing, Escape cancels, the title is
 * its accessible name. The confirmations, the echopark filters, the visit's
 * files and the sign-out warning are built on it.
 *
 * Not `showModal()`: in a large visit's page (issue 22), opening a modal
 * dialog cost 8–31 ms and closing it 5–11 ms at 4× (9–10 ms each at 1× in the
 * pause's profile), the browser re-checking the whole page for the top layer,
 * against 1–3.5 ms for `show()` and 1–7 ms for making the rest inert (measured
 * in the same page). So the dialog is shown non-modal in a layer of its own
 * under <body> (above the app, with the backdrop's shade), `aria-modal`, and
 * the layer's siblings get `inert` until it closes (modal-layers.ts).
 *
 * The layer is the portal's own container, under <body> only while the dialog
 * is open, never <body> itself: React listens for every event type on a
 * portal's container and never takes them off, and with <body> as one it
 * dispatched each key, click and input anywhere in the app a second time (12
 * more calls per key typed in an input; issue 22, docs/measurements.md).
 */
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { coverPage } from './modal-layers';

export interface ModalDialogProps {
  open: boolean;
  title: string;
  onCancel(): void;
  /** Called each time the dialog opens (a form resets to the current values). */
  onOpen?(): void;
  children: ReactNode;
}

export function ModalDialog({ open, title, onCancel, onOpen, children }: ModalDialogProps) {
  const [layer] = useState(() => Object.assign(document.createElement('div'), { className: 'dialog-layer' }));
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Before the paint: the layer never shows without its dialog.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    document.body.append(layer);
    onOpen?.();
    // Shown first: the dialog remembers the control that had focus (it gets it back on closing)
    // before that control becomes inert, and takes the focus.
    dialog.show();
    const uncover = coverPage(layer);
    return () => {
      // The page given back first, so that the focus can return to it; also when the screen goes with the dialog open.
      uncover();
      dialog.close();
      layer.remove();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- opening is what matters, not a new onOpen
  }, [open]);
  return createPortal(
    <dialog
      ref={ref}
      className="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      // A non-modal dialog hears no close request by default: with this, Android's back gesture cancels
      // it as it did a modal one. Escape is handled below too, for browsers without `closedby` (a
      // handled keydown sends no close request, so it cancels once).
      closedby="closerequest"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        e.preventDefault();
        onCancel();
      }}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>,
    layer,
  );
}
