import type { Pool, PoolClient } from 'pg';
import type {
  AcceptBookingBody,
  BookingChange,
  BookingRequest,
  BookingStatus,
  CancelBookingBody,
  DeclineBookingBody,
  ProposeBookingBody,
} from '@second-gear/contract';
import type { Clock } from '@second-gear/contract/constants';
import type { Actor } from '../../auth/actor.ts';
import type { Limit, RateLimits } from '../../auth/rate-limits.ts';
import { inTransaction } from '../../db/pool.ts';
import { AppError } from '../../errors.ts';
import { withinLimit } from '../../http/allowance.ts';
import { imageUrls } from '../../images/store.ts';
import { ratingJson } from '../cars/seller-rating.ts';
import { clockOf, type Notice } from '../notifications/notify.ts';
import { CLOSE_SEQUENCE } from '../money/booking-of-sale.ts';
import { dayWords } from '../money/rules.ts';
import { PROBLEM_OPEN, refundWithBooking } from '../money/service.ts';
import { MONEY_COLUMNS, moneyJoin, toHeldPayment, type MoneyColumns } from '../money/view.ts';
import { meetingCalendar } from './calendar.ts';
import { ORDER_PRICE, ORDERS_LIMIT } from './service.ts';
import { BUYER_LINK, SELLER_LINK, meetingWords, tellOfBooking } from './telling.ts';

/** A booking as a change leaves it, with its car's seller (null once the car or the seller's account is gone). */
interface ChangedRow {
  id: string;
  product_id: string | null;
  status: BookingStatus;
  product_name: string;
  location: string;
  phone: string;
  buyer_id: string | null;
  buyer_name: string;
  meeting_time: Date | null;
  proposed_time: Date | null;
  decline_reason: string | null;
  calendar_sequence: number;
  seller_id: string | null;
  seller_name: string | null;
  seller_phone: string | null;
  /** Each party's time zone and locale, for the words and calendar files they are sent; null or unset: UTC, en-US. */
  buyer_clock: Clock | null;
  seller_clock: Clock | null;
}

const CHANGED = `b.id, b.product_id, b.status, b.product_name, b.location, b.phone, b.buyer_id, b.buyer_name, b.meeting_time, b.proposed_time,
                 b.decline_reason, b.calendar_sequence, ${clockOf('b.buyer_id')} as buyer_clock`;
const SELLER_OF = `p.seller_id, p.seller_name, p.mobile as seller_phone, ${clockOf('p.seller_id')} as seller_clock`;

/**
 * A change the car's seller makes: one conditional UPDATE (`set`, when `condition` holds), so that
 * the database decides between answers crossing each other; the loser finds the row changed and
 * is told what happened instead. Only a booking on the seller's own car is found.
 */
async function sellerChange(client: PoolClient, seller: Actor, id: string, set: string, condition: string, values: unknown[]): Promise<ChangedRow | null> {
  const { rows } = await client.query<ChangedRow>(
    `update bookings b set ${set}, status_changed_at = now()
       from products p
      where b.id = $1 and p.id = b.product_id and p.seller_id = $2 and (${condition})
      returning ${CHANGED}, ${SELLER_OF}`,
    [id, seller.id, ...values],
  );
  return rows[0] ?? null;
}

/**
 * The car first, as the payment's recording (payments/settle.ts) and the money's decisions lock
 * it: a change of a paid booking and a decision on its money (a release, a refund, a problem
 * reported) take turns, each seeing the other's result, and never deadlock.
 */
async function lockCarOfBooking(client: PoolClient, bookingId: string) {
  await client.query('select 1 from products where id = (select product_id from bookings where id = $1) for update', [bookingId]);
}

/** The buyer's counterpart of sellerChange: only the buyer's own booking is found. */
async function buyerChange(client: PoolClient, buyer: Actor, id: string, set: string, condition: string, values: unknown[]): Promise<ChangedRow | null> {
  const { rows } = await client.query<ChangedRow>(
    `with b as (
       update bookings b set ${set}, status_changed_at = now()
        where b.id = $1 and b.buyer_id = $2 and (${condition})
        returning b.*
     )
     select ${CHANGED}, ${SELLER_OF} from b left join products p on p.id = b.product_id`,
    [id, buyer.id, ...values],
  );
  return rows[0] ?? null;
}

