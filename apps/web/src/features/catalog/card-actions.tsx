import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../ui/spinner.tsx';

/** Where a car stands for the signed-in person, as far as the card's actions go. */
export interface CarStanding {
  /** The signed-in seller's own listing: nothing to book or save. */
  own: boolean;
  /** The buyer has an open (unpaid) booking of it. */
  booked: boolean;
  /** It is on the buyer's wishlist. */
  wishlisted: boolean;
}

export interface CardActionsProps {
  standing: CarStanding;
  /** Add to Wishlist is offered to buyers only (docs/product.md, "Screens"). */
  wishlistOffered: boolean;
  onBook: () => void;
  onWishlist: () => void;
  /** While this car's Add to Wishlist call runs. */
  wishlistBusy: boolean;
  /** The Report button (buyers only), at the row's start. */
  report?: ReactNode;
}

// Every action of the row is at least 44 px tall (a thumb's reach on a phone); narrow padding on phones,
// so Report, Add to Wishlist and Book Now share one row of a 390 px screen.
const action = 'btn h-11 min-h-11 px-2 md:px-4';
const done = `${action} border-green-200 bg-green-50 font-semibold text-green-800 hover:border-green-300 hover:bg-green-100`;

/**
 * When an action is done its button is replaced by a link to where the result lives; the button had
 * focus (it was just used, or the modal gave focus back to it), so the link takes it over instead of
 * focus dropping to the page.
 */
function useTakeOverFocus(shown: boolean) {
  const ref = useRef<HTMLAnchorElement>(null);
  const wasShown = useRef(shown);
  useEffect(() => {
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (shown && !wasShown.current && focusLost) ref.current?.focus();
    wasShown.current = shown;
  }, [shown]);
  return ref;
}

/** A finished action: a link to the page that holds it ('Booked' → My Orders). */
function DoneLink({ to, shown, children }: { to: string; shown: boolean; children: string }) {
  const ref = useTakeOverFocus(shown);
  if (!shown) return null;
  return (
    <Link ref={ref} to={to} className={done}>
      {children}
    </Link>
  );
}

/**
 * The action row of a category page's card: only what the person can still do. Book Now becomes
 * 'Booked' and Add to Wishlist 'On your wishlist' once done; a seller's own car says so instead.
 */
export function CardActions({ standing, wishlistOffered, onBook, onWishlist, wishlistBusy, report }: CardActionsProps) {
  const { own, booked, wishlisted } = standing;
  return (
    <>
      {report ? <div className="mr-auto">{report}</div> : null}
      {own ? (
        <Link to="/dashboard/myproducts" className={`${action} btn-ghost text-base-content/80`}>
          Your car
        </Link>
      ) : (
        <>
          {wishlistOffered ? (
            <>
              <DoneLink to="/dashboard/mywishlist" shown={wishlisted}>
                On your wishlist
              </DoneLink>
              {wishlisted ? null : (
                <button
                  type="button"
                  className={`${action} btn-outline btn-primary`}
                  onClick={onWishlist}
                  disabled={wishlistBusy}
                  aria-busy={wishlistBusy || undefined}
                >
                  {wishlistBusy ? <Spinner size="loading-xs" label="" /> : null}
                  {wishlistBusy ? 'Adding…' : 'Add to Wishlist'}
                </button>
              )}
            </>
          ) : null}
          <DoneLink to="/dashboard/myorders" shown={booked}>
            Booked
          </DoneLink>
          {booked ? null : (
            <button type="button" className={`${action} btn-primary`} onClick={onBook}>
              Book Now
            </button>
          )}
        </>
      )}
    </>
  );
}
