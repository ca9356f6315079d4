import { useRef, useState } from 'react';
import { maxDeclineReasonLength } from '@second-gear/contract/constants';
import { fromDateTimeLocal, toDateTimeLocal } from '../../lib/format.ts';
import { TextAreaField, TextField } from '../../ui/form-field.tsx';
import { FormDialog } from '../../ui/form-dialog.tsx';

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
export function TimeDialog({ initial, label, onSubmit, confirmLabel, ...frame }: TimeDialogProps) {
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
    <FormDialog {...frame} submitLabel={confirmLabel} onSubmit={submit} initialFocus={fieldRef}>
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
    </FormDialog>
  );
}

export interface DeclineDialogProps {
  open: boolean;
  about: string;
  /** For a paid booking whose money is held: what the buyer gets back (`$31,000`), refunded in full on Decline. */
  refund?: string | undefined;
  busy: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}

/** Decline, with an optional `Reason` the buyer reads; a paid booking's payment is refunded. */
export function DeclineDialog({ onSubmit, about, refund, ...frame }: DeclineDialogProps) {
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [wasOpen, setWasOpen] = useState(false);
  if (frame.open !== wasOpen) {
    setWasOpen(frame.open);
    if (frame.open) setReason('');
  }
  return (
    <FormDialog
      {...frame}
      about={refund ? `${about}. The buyer's payment of ${refund} will be refunded in full.` : about}
      title="Decline this booking?"
      submitLabel="Decline"
      onSubmit={() => onSubmit(reason.trim())}
      initialFocus={fieldRef}
    >
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
    </FormDialog>
  );
}
