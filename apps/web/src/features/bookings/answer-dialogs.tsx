import { useId, useRef, useState, type FormEvent } from 'react';
import { maxDeclineReasonLength } from '@second-gear/contract/constants';
import { fromDateTimeLocal, toDateTimeLocal } from '../../lib/format.ts';
import { TextAreaField, TextField } from '../../ui/form-field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { FormDialogActions } from '../../ui/form-dialog-actions.tsx';

interface DialogFrameProps {
  open: boolean;
  title: string;
  /** The car and the buyer, so the seller knows which booking they answer. */
  about: string;
  confirmLabel: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  initialFocus: React.RefObject<HTMLElement | null>;
  children: React.ReactNode;
}

/** An answer's form in the app's modal: the fields, the answer's button, and Cancel. */
function DialogFrame({ open, title, about, confirmLabel, busy, onClose, onSubmit, initialFocus, children }: DialogFrameProps) {
  const titleId = useId();
  const aboutId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} describedBy={aboutId} busy={busy} initialFocus={initialFocus}>
      <h2 id={titleId} className="text-lg font-bold">
        {title}
      </h2>
      <p id={aboutId} className="pt-2 text-base-content/80">
        {about}
      </p>
      <form className="mt-4 flex flex-col gap-4" onSubmit={submit} noValidate>
        {children}
        <FormDialogActions submitLabel={confirmLabel} busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}

export interface TimeDialogProps {
  open: boolean;
  title: string;
  about: string;
  /** The field's label: `Meeting Time` or `Proposed Time`. */
  label: string;
  confirmLabel: string;
  /** The time the field starts with (the buyer's wish, the meeting's time), ISO; or none. */
  initial: string | null;
  busy: boolean;
  onClose: () => void;
  /** The chosen time as ISO with the browser's offset. */
  onSubmit: (time: string) => void;
}

/** A date-and-time field (the browser's own picker) for Accept and Propose Time. */
export function TimeDialog({ initial, label, onSubmit, ...frame }: TimeDialogProps) {
  const fieldRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [wasOpen, setWasOpen] = useState(false);
  // Filled afresh each time the dialog opens, from the booking it answers.
  if (frame.open !== wasOpen) {
    setWasOpen(frame.open);
    if (frame.open) {
      setValue(initial ? toDateTimeLocal(initial) : '');
      setError(undefined);
    }
  }
  const submit = () => {
    const time = fromDateTimeLocal(value);
    if (!time) return setError(`${label} is Required`);
    if (Date.parse(time) <= Date.now()) return setError(`${label} cannot be in the past`);
    onSubmit(time);
  };
  return (
    <DialogFrame {...frame} onSubmit={submit} initialFocus={fieldRef}>
      <TextField
        ref={fieldRef}
        label={label}
        name="time"
        type="datetime-local"
        required
        min={toDateTimeLocal(new Date())}
        value={value}
        error={error}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
      />
    </DialogFrame>
  );
}

export interface DeclineDialogProps {
  open: boolean;
  about: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}

/** Decline, with an optional `Reason` the buyer reads. */
export function DeclineDialog({ onSubmit, ...frame }: DeclineDialogProps) {
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [wasOpen, setWasOpen] = useState(false);
  if (frame.open !== wasOpen) {
    setWasOpen(frame.open);
    if (frame.open) setReason('');
  }
  return (
    <DialogFrame {...frame} title="Decline this booking?" confirmLabel="Decline" onSubmit={() => onSubmit(reason.trim())} initialFocus={fieldRef}>
      <TextAreaField
        ref={fieldRef}
        label="Reason"
        name="reason"
        hint="Optional: the buyer reads it."
        rows={3}
        maxLength={maxDeclineReasonLength}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </DialogFrame>
  );
}
