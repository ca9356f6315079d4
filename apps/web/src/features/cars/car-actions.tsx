import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Product } from '@second-gear/contract';
import { useAuth, useRole } from '../auth/index.ts';
import { BookingModal } from '../bookings/index.ts';
import { MessageSellerButton } from '../messages/index.ts';
import { CardActions, ReportButton, useAddToWishlist, useCarStanding } from '../catalog/index.ts';

/**
 * What the person can do with a car on the market, by the same rules as its card on the category page
 * (Book Now, Add to Wishlist, Report for a buyer; the reason for anyone else). A visitor without a
 * session is offered to sign in and come back here. Until the session and the role are known the row
 * keeps its height empty, so Book Now never appears and turns into something else.
 */
export function CarActions({ product }: { product: Product }) {
  const { user, loading } = useAuth();
  const { isBuyer } = useRole();
  const { standingOf, loading: standingLoading } = useCarStanding();
  const wishlist = useAddToWishlist();
  const [booking, setBooking] = useState<Product | null>(null);
  const location = useLocation();

  if (loading || (user && standingLoading)) return <div className="h-11" aria-hidden="true" />;
  if (!user) {
    return (
      <Link to="/login" state={{ from: location }} className="btn btn-primary h-11 min-h-11 w-full sm:w-auto">
        Sign in to book
      </Link>
    );
  }
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <CardActions
          standing={standingOf(product)}
          buyer={isBuyer}
          onBook={() => setBooking(product)}
          onWishlist={() => wishlist.mutate(product)}
          wishlistBusy={wishlist.isPending}
          report={isBuyer ? <ReportButton product={product} /> : undefined}
          message={isBuyer && !product.paid ? <MessageSellerButton product={product} /> : undefined}
        />
      </div>
      <BookingModal product={booking} onClose={() => setBooking(null)} />
    </>
  );
}
