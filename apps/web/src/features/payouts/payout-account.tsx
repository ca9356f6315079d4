import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { PayoutsView } from '@second-gear/contract';
import { errorMessage } from '../../lib/errors.ts';
import { formatCents } from '../../lib/format.ts';
import { startPayoutAccount } from './api.ts';
import { accountAction, accountStatusText, feeText, waitingCents } from './payout-words.ts';
import { BusyButton } from '../../ui/busy-button.tsx';

/**
 * The top of Payouts: the platform's fee, the payout account and its button, and a notice when
 * released money waits for an account that can receive. A placeholder of the same height while it loads.
 */
export function PayoutAccount({ view, retry }: { view: PayoutsView | undefined; retry: boolean }) {
  // The button leads away (to Stripe, or this app's test form): it keeps its spinner until the page goes.
  const start = useMutation({
    mutationFn: startPayoutAccount,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (!view) return <div className="skeleton mb-6 h-36 w-full rounded-box" aria-hidden="true" />;

  const { status } = view.account;
  const action = accountAction[status];
  const waiting = waitingCents(view.sales, status);
  const going = start.isPending || start.isSuccess;
  return (
    <div className="mb-6 flex flex-col gap-4">
      {retry && action ? (
        <p role="status" className="alert alert-info">
          Setting up your payout account did not finish. Choose {action} to carry on.
        </p>
      ) : null}
      {waiting > 0 ? (
        <p role="status" className="alert alert-warning">
          {formatCents(waiting)} released to you is waiting for a payout account that can receive it.
        </p>
      ) : null}
      <section className="flex flex-col gap-3 rounded-box border border-base-200 bg-base-100 p-4 sm:flex-row sm:items-center sm:justify-between" aria-labelledby="payout-account-heading">
        <div className="min-w-0">
          <h2 id="payout-account-heading" className="text-lg font-semibold">
            Payout account
          </h2>
          <p data-testid="payout-account-status">{accountStatusText[status]}</p>
          <p className="text-sm text-base-content/70">{feeText(view.feePercent)}</p>
        </div>
        {action ? (
          <BusyButton busy={going} className="btn btn-primary shrink-0 max-sm:w-full" onClick={() => start.mutate()}>
            {action}
          </BusyButton>
        ) : null}
      </section>
    </div>
  );
}
