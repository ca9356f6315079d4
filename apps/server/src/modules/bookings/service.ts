import type { Pool, PoolClient } from 'pg';
import { inTransaction } from '../../db/pool.ts';
import type { BookingBody, BookingStatus, InsertResult, Order, Product } from '@second-gear/contract';
import type { Clock } from '@second-gear/contract/constants';
import type { Actor } from '../../auth/actor.ts';
import { assertOwnEmail } from '../../auth/guards.ts';
import type { Limit, RateLimits } from '../../auth/rate-limits.ts';
import { AppError, waitWords } from '../../errors.ts';
import { imageUrls } from '../../images/store.ts';
import { listingStatusOf, takenWords } from '../cars/product.ts';
import { MONEY_COLUMNS, moneyJoin, toHeldPayment, type MoneyColumns } from '../money/view.ts';
import { clockOf } from '../notifications/notify.ts';
import { SELLER_LINK, meetingWords, tellOfBooking, type BookingRef } from './telling.ts';

interface OrderRow extends MoneyColumns {
  id: string;
  product_id: string | null;
  product_name: string;
  price: number;
  image_key: string | null;
  widths: number[] | null;
  buyer_email: string;
  buyer_name: string;
  phone: string;
  location: string;
  paid: boolean;
  transaction_id: string | null;
  product_sales_status: Product['salesStatus'] | null;
  created_at: Date;
  status: BookingStatus;
  preferred_time: Date | null;
  meeting_time: Date | null;
  proposed_time: Date | null;
  decline_reason: string | null;
}

/**
 * An order's price as its payment page shows and charges it: what was paid, once paid; until then the
 * lower of the price it was booked at and the car's price now (a drop reaches the buyer, a raise does
 * not). payments/purchases.ts charges the same.
 */
export const ORDER_PRICE = `case when b.paid then coalesce(money.money_amount / 100, b.price) else least(b.price, coalesce(p.resale_price, b.price)) end`;

const ORDER_SELECT = `
  select b.id, b.product_id, b.product_name, ${ORDER_PRICE} as price, b.image_key, i.widths, b.buyer_email, b.buyer_name,
         b.phone, b.location, b.paid, b.transaction_id, p.sales_status as product_sales_status, b.created_at,
         b.status, b.preferred_time, b.meeting_time, b.proposed_time, b.decline_reason, ${MONEY_COLUMNS}
    from bookings b
    left join images i on i.key = b.image_key
    left join products p on p.id = b.product_id
    ${moneyJoin('b.transaction_id')}`;

/** Bounded like every list: a buyer's order history beyond this is not a table for one page. */
export const ORDERS_LIMIT = 500;

function toOrder(r: OrderRow): Order {
  return {
    _id: r.id,
    productId: r.product_id,
    productName: r.product_name,
    price: r.price,
    image: r.image_key && r.widths ? imageUrls(r.image_key, r.widths).url : '',
    email: r.buyer_email,
    name: r.buyer_name,
    phone: r.phone,
    location: r.location,
    paid: r.paid,
    transactionId: r.transaction_id,
    paidAt: r.money_paid_at?.toISOString() ?? null,
    listingStatus: listingStatusOf(r.product_sales_status),
    bookedAt: r.created_at.toISOString(),
    status: r.status,
    preferredTime: r.preferred_time?.toISOString() ?? null,
    meetingTime: r.meeting_time?.toISOString() ?? null,
    proposedTime: r.proposed_time?.toISOString() ?? null,
    declineReason: r.decline_reason,
    money: toHeldPayment(r),
  };
}

/**
 * Bookings one buyer may make in an hour, of one car and in all. Each tells the car's seller by the
 * bell and by email, so booking and cancelling in a loop floods them. Five of one car an hour is
 * room for a cancelled booking made again and a mistake or two, and bounds what one buyer can make
 * one seller receive about one car; thirty in all is more viewings than anyone shopping arranges in
 * an hour, and bounds one buyer's reach over many cars and sellers.
 */
export const BOOKINGS_OF_ONE_CAR_PER_HOUR: Limit = { max: 5, minutes: 60 };
export const BOOKINGS_PER_HOUR: Limit = { max: 30, minutes: 60 };

/** Thrown to roll back a refused booking's transaction, its counting included, and caught to answer the refusal. */
class Refused extends Error {
  constructor(readonly result: InsertResult) {
    super(result.message);
  }
}

/**
 * Books a meeting for a car. Buyer and car details come from the session and the database. The
 * refusals the booking modal shows as an error toast answer `acknowledged: false` with a
 * message; "one open booking per buyer and car" is the partial unique index, so concurrent
 * requests cannot make two (a declined or cancelled booking is not open: the buyer may book again).
 * One statement (one round trip, one plan kept per connection): it reads the car and inserts the
 * booking only when the car is unsold and not the buyer's own; the answer says which refusal
 * applies. The seller is told in the same transaction, so a booking is never left untold. A
 * buyer's bookings are limited per hour, of one car and in all, counted in the same transaction
 * (RateLimits.takeIn): one commit a booking, and a refused or failed one, rolled back, is not counted.
 */