interface StateRow {
  status: BookingStatus;
  paid: boolean;
  meeting_time: Date | null;
  proposed_time: Date | null;
  meeting_started: boolean | null;
  /** The booking's payment, once paid (modules/money): held, or released or refunded (by whom, and when). */
  money_state: 'held' | 'released' | 'refunded' | null;
  refunded_by: 'seller' | 'buyer' | 'admin' | null;
  money_decided_at: Date | null;
  problem_open: boolean;
}

const STATE = `b.status, b.paid, b.meeting_time, b.proposed_time, b.meeting_time <= now() as meeting_started,
  pay.state as money_state, pay.refunded_by, coalesce(pay.released_at, pay.refunded_at) as money_decided_at,
  exists (select 1 from disputes d where d.payment_id = pay.id and d.decision is null) as problem_open`;

/** Where a booking stands, when a change did not apply: null when it is not the caller's to change (a 404). */
async function stateFor(client: PoolClient, who: Actor, id: string, side: 'buyer' | 'seller'): Promise<StateRow | null> {
  const { rows } = await client.query<StateRow>(
    side === 'seller'
      ? `select ${STATE} from bookings b join products p on p.id = b.product_id left join payments pay on pay.booking_id = b.id where b.id = $1 and p.seller_id = $2`
      : `select ${STATE} from bookings b left join payments pay on pay.booking_id = b.id where b.id = $1 and b.buyer_id = $2`,
    [id, who.id],
  );
  return rows[0] ?? null;
}

const NOT_SELLERS = 'You have no such booking request.';
const NOT_BUYERS = 'You have no such order.';

/** Why a change found the booking elsewhere than it needed, in the words of the person asking. */
function whyNot(state: StateRow, side: 'buyer' | 'seller', verb: string, reader: Clock | undefined): string {
  const over = `this booking can no longer be ${verb}`;
  // An admin's refund ended the sale (and cancelled the booking): neither party did.
  if (state.refunded_by === 'admin') return `An admin refunded ${side === 'seller' ? 'the buyer' : 'you'} on ${dayWords(state.money_decided_at!, reader)}; ${over}.`;
  if (state.status === 'cancelled') return side === 'seller' ? 'The buyer cancelled this booking.' : 'You already cancelled this booking.';
  if (state.status === 'declined') return side === 'seller' ? 'You already declined this booking.' : 'The seller declined this booking.';
  if (state.money_state === 'released') {
    const day = dayWords(state.money_decided_at!, reader);
    return side === 'seller' ? `The payment was released to you on ${day}; ${over}.` : `Your payment was released to the seller on ${day}; ${over}.`;
  }
  if (state.paid && state.money_state !== 'held') return `This booking is paid; it can no longer be ${verb}.`;
  if (state.status === 'confirmed') {
    const when = meetingWords(state.meeting_time!, reader);
    return side === 'seller' ? `This booking is already confirmed for ${when}.` : `The seller has just confirmed this booking for ${when}; look at it again before it is ${verb}.`;
  }
  return side === 'seller' ? 'This booking is still waiting for your answer; look at it again.' : 'This booking is still waiting for the seller’s answer.';
}

/**
 * Answers a change that did not apply: 404 when the booking is not the caller's, else 409 with
 * `explain`'s words for the change, or whyNot's. A paid booking whose money was released or
 * refunded is a decided sale, whatever the change: whyNot says what happened to the money.
 */
async function refuse(client: PoolClient, who: Actor, id: string, side: 'buyer' | 'seller', verb: string, explain?: (s: StateRow) => string | null): Promise<never> {
  const state = await stateFor(client, who, id, side);
  if (!state) throw new AppError('NOT_FOUND', side === 'seller' ? NOT_SELLERS : NOT_BUYERS);
  const decided = state.paid && state.money_state !== 'held';
  throw new AppError('CONFLICT', (!decided && explain?.(state)) || whyNot(state, side, verb, who.clock));
}

