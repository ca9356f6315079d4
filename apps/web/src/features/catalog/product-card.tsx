import type { Product } from '@second-gear/contract';
import { formatDate, formatPrice } from '../../lib/format.ts';
import { CheckBadgeIcon, LocationIcon } from '../../ui/icons.tsx';

const cardImageSizes = '(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw';

export interface ProductCardProps {
  product: Product;
  /** Show the Book Now button (the category page); the home grid shows the data only. */
  bookable?: boolean;
  /** Also show Add to Wishlist (buyers only; docs/product.md, "Screens"). */
  wishlist?: boolean;
  /** Book Now; without it the button is shown disabled ('Coming soon'). */
  onBook?: ((product: Product) => void) | undefined;
  /** Add to Wishlist; without it the button is shown disabled ('Coming soon'). */
  onWishlist?: ((product: Product) => void) | undefined;
  /** While this car's Add to Wishlist call runs: the button is disabled. */
  wishlistBusy?: boolean;
  /** The level of the car's name: h3 under a section heading (home), h2 right under the page's h1. */
  headingLevel?: 'h2' | 'h3';
  /** A card of the first row, seen without scrolling: its picture loads at once, not lazily. */
  priority?: boolean;
}

interface CardActionProps {
  label: string;
  onClick: (() => void) | undefined;
  className: string;
  busy?: boolean;
}

function CardAction({ label, onClick, className, busy = false }: CardActionProps) {
  return (
    <button
      type="button"
      className={`btn btn-sm ${className}`}
      onClick={onClick}
      disabled={!onClick || busy}
      aria-busy={busy || undefined}
      title={onClick ? undefined : 'Coming soon'}
    >
      {label}
    </button>
  );
}

/** A product card (docs/product.md, "Screens"). Light on purpose: the home page shows it too. */
export function ProductCard({
  product,
  bookable = false,
  wishlist = false,
  onBook,
  onWishlist,
  wishlistBusy = false,
  headingLevel = 'h3',
  priority = false,
}: ProductCardProps) {
  const headingId = `product-${product._id}`;
  const Heading = headingLevel;
  return (
    <article className="card h-full overflow-hidden border border-base-200 bg-base-100 shadow-sm transition-shadow hover:shadow-md" aria-labelledby={headingId}>
      <figure className="aspect-[4/3] bg-base-200">
        <img
          src={product.image}
          srcSet={product.imageSrcSet || undefined}
          sizes={cardImageSizes}
          alt={product.productName}
          width={640}
          height={480}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-3 p-5">
        <div className="flex items-start justify-between gap-2">
          <Heading id={headingId} className="card-title text-lg leading-snug">
            {product.productName}
          </Heading>
          {product.verification === 'verified' ? (
            <span className="badge shrink-0 gap-1 border-green-200 bg-green-50 py-3 text-xs font-semibold text-green-800">
              <CheckBadgeIcon className="h-4 w-4" />
              Verified Seller
            </span>
          ) : null}
        </div>
        <p className="flex items-center gap-1 text-sm text-base-content/70">
          <LocationIcon className="h-4 w-4 shrink-0" />
          {product.location}
        </p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <div>
            <dt className="text-base-content/60">Original Price</dt>
            <dd className="font-medium line-through decoration-base-content/40">{formatPrice(product.originalPrice)}</dd>
          </div>
          <div>
            <dt className="text-base-content/60">Resale Price</dt>
            <dd className="text-lg font-bold text-primary">{formatPrice(product.resalePrice)}</dd>
          </div>
          <div>
            <dt className="text-base-content/60">Year of Purchase</dt>
            <dd className="font-medium">{product.yearsOfUse}</dd>
          </div>
          <div>
            <dt className="text-base-content/60">Posted</dt>
            <dd className="font-medium">
              <time dateTime={product.postingTime}>{formatDate(product.postingTime)}</time>
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="text-base-content/60">Seller</dt>
            <dd className="font-medium">{product.sellerName}</dd>
          </div>
        </dl>
        {bookable ? (
          <div className="card-actions mt-auto justify-end pt-2">
            {wishlist ? (
              <CardAction
                label="Add to Wishlist"
                className="btn-outline btn-primary"
                onClick={onWishlist && (() => onWishlist(product))}
                busy={wishlistBusy}
              />
            ) : null}
            <CardAction label="Book Now" className="btn-primary" onClick={onBook && (() => onBook(product))} />
          </div>
        ) : null}
      </div>
    </article>
  );
}
