import { useId, useRef, useState, type ReactNode } from 'react';
import { Modal } from './modal.tsx';
import { BusyButton } from './busy-button.tsx';

export interface ConfirmDialogProps {
  /** Whether the dialog is shown (as a modal: the rest of the page is inert, focus stays inside). */
  open: boolean;
  title: string;
  /** What the action does to the record, in a sentence or two. */
  message: ReactNode;
  /** The action's button text. */
  confirmLabel: string;
  /** The action's button look: red for what cannot be undone. */
  confirmClass?: string;
  /** The action was chosen; the caller runs it and closes the dialog (set `open` to false). */
  onConfirm: () => void;
  /** Cancel, Escape or a click outside the box: the caller sets `open` to false. */
  onClose: () => void;
  /** While the action runs: both buttons are disabled and the action's button shows a spinner. */
  busy?: boolean;
  /** The safe choice's text, when "Cancel" would read as the action itself (cancelling a booking). */
  dismissLabel?: string;
  /** A field to fill in before the action, under the message (the reason a reported car is deleted). */
  children?: ReactNode;
}

/**
 * A question before an action on a record, in the app's modal: focus starts on Cancel, the safe
 * choice, and returns to the button that opened it.
 */
export function ConfirmDialog({ open, title, message, confirmLabel, confirmClass = 'btn-error', onConfirm, onClose, busy = false, dismissLabel = 'Cancel', children }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} describedBy={messageId} busy={busy} initialFocus={cancelRef}>
      <h2 id={titleId} className="text-lg font-bold">
        {title}
      </h2>
      <p id={messageId} className="py-4">
        {message}
      </p>
      {children}
      <div className="modal-action">
        <BusyButton busy={busy} type="button" className={`btn ${confirmClass}`} onClick={onConfirm}>
          {confirmLabel}
        </BusyButton>
        <button ref={cancelRef} type="button" className="btn btn-outline" onClick={onClose} disabled={busy}>
          {dismissLabel}
        </button>
      </div>
    </Modal>
  );
}

/**
 * Keeps the last name while the dialog closes, so the text does not change under the closing
 * animation once the caller forgets the record.
 */
export function useShownName(open: boolean, itemName: string): string {
  const [shownName, setShownName] = useState(itemName);
  if (open && itemName !== shownName) setShownName(itemName);
  return shownName;
}

export interface ConfirmDeleteProps {
  open: boolean;
  /** The name in 'If you Delete {itemName} It Cannot be Undone.'. */
  itemName: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
  /** A field to fill in before deleting (the reason told to a reported car's seller). */
  children?: ReactNode;
}

/** The delete dialog shown before every delete (docs/product.md, "Deleting"). */
export function ConfirmDelete({ itemName, ...dialog }: ConfirmDeleteProps) {
  const shownName = useShownName(dialog.open, itemName);
  return (
    <ConfirmDialog
      {...dialog}
      title="Are You Sure You Want to Delete?"
      message={`If you Delete ${shownName} It Cannot be Undone.`}
      confirmLabel="Delete"
    />
  );
}
