import type { BookingRequest } from '@second-gear/contract';
import { formatPrice } from '../../lib/format.ts';

/**
 * What the buyer pays for a booked car: the price shown when booking (or lower if lowered since),
 * with the car's price now beside it when the two differ. Older servers send neither: a dash.
 */
export function AgreedPrice({ request }: { request: Pick<BookingRequest, 'agreedPrice' | 'currentPrice'> }) {
  const { agreedPrice, currentPrice } = request;
  if (agreedPrice === undefined) return <>—</>;
  if (currentPrice === null || currentPrice === undefined || currentPrice === agreedPrice) return <>{formatPrice(agreedPrice)}</>;
  return (
    <span>
      Buyer pays {formatPrice(agreedPrice)}
      <span className="text-base-content/70"> · price now {formatPrice(currentPrice)}</span>
    </span>
  );
}
