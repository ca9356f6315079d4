import { randomBytes } from 'node:crypto';
import type { PoolClient } from 'pg';
import { releasePayment } from '../modules/money/decisions.ts';
import { lockPayment } from '../modules/money/locked-payment.ts';
import type { MoneyRules } from '../modules/money/rules.ts';
import { openDispute } from '../modules/money/service.ts';
import { intentMetadata } from '../modules/payments/purchases.ts';
import { record } from '../modules/payments/settle.ts';

/** A car the seeding listed, as the activity needs it. */
export interface ListedCar {
  id: string;
  seller: string;
  productName: string;
  price: number;
  imageKey: string;
  location: string;
  /** Lowered in the last days (it shows `Price dropped`). */
  dropped: boolean;
  /** Listed for a listing check to ask about (fleet.ts). */
  questionable: boolean;
}

/** The demo accounts' ids by email, and the buyer's name. */
export interface ActivityPeople {
  buyer: { id: string; name: string; email: string };
  seller: { id: string; email: string };
  seller2: { id: string; email: string };
}

/**
 * What the demo accounts have done before the first start, so that each of their lists shows
 * something: the buyer booked, paid for and received cars of Sam Seller's, reported a problem with
 * one, wishlists three, saved a search, writes to both sellers and reported a doubtful car. The
 * money goes through the product's own writes (payments/settle.ts, money/decisions.ts) in the
 * seeding's transaction, as the buyer's payment, "I have the car" and "Report a problem" would; the
 * processor's side is a succeeded test-mode payment, so it is done only with `PAYMENTS=test`.
 */
export async function seedActivity(client: PoolClient, people: ActivityPeople, cars: ListedCar[], money: MoneyRules, toyotaId: string): Promise<void> {
  const plain = (seller: string) => cars.filter((c) => c.seller === seller && !c.dropped && !c.questionable);
  const [pending, confirmed, reserved, sold, disputed] = plain(people.seller.email);
  const written = plain(people.seller2.email)[0]!;

  await book(client, people.buyer, pending!, { preferredDays: 3 });
  await book(client, people.buyer, confirmed!, { meetingDays: 2 });
  if (money.provider === 'test') {
    await pay(client, people.buyer, await book(client, people.buyer, reserved!, { meetingDays: 1 }), reserved!);
    const released = await pay(client, people.buyer, await book(client, people.buyer, sold!, { meetingDays: -2 }), sold!);
    await releasePayment(client, money, (await lockPayment(client, released))!, 'buyer');
    const held = await pay(client, people.buyer, await book(client, people.buyer, disputed!, { meetingDays: -1 }), disputed!);
    await openDispute(client, (await lockPayment(client, held))!, people.buyer.id, {
      reason: 'not_as_described',
      details: 'The listing said no accidents, but the car has repainted panels and a replaced bumper. I would like my money back.',
    });
  }

  await converse(client, people.buyer.id, people.seller.id, pending!, [
    [people.buyer.id, `Hi, is the ${pending!.productName} still available? Could I see it this weekend?`],
    [people.seller.id, 'Yes, it is. Saturday morning works; book a viewing and I will confirm the time.'],
  ]);
  await converse(client, people.buyer.id, people.seller2.id, written, [
    [people.buyer.id, `Does the ${written.productName} come with its service records?`],
    [people.seller2.id, 'It does, every service since new. Happy to show you the folder.'],
  ]);

  const wished = [...cars.filter((c) => c.dropped && c.seller !== people.buyer.email).slice(0, 2), plain(people.seller2.email)[1]!];
  await client.query(
    `insert into wishlist_entries (product_id, buyer_id, created_at) select id, $2, now() - interval '2 days' from unnest($1::uuid[]) as id`,
    [wished.map((c) => c.id), people.buyer.id],
  );
  await client.query(
    `insert into saved_searches (user_id, name, frequency, filters, created_at, watch_from) values ($1, $2, 'Daily', $3, now() - interval '20 days', now() - interval '20 days')`,
    [people.buyer.id, 'Toyotas under $25,000', JSON.stringify({ make: toyotaId, maxPrice: '25000' })],
  );
  const doubtful = cars.find((c) => c.questionable);
  if (doubtful) {
    await client.query(`insert into reports (product_id, reporter_id, reason, note) values ($1, $2, 'Scam or fraud', $3)`, [
      doubtful.id,
      people.buyer.id,
      'Far cheaper than every other car like it, and the seller asked for a deposit before a viewing.',
    ]);
  }
}

