// Which cars are on the market, as every feature that lists, prices, checks or tells of cars asks it
// (of `products p`).

/** On the market: neither sold nor taken off it by its seller (the lists' and bookings' condition). */
export const ON_MARKET = 'not p.paid and p.withdrawn_at is null';

/** Listing check `alias` flagged something an admin has not dismissed: what OPEN_FLAGS and HAS_OPEN_FLAG both ask. */
function openFlag(alias: string) {
  return `${alias}.outcome = 'flagged' and ${alias}.dismissed_at is null`;
}

/**
 * The flags an admin has yet to look at (`from` this, as `c`): on cars on the market, not dismissed.
 * Reported Items lists their cars first, and the admin's dashboard counts them among its rows.
 */
export const OPEN_FLAGS = `listing_checks c join products p on p.id = c.product_id where ${openFlag('c')} and ${ON_MARKET}`;

/**
 * Whether car `p` has a flag an admin has yet to clear (as OPEN_FLAGS): such a car earns no deal
 * rating, sorts after every unflagged car in Best deal, and is told in no instant alert, until an
 * admin dismisses its flags in Reported Items.
 */
export const HAS_OPEN_FLAG = `exists (select 1 from listing_checks f where f.product_id = p.id and ${openFlag('f')})`;

/**
 * Car `p` has been checked (modules/listing-checks) with its fair price in hand, and no finding of
 * its checks is open: what an instant alert waits for (alerts/matching.ts). The price check needs the
 * fair price, which the model's repricing writes a few seconds after a listing and which has the car
 * checked again; until then a car that can be priced (model and mileage given) whose price check
 * says "not checked" while a price is coming, or already came, is still waiting.
 */
export const CHECKED_AND_CLEAR = `(exists (select 1 from listing_checks k where k.product_id = p.id)
  and not ${HAS_OPEN_FLAG}
  and not exists (select 1 from listing_checks k left join price_estimates e on e.product_id = k.product_id
                   where k.product_id = p.id and k.name = 'price' and k.outcome = 'not checked'
                     and (e.estimate is not null or (e.product_id is null and p.model is not null and p.mileage is not null))))`;

/** A seller whose account is under this many days old… */
export const NEW_SELLER_DAYS = 7;
/** …with more than this many cars on the market (afterCarWrite checks their cars again as the 6th arrives). */
export const NEW_SELLER_CARS = 5;
