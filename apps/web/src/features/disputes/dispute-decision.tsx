import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { DisputeRow } from '@second-gear/contract';
import { errorMessage } from '../../lib/errors.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { TextAreaField } from '../../ui/form-field.tsx';
import { useRequiredText } from '../../ui/use-required-text.ts';
import { moneyLimits } from '@second-gear/contract/constants';
import { formatCents } from '../../lib/format.ts';
import { decideDispute, disputesKey } from './api.ts';

type Decision = 'refund' | 'release';

const decided: Record<Decision, string> = { refund: 'Buyer refunded', release: 'Released to the seller' };

/**
 * The admin's decision on an open case: a `Note` both parties receive, then `Refund buyer` or
 * `Release to seller`, each confirmed first, since neither can be undone.
 */
export function DisputeDecision({ dispute }: { dispute: DisputeRow }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const note = useRequiredText('Note is required');
  const [asking, setAsking] = useState<Decision | null>(null);
  // Kept while the dialog closes, so its text does not change under the closing animation.
  const [shown, setShown] = useState<Decision>('refund');
  if (asking && asking !== shown) setShown(asking);

  const decide = useMutation({
    mutationFn: (decision: Decision) => decideDispute(dispute.id, { decision, note: note.field.value.trim() }),
    onSuccess: (_row, decision) => {
      toast.success(decided[decision]);
      note.reset();
    },
    // Refused when the money moved meanwhile: the case shows how it stands after the refetch.
    onError: (err) => toast.error(errorMessage(err)),
    onSettled: async () => {
      setAsking(null);
      await queryClient.invalidateQueries({ queryKey: disputesKey });
    },
  });

  const ask = (decision: Decision) => {
    if (note.take()) setAsking(decision);
  };

  const amount = formatCents(dispute.amount);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-box border border-base-200 bg-base-100 p-4 sm:p-6">
      <h2 id={headingId} className="text-xl font-semibold">
        Decision
      </h2>
      <TextAreaField
        label="Note"
        name="note"
        rows={4}
        maxLength={moneyLimits.note}
        hint="Why you decide so: the buyer and the seller both receive it."
        disabled={decide.isPending}
        {...note.field}
      />
      <div className="flex flex-wrap gap-2 max-sm:flex-col">
        <button type="button" className="btn btn-outline btn-error" disabled={decide.isPending} onClick={() => ask('refund')}>
          Refund buyer
        </button>
        <button type="button" className="btn btn-primary" disabled={decide.isPending} onClick={() => ask('release')}>
          Release to seller
        </button>
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={shown === 'refund' ? 'Refund the buyer?' : 'Release the money to the seller?'}
        message={
          shown === 'refund'
            ? `${amount} goes back to ${dispute.buyerName}, and ${dispute.productName} goes back on the market. Both receive your note. This cannot be undone.`
            : `${amount} goes to ${dispute.sellerName}, less the platform's fee, and ${dispute.productName} is sold. Both receive your note. This cannot be undone.`
        }
        confirmLabel={shown === 'refund' ? 'Refund buyer' : 'Release to seller'}
        confirmClass={shown === 'refund' ? 'btn-error' : 'btn-primary'}
        busy={decide.isPending}
        onConfirm={() => asking && decide.mutate(asking)}
        onClose={() => !decide.isPending && setAsking(null)}
      />
    </section>
  );
}