function changeOf(r: ChangedRow): BookingChange {
  return {
    _id: r.id,
    status: r.status,
    meetingTime: r.meeting_time?.toISOString() ?? null,
    proposedTime: r.proposed_time?.toISOString() ?? null,
    declineReason: r.decline_reason,
  };
}

/** The meeting's calendar file as `reader` keeps it: the other party's name and phone in it. */
export function calendarFor(
  r: Pick<ChangedRow, 'id' | 'status' | 'product_name' | 'location' | 'meeting_time' | 'calendar_sequence' | 'buyer_name' | 'phone' | 'seller_name' | 'seller_phone' | 'buyer_clock' | 'seller_clock'>,
  reader: 'buyer' | 'seller',
): string {
  return meetingCalendar({
    bookingId: r.id,
    carName: r.product_name,
    location: r.location,
    start: r.meeting_time!,
    sequence: r.calendar_sequence,
    cancelled: r.status !== 'confirmed',
    otherParty: reader === 'buyer' ? { role: 'seller', name: r.seller_name ?? '', phone: r.seller_phone ?? '' } : { role: 'buyer', name: r.buyer_name, phone: r.phone },
    reader: reader === 'buyer' ? r.buyer_clock : r.seller_clock,
  });
}

const toBuyer = (r: ChangedRow, notice: Omit<Notice, 'userId' | 'link'>): Notice | null => (r.buyer_id ? { ...notice, userId: r.buyer_id, link: BUYER_LINK } : null);
const toSeller = (r: ChangedRow, notice: Omit<Notice, 'userId' | 'link'>): Notice | null => (r.seller_id ? { ...notice, userId: r.seller_id, link: SELLER_LINK } : null);

/** The buyer told of a confirmed (or moved) meeting, its calendar file attached. */
function confirmedNotice(r: ChangedRow): Notice | null {
  const when = meetingWords(r.meeting_time!, r.buyer_clock);
  const moved = r.calendar_sequence > 0;
  return toBuyer(r, {
    eventKey: `booking:${r.id}:confirmed:${r.calendar_sequence}`,
    kind: 'booking_accepted',
    title: moved ? `Viewing of ${r.product_name} moved to ${when}` : `Viewing of ${r.product_name} confirmed for ${when}`,
    body: `${r.seller_name ?? 'The seller'} ${moved ? 'moved' : 'confirmed'} your viewing of ${r.product_name}: ${when}${r.location ? ` at ${r.location}` : ''}. The calendar file keeps it in your calendar.`,
    calendar: calendarFor(r, 'buyer'),
  });
}

/**
 * `POST /bookings/:id/accept`: the seller confirms a pending booking at `meetingTime`, or moves a
 * confirmed one to a new time (a reschedule: the calendar's SEQUENCE goes up). Accepting a
 * confirmed booking at the time it already has is a 409: that is a second click or a second tab,
 * not a change.
 */
export async function acceptBooking(pool: Pool, seller: Actor, id: string, body: AcceptBookingBody): Promise<BookingChange> {
  return inTransaction(pool, async (client) => {
    await lockCarOfBooking(client, id);
    const row = await sellerChange(
      client,
      seller,
      id,
      `status = 'confirmed', meeting_time = $3, proposed_time = null,
       calendar_sequence = b.calendar_sequence + (b.status = 'confirmed')::int`,
      `(b.status = 'pending' or (b.status = 'confirmed' and b.meeting_time is distinct from $3::timestamptz)) and ${UNPAID_OR_HELD} and ($4::text is null or b.status = $4)`,
      [body.meetingTime, body.seenStatus ?? null],
    );
    if (!row) return refuse(client, seller, id, 'seller', 'accepted');
    await tellOfBooking(client, row, confirmedNotice(row));
    return changeOf(row);
  });
}

