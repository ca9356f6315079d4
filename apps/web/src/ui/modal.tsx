import { useEffect, useRef, type MouseEvent, type ReactNode, type RefObject } from 'react';

export interface ModalProps {
  /** Whether the dialog is shown, as a modal: the rest of the page is inert and focus stays inside. */
  open: boolean;
  /** Escape, a click outside the box, or a close by the browser: the caller sets `open` to false (or unmounts the modal). */
  onClose: () => void;
  /** The id of the heading that names the dialog. */
  labelledBy: string;
  describedBy?: string;
  /** While a call runs: Escape and a click outside leave the dialog open. */
  busy?: boolean;
  /** Whether a click outside the box closes the dialog (a form with unsaved edits may keep it). */
  closeOnOutsideClick?: boolean;
  /** Where focus starts; otherwise where the browser puts it. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The whole screen, edge to edge and dark, instead of a box (a car's photos full screen). */
  fullScreen?: boolean;
  children: ReactNode;
}

/**
 * The one modal of the app: a native <dialog> shown with `showModal()`, so the browser traps focus and
 * Escape closes it; focus returns to what had it before (the button that opened it) when it closes.
 */
export function Modal({ open, onClose, labelledBy, describedBy, busy = false, closeOnOutsideClick = true, initialFocus, fullScreen = false, children }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement;
      dialog.showModal();
      initialFocus?.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, initialFocus]);

  // Leaving the page while the dialog is open must not leave the document inert.
  useEffect(() => {
    const dialog = dialogRef.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    // The <dialog> fills the screen behind the box: a click on it (not on the box) is a click outside.
    if (closeOnOutsideClick && event.target === event.currentTarget && !busy) onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className={fullScreen ? 'modal' : 'modal modal-bottom sm:modal-middle'}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={() => {
        const opener = openerRef.current;
        openerRef.current = null;
        if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
        // Closed by the browser (Escape) while the caller still shows it: tell the caller.
        if (open) onClose();
      }}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onClick={onBackdropClick}
    >
      <div className={fullScreen ? 'modal-box h-dvh max-h-none! w-screen max-w-none! rounded-none! bg-neutral p-0 text-neutral-content' : 'modal-box'}>{children}</div>
    </dialog>
  );
}
