import type { Product } from '@second-gear/contract';

// A seller's car in My Products: where it stands on the market, and what that rules out.

export type Status = 'Available' | 'Reserved' | 'Sold' | 'Advertised' | 'Withdrawn';

export function statusOf(product: Product): Status {
  // Paid with the money held until the handover: the buyer's, though not yet sold.
  if (product.salesStatus === 'reserved') return 'Reserved';
  if (product.salesStatus === 'sold' || product.paid) return 'Sold';
  if (product.withdrawn) return 'Withdrawn';
  if (product.advertisement) return 'Advertised';
  return 'Available';
}

const statusBadge: Record<Status, string> = {
  Available: 'badge-success badge-soft',
  Reserved: 'badge-warning badge-soft text-amber-900',
  Sold: 'badge-neutral badge-soft',
  Advertised: 'badge-info badge-soft',
  // daisyUI's warning text is too pale on its soft background (1.7:1): the text is darkened.
  Withdrawn: 'badge-warning badge-soft text-amber-900',
};

/** Why Make Advertise is off for a car in this status (none while it is available). */
export const advertiseRefusal: Record<Status, string | undefined> = {
  Available: undefined,
  Advertised: 'Already advertised',
  Reserved: 'Reserved cars are not advertised',
  Sold: 'Sold cars are not advertised',
  Withdrawn: 'Withdrawn cars are not advertised',
};

/** The id of a car's status badge, which the buttons it turns off point to (`aria-describedby`). */
export const statusIdOf = (product: Product) => `status-${product._id}`;

export function StatusBadge({ product }: { product: Product }) {
  const status = statusOf(product);
  return (
    <span id={statusIdOf(product)} className={`badge whitespace-nowrap ${statusBadge[status]}`}>
      {status}
    </span>
  );
}
