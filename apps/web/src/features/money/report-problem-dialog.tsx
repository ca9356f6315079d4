import { useRef, useState } from 'react';
import type { ReportProblemBody } from '@second-gear/contract';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { SelectField, TextAreaField } from '../../ui/form-field.tsx';
import { useRequiredText } from '../../ui/use-required-text.ts';
import { moneyLimits, problemReasonLabels } from '@second-gear/contract/constants';

type Reason = ReportProblemBody['reason'];
const reasons = Object.keys(problemReasonLabels) as Reason[];

export interface ReportProblemDialogProps {
  open: boolean;
  /** The car the payment is for. */
  productName: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (body: ReportProblemBody) => void;
}

/** The buyer's `Report a problem`: a `Reason` and the `Details` an admin reads before deciding. */
export function ReportProblemDialog({ open, productName, busy, onClose, onSubmit }: ReportProblemDialogProps) {
  const reasonRef = useRef<HTMLSelectElement>(null);
  const [reason, setReason] = useState<Reason | ''>('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const details = useRequiredText('Details are required');
  const [wasOpen, setWasOpen] = useState(false);
  // Empty each time the dialog opens, for the payment it is about.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setReason('');
      setReasonError(undefined);
      details.reset();
    }
  }

  const submit = () => {
    // Both messages at once; the focus goes to the first field with one.
    const text = details.take();
    if (reason === '') {
      setReasonError('Reason is required');
      reasonRef.current?.focus();
      return;
    }
    if (text) onSubmit({ reason, details: text });
  };

  return (
    <FormDialog
      open={open}
      title="Report a problem"
      about={`About ${productName}. The money stays held, and is not released on its own, until an admin decides: refund you or release it to the seller.`}
      submitLabel="Report a problem"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      initialFocus={reasonRef}
    >
      <SelectField
        ref={reasonRef}
        label="Reason"
        name="reason"
        required
        value={reason}
        error={reasonError}
        onChange={(event) => {
          setReason(event.target.value as Reason);
          setReasonError(undefined);
        }}
      >
        <option value="" disabled>
          Choose a reason
        </option>
        {reasons.map((value) => (
          <option key={value} value={value}>
            {problemReasonLabels[value]}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Details"
        name="details"
        rows={4}
        maxLength={moneyLimits.details}
        hint={`What happened, for the admin who decides (up to ${moneyLimits.details} characters).`}
        {...details.field}
      />
    </FormDialog>
  );
}
