import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Product } from '@second-gear/contract';
import { maxReportNoteLength, reportReasons, type ReportReason } from '@second-gear/contract/constants';
import { ApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { SelectField, TextAreaField } from '../../ui/form-field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { FormDialogActions } from '../../ui/form-dialog-actions.tsx';
import { sendReport } from './api.ts';

type ReportedCar = Pick<Product, '_id' | 'productName'>;

export interface ReportDialogProps {
  product: ReportedCar;
  /** Cancel, Escape, a click outside the box, or the report was sent (or had been sent before). */
  onClose: () => void;
}

function isReason(value: string): value is ReportReason {
  return (reportReasons as readonly string[]).includes(value);
}

/**
 * A buyer reports a listing to the admins: the app's modal with a Reason and an optional Note. Shown
 * while mounted; kept open while the report is being sent.
 */
export function ReportDialog({ product, onClose }: ReportDialogProps) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);

  const report = useMutation({
    mutationFn: (reasonChosen: ReportReason) => sendReport({ productId: product._id, reason: reasonChosen, note: note.trim() }),
    onSuccess: () => {
      toast.success('Thanks, the report was sent to our team.');
      onClose();
    },
    onError: (error) => {
      toast.error(errorMessage(error));
      // Already reported: nothing more to send. Anything else: the buyer may try again.
      if (error instanceof ApiError && error.status === 409) onClose();
    },
  });
  const busy = report.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!isReason(reason)) {
      setReasonError('Reason is Required');
      return;
    }
    report.mutate(reason);
  };

  return (
    <Modal open onClose={onClose} labelledBy={titleId} busy={busy}>
      <h2 id={titleId} className="text-lg font-bold">
        Report {product.productName}
      </h2>
      <p className="mt-1 text-sm text-base-content/70">Tell our team what is wrong with this listing.</p>
      <form className="mt-4 flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <SelectField
          label="Reason"
          name="reason"
          value={reason}
          error={reasonError}
          required
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(undefined);
          }}
        >
          <option value="" disabled>
            Choose a reason
          </option>
          {reportReasons.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Note"
          name="note"
          rows={3}
          maxLength={maxReportNoteLength}
          hint={`Optional, up to ${maxReportNoteLength} characters.`}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <FormDialogActions submitLabel="Send Report" busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}

export interface ReportButtonProps {
  product: ReportedCar;
  /** A visitor's press: asks them to sign in instead of opening the dialog. */
  onPress?: (() => void) | undefined;
  /** Open at once: the buyer pressed Report as a visitor and has just signed in. */
  startOpen?: boolean;
}

/**
 * The Report button of a product card's action row, for buyers (and visitors, who are asked to sign
 * in first): the page passes the card's `report` only to them (one role lookup for the page, not one
 * per card). Its dialog opens in place.
 */
export function ReportButton({ product, onPress, startOpen = false }: ReportButtonProps) {
  const [open, setOpen] = useState(startOpen);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // Back to the Report button once the dialog has gone (while it is shown, the rest of the page is inert).
  useEffect(() => {
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <>
      {/* 44 px tall like every action of the card. */}
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost h-11 min-h-11 px-2 text-base-content/80 lg:px-3"
        aria-haspopup="dialog"
        onClick={onPress ?? (() => setOpen(true))}
      >
        Report
      </button>
      {open ? <ReportDialog product={product} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
