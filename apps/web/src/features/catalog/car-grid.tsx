import { useState } from 'react';
import type { Product } from '@second-gear/contract';
import { useAskToSignIn, useAuth, useRole, type NextAction } from '../auth/index.ts';
import { BookingModal } from '../bookings/index.ts';
import { MessageSellerButton } from '../messages/index.ts';
import { CardActions, type CarStanding } from './card-actions.tsx';
import { ProductCard } from './product-card.tsx';
import { ReportButton } from './report-dialog.tsx';
import { useAddToWishlist } from './use-add-to-wishlist.ts';

export interface CarGridProps {
  /** The cars to show, in order; a sold car among them is left out (its card is never shown). */
  products: Product[];
  /** Where each car stands for the signed-in person (`useCarStanding`), loaded before the grid is drawn. */
  standingOf: (product: Product) => CarStanding;
  /** The grid's columns; one car a row on a phone either way. */
  columnsClassName?: string;
}

/**
 * The cars as product cards with their actions (Book Now with its booking modal, Add to Wishlist,
 * Message Seller, Report): a category's page and the search's results. A visitor (on the search)
 * sees a buyer's actions, each asking them to sign in, then bringing them to the car's page with it ready.
 */
export function CarGrid({ products, standingOf, columnsClassName = 'md:grid-cols-2 lg:grid-cols-3' }: CarGridProps) {
  const { user } = useAuth();
  const { isBuyer } = useRole();
  const [booking, setBooking] = useState<Product | null>(null);
  const wishlist = useAddToWishlist();
  const { ask, dialog } = useAskToSignIn();
  const visitor = !user;
  // Each press of a visitor comes back on the car's own page, which does it.
  const askFor = (action: NextAction, product: Product) => () => ask(action, `/cars/${product._id}`);

  return (
    <>
      <ul className={`grid grid-cols-1 gap-4 md:gap-6 ${columnsClassName}`}>
        {products
          .filter((product) => !product.paid)
          .map((product, index) => (
            <li key={product._id}>
              <ProductCard
                product={product}
                priority={index < 3}
                headingLevel="h2"
                actions={
                  visitor ? (
                    <CardActions
                      standing={standingOf(product)}
                      buyer
                      onBook={askFor('book', product)}
                      onWishlist={askFor('wishlist', product)}
                      wishlistBusy={false}
                      report={<ReportButton product={product} onPress={askFor('report', product)} />}
                      message={<MessageSellerButton product={product} compact onPress={askFor('message', product)} />}
                    />
                  ) : (
                    <CardActions
                      standing={standingOf(product)}
                      buyer={isBuyer}
                      onBook={() => setBooking(product)}
                      onWishlist={() => wishlist.mutate(product)}
                      wishlistBusy={wishlist.isPending && wishlist.variables._id === product._id}
                      report={isBuyer ? <ReportButton product={product} /> : undefined}
                      message={isBuyer ? <MessageSellerButton product={product} compact /> : undefined}
                    />
                  )
                }
              />
            </li>
          ))}
      </ul>
      <BookingModal product={booking} onClose={() => setBooking(null)} />
      {dialog}
    </>
  );
}
