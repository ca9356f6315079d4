import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InsertResult, PaymentIntentResult } from '@second-gear/contract';
import { ApiError, isClientError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { ordersKey } from '../bookings/index.ts';
import { refreshCarLists } from '../catalog/index.ts';
import { wishlistKey } from '../wishlist/index.ts';
import type { ConfirmOutcome } from './api.ts';

export interface PaymentFlowOptions {
  /** Identifies the payment intent request (one per page visit). */
  intentKey: readonly unknown[];
  createIntent: () => Promise<PaymentIntentResult>;
  /** Records the succeeded payment (`POST /payments` or `/wishlist-payments`). */
  record: (transactionId: string, billingEmail: string) => Promise<InsertResult>;
  /** The paid item's query: refetched when the intent is refused (409: paid or sold meanwhile). */
  itemKey: readonly unknown[];
  billingEmail: string;
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
 * Where the payment flow stands (Checkout shows it): the intent, a payment running, the message of
 * what went wrong, a charged payment not recorded yet, a refusal for good, or the payment recorded.
 */
export function usePaymentFlow({ intentKey, itemKey, createIntent, record, billingEmail }: PaymentFlowOptions) {
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
      await record(id, billingEmail);
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

  return {
    intent,
    processing,
    error,
    unrecorded,
    refused,
    recorded,
    onPay,
    /** Try recording again: the card was charged, the record failed in a way worth retrying. */
    retryRecording: (id: string) => void run(() => recordPayment(id)),
  };
}