/** The meeting's cancellation for the other party's calendar, when there was a confirmed meeting to take out. */
const cancelledCalendar = (r: ChangedRow, reader: 'buyer' | 'seller') => (r.meeting_time ? calendarFor(r, reader) : undefined);

/**
 * A booking that can still be answered, moved or declined: unpaid, or paid with the money still held
 * (declining then refunds it in the same transaction, modules/money). Once the money is released
 * or refunded the sale is decided, and its booking with it.
 */
const UNPAID_OR_HELD = `(not b.paid or exists (select 1 from payments pay where pay.booking_id = b.id and pay.state = 'held'))`;

/**
 * A booking its buyer can still call off: unpaid, or paid with the money held (cancelling refunds
 * it), before the confirmed meeting starts and with no problem open. From the meeting on, the car
 * may have changed hands: the buyer reports a problem instead, and with a problem open only an
 * admin's decision or the seller's Cancel sale ends the sale.
 */
const BUYER_MAY_CANCEL = `(not b.paid or ((b.meeting_time is null or b.meeting_time > now()) and exists (
  select 1 from payments pay where pay.booking_id = b.id and pay.state = 'held'
     and not exists (select 1 from disputes d where d.payment_id = pay.id and d.decision is null))))`;

const MEETING_STARTED =
  'Your meeting has started, so this paid booking can no longer be cancelled. If something is wrong, use Report a problem on your order: the money stays held until an admin decides.';

/** Carries out a refund made with a booking's end, after its commit (the route's provider call). */
export type AfterRefund = (paymentId: string) => Promise<void>;

/** `POST /bookings/:id/decline`: the seller declines a pending or confirmed booking, unpaid or with its money held (then refunded), with an optional reason for the buyer. */
export async function declineBooking(pool: Pool, seller: Actor, id: string, body: DeclineBookingBody, refunded: AfterRefund): Promise<BookingChange> {
  const reason = body.reason || null;
  let paymentId: string | null = null;
  const change = await inTransaction(pool, async (client) => {
    await lockCarOfBooking(client, id);
    const row = await sellerChange(
      client,
      seller,
      id,
      `status = 'declined', decline_reason = $3, proposed_time = null, ${CLOSE_SEQUENCE}`,
      `b.status in ('pending', 'confirmed') and ${UNPAID_OR_HELD} and ($4::text is null or b.status = $4)`,
      [reason, body.seenStatus ?? null],
    );
    if (!row) return refuse(client, seller, id, 'seller', 'declined');
    paymentId = await refundWithBooking(client, row.id, 'seller', `The seller declined the booking${reason ? `: ${reason}` : '.'}`);
    await tellOfBooking(
      client,
      row,
      toBuyer(row, {
        eventKey: `booking:${row.id}:declined`,
        kind: 'booking_declined',
        title: `Your booking of ${row.product_name} was declined`,
        body: `${row.seller_name ?? 'The seller'} declined your booking of ${row.product_name}.${reason ? ` Their reason: ${reason}` : ''} You may book it again at another time.`,
        calendar: cancelledCalendar(row, 'buyer'),
      }),
    );
    return changeOf(row);
  });
  if (paymentId) await refunded(paymentId);
  return change;
}

/**
 * New times one seller may propose in an hour, over all their bookings. Each proposal tells the
 * buyer by the bell and by email; a seller proposes once or twice per booking, so ten an hour is
 * room for a busy afternoon of bookings and a bound on what they can make one buyer receive.
 */
export const PROPOSALS_PER_HOUR: Limit = { max: 10, minutes: 60 };

/** `POST /bookings/:id/propose`: the seller suggests another time; the booking stays pending until someone agrees. */
export async function proposeTime(pool: Pool, limits: RateLimits, seller: Actor, id: string, body: ProposeBookingBody): Promise<BookingChange> {
  return withinLimit(
    limits,
    `proposal:${seller.id}`,
    PROPOSALS_PER_HOUR,
    (wait) =>
      `You have proposed ${PROPOSALS_PER_HOUR.max} new times in the last hour, the most we take. You can propose another in ${wait}; accepting or declining a booking is open to you now.`,
    () => proposeNow(pool, seller, id, body),
  );
}

