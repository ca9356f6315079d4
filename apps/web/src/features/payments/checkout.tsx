import { lazy, Suspense, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InsertResult, PaymentIntentResult } from '@second-gear/contract';
import { ApiError, isClientError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatPrice } from '../../lib/format.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { useAuth } from '../auth/index.ts';
import { ordersKey } from '../bookings/index.ts';
import { refreshCarLists } from '../catalog/index.ts';
import { wishlistKey } from '../wishlist/index.ts';
import type { ConfirmOutcome } from './api.ts';
import { Receipt, type BackTo } from './receipt.tsx';
import { TestCardForm } from './test-card-form.tsx';

// Stripe.js is only ever loaded when the server runs Stripe (a publishable key in the intent's answer).
const StripeCardForm = lazy(() => import('./stripe-card-form.tsx'));

export interface CheckoutProps {
  /** Identifies the payment intent request (one per page visit). */
  intentKey: readonly unknown[];
  createIntent: () => Promise<PaymentIntentResult>;
  /** Records the succeeded payment (`POST /payments` or `/wishlist-payments`). */
  record: (transactionId: string, billingEmail: string) => Promise<InsertResult>;
  /** The paid item's query: refetched when the intent is refused (409: paid or sold meanwhile). */
  itemKey: readonly unknown[];
  /** Where the buyer goes back to (My Orders or My Wishlist). */
  backTo: BackTo;
  /** What is paid for: the car and its price (the 'Please pay' line, then the receipt). */
  productName: string;
  price: number;
}

/** The payment just recorded: its transaction id and when the browser learned it was recorded. */
interface Recorded {
  transactionId: string;
  paidAt: string;
}

/** After a payment (or a refusal that means the car changed), every list that shows the car is stale. */
function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return () => {
    // The tables are not on screen: drop them, so they load afresh (Paid) instead of flashing the old Pay.
    queryClient.removeQueries({ queryKey: [...ordersKey, 'list'] });
    queryClient.removeQueries({ queryKey: [...wishlistKey, 'list'] });
    return Promise.all([
      // The item on this page is marked stale but not refetched, so the success text stays.
      queryClient.invalidateQueries({ queryKey: ordersKey, refetchType: 'none' }),
      queryClient.invalidateQueries({ queryKey: wishlistKey, refetchType: 'none' }),
      refreshCarLists(queryClient),
    ]);
  };
}

/**
 * The payment flow (docs/product.md, "Payment"): the intent is requested on load; Pay stays disabled
 * until its client secret has arrived and the card form is ready, and while a payment runs; the card
 * is confirmed with the billing name and email; on 'succeeded' the payment is recorded and the
 * success text shown; any error stops the payment and shows the message in red under the form.
 */
export function Checkout({ intentKey, itemKey, createIntent, record, backTo, productName, price }: CheckoutProps) {
  const { user } = useAuth();
  const billing = { name: user?.name ?? '', email: user?.email ?? '' };
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterPayment();
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The card was charged but recording the payment failed in a way worth retrying. */
  const [unrecorded, setUnrecorded] = useState<string | null>(null);
  /** Recording was refused for good (e.g. sold meanwhile: the payment was refunded). */
  const [refused, setRefused] = useState(false);
  const [recorded, setRecorded] = useState<Recorded | null>(null);

  const intent = useQuery({
    queryKey: ['payment-intent', ...intentKey],
    queryFn: async () => {
      try {
        return await createIntent();
      } catch (intentError) {
        // Paid or sold meanwhile: reload the item, so the page shows what it has become.
        if (intentError instanceof ApiError && intentError.status === 409) void queryClient.invalidateQueries({ queryKey: itemKey });
        throw intentError;
      }
    },
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const recordPayment = async (id: string) => {
    try {
      await record(id, billing.email);
      setUnrecorded(null);
      // The server stamps the payment when it records it, a moment before answering; the receipt's date
      // (a day, not a time) is the same. The item is not refetched here, so the success text stays.
      setRecorded({ transactionId: id, paidAt: new Date().toISOString() });
      await refresh();
    } catch (recordError) {
      setError(errorMessage(recordError));
      if (isClientError(recordError)) {
        setUnrecorded(null);
        setRefused(true);
        await refresh();
      } else {
        setUnrecorded(id);
      }
    }
  };

  const run = async (work: () => Promise<void>) => {
    if (processing) return;
    setProcessing(true);
    setError(null);
    try {
      await work();
    } catch (runError) {
      setError(errorMessage(runError));
    } finally {
      setProcessing(false);
    }
  };

  const onPay = (confirm: () => Promise<ConfirmOutcome>) =>
    void run(async () => {
      const outcome = await confirm();
      if (!outcome.ok) {
        setError(outcome.message);
        return;
      }
      await recordPayment(outcome.paymentIntentId);
    });

  if (recorded) {
    return (
      <Receipt
        announce
        productName={productName}
        price={price}
        paidAt={recorded.paidAt}
        transactionId={recorded.transactionId}
        backTo={backTo}
        headline={<p className="text-xl font-bold">Congrats! Your Payment has been Completed</p>}
      />
    );
  }

  const intentError = intent.isError ? intent.error : null;
  const intentRefused = intentError instanceof ApiError && intentError.status === 409;
  const clientSecret = intent.data?.clientSecret ?? null;
  const publishableKey = intent.data?.publishableKey ?? null;
  const enabled = !intentError && !refused && unrecorded === null;
  const formProps = { clientSecret, billing, processing, enabled, onPay };
  const shownError = error ?? (intentError ? errorMessage(intentError) : null);

  return (
    <div className="flex flex-col gap-4">
      <p className="text-base-content/80">
        Please pay <strong className="text-primary">{formatPrice(price)}</strong> for {productName}
      </p>
      <p className="text-sm text-base-content/70">
        Billed to {billing.name ? `${billing.name} (${billing.email})` : billing.email}
      </p>
      {/* Until the intent says which provider runs, the test-mode form holds the place (Pay disabled). */}
      <div className="min-h-56">
        {publishableKey ? (
          <Suspense
            fallback={
              <div className="flex min-h-56 items-center justify-center">
                <Spinner label="Loading the card form" />
              </div>
            }
          >
            <StripeCardForm publishableKey={publishableKey} {...formProps} />
          </Suspense>
        ) : (
          <TestCardForm {...formProps} />
        )}
      </div>
      <div className="min-h-6">
        <p role="alert" className="font-medium text-red-700">
          {shownError}
        </p>
        {intent.isPending ? (
          <p className="flex items-center gap-2 text-sm text-base-content/70">
            <Spinner size="loading-xs" label="" />
            Preparing your payment…
          </p>
        ) : null}
        {unrecorded ? (
          <div className="mt-3 rounded-box border border-amber-300 bg-amber-50 p-4 text-amber-950">
            <p>Your card was charged, but the payment could not be recorded yet.</p>
            <button
              type="button"
              className="btn btn-sm btn-primary mt-3"
              disabled={processing}
              onClick={() => void run(() => recordPayment(unrecorded))}
            >
              Try recording again
            </button>
          </div>
        ) : null}
        {intentError && !intentRefused && !isClientError(intentError) ? (
          <button type="button" className="btn btn-sm btn-outline mt-3" onClick={() => void intent.refetch()}>
            Try again
          </button>
        ) : null}
      </div>
    </div>
  );
}
