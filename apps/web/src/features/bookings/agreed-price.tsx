import type { BookingRequest } from '@second-gear/contract';
import { formatPrice } from '../../lib/format.ts';

/**
 * What the buyer pays for a booked car, under its name: the price shown when booking (or lower if
 * lowered since), with the car's price now beside it when the two differ. Older servers send neither.
 */
export function AgreedPrice({ request }: { request: Pick<BookingRequest, 'agreedPrice' | 'currentPrice'> }) {
  const { agreedPrice, currentPrice } = request;
  if (agreedPrice === undefined) return null;
  const differs = currentPrice !== null && currentPrice !== undefined && currentPrice !== agreedPrice;
  return (
    <span className="block text-sm font-normal text-base-content/80" data-testid="agreed-price">
      {differs ? `Buyer pays ${formatPrice(agreedPrice)} · price now ${formatPrice(currentPrice)}` : formatPrice(agreedPrice)}
    </span>
  );
}