/** A booking of `car` by the buyer: pending with a wished time, or confirmed for a meeting that many days from now. */
async function book(client: PoolClient, buyer: ActivityPeople['buyer'], car: ListedCar, when: { preferredDays: number } | { meetingDays: number }): Promise<string> {
  const days = 'preferredDays' in when ? when.preferredDays : when.meetingDays;
  const { rows } = await client.query<{ id: string }>(
    `insert into bookings (product_id, buyer_id, buyer_name, buyer_email, product_name, price, image_key, phone, location, created_at,
                           preferred_time, status, meeting_time, status_changed_at)
     values ($1, $2, $3, $4, $5, $6, $7, '(512) 555-0199', $8, now() - interval '4 days',
             date_trunc('hour', now()) + make_interval(days => $9, hours => 10), $10,
             case when $10 = 'confirmed' then date_trunc('hour', now()) + make_interval(days => $9, hours => 10) end,
             case when $10 = 'confirmed' then now() - interval '3 days' end)
     returning id`,
    [car.id, buyer.id, buyer.name, buyer.email, car.productName, car.price, car.imageKey, car.location, days, 'meetingDays' in when ? 'confirmed' : 'pending'],
  );
  return rows[0]!.id;
}

/** The buyer pays for the booking in test mode: the processor's succeeded payment, recorded as `POST /payments` records it. */
async function pay(client: PoolClient, buyer: ActivityPeople['buyer'], bookingId: string, car: ListedCar): Promise<string> {
  const ref = { kind: 'order' as const, bookingId };
  const id = `pi_${randomBytes(12).toString('hex')}`;
  const intent = { id, clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`, amount: car.price * 100, currency: 'usd', status: 'succeeded' as const, metadata: intentMetadata(ref, buyer.id, car.id) };
  await client.query(
    `insert into test_processor_intents (id, client_secret, amount, currency, status, metadata, description, receipt_email)
     values ($1, $2, $3, 'usd', 'succeeded', $4, $5, $6)`,
    [intent.id, intent.clientSecret, intent.amount, JSON.stringify(intent.metadata), car.productName, buyer.email],
  );
  const outcome = await record(client, buyer.id, ref, intent);
  if (!('insertedId' in outcome)) throw new Error(`demo payment for ${car.productName} refused: ${outcome.refuse.message}`);
  return outcome.insertedId;
}

/** A conversation about `car` with its messages, an hour apart, the last one unread by the buyer. */
async function converse(client: PoolClient, buyerId: string, sellerId: string, car: ListedCar, messages: [sender: string, body: string][]): Promise<void> {
  const { rows } = await client.query<{ id: string }>(
    `insert into conversations (product_id, buyer_id, seller_id, created_at, last_message_at) values ($1, $2, $3, now() - interval '1 day', now() - interval '1 day' + make_interval(hours => $4)) returning id`,
    [car.id, buyerId, sellerId, messages.length - 1],
  );
  const conversation = rows[0]!.id;
  for (const [i, [sender, body]] of messages.entries()) {
    const { rows: sent } = await client.query<{ id: string }>(
      `insert into messages (conversation_id, sender_id, body, created_at) values ($1, $2, $3, now() - interval '1 day' + make_interval(hours => $4)) returning id`,
      [conversation, sender, body, i],
    );
    // Each has read what they wrote and what came before it.
    const reader = sender === buyerId ? 'buyer_read_id' : 'seller_read_id';
    await client.query(`update conversations set ${reader} = $2 where id = $1`, [conversation, sent[0]!.id]);
  }
}