async function proposeNow(pool: Pool, seller: Actor, id: string, body: ProposeBookingBody): Promise<BookingChange> {
  return inTransaction(pool, async (client) => {
    await lockCarOfBooking(client, id);
    const row = await sellerChange(client, seller, id, `proposed_time = $3`, `b.status = 'pending' and ${UNPAID_OR_HELD}`, [body.time]);
    if (!row) {
      return refuse(client, seller, id, 'seller', 'changed', (s) =>
        s.status === 'confirmed' ? `This booking is already confirmed for ${meetingWords(s.meeting_time!, seller.clock)}; accept it with a new time to move the meeting.` : null,
      );
    }
    const when = meetingWords(row.proposed_time!, row.buyer_clock);
    await tellOfBooking(
      client,
      row,
      toBuyer(row, {
        // The time is in the key: each new proposal is news, the same one told twice is not.
        eventKey: `booking:${row.id}:proposed:${row.proposed_time!.toISOString()}`,
        kind: 'booking_proposed',
        title: `The seller of ${row.product_name} proposed ${when}`,
        body: `${row.seller_name ?? 'The seller'} proposed to meet for ${row.product_name} on ${when}. Accept the proposed time in My Orders, or cancel the booking.`,
      }),
    );
    return changeOf(row);
  });
}

/** `POST /bookings/:id/accept-proposal`: the buyer agrees to the seller's proposed time, which confirms the meeting. */
export async function acceptProposal(pool: Pool, buyer: Actor, id: string): Promise<BookingChange> {
  return inTransaction(pool, async (client) => {
    await lockCarOfBooking(client, id);
    const row = await buyerChange(
      client,
      buyer,
      id,
      `status = 'confirmed', meeting_time = b.proposed_time, proposed_time = null`,
      `b.status = 'pending' and b.proposed_time > now() and ${UNPAID_OR_HELD}`,
      [],
    );
    if (!row) {
      return refuse(client, buyer, id, 'buyer', 'accepted', (s) => {
        if (s.status === 'confirmed') return `This booking is already confirmed for ${meetingWords(s.meeting_time!, buyer.clock)}.`;
        if (s.status !== 'pending') return null;
        return s.proposed_time ? 'The proposed time has passed; ask the seller for another.' : 'The seller has not proposed another time.';
      });
    }
    await tellOfBooking(client, row, confirmedNotice(row));
    await tellOfBooking(
      client,
      row,
      toSeller(row, {
        eventKey: `booking:${row.id}:confirmed:${row.calendar_sequence}`,
        kind: 'booking_accepted',
        title: `${row.buyer_name} accepted ${meetingWords(row.meeting_time!, row.seller_clock)} for ${row.product_name}`,
        body: `${row.buyer_name} accepted the time you proposed to view ${row.product_name}: ${meetingWords(row.meeting_time!, row.seller_clock)}${row.location ? ` at ${row.location}` : ''}.`,
        calendar: calendarFor(row, 'seller'),
      }),
    );
    return changeOf(row);
  });
}

/**
 * `POST /bookings/:id/cancel`: the buyer cancels a pending or confirmed booking, unpaid, or with its
 * money held (then refunded) before the confirmed meeting starts and while no problem is open.
 */
