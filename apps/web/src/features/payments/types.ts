import type { ConfirmOutcome } from './api.ts';

export interface Billing {
  name: string;
  email: string;
}

/** What the payment flow gives a card form (the test-mode form or the Stripe one). */
export interface CardFormProps {
  /** Null until the payment intent has arrived: Pay stays disabled. */
  clientSecret: string | null;
  billing: Billing;
  /** A payment runs: Pay is disabled and 'Processing…' shows beside it. */
  processing: boolean;
  /** False once the payment succeeded or can no longer be made here. */
  enabled: boolean;
  /** Runs one confirmation; the flow records the payment or shows the message. */
  onPay: (confirm: () => Promise<ConfirmOutcome>) => void;
}
