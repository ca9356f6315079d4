import { Link } from 'react-router';
import type { CarPage, Product } from '@second-gear/contract';
import { formatMonthYear, useReaderClock } from '../../lib/format.ts';
import { VerifiedSellerBadge } from '../catalog/index.ts';
import { Stars } from '../reviews/index.ts';

/**
 * Who sells the car: the name, the verification badge, the stars of their reviews, since when they
 * are here and how many cars they sell. The name opens their public profile (`/sellers/{id}`) while
 * the account is there.
 */
export function SellerPanel({ seller, sellerId, rating, headingId }: { seller: CarPage['seller']; sellerId: string | undefined; rating: Product['sellerRating']; headingId: string }) {
  useReaderClock();
  const { name, verified, memberSince, activeListings } = seller;
  return (
    <section aria-labelledby={headingId} className="rounded-box border border-base-200 p-4">
      <h2 id={headingId} className="mb-2 text-xl font-semibold">
        Seller
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 text-lg font-medium [overflow-wrap:anywhere]">
          {sellerId ? (
            <Link to={`/sellers/${sellerId}`} className="link link-hover">
              {name}
            </Link>
          ) : (
            name
          )}
        </p>
        {verified ? <VerifiedSellerBadge /> : null}
      </div>
      {rating ? <Stars average={rating.average} count={rating.count} /> : null}
      <ul className="mt-1 text-sm text-base-content/80">
        {memberSince ? <li>Member since {formatMonthYear(memberSince)}</li> : null}
        <li>{activeListings === 1 ? '1 car for sale' : `${activeListings} cars for sale`}</li>
      </ul>
    </section>
  );
}
