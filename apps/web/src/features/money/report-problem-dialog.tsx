import { useRef, useState } from 'react';
import type { ReportProblemBody } from '@second-gear/contract';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { SelectField, TextAreaField } from '../../ui/form-field.tsx';
import { moneyLimits, problemReasonLabels } from './money-constants.ts';

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
  const detailsRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState<Reason | ''>('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; details?: string }>({});
  const [wasOpen, setWasOpen] = useState(false);
  // Empty each time the dialog opens, for the payment it is about.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setReason('');
      setDetails('');
      setErrors({});
    }
  }

  const submit = () => {
    if (reason === '' || details.trim() === '') {
      setErrors({
        ...(reason === '' ? { reason: 'Reason is required' } : {}),
        ...(details.trim() === '' ? { details: 'Details are required' } : {}),
      });
      (reason === '' ? reasonRef : detailsRef).current?.focus();
      return;
    }
    onSubmit({ reason, details: details.trim() });
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
        error={errors.reason}
        onChange={(event) => {
          setReason(event.target.value as Reason);
          setErrors(({ details: detailsError }) => (detailsError ? { details: detailsError } : {}));
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
        ref={detailsRef}
        label="Details"
        name="details"
        required
        rows={4}
        maxLength={moneyLimits.details}
        hint={`What happened, for the admin who decides (up to ${moneyLimits.details} characters).`}
        value={details}
        error={errors.details}
        onChange={(event) => {
          setDetails(event.target.value);
          setErrors(({ reason: reasonError }) => (reasonError ? { reason: reasonError } : {}));
        }}
      />
    </FormDialog>
  );
}
