import { useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { HeldPayment } from '@second-gear/contract';
import { errorMessage } from '../../lib/errors.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { TextAreaField } from '../../ui/form-field.tsx';
import { useRequiredText } from '../../ui/use-required-text.ts';
import { cancelSale } from './api.ts';
import { moneyLimits } from '@second-gear/contract/constants';
import { formatCents } from '../../lib/format.ts';

/** A sale on the seller's Booking Requests: the car, its buyer and, once paid, where the money stands. */
export interface Sale {
  productName: string;
  buyerName: string;
  money?: HeldPayment | null | undefined;
}

interface Cancelling {
  money: HeldPayment;
  productName: string;
  buyerName: string;
}

/**
 * The seller's `Cancel sale` while the money is held: the buyer is refunded in full and the car goes
 * back on the market. A `Reason` is required: the buyer reads it. `refresh` reloads the list afterwards.
 */
export function useCancelSale(refresh: () => Promise<unknown>) {
  const reason = useRequiredText('Reason is required');
  const [open, setOpen] = useState<Cancelling | null>(null);
  const [shown, setShown] = useState<Cancelling | null>(null);
  if (open && open !== shown) {
    setShown(open);
    reason.reset();
  }

  const cancel = useMutation({
    mutationFn: ({ sale, reason: why }: { sale: Cancelling; reason: string }) => cancelSale(sale.money.paymentId, { reason: why }),
    onSuccess: (_payment, { sale }) => toast.success(`Sale cancelled: ${sale.buyerName} is refunded in full`),
    onError: (err) => toast.error(errorMessage(err)),
    onSettled: async () => {
      setOpen(null);
      await refresh();
    },
  });
  const close = () => {
    if (!cancel.isPending) setOpen(null);
  };
  const submit = () => {
    const why = reason.take();
    if (open && why) cancel.mutate({ sale: open, reason: why });
  };

  /** The row's button while its money is held; nothing otherwise. */
  const button = ({ money, productName, buyerName }: Sale): ReactNode =>
    money?.state === 'held' ? (
      <button type="button" className="btn btn-error btn-outline btn-sm whitespace-nowrap" disabled={cancel.isPending} onClick={() => setOpen({ money, productName, buyerName })}>
        Cancel sale
      </button>
    ) : null;

  const dialog = (
    <FormDialog
      open={open !== null}
      title="Cancel this sale?"
      about={
        shown
          ? `${shown.productName}, paid by ${shown.buyerName}: ${shown.buyerName} is refunded ${formatCents(shown.money.amount)} in full and the car goes back on the market.`
          : ''
      }
      submitLabel="Cancel sale"
      dismissLabel="Keep the sale"
      busy={cancel.isPending}
      onClose={close}
      onSubmit={submit}
      initialFocus={reason.field.ref}
    >
      <TextAreaField label="Reason" name="reason" rows={3} maxLength={moneyLimits.reason} hint="The buyer reads it." {...reason.field} />
    </FormDialog>
  );

  return { button, dialog };
}
