import { useEffect, useRef, useState } from 'react';
import type { Product } from '@second-gear/contract';
import { useAskToSignIn, useAuth, useNextAction, useRole } from '../auth/index.ts';
import { BookingModal } from '../bookings/index.ts';
import { MessageSellerButton } from '../messages/index.ts';
import { CardActions, ReportButton, useAddToWishlist, useCarStanding } from '../catalog/index.ts';

const nothingYet = { own: false, booked: false, wishlisted: false };

/**
 * What the person can do with a car on the market, by the same rules as its card on the category page
 * (Book Now first, then Add to Wishlist and Message Seller, Report last, for a buyer; the reason for anyone else). A
 * visitor sees a buyer's actions, and each asks them to sign in or sign up; they come back here with
 * it ready (`?then=`: the booking modal or the message open, the car saved). Until the session and
 * the role are known the row keeps its height empty, so Book Now never appears and turns into something else.
 */
export function CarActions({ product }: { product: Product }) {
  const { user, loading } = useAuth();
  const { isBuyer } = useRole();
  const { standingOf, loading: standingLoading } = useCarStanding();
  const wishlist = useAddToWishlist();
  const [booking, setBooking] = useState<Product | null>(null);
  const { ask, dialog } = useAskToSignIn();
  const { action, done } = useNextAction();
  const ready = !loading && !(user && standingLoading);
  const standing = standingOf(product);
  // The action pressed as a visitor, once they are back signed in: done if a buyer may still do it.
  const returned = ready && user ? action : null;
  const buyerMay = isBuyer && !standing.own;
  const [bookingOpened, setBookingOpened] = useState(false);
  if (returned === 'book' && !bookingOpened) {
    setBookingOpened(true);
    if (buyerMay && !standing.booked) setBooking(product);
  }
  const wishlistAdded = useRef(false);
  const addNow = returned === 'wishlist' && buyerMay && !standing.wishlisted;
  const addToWishlist = wishlist.mutate;
  useEffect(() => {
    if (addNow && !wishlistAdded.current) addToWishlist(product);
    wishlistAdded.current ||= addNow;
    if (returned) done();
  }, [returned, addNow, addToWishlist, product, done]);

  if (!ready) return <div className="h-11" aria-hidden="true" />;
  if (!user) {
    return (
      <>
        <div role="group" aria-label="Actions" className="flex flex-wrap items-center gap-2">
          <CardActions
            bookFirst
            standing={nothingYet}
            buyer
            onBook={() => ask('book')}
            onWishlist={() => ask('wishlist')}
            wishlistBusy={false}
            report={<ReportButton product={product} onPress={() => ask('report')} />}
            message={<MessageSellerButton product={product} onPress={() => ask('message')} />}
          />
        </div>
        {dialog}
      </>
    );
  }
  return (
    <>
      <div role="group" aria-label="Actions" className="flex flex-wrap items-center gap-2">
        <CardActions
          bookFirst
          standing={standing}
          buyer={isBuyer}
          onBook={() => setBooking(product)}
          onWishlist={() => wishlist.mutate(product)}
          wishlistBusy={wishlist.isPending}
          report={isBuyer ? <ReportButton product={product} startOpen={buyerMay && returned === 'report'} /> : undefined}
          message={isBuyer && !product.paid ? <MessageSellerButton product={product} startOpen={buyerMay && returned === 'message'} /> : undefined}
        />
      </div>
      <BookingModal product={booking} onClose={() => setBooking(null)} />
    </>
  );
}
