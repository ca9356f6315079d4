import { BusyButton } from './busy-button.tsx';

export interface FormDialogActionsProps {
  /** The form's submit button text (`Send Report`, `Confirm Meeting`). */
  submitLabel: string;
  /** While the form's request runs: both buttons are disabled and the submit button shows a spinner. */
  busy: boolean;
  onCancel: () => void;
  /** The safe choice's text, when "Cancel" would read as the action itself (`Cancel sale`). */
  dismissLabel?: string;
  /** The submit button's look: red for what cannot be undone. */
  submitClass?: string;
}

/** The foot of a form in the app's modal: its submit button, then Cancel (or the given safe choice). */
export function FormDialogActions({ submitLabel, busy, onCancel, dismissLabel = 'Cancel', submitClass = 'btn-primary' }: FormDialogActionsProps) {
  return (
    <div className="modal-action mt-2">
      <BusyButton busy={busy} type="submit" className={`btn ${submitClass}`}>
        {submitLabel}
      </BusyButton>
      <button type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
        {dismissLabel}
      </button>
    </div>
  );
}
