import { z } from 'zod';
import { moneyLimits, problemReasons } from './constants.ts';

/**
 * Money held until the handover (docs/product.md, "The money's states"). A succeeded payment is
 * held by the platform; it is released to the seller once (the buyer's "I have the car", the
 * automatic release, or the admin's decision) or refunded to the buyer once (the seller's
 * "Cancel sale", a declined or cancelled paid booking, or the admin's decision). Amounts are
 * integer cents, always from the database.
 */
export const moneyStates = ['held', 'released', 'refunded'] as const;
export const moneyState = z.enum(moneyStates);
export type MoneyState = z.infer<typeof moneyState>;

const time = z.iso.datetime({ offset: true });

export const problemReason = z.enum(problemReasons, 'Reason must be one of the listed reasons');

/** A case a buyer opened on a held payment, and the admin's decision once made. */
export const disputeSummary = z.object({
  id: z.uuid(),
  reason: problemReason,
  details: z.string(),
  openedAt: time,
  decision: z.enum(['refund', 'release']).nullable(),
  note: z.string().nullable(),
  decidedAt: time.nullable(),
});
export type DisputeSummary = z.infer<typeof disputeSummary>;

/** A purchase's payment as its buyer and its seller see it. */
export const heldPayment = z.object({
  paymentId: z.uuid(),
  state: moneyState,
  /** What was paid, in cents. */
  amount: z.number().int(),
  paidAt: time,
  /** While held and no problem is open: when it is released on its own. */
  releaseDueAt: time.nullable(),
  releasedAt: time.nullable(),
  refundedAt: time.nullable(),
  /** Why it was refunded, in words for people. */
  refundReason: z.string().nullable(),
  dispute: disputeSummary.nullable(),
});
export type HeldPayment = z.infer<typeof heldPayment>;

/** `POST /payments/{paymentId}/received`: the buyer's "I have the car"; no body. */
export const paymentIdParams = z.object({ paymentId: z.uuid('paymentId must be the id of a payment') }).strict();
export const receivedBody = z.object({}).strict().nullish();

/** A person's words that must be there: trimmed, then at least one character and at most `max`. */
const requiredText = (label: string, max: number, missing = `${label} is required`) =>
  z.string().trim().min(1, missing).max(max, `${label} must be at most ${max} characters`);

/** `POST /payments/{paymentId}/cancel-sale`: the seller's "Cancel sale", refunding the buyer in full. */
export const cancelSaleBody = z
  .object({
    reason: requiredText('Reason', moneyLimits.reason),
  })
  .strict();
export type CancelSaleBody = z.input<typeof cancelSaleBody>;

/** `POST /payments/{paymentId}/problem`: the buyer's "Report a problem" while the money is held. */
export const reportProblemBody = z
  .object({
    reason: problemReason,
    details: requiredText('Details', moneyLimits.details, 'Details are required'),
  })
  .strict();
export type ReportProblemBody = z.input<typeof reportProblemBody>;

/** `POST /disputes/{id}/decision`: the admin's `Refund buyer` or `Release to seller`, with a note both parties receive. */
export const disputeDecisionBody = z
  .object({
    decision: z.enum(['refund', 'release'], 'Decision must be refund or release'),
    note: requiredText('Note', moneyLimits.note),
  })
  .strict();
export type DisputeDecisionBody = z.input<typeof disputeDecisionBody>;
export const disputeIdParams = z.object({ id: z.uuid('id must be the id of a dispute') }).strict();

/** One row of the admin's Disputes. */
export const disputeRow = disputeSummary.extend({
  paymentId: z.uuid(),
  productId: z.uuid().nullable(),
  productName: z.string(),
  amount: z.number().int(),
  paymentState: moneyState,
  buyerName: z.string(),
  buyerEmail: z.string(),
  sellerName: z.string(),
  sellerEmail: z.string(),
});
export type DisputeRow = z.infer<typeof disputeRow>;

/** `GET /disputes/{id}`: the case with what the admin decides on. */
export const disputeCase = z.object({
  dispute: disputeRow,
  payment: heldPayment,
  booking: z
    .object({
      _id: z.uuid(),
      status: z.string(),
      preferredTime: time.nullable(),
      meetingTime: time.nullable(),
      location: z.string(),
      phone: z.string(),
      bookedAt: time,
      declineReason: z.string().nullable(),
    })
    .nullable(),
  /** The buyer's and seller's conversation about the car, oldest first. */
  messages: z.array(z.object({ from: z.enum(['buyer', 'seller']), body: z.string(), sentAt: time })),
  /** The car's listing checks: what each found. */
  listingChecks: z.array(z.object({ check: z.string(), outcome: z.string(), note: z.string(), dismissed: z.boolean() })),
});
export type DisputeCase = z.infer<typeof disputeCase>;

/** Whether a seller's payout account can receive money. */
export const payoutAccountStatus = z.enum(['none', 'incomplete', 'pending', 'enabled']);
export type PayoutAccountStatus = z.infer<typeof payoutAccountStatus>;

/** One sale on the seller's Payouts. */
export const payoutRow = z.object({
  paymentId: z.uuid(),
  productId: z.uuid().nullable(),
  productName: z.string(),
  state: moneyState,
  /** What the buyer paid, in cents. */
  amount: z.number().int(),
  /** The platform's fee and what reaches the seller, in cents (once released). */
  fee: z.number().int().nullable(),
  net: z.number().int().nullable(),
  paidAt: time,
  releaseDueAt: time.nullable(),
  releasedAt: time.nullable(),
  refundedAt: time.nullable(),
  /** Once released: `waiting` for a usable payout account, `sent` when the transfer is made. */
  transfer: z.enum(['waiting', 'sent']).nullable(),
  transferredAt: time.nullable(),
  disputeOpen: z.boolean(),
});
export type PayoutRow = z.infer<typeof payoutRow>;

/** `GET /payouts`: the seller's payout account and every sale. */
export const payoutsView = z.object({
  feePercent: z.number(),
  account: z.object({ status: payoutAccountStatus, provider: z.enum(['test', 'stripe']) }),
  sales: z.array(payoutRow),
});
export type PayoutsView = z.infer<typeof payoutsView>;

/** `POST /payouts/account`: where the seller goes to add or finish their payout account. */
export const payoutOnboardingLink = z.object({ url: z.string() });
export type PayoutOnboardingLink = z.infer<typeof payoutOnboardingLink>;

/** `GET /payouts/fee`: the platform's fee, shown to a seller before listing. */
export const platformFee = z.object({ feePercent: z.number() });

/** The test processor's onboarding form (`PAYMENTS=test`): test bank details (testPayoutAccountNumbers). */
export const testOnboardingBody = z
  .object({
    holderName: z.string().trim().min(1, 'Account holder name is required').max(200, 'Account holder name must be at most 200 characters'),
    routingNumber: z.string().trim().regex(/^\d{9}$/, 'Routing number must be 9 digits'),
    accountNumber: z.string().trim().regex(/^\d{4,17}$/, 'Account number must be 4 to 17 digits'),
  })
  .strict();
export type TestOnboardingBody = z.input<typeof testOnboardingBody>;
export const testAccountParams = z.object({ accountId: z.string().regex(/^acct_[A-Za-z0-9]+$/, 'accountId must be an account id (acct_…)') }).strict();
