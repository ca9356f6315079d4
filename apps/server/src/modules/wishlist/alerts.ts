import type { Pool } from 'pg';
import { formatPrice } from '@second-gear/contract/constants';
import { inTransaction } from '../../db/pool.ts';
import { PRICE_DROP_DAYS } from '../cars/product.ts';
import { notify } from '../notifications/notify.ts';

// Wishlist alerts: the buyers who wishlisted a car hear of its price drops and of it
// leaving the market, in the bell and by email, once per change. The write enqueues the job
// (jobs.ts) in its transaction (afterCarWrite, cars/car-written.ts); this is its work.

/** Where a car that left the market sends the buyer: its page is gone for them, their wishlist is not. */
const WISHLIST_PATH = '/dashboard/mywishlist';

interface Car {
  id: string;
  product_name: string;
  resale_price: number;
  paid: boolean;
  reserved: boolean;
  withdrawn: boolean;
}

/** Price-drop emails to one person about one car, at most: one a day. */
const DROP_EMAIL_HOURS = 24;

/**
 * Tells every change of the car not told yet to each buyer who wishlisted it, in one transaction:
 * a car that left the market, "no longer for sale" (sold or withdrawn) to everyone but the buyer who
 * paid for it (their payment was told already); a car on the market, each drop of the last
 * PRICE_DROP_DAYS days made after the buyer wishlisted it and not since undone by a raise. The
 * event keys make a repeated run add nothing. Returns how many notifications were new.
 *
 * The bell shows every drop; the email goes only for a net drop, with the buyer's newest drop of
 * the run: the car's price now below the price last emailed to them about it (or, never emailed,
 * the price when they wishlisted it: the old price of the first change since, else the price now),
 * and at most one every DROP_EMAIL_HOURS. A price moved down and up again and again, each move
 * told by its own run, thus sends one email, and none when it ends no lower than it started.
 */
export async function tellWishlisters(pool: Pool, productId: string): Promise<number> {
  return inTransaction(pool, async (client) => {
    const { rows: cars } = await client.query<Car>(
      'select id, product_name, resale_price, paid, sales_status = \'reserved\' as reserved, withdrawn_at is not null as withdrawn from products where id = $1',
      [productId],
    );
    const car = cars[0];
    // A deleted car took its wishlist entries with it: nobody is left to tell.
    if (!car) return 0;
    let told = 0;
    if (car.paid || car.withdrawn) {
      const { rows: watchers } = await client.query<{ buyer_id: string }>(
        `select w.buyer_id from wishlist_entries w
          where w.product_id = $1
            and not exists (select 1 from payments pay where pay.product_id = w.product_id and pay.buyer_id = w.buyer_id)
          order by w.created_at, w.id`,
        [car.id],
      );
      for (const { buyer_id } of watchers) {
        // Reserved: another buyer paid and the money is held; the car comes back if the sale falls through (modules/money).
        const news = await notify(client, {
          userId: buyer_id,
          eventKey: car.reserved ? `wishlist-reserved:${car.id}` : `wishlist-sold:${car.id}`,
          kind: 'wishlist_sold',
          title: car.reserved ? `${car.product_name} is reserved for another buyer` : `${car.product_name} is no longer for sale`,
          body: car.reserved
            ? `${car.product_name}, on your wishlist, is reserved: another buyer has paid for it. If their purchase falls through, it comes back on the market.`
            : car.paid
              ? `${car.product_name}, on your wishlist, has been sold to another buyer.`
              : `The seller has taken ${car.product_name}, on your wishlist, off the market.`,
          link: WISHLIST_PATH,
        });
        if (news) told++;
      }
      return told;
    }
    const { rows: drops } = await client.query<{ id: string; old_price: number; new_price: number; buyer_id: string; entry_id: string; email_due: boolean }>(
      `select pc.id, pc.old_price, pc.new_price, w.buyer_id, w.id as entry_id,
              $2 < coalesce(w.emailed_price,
                            (select first.old_price from price_changes first
                              where first.product_id = w.product_id and first.changed_at > w.created_at
                              order by first.changed_at, first.id limit 1),
                            $2)
                and (w.price_emailed_at is null or w.price_emailed_at <= now() - make_interval(hours => $3)) as email_due
         from price_changes pc join wishlist_entries w on w.product_id = pc.product_id and w.created_at < pc.changed_at
        where pc.product_id = $1 and pc.new_price < pc.old_price and pc.old_price > $2
          and pc.changed_at > now() - interval '${PRICE_DROP_DAYS} days'
        order by pc.changed_at, pc.id, w.created_at, w.id`,
      [car.id, car.resale_price, DROP_EMAIL_HOURS],
    );
    // Each buyer's newest drop of this run (the rows are oldest first) is the one an email may go with.
    const newest = new Map(drops.map((drop) => [drop.buyer_id, drop.id]));
    for (const drop of drops) {
      const emailed = drop.email_due && newest.get(drop.buyer_id) === drop.id;
      const news = await notify(client, {
        userId: drop.buyer_id,
        eventKey: `wishlist-drop:${car.id}:${drop.id}`,
        kind: 'wishlist_price_drop',
        title: `Price dropped ${formatPrice(drop.old_price - drop.new_price)}: ${car.product_name}`,
        body: `${car.product_name}, on your wishlist, is now ${formatPrice(drop.new_price)} (was ${formatPrice(drop.old_price)}).`,
        link: `/cars/${car.id}`,
        ...(emailed ? {} : { email: false as const }),
      });
      if (news) told++;
      if (news && emailed) {
        await client.query('update wishlist_entries set emailed_price = $2, price_emailed_at = now() where id = $1', [drop.entry_id, car.resale_price]);
      }
    }
    return told;
  });
}
