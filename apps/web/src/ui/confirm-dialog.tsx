import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { Spinner } from './spinner.tsx';

export interface ConfirmDeleteProps {
  /** Whether the dialog is shown (as a modal: the rest of the page is inert, focus stays inside). */
  open: boolean;
  /** The name in 'If you Delete {itemName} It Cannot be Undone.'. */
  itemName: string;
  /** Delete was chosen; the caller runs the delete and closes the dialog (set `open` to false). */
  onConfirm: () => void;
  /** Cancel, Escape or a click outside the box: the caller sets `open` to false. */
  onClose: () => void;
  /** While the delete runs: both buttons are disabled and Delete shows a spinner. */
  busy?: boolean;
}

/**
 * The delete dialog shown before every delete (specification section 8).
 * A native modal <dialog>: focus is trapped by the browser, Escape closes it,
 * and focus returns to the button that opened it.
 */
export function ConfirmDelete({ open, itemName, onConfirm, onClose, busy = false }: ConfirmDeleteProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();
  // Keep the last name while the dialog closes, so the text does not change under the closing animation.
  const [shownName, setShownName] = useState(itemName);
  if (open && itemName !== shownName) setShownName(itemName);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // Focus starts on Cancel, the safe choice.
      cancelRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Closing the page while the dialog is open must not leave the document inert.
  useEffect(() => {
    const dialog = dialogRef.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    // The <dialog> fills the screen behind the box: a click on it (not on the box) is a click outside.
    if (event.target === event.currentTarget && !busy) onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onClose={() => {
        if (open) onClose();
      }}
      onCancel={(event) => {
        // Escape: keep the dialog while the delete runs; otherwise let it close.
        if (busy) event.preventDefault();
      }}
      onClick={onBackdropClick}
    >
      <div className="modal-box">
        <h2 id={titleId} className="text-lg font-bold">
          Are You Sure You Want to Delete?
        </h2>
        <p id={messageId} className="py-4">
          If you Delete {shownName} It Cannot be Undone.
        </p>
        <div className="modal-action">
          <button type="button" className="btn btn-error" onClick={onConfirm} disabled={busy}>
            {busy ? <Spinner size="loading-sm" label="" /> : null}
            Delete
          </button>
          <button ref={cancelRef} type="button" className="btn btn-outline" onClick={onClose} disabled={busy}>
            Cancel
          </button>
        </div>
      </div>
    </dialog>
  );
}
