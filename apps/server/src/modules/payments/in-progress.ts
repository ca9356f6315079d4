import type { Pool } from 'pg';
import type { IntentStatus, PaymentProvider } from '../../payments/provider.ts';

/**
 * How long an open payment page counts as a buyer paying: a card form left open longer no longer
 * holds up the seller. An intent paid after that at an old price is refunded (settle.ts).
 */
const OPEN_PAGE_MINUTES = 30;

/** Intents a buyer is still paying, or whose payment the card network has not finished. */
const UNDER_WAY: ReadonlySet<IntentStatus> = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing']);

/**
 * Whether a buyer is paying for this car right now: an unpaid order or wishlist entry of it with a
 * payment intent made in the last half hour that is neither paid nor cancelled. Only an order that
 * can still be paid counts (pending or confirmed: the payment routes refuse a cancelled or declined
 * one), so a buyer who opens a payment page and cancels the booking holds nothing. Asked before a
 * seller changes the car's price or takes it off the market, so a buyer is not charged an amount
 * that changed under them. The provider is asked outside any transaction (no lock is held across
 * a network call).
 */
export async function paymentUnderWay(pool: Pool, provider: PaymentProvider, productId: string): Promise<boolean> {
  const { rows } = await pool.query<{ intent_id: string }>(
    `select a.intent_id
       from payment_attempts a
       left join bookings b on b.id = a.booking_id
       left join wishlist_entries w on w.id = a.wishlist_entry_id
      where a.created_at > now() - make_interval(mins => $2)
        and ((b.product_id = $1 and not b.paid and b.status in ('pending', 'confirmed')) or (w.product_id = $1 and not w.paid))`,
    [productId, OPEN_PAGE_MINUTES],
  );
  for (const { intent_id } of rows) {
    const intent = await provider.retrieveIntent(intent_id);
    if (intent && UNDER_WAY.has(intent.status)) return true;
  }
  return false;
}
