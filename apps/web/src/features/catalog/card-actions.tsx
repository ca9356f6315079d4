import { useCallback, useEffect, useId, useRef, type ReactNode } from 'react';
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
  /**
   * The signed-in person has a buyer account: only buyers book and save cars (the server refuses anyone
   * else). Others still see Book Now, as the specification shows it to every role, disabled with the reason.
   */
  buyer: boolean;
  onBook: () => void;
  onWishlist: () => void;
  /** While this car's Add to Wishlist call runs. */
  wishlistBusy: boolean;
  /** The Report button (buyers only), at the row's start. */
  report?: ReactNode;
  /** Message Seller (buyers only, cars not their own). */
  message?: ReactNode;
  /**
   * The car's page: Book Now leads the row, larger, and Report ends it. A card keeps Report at its
   * row's start and Book Now at its end, where a grid of cards lines them up.
   */
  bookFirst?: boolean;
}

// Every action of the row is at least 44 px tall (a thumb's reach on a phone); narrow padding, so Report,
// Add to Wishlist and Book Now share one row on a 390 px phone and in a two-column grid's card.
const action = 'btn h-11 min-h-11 px-2 lg:px-3';
const doneLook = `${action} border-green-200 bg-green-50 font-semibold text-green-800 hover:border-green-300 hover:bg-green-100`;

/**
 * When an action is done, its button is replaced by a link to where the result lives. If the button
 * had focus (it was just used, or the booking modal gave focus back to it), the link takes it over
 * instead of focus dropping to the page; a card that loads already done takes nothing.
 */
function useFocusHandOff(done: boolean) {
  const handOff = useRef(false);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const buttonRef = useCallback((button: HTMLButtonElement | null) => {
    if (!button) return;
    // React runs this cleanup before the button leaves the page, while it can still have focus.
    return () => {
      handOff.current = document.activeElement === button;
    };
  }, []);
  useEffect(() => {
    if (done && handOff.current) linkRef.current?.focus();
    handOff.current = false;
  }, [done]);
  return { buttonRef, linkRef };
}

interface ActionOrDoneProps {
  done: boolean;
  /** The button while it can be done ('Book Now'), and its look. */
  label: string;
  className: string;
  onClick: () => void;
  /** While its call runs: disabled, with this text saying why. */
  busyLabel?: string | undefined;
  /** Once done: the link's text ('Booked') and the page that holds the result. */
  doneLabel: string;
  doneTo: string;
}

function ActionOrDone({ done, label, className, onClick, busyLabel, doneLabel, doneTo }: ActionOrDoneProps) {
  const { buttonRef, linkRef } = useFocusHandOff(done);
  if (done) {
    return (
      <Link ref={linkRef} to={doneTo} className={doneLook}>
        {doneLabel}
      </Link>
    );
  }
  const busy = busyLabel !== undefined;
  return (
    <button ref={buttonRef} type="button" className={`${action} ${className}`} onClick={onClick} disabled={busy} aria-busy={busy || undefined}>
      {busy ? <Spinner size="loading-xs" label="" /> : null}
      {busyLabel ?? label}
    </button>
  );
}

/**
 * The action row of a category page's card, and of the car's page (`bookFirst`): only what the
 * person can still do. Book Now becomes 'Booked' and Add to Wishlist 'On your wishlist' once done; a
 * seller's own car says so instead, and anyone who is not a buyer sees Book Now disabled with the reason.
 */
export function CardActions({ standing, buyer, onBook, onWishlist, wishlistBusy, report, message, bookFirst = false }: CardActionsProps) {
  const { own, booked, wishlisted } = standing;
  const reasonId = useId();
  const bookLook = bookFirst ? 'btn-primary min-w-32 text-base' : 'btn-primary';
  const book = <ActionOrDone done={booked} label="Book Now" className={bookLook} onClick={onBook} doneLabel="Booked" doneTo="/dashboard/myorders" />;
  const wishlist = (
    <ActionOrDone
      done={wishlisted}
      label="Add to Wishlist"
      className="btn-outline btn-primary"
      onClick={onWishlist}
      busyLabel={wishlistBusy ? 'Adding…' : undefined}
      doneLabel="On your wishlist"
      doneTo="/dashboard/mywishlist"
    />
  );
  const notBuyer = (
    <>
      <span id={reasonId} className="text-sm text-base-content/80">
        Only buyers can book
      </span>
      <button type="button" className={`${action} ${bookLook}`} disabled aria-describedby={reasonId}>
        Book Now
      </button>
    </>
  );
  const ownCar = (
    <Link to="/dashboard/myproducts" className={`${action} btn-ghost text-base-content/80`}>
      Your car
    </Link>
  );
  const buyerActions = bookFirst ? (
    <>
      {book}
      {wishlist}
      {message}
    </>
  ) : (
    <>
      {message}
      {wishlist}
      {book}
    </>
  );
  return (
    <>
      {report && !bookFirst ? <div className="mr-auto">{report}</div> : null}
      {own ? ownCar : buyer ? buyerActions : notBuyer}
      {report && bookFirst ? <div className="ml-auto">{report}</div> : null}
    </>
  );
}
