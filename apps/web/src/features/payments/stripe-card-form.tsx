import { useEffect, useId, useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import type { ConfirmOutcome } from './api.ts';
import { PayButton } from './pay-button.tsx';
import type { CardFormProps } from './types.ts';

// Stripe mode only (publishable key set): this module, Stripe.js and React Stripe are one lazy chunk
// that the test-mode form never loads.

const loaded = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js instance per key for the whole session; a failed script load resolves to null. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch(() => null);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

function StripeForm({ clientSecret, billing, processing, enabled, onPay, loadFailed }: CardFormProps & { loadFailed: boolean }) {
  const stripe = useStripe();
  const elements = useElements();
  const labelId = useId();
  const [ready, setReady] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);

  const canPay = Boolean(stripe && elements && ready && clientSecret && enabled && !processing);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret || !canPay) return;
    onPay(async (): Promise<ConfirmOutcome> => {
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
      });
      if (error) return { ok: false, message: error.message ?? 'Your payment could not be completed.' };
      if (paymentIntent.status !== 'succeeded') {
        return { ok: false, message: `The payment did not go through (status: ${paymentIntent.status}).` };
      }
      return { ok: true, paymentIntentId: paymentIntent.id };
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Card details" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <span id={labelId} className="text-sm font-medium" onClick={() => elements?.getElement(CardElement)?.focus()}>
          Card
        </span>
        <div className="input flex h-12 w-full items-center" role="group" aria-labelledby={labelId}>
          <CardElement
            className="w-full"
            options={{ hidePostalCode: true, disabled: processing || !enabled, style: { base: { fontSize: '16px' } } }}
            onReady={() => setReady(true)}
            onChange={(event) => setCardError(event.error?.message ?? null)}
          />
        </div>
        <p className="min-h-5 text-sm text-red-700">{cardError ?? (loadFailed ? 'The card form could not be loaded. Reload the page to try again.' : '')}</p>
      </div>
      <PayButton disabled={!canPay} processing={processing} />
    </form>
  );
}

export interface StripeCardFormProps extends CardFormProps {
  publishableKey: string;
}

export default function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  const stripePromise = stripeFor(publishableKey);
  const [loadFailed, setLoadFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void stripePromise.then((stripe) => {
      if (live && !stripe) setLoadFailed(true);
    });
    return () => {
      live = false;
    };
  }, [stripePromise]);

  return (
    <Elements stripe={stripePromise}>
      <StripeForm {...props} loadFailed={loadFailed} />
    </Elements>
  );
}