export async function createBooking(pool: Pool, limits: RateLimits, buyer: Actor, body: BookingBody): Promise<InsertResult> {
  try {
    return await inTransaction(pool, async (client) => {
      const oneCar = `booking:${buyer.id}:${body.productId}`;
      const over = await limits.takeIn(client, [
        { key: oneCar, limit: BOOKINGS_OF_ONE_CAR_PER_HOUR },
        { key: `booking:${buyer.id}`, limit: BOOKINGS_PER_HOUR },
      ]);
      if (over) {
        const wait = waitWords(over.minutes);
        const message =
          over.key === oneCar
            ? `You have booked this car ${BOOKINGS_OF_ONE_CAR_PER_HOUR.max} times in the last hour, the most we take. You can book it again in ${wait}.`
            : `You have booked ${BOOKINGS_PER_HOUR.max} viewings in the last hour, the most we take. You can book another in ${wait}.`;
        throw new AppError('TOO_MANY_REQUESTS', message, over.minutes * 60);
      }
      const result = await bookCar(client, buyer, body);
      if (!result.acknowledged) throw new Refused(result);
      return result;
    });
  } catch (err) {
    if (err instanceof Refused) return err.result;
    throw err;
  }
}

async function bookCar(client: PoolClient, buyer: Actor, body: BookingBody): Promise<InsertResult> {
  const { rows } = await client.query<{
    product_name: string;
    paid: boolean;
    sales_status: Product['salesStatus'];
    withdrawn: boolean;
    own: boolean;
    seller_id: string | null;
    seller_clock: Clock | null;
    booking_id: string | null;
  }>({
    name: 'create-booking',
    text: `with car as (
             select product_name, resale_price, image_key, paid, sales_status, withdrawn_at is not null as withdrawn,
                    seller_id is not distinct from $2 as own, seller_id
               from products where id = $1
           ), booked as (
             insert into bookings (product_id, buyer_id, buyer_name, buyer_email, product_name, price, image_key, phone, location, preferred_time)
             select $1, $2, $3, $4, product_name, resale_price, image_key, $5, $6, $7 from car where not paid and not withdrawn and not own
             on conflict (buyer_id, product_id) where not paid and status in ('pending', 'confirmed') do nothing
             returning id
           )
           select product_name, paid, sales_status, withdrawn, own, seller_id, (select id from booked) as booking_id,
                  ${clockOf('car.seller_id')} as seller_clock
             from car`,
    values: [body.productId, buyer.id, buyer.name, buyer.email, body.phone ?? '', body.location ?? '', body.preferredTime ?? null],
  });
  const car = rows[0];
  if (!car) throw new AppError('NOT_FOUND', 'This car is no longer listed.');
  if (car.own) return { acknowledged: false, message: 'You cannot book your own car.' };
  if (car.paid) return { acknowledged: false, message: `${takenWords(car.product_name, car.sales_status)}.` };
  if (car.withdrawn) return { acknowledged: false, message: `${car.product_name} is no longer for sale.` };
  if (!car.booking_id) return { acknowledged: false, message: `You have already booked ${car.product_name}.` };
  if (car.seller_id) {
    const seller = { id: car.seller_id, clock: car.seller_clock };
    await tellSellerOfBooking(client, seller, { id: car.booking_id, product_id: body.productId }, car.product_name, buyer.name, body.preferredTime);
  }
  return { acknowledged: true, insertedId: car.booking_id };
}

/** A new booking reaches the car's seller: the bell, an email and their open Booking Requests page. */
async function tellSellerOfBooking(
  client: PoolClient,
  seller: { id: string; clock: Clock | null },
  booking: BookingRef,
  carName: string,
  buyerName: string,
  preferredTime: string | undefined,
) {
  const wish = preferredTime ? ` They would like to meet on ${meetingWords(new Date(preferredTime), seller.clock)}.` : '';
  await tellOfBooking(client, booking, {
    userId: seller.id,
    eventKey: `booking:${booking.id}:requested`,
    kind: 'booking_requested',
    title: `${buyerName} booked ${carName}`,
    body: `${buyerName} booked a viewing of ${carName}.${wish} Accept it with a time, propose another, or decline it in Booking Requests.`,
    link: SELLER_LINK,
  });
}

export async function listOrders(pool: Pool, buyer: Actor, email: string): Promise<Order[]> {
  assertOwnEmail(buyer, email);
  const { rows } = await pool.query<OrderRow>(`${ORDER_SELECT} where b.buyer_id = $1 order by b.created_at desc limit ${ORDERS_LIMIT}`, [buyer.id]);
  return rows.map(toOrder);
}

/** One of the buyer's own orders; anyone else's is a 404, indistinguishable from a missing one. */
export async function getOrder(pool: Pool, buyer: Actor, id: string): Promise<Order> {
  const { rows } = await pool.query<OrderRow>(`${ORDER_SELECT} where b.id = $1 and b.buyer_id = $2`, [id, buyer.id]);
  if (!rows[0]) throw new AppError('NOT_FOUND', 'You have no such order.');
  return toOrder(rows[0]);
}
