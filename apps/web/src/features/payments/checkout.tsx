import { lazy, Suspense } from 'react';
import { ApiError, isClientError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatPrice } from '../../lib/format.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { useAuth } from '../auth/index.ts';
import { Receipt, type BackTo } from './receipt.tsx';
import { TestCardForm } from './test-card-form.tsx';
import { usePaymentFlow, type PaymentFlowOptions } from './use-payment-flow.ts';

// Stripe.js is only ever loaded when the server runs Stripe (a publishable key in the intent's answer).
const StripeCardForm = lazy(() => import('./stripe-card-form.tsx'));

export interface CheckoutProps extends Omit<PaymentFlowOptions, 'billingEmail'> {
  /** Where the buyer goes back to (My Orders or My Wishlist). */
  backTo: BackTo;
  /** What is paid for: the car and its price (the 'Please pay' line, then the receipt). */
  productName: string;
  price: number;
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
  const { intent, processing, error, unrecorded, refused, recorded, onPay, retryRecording } = usePaymentFlow({
    intentKey,
    itemKey,
    createIntent,
    record,
    billingEmail: billing.email,
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
      <p className="text-sm [overflow-wrap:anywhere] text-base-content/70">
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
              onClick={() => retryRecording(unrecorded)}
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
