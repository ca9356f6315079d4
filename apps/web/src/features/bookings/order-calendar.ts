import type { Order } from '@second-gear/contract';

/**
 * Whether My Orders offers `Add to calendar`: a confirmed meeting, until the money is released to
 * the seller. A release means the buyer has the car (their `I have the car`, the release 7 days
 * after the meeting, or an admin's decision), so the meeting is behind them or no longer needed,
 * and a calendar entry for it would only mislead.
 */
export function offersCalendar(order: Pick<Order, 'status' | 'money'>): boolean {
  return order.status === 'confirmed' && order.money?.state !== 'released';
}
