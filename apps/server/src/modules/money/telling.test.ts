import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { inTransaction } from '../../db/pool.ts';
import { alreadyDecided } from './decisions.ts';
import { tellPaid } from './telling.ts';

// The money's notices write their day on the reader's clock (issue 47, "one clock"): a payment made
// at 23:30 UTC on November 28 is the 29th for a buyer in Tokyo and the 28th for one in New York.

let t: TestApp;
let seller: Person;
beforeAll(async () => {
  t = await createTestApp();
  seller = await signUp(t.app, 'Seller');
});
afterAll(() => t?.close());

const paidAt = new Date('2026-11-28T23:30:00Z');

/** The receipt the buyer is sent for a payment made at paidAt: the bell's text, which is the email's. */
async function receiptFor(buyer: Person) {
  const id = randomUUID();
  await inTransaction(t.pool, (client) =>
    tellPaid(client, { id, kind: 'order', amount: 1_250_000, product_name: 'Clockwork Civic', buyer_id: buyer.id, seller_id: seller.id, transactionId: 'pi_clock', paidAt }),
  );
  const { rows } = await t.pool.query<{ body: string; text_body: string }>(
    `select n.body, e.text_body from notifications n join email_outbox e on e.notification_id = n.id where n.event_key = $1 and n.user_id = $2`,
    [`money:${id}:paid`, buyer.id],
  );
  return rows[0]!;
}

describe('the money’s notices', () => {
  it('date the buyer’s receipt in the buyer’s time zone and locale, in the bell and the email', async () => {
    const [tokyo, newYork, unset] = await Promise.all([signUp(t.app, 'Buyer'), signUp(t.app, 'Buyer'), signUp(t.app, 'Buyer')]);
    await t.pool.query(`update users set time_zone = 'Asia/Tokyo', locale = 'en-GB' where id = $1`, [tokyo.id]);
    await t.pool.query(`update users set time_zone = 'America/New_York', locale = 'en-US' where id = $1`, [newYork.id]);
    const inTokyo = await receiptFor(tokyo);
    expect(inTokyo.body).toContain('You paid $12,500 for Clockwork Civic on 29 Nov 2026.');
    expect(inTokyo.text_body).toContain('on 29 Nov 2026.');
    expect((await receiptFor(newYork)).body).toContain('on Nov 28, 2026.');
    // Nothing set: UTC, en-US.
    expect((await receiptFor(unset)).body).toContain('on Nov 28, 2026.');
  });

  it('tell the person who came second the day the money moved, on their clock', () => {
    const released = { state: 'released' as const, released_at: paidAt, refunded_at: null };
    expect(alreadyDecided(released, { timeZone: 'Australia/Adelaide', locale: 'en-AU' })).toBe('This payment was already released to the seller on 29 Nov 2026.');
    expect(alreadyDecided(released)).toBe('This payment was already released to the seller on Nov 28, 2026.');
  });
});