export async function cancelBooking(pool: Pool, buyer: Actor, id: string, body: CancelBookingBody, refunded: AfterRefund): Promise<BookingChange> {
  let paymentId: string | null = null;
  const change = await inTransaction(pool, async (client) => {
    await lockCarOfBooking(client, id);
    const row = await buyerChange(
      client,
      buyer,
      id,
      `status = 'cancelled', proposed_time = null, ${CLOSE_SEQUENCE}`,
      `b.status in ('pending', 'confirmed') and ${BUYER_MAY_CANCEL} and ($3::text is null or b.status = $3)`,
      [body?.seenStatus ?? null],
    );
    if (!row) {
      return refuse(client, buyer, id, 'buyer', 'cancelled', (s) => {
        if (s.money_state !== 'held') return null;
        if (s.problem_open) return PROBLEM_OPEN;
        return s.meeting_started ? MEETING_STARTED : null;
      });
    }
    paymentId = await refundWithBooking(client, row.id, 'buyer', 'The buyer cancelled the booking.');
    await tellOfBooking(
      client,
      row,
      toSeller(row, {
        eventKey: `booking:${row.id}:cancelled`,
        kind: 'booking_cancelled',
        title: `${row.buyer_name} cancelled the booking of ${row.product_name}`,
        body: `${row.buyer_name} cancelled their booking of ${row.product_name}${row.meeting_time ? ` (the viewing on ${meetingWords(row.meeting_time, row.seller_clock)})` : ''}.`,
        calendar: cancelledCalendar(row, 'seller'),
      }),
    );
    return changeOf(row);
  });
  if (paymentId) await refunded(paymentId);
  return change;
}

interface RequestRow {
  id: string;
  product_id: string | null;
  product_name: string;
  image_key: string | null;
  widths: number[] | null;
  buyer_name: string;
  phone: string;
  location: string;
  preferred_time: Date | null;
  proposed_time: Date | null;
  meeting_time: Date | null;
  status: BookingStatus;
  decline_reason: string | null;
  created_at: Date;
  paid: boolean;
  agreed_price: number;
  current_price: number | null;
  buyer_rating: string | null;
}

/** `GET /bookings/requests`: the bookings on the seller's own cars, newest first, with what the buyer pays beside the price now. */
export async function listBookingRequests(pool: Pool, seller: Actor): Promise<BookingRequest[]> {
  const { rows } = await pool.query<RequestRow & MoneyColumns>(
    `select b.id, b.product_id, b.product_name, b.image_key, i.widths, b.buyer_name, b.phone, b.location, b.preferred_time, b.proposed_time,
            b.meeting_time, b.status, b.decline_reason, b.created_at, b.paid, ${ORDER_PRICE} as agreed_price, p.resale_price as current_price,
            ${ratingJson('b.buyer_id')} as buyer_rating, ${MONEY_COLUMNS}
       from bookings b
       join products p on p.id = b.product_id
       left join images i on i.key = b.image_key
       ${moneyJoin('b.transaction_id')}
      where p.seller_id = $1
      order by b.created_at desc, b.id
      limit ${ORDERS_LIMIT}`,
    [seller.id],
  );
  return rows.map((r) => ({
    _id: r.id,
    productId: r.product_id,
    productName: r.product_name,
    image: r.image_key && r.widths ? imageUrls(r.image_key, r.widths).url : '',
    buyerName: r.buyer_name,
    phone: r.phone,
    location: r.location,
    preferredTime: r.preferred_time?.toISOString() ?? null,
    proposedTime: r.proposed_time?.toISOString() ?? null,
    meetingTime: r.meeting_time?.toISOString() ?? null,
    status: r.status,
    declineReason: r.decline_reason,
    bookedAt: r.created_at.toISOString(),
    paid: r.paid,
    agreedPrice: r.agreed_price,
    currentPrice: r.current_price,
    money: toHeldPayment(r),
    ...(r.buyer_rating && { buyerRating: JSON.parse(r.buyer_rating) }),
  }));
}

/**
 * `GET /bookings/:id/calendar.ics`: the meeting's calendar file for its buyer or its car's seller,
 * while it stands (an invitation) and once it is off (a cancellation with the same UID). A booking
 * that never had a meeting, or is not the caller's, has no file: the same 404 for both.
 */
export async function bookingCalendar(pool: Pool, who: Actor, id: string): Promise<string> {
  const { rows } = await pool.query<ChangedRow>(
    `select ${CHANGED}, ${SELLER_OF}
       from bookings b left join products p on p.id = b.product_id
      where b.id = $1 and (b.buyer_id = $2 or p.seller_id = $2) and b.meeting_time is not null`,
    [id, who.id],
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', 'There is no calendar file for this booking.');
  return calendarFor(row, row.buyer_id === who.id ? 'buyer' : 'seller');
}
