import type { Product } from '@second-gear/contract';
import { formatPrice } from '../../lib/format.ts';

/**
 * `Price dropped $1,500`: the car's net reduction over the last 14 days (the server's priceDrop),
 * on its card and its page alike; nothing when there is none.
 */
export function PriceDropBadge({ drop, size = 'sm' }: { drop: Product['priceDrop']; size?: 'sm' | 'md' }) {
  if (!drop) return null;
  return (
    <span className={`badge ${size === 'sm' ? 'badge-sm' : 'badge-md'} border-green-200 bg-green-50 font-semibold whitespace-nowrap text-green-800`}>
      Price dropped {formatPrice(drop.amount)}
    </span>
  );
}
