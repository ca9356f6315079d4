import { useId, useRef, useState } from 'react';
import { Modal } from './modal.tsx';
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
 * The delete dialog shown before every delete (docs/product.md, "Deleting"), in the app's modal: focus
 * starts on Cancel, the safe choice, and returns to the button that opened it.
 */
export function ConfirmDelete({ open, itemName, onConfirm, onClose, busy = false }: ConfirmDeleteProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();
  // Keep the last name while the dialog closes, so the text does not change under the closing animation.
  const [shownName, setShownName] = useState(itemName);
  if (open && itemName !== shownName) setShownName(itemName);

  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} describedBy={messageId} busy={busy} initialFocus={cancelRef}>
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
    </Modal>
  );
}
