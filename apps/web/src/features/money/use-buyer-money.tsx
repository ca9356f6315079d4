import { useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { HeldPayment, ReportProblemBody } from '@second-gear/contract';
import { errorMessage } from '../../lib/errors.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { confirmReceived, reportProblem } from './api.ts';
import { formatCents } from '../../lib/format.ts';
import { buyerMayAct } from './money-words.ts';
import { ReportProblemDialog } from './report-problem-dialog.tsx';

/** A row of My Orders or My Wishlist: a car and, once paid, where its money stands. */
export interface Purchase {
  productName: string;
  money?: HeldPayment | null | undefined;
}

interface Asking {
  action: 'received' | 'problem';
  money: HeldPayment;
  productName: string;
}

/**
 * The buyer's two actions on money held until the handover, for a list of purchases: `I have the
 * car` (released to the seller, after a confirmation) and `Report a problem` (an admin decides).
 * `refresh` reloads the list afterwards, whatever the answer: a refusal means the money moved meanwhile.
 */
export function useBuyerMoney(refresh: () => Promise<unknown>) {
  const [asking, setAsking] = useState<Asking | null>(null);
  // Kept while the dialog closes, so its text does not vanish under the closing animation.
  const [shown, setShown] = useState<Asking | null>(null);
  if (asking && asking !== shown) setShown(asking);

  const settle = async () => {
    setAsking(null);
    await refresh();
  };
  const received = useMutation({
    mutationFn: ({ money }: Asking) => confirmReceived(money.paymentId),
    onSuccess: (_payment, { productName }) => toast.success(`The payment for ${productName} is released to the seller`),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: settle,
  });
  const problem = useMutation({
    mutationFn: ({ asked, body }: { asked: Asking; body: ReportProblemBody }) => reportProblem(asked.money.paymentId, body),
    onSuccess: () => toast.success('Problem reported: an admin will decide'),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: settle,
  });
  const busy = received.isPending || problem.isPending;
  const close = () => {
    if (!busy) setAsking(null);
  };

  /** The buttons of a row whose money is held with no problem open; nothing otherwise. */
  const actions = (purchase: Purchase): ReactNode => {
    const { money, productName } = purchase;
    if (!buyerMayAct(money)) return null;
    return (
      <>
        <button type="button" className="btn btn-primary btn-sm whitespace-nowrap" disabled={busy} onClick={() => setAsking({ action: 'received', money, productName })}>
          I have the car
        </button>
        <button type="button" className="btn btn-outline btn-sm whitespace-nowrap" disabled={busy} onClick={() => setAsking({ action: 'problem', money, productName })}>
          Report a problem
        </button>
      </>
    );
  };

  const dialogs = (
    <>
      <ConfirmDialog
        open={asking?.action === 'received'}
        title="Do you have the car?"
        message={
          shown
            ? `${formatCents(shown.money.amount)} for ${shown.productName} goes to the seller now. This cannot be undone: say so only once the car is yours.`
            : ''
        }
        confirmLabel="I have the car"
        confirmClass="btn-primary"
        dismissLabel="Not yet"
        busy={received.isPending}
        onConfirm={() => asking && received.mutate(asking)}
        onClose={close}
      />
      <ReportProblemDialog
        open={asking?.action === 'problem'}
        productName={shown?.productName ?? ''}
        busy={problem.isPending}
        onClose={close}
        onSubmit={(body) => asking && problem.mutate({ asked: asking, body })}
      />
    </>
  );

  return { actions, dialogs };
}
