import { Link } from 'react-router';
import type { CarPage } from '@second-gear/contract';
import { formatMonthYear } from '../../lib/format.ts';
import { VerifiedSellerBadge } from '../catalog/index.ts';

/**
 * Who sells the car: the name, the verification badge, since when they are here and how many cars
 * they sell. The name opens their public profile (`/sellers/{id}`) while the account is there.
 */
export function SellerPanel({ seller, sellerId, headingId }: { seller: CarPage['seller']; sellerId: string | undefined; headingId: string }) {
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
      <ul className="mt-1 text-sm text-base-content/80">
        {memberSince ? <li>Member since {formatMonthYear(memberSince)}</li> : null}
        <li>{activeListings === 1 ? '1 car for sale' : `${activeListings} cars for sale`}</li>
      </ul>
    </section>
  );
}
