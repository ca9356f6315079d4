import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person, TestApp } from '../../test/harness.ts';
import { withPersonas } from '../../test/personas.ts';
import { insertCar } from '../../test/fixtures.ts';

// Migration 0035 brings bookings in step with money decided before decisions closed them: run again
// here on rows as those decisions left them (the template database has it applied already).
const migration = fs.readFileSync(path.join(import.meta.dirname, 'migrations', '0035_decided_sales_close_their_bookings.sql'), 'utf8');

let t: TestApp;
let buyer: Person;
let seller: Person;
let categoryId: string;
beforeAll(async () => {
  ({ t, buyer, seller, categoryId } = await withPersonas(['buyer', 'seller'], { category: true }));
});
afterAll(() => t.close());

type Decision = { state: 'released' } | { state: 'refunded'; by: 'seller' | 'buyer' | 'admin'; reason?: string };

/** A paid booking of a new car, with a time the seller proposed, as a decision on its money made before 0035 left it. */
async function decidedSale(status: 'pending' | 'confirmed', decision: Decision): Promise<string> {
  const car = await insertCar(t, seller, categoryId);
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into bookings (product_id, buyer_id, buyer_name, buyer_email, product_name, price, paid, transaction_id, status, meeting_time, proposed_time)
     values ($1, $2, 'Buyer', $3, 'Test car', 15000, true, 'pi_' || gen_random_uuid(), $4,
             case when $4 = 'confirmed' then now() + interval '1 day' end, now() + interval '2 days')
     returning id`,
    [car, buyer.id, buyer.email, status],
  );
  const refunded = decision.state === 'refunded';
  await t.pool.query(
    `insert into payments (kind, booking_id, product_id, buyer_id, seller_id, buyer_email, amount, transaction_id, state,
       released_at, released_by, refunded_at, refunded_by, refund_reason)
     select 'order', b.id, b.product_id, b.buyer_id, $2, b.buyer_email, 15000, b.transaction_id, $3,
            case when not $4 then now() end, case when not $4 then 'buyer' end,
            case when $4 then now() end, $5::text, $6::text
       from bookings b where b.id = $1`,
    [rows[0]!.id, seller.id, decision.state, refunded, refunded ? decision.by : null, refunded ? (decision.reason ?? null) : null],
  );
  return rows[0]!.id;
}

const bookingOf = async (id: string) =>
  (
    await t.pool.query<{ status: string; decline_reason: string | null; proposed: boolean; calendar_sequence: number }>(
      'select status, decline_reason, proposed_time is not null as proposed, calendar_sequence from bookings where id = $1',
      [id],
    )
  ).rows[0];

describe('migration 0035: sales decided before decisions closed their bookings', () => {
  it('closes a refunded sale’s open booking as its decision now would, withdraws a released one’s proposal, and leaves the rest', async () => {
    const byAdmin = await decidedSale('confirmed', { state: 'refunded', by: 'admin', reason: 'The car was not as described.' });
    const bySeller = await decidedSale('pending', { state: 'refunded', by: 'seller', reason: 'The car was damaged.' });
    const released = await decidedSale('confirmed', { state: 'released' });

    await t.pool.query(migration);

    // The admin's refund cancels, and the cancellation outranks the confirmed meeting's invitation.
    expect(await bookingOf(byAdmin)).toEqual({ status: 'cancelled', decline_reason: null, proposed: false, calendar_sequence: 1 });
    // The seller's Cancel sale declines, with their reason.
    expect(await bookingOf(bySeller)).toEqual({ status: 'declined', decline_reason: 'The car was damaged.', proposed: false, calendar_sequence: 0 });
    // A release: the meeting stays, the proposal goes.
    expect(await bookingOf(released)).toEqual({ status: 'confirmed', decline_reason: null, proposed: false, calendar_sequence: 0 });

    // Run again, nothing moves: a closed booking is not closed twice.
    await t.pool.query(migration);
    expect((await bookingOf(byAdmin))?.calendar_sequence).toBe(1);
  });
});
