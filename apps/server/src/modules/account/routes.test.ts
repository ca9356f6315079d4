import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../jobs/runner.ts';
import { insertCar, insertCategory } from '../../../test/fixtures.ts';
import { as, createTestApp, startMailingRunner, makeAdmin, ORIGIN, sessionCookie, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { nextLoopbackAddress } from '../../../test/raw-http.ts';
import { until } from '../../../test/until.ts';
import { forgetDataExportsTask } from './data-exports.ts';
import { DELETE_PASSWORD_TRIES, FRESH_SIGN_IN_MINUTES } from './leaving.ts';

let t: TestApp;
let runner: JobRunner;
let categoryId: string;
beforeAll(async () => {
  t = await createTestApp();
  // The file is prepared by its job; emails take their real way to the development mailbox.
  runner = await startMailingRunner(t);
  categoryId = await insertCategory(t);
});
afterAll(async () => {
  await runner?.stop();
  await t?.close();
});

const deleteAccount = (who: Person | undefined, payload?: unknown) =>
  as(t.app, who, { method: 'DELETE', url: '/api/account', ...(payload === undefined ? {} : { payload: payload as object }) });
const askForData = (who: Person | undefined) => as(t.app, who, { method: 'POST', url: '/api/account/exports' });
const signIn = (email: string, password = 'secret123') =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, headers: { origin: ORIGIN }, remoteAddress: nextLoopbackAddress() });
const one = async (sql: string, params: unknown[]) => (await t.pool.query(sql, params)).rows[0];
const count = async (sql: string, params: unknown[]) => Number(Object.values((await t.pool.query(sql, params)).rows[0])[0]);

/** A booking of `car` by `buyer`, paid with a payment in `state` (held unless said), as the payment flow records it. */
async function paidBooking(buyer: Person, seller: Person, car: string, state: 'held' | 'released' = 'held') {
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into bookings (product_id, buyer_id, buyer_name, buyer_email, product_name, price, phone, paid, transaction_id, status, meeting_time)
     values ($1, $2, $3, $4, 'Paid car', 900000, '555-0199', true, $5, 'confirmed', now() - interval '1 day') returning id`,
    [car, buyer.id, buyer.name, buyer.email, `pi_${car.slice(0, 8)}`],
  );
  await t.pool.query(`update products set paid = true, sales_status = $2 where id = $1`, [car, state === 'held' ? 'reserved' : 'sold']);
  const payment = await one(
    `insert into payments (kind, booking_id, product_id, buyer_id, seller_id, buyer_email, amount, transaction_id, state, released_at, released_by)
     values ('order', $1, $2, $3, $4, $5, 900000, $6, $7, case when $7 = 'released' then now() end, case when $7 = 'released' then 'buyer' end) returning id`,
    [rows[0]!.id, car, buyer.id, seller.id, buyer.email, `pi_${car.slice(0, 8)}`, state],
  );
  return { bookingId: rows[0]!.id, paymentId: payment.id as string };
}

describe('who may call', () => {
  it('asks for a session on every route', async () => {
    expect((await deleteAccount(undefined, { password: 'secret123' })).statusCode).toBe(401);
    expect((await askForData(undefined)).statusCode).toBe(401);
    expect((await as(t.app, undefined, { method: 'GET', url: '/api/account/exports' })).statusCode).toBe(401);
    expect((await as(t.app, undefined, { method: 'GET', url: '/api/account/exports/00000000-0000-4000-8000-000000000000/file' })).statusCode).toBe(401);
  });

  it('refuses an admin account, which the operator ends', async () => {
    const admin = await makeAdmin(t);
    const res = await deleteAccount(admin, { password: 'secret123' });
    expect(res.json()).toMatchObject({ statusCode: 403, message: 'Only buyers and sellers can do this.' });
    expect((await one('select deleted_at from users where id = $1', [admin.id])).deleted_at).toBeNull();
  });

  it('refuses bad input with a sentence and changes nothing', async () => {
    const person = await signUp(t.app, 'Buyer');
    for (const payload of [{ password: 42 }, { password: '' }, { password: 'secret123', role: 'admin' }, { password: 'x'.repeat(129) }, ['secret123']]) {
      const res = await deleteAccount(person, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/\w+ \w+/);
    }
    expect((await deleteAccount(person, 'secret123')).statusCode).toBe(415);
    // An account with a password must give it.
    expect((await deleteAccount(person)).json()).toMatchObject({ statusCode: 400, message: 'Enter your password to confirm.' });
    expect((await as(t.app, person, { method: 'GET', url: '/api/account/exports/not-an-id/file' })).statusCode).toBe(400);
    expect((await one('select deleted_at from users where id = $1', [person.id])).deleted_at).toBeNull();
  });
});

describe('deleting one’s account', () => {
  it('refuses a wrong password, and after five of them waits even for the right one', async () => {
    const person = await signUp(t.app, 'Seller');
    for (let i = 0; i < DELETE_PASSWORD_TRIES.max; i++) {
      expect((await deleteAccount(person, { password: `wrong-${i}` })).json()).toMatchObject({ statusCode: 400, message: 'The password is not right.' });
    }
    const locked = await deleteAccount(person, { password: 'secret123' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many wrong passwords. Try again in \d+ minutes?\.$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await as(t.app, person, { method: 'GET', url: '/api/auth/get-session' })).json()?.user.id).toBe(person.id);
  });

  it('waits while money is held between the person and someone else, or released to them and not paid out', async () => {
    const seller = await signUp(t.app, 'Seller');
    const buyer = await signUp(t.app, 'Buyer');
    const car = await insertCar(t, seller, categoryId, { name: 'Held Civic' });
    const { paymentId } = await paidBooking(buyer, seller, car);
    for (const who of [buyer, seller]) {
      const res = await deleteAccount(who, { password: 'secret123' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/^The \$9,000 paid (to you )?for Held Civic is held until the handover\. It must be released or refunded before you can delete your account\.$/);
    }
    // Released, but the seller has no payout account yet: the money would have nowhere to go.
    await t.pool.query(`update payments set state = 'released', released_at = now(), released_by = 'buyer' where id = $1`, [paymentId]);
    await t.pool.query(`insert into money_moves (payment_id, kind, amount, state) values ($1, 'transfer', 900000, 'waiting')`, [paymentId]);
    const owed = await deleteAccount(seller, { password: 'secret123' });
    expect(owed.statusCode).toBe(409);
    expect(owed.json().message).toBe('$9,000 released to you has not been paid out yet. Add a payout account under Payouts and wait for it to arrive before deleting your account.');
    // The buyer's side is settled: they may go.
    expect((await deleteAccount(buyer, { password: 'secret123' })).json()).toEqual({ deleted: true });
    // Nothing of the seller changed.
    expect(await one('select name, deleted_at from users where id = $1', [seller.id])).toEqual({ name: seller.name, deleted_at: null });
    expect(await count('select count(*) from sessions where user_id = $1', [seller.id])).toBe(1);
  });

  it('holds the admin’s deletion of a person back for the same money', async () => {
    const seller = await signUp(t.app, 'Seller');
    const buyer = await signUp(t.app, 'Buyer');
    const { paymentId } = await paidBooking(buyer, seller, await insertCar(t, seller, categoryId, { name: 'Disputed Jazz' }));
    const admin = await makeAdmin(t);
    const held = await as(t.app, admin, { method: 'DELETE', url: `/api/users/${seller.id}` });
    expect(held.json()).toMatchObject({ statusCode: 409, message: 'A payment of $9,000 for Disputed Jazz is held until the handover: release or refund it before deleting this account.' });
    await t.pool.query(`update payments set state = 'refunded', refunded_at = now(), refunded_by = 'admin' where id = $1`, [paymentId]);
    expect((await as(t.app, admin, { method: 'DELETE', url: `/api/users/${seller.id}` })).json()).toEqual({ acknowledged: true, deletedCount: 1 });
  });

  it('ends every session, removes what is only theirs, keeps sale records without their name, and frees the address', async () => {
    const person = await signUp(t.app, 'Seller');
    const other = await signUp(t.app, 'Seller');
    const buyer = await signUp(t.app, 'Buyer');
    const secondBrowser = sessionCookie((await signIn(person.email)).headers['set-cookie']);
    const unsold = await insertCar(t, person, categoryId, { name: 'Unsold Golf' });
    const sold = await insertCar(t, person, categoryId, { name: 'Sold Polo' });
    await paidBooking(buyer, person, sold, 'released');
    // As a buyer of another seller's car: a paid order, an open booking, a wishlist entry, a conversation.
    const bought = await insertCar(t, other, categoryId, { name: 'Bought Corolla' });
    const { bookingId: order } = await paidBooking(person, other, bought, 'released');
    const wanted = await insertCar(t, other, categoryId, { name: 'Wanted Yaris', advertised: true });
    await t.pool.query(`update users set role = 'buyer' where id = $1`, [person.id]);
    await t.pool.query(`insert into bookings (product_id, buyer_id, buyer_name, buyer_email, product_name, price) values ($1, $2, $3, $4, 'Wanted Yaris', 15000)`, [
      wanted,
      person.id,
      person.name,
      person.email,
    ]);
    await t.pool.query(`insert into wishlist_entries (product_id, buyer_id) values ($1, $2)`, [wanted, person.id]);
    await t.pool.query(`insert into saved_searches (user_id, name, frequency, filters) values ($1, 'Yaris', 'Daily', '{}')`, [person.id]);
    const { rows: conv } = await t.pool.query(`insert into conversations (product_id, buyer_id, seller_id) values ($1, $2, $3) returning id`, [wanted, person.id, other.id]);
    await t.pool.query(`insert into messages (conversation_id, sender_id, body) values ($1, $2, 'Is it still for sale?')`, [conv[0].id, person.id]);
    await t.pool.query(`update users set role = 'seller' where id = $1`, [person.id]);

    expect((await deleteAccount(person, { password: 'secret123' })).json()).toEqual({ deleted: true });

    // Signed out everywhere, and no way back in.
    expect((await as(t.app, person, { method: 'GET', url: '/api/account/exports' })).statusCode).toBe(401);
    expect((await as(t.app, { ...person, cookie: secondBrowser }, { method: 'GET', url: '/api/account/exports' })).statusCode).toBe(401);
    expect((await signIn(person.email)).statusCode).toBe(401);
    // Gone: the unsold car, the open booking, the wishlist and the alert.
    expect(await count('select count(*) from products where id = $1', [unsold])).toBe(0);
    expect(await count(`select count(*) from bookings where buyer_id = $1 and not paid`, [person.id])).toBe(0);
    expect(await count('select count(*) from wishlist_entries where buyer_id = $1', [person.id])).toBe(0);
    expect(await count('select count(*) from saved_searches where user_id = $1', [person.id])).toBe(0);
    expect(await count('select count(*) from accounts where user_id = $1', [person.id])).toBe(0);
    // Kept without the name or contact: the sold car, the paid order, the payments, the conversation.
    expect(await one('select seller_name, seller_email, mobile, paid from products where id = $1', [sold])).toEqual({ seller_name: 'Deleted user', seller_email: '', mobile: '—', paid: true });
    expect(await one('select buyer_name, buyer_email, phone, paid from bookings where id = $1', [order])).toEqual({ buyer_name: 'Deleted user', buyer_email: '', phone: '', paid: true });
    expect(await count(`select count(*) from payments where buyer_email = $1 or (buyer_id = $2 and buyer_email <> '')`, [person.email, person.id])).toBe(0);
    const row = await one('select name, email, image, deleted_at from users where id = $1', [person.id]);
    expect(row).toMatchObject({ name: 'Deleted user', email: `deleted-${person.id.toLowerCase()}@deleted.invalid`, image: null });
    expect(row.deleted_at).not.toBeNull();
    // The other party sees "Deleted user", and their answer is refused with a sentence.
    const conversations = await as(t.app, other, { method: 'GET', url: '/api/conversations' });
    expect(JSON.stringify(conversations.json())).toContain('Deleted user');
    expect(JSON.stringify(conversations.json())).not.toContain(person.name);
    const answer = await as(t.app, other, { method: 'POST', url: `/api/conversations/${conv[0].id}/messages`, payload: { text: 'Yes it is' } });
    expect(answer.json()).toMatchObject({ statusCode: 409, message: 'This person deleted their account, so your message cannot reach them.' });
    // Admin lists no longer show them.
    const admin = await makeAdmin(t);
    expect(JSON.stringify((await as(t.app, admin, { method: 'GET', url: '/api/users/allseller' })).json())).not.toContain(person.id);
    // Told at the address the account had; and the address is free for a new sign-up.
    await until(async () => (await count(`select count(*) from dev_mailbox where to_address = $1 and subject = 'Your Second Gear account was deleted'`, [person.email])) === 1, 'the goodbye email arrived');
    const again = await signUp(t.app, 'Buyer', { email: person.email });
    expect(again.id).not.toBe(person.id);
  });

  it('confirms an account that signs in with Google only by a recent sign-in', async () => {
    const person = await signUp(t.app, 'Buyer');
    await t.pool.query(`delete from accounts where user_id = $1 and provider_id = 'credential'`, [person.id]);
    await t.pool.query(`insert into accounts (id, account_id, provider_id, user_id) values (gen_random_uuid()::text, $1, 'google', $1)`, [person.id]);
    await t.pool.query(`update sessions set created_at = now() - make_interval(mins => $2) where user_id = $1`, [person.id, FRESH_SIGN_IN_MINUTES + 1]);
    const stale = await deleteAccount(person, {});
    expect(stale.statusCode).toBe(403);
    expect(stale.json().message).toMatch(/^Sign in with Google again to confirm/);
    await t.pool.query(`update sessions set created_at = now() where user_id = $1`, [person.id]);
    expect((await deleteAccount(person, {})).json()).toEqual({ deleted: true });
  });
});

describe('downloading one’s data', () => {
  async function readyFile(who: Person) {
    const asked = await askForData(who);
    expect(asked.statusCode).toBe(202);
    const id = asked.json().id as string;
    await until(async () => (await one('select state from data_exports where id = $1', [id])).state === 'ready', 'the file is ready');
    return id;
  }

  it('prepares one file of the person’s rows and nobody else’s, for the owner only', async () => {
    const person = await signUp(t.app, 'Seller', { name: 'Pat Exporter' });
    const stranger = await signUp(t.app, 'Buyer', { name: 'Sam Stranger' });
    const car = await insertCar(t, person, categoryId, { name: 'Exported Mazda' });
    const strangersCar = await insertCar(t, await signUp(t.app, 'Seller', { name: 'Other Seller' }), categoryId, { name: 'Someone Elses Kia' });
    await t.pool.query(`update users set distance_unit = 'km', near_zip = '78701', search_radius = 25 where id = $1`, [person.id]);
    await t.pool.query(`update products set zip = '78701', zip_given = true, lat = 30.2713, lon = -97.7426 where id = $1`, [car]);
    await t.pool.query(`insert into bookings (product_id, buyer_id, buyer_name, buyer_email, product_name, phone, price) values ($1, $2, $3, $4, 'Exported Mazda', '555-7777', 15000)`, [
      car,
      stranger.id,
      stranger.name,
      stranger.email,
    ]);
    await t.pool.query(`insert into saved_searches (user_id, name, frequency, filters) values ($1, 'My Mazda alert', 'Daily', '{}')`, [person.id]);
    await t.pool.query(`insert into saved_searches (user_id, name, frequency, filters) values ($1, 'Strangers alert', 'Daily', '{}')`, [stranger.id]);
    const { rows: conv } = await t.pool.query(`insert into conversations (product_id, buyer_id, seller_id) values ($1, $2, $3) returning id`, [car, stranger.id, person.id]);
    await t.pool.query(`insert into messages (conversation_id, sender_id, body) values ($1, $2, 'Stranger asks a secret question'), ($1, $3, 'Pat answers plainly')`, [
      conv[0].id,
      stranger.id,
      person.id,
    ]);

    const id = await readyFile(person);
    const listed = await as(t.app, person, { method: 'GET', url: '/api/account/exports' });
    expect(listed.json()[0]).toMatchObject({ id, state: 'ready', downloadUrl: `/api/account/exports/${id}/file` });

    const file = await as(t.app, person, { method: 'GET', url: `/api/account/exports/${id}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="second-gear-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = file.json();
    expect(data.profile).toMatchObject({ id: person.id, name: 'Pat Exporter', email: person.email, distanceUnit: 'km', nearZip: '78701', searchRadius: 25 });
    expect(data.cars.map((c: { name: string }) => c.name)).toEqual(['Exported Mazda']);
    expect(data.cars[0]).toMatchObject({ zip: '78701', zipGiven: true });
    expect(data.cars[0].photos[0]).toMatch(new RegExp(`^${t.origin}/uploads/`));
    expect(data.alerts.map((a: { name: string }) => a.name)).toEqual(['My Mazda alert']);
    expect(data.messagesWritten.map((m: { body: string }) => m.body)).toEqual(['Pat answers plainly']);
    expect(data.bookingRequestsReceived).toHaveLength(1);
    expect(data.sessions).toHaveLength(1);
    const text = file.body;
    for (const foreign of [stranger.id, stranger.email, 'Sam Stranger', '555-7777', 'Stranger asks', 'Strangers alert', strangersCar, 'Someone Elses Kia']) {
      expect(text, foreign).not.toContain(foreign);
    }
    expect(text).not.toMatch(/scrypt|"password"|"token"/);

    // Someone else's file is no file of theirs.
    expect((await as(t.app, stranger, { method: 'GET', url: `/api/account/exports/${id}/file` })).statusCode).toBe(404);
    expect(JSON.stringify((await as(t.app, stranger, { method: 'GET', url: '/api/account/exports' })).json())).not.toContain(id);
    // The confirmed address is told; the file link is the Settings page, which asks for a sign-in.
    await until(async () => (await count(`select count(*) from dev_mailbox where to_address = $1 and subject = 'Your Second Gear data is ready'`, [person.email])) === 1, 'the email arrived');
  });

  it('prepares one file at a time, three a day, and forgets a file past its date', async () => {
    const person = await signUp(t.app, 'Buyer');
    const [a, b] = await Promise.all([askForData(person), askForData(person)]);
    expect(a.json().id).toBe(b.json().id);
    await until(async () => (await one('select state from data_exports where id = $1', [a.json().id])).state === 'ready', 'the first file is ready');
    await readyFile(person);
    await readyFile(person);
    const fourth = await askForData(person);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/^You asked for your data 3 times today\. Try again in /);

    await t.pool.query(`update data_exports set expires_at = now() - interval '1 second' where id = $1`, [a.json().id]);
    await forgetDataExportsTask(t.pool)({}, {} as never);
    const gone = await as(t.app, person, { method: 'GET', url: `/api/account/exports/${a.json().id}/file` });
    expect(gone.json()).toMatchObject({ statusCode: 404, message: 'This file expired 48 hours after it was ready. Ask for your data again under Settings.' });
    expect((await as(t.app, person, { method: 'GET', url: '/api/account/exports' })).json().find((f: { id: string }) => f.id === a.json().id)).toMatchObject({ state: 'expired', downloadUrl: null });
  });

  it('holds none of the other party’s words or name: not in notifications, emails, bookings or payments', async () => {
    const seller = await signUp(t.app, 'Seller', { name: 'Sol Quietseller' });
    const buyer = await signUp(t.app, 'Buyer', { name: 'Bea Curiousbuyer' });
    const car = await insertCar(t, seller, categoryId, { name: 'Quiet Skoda' });
    const question = 'Would you take marmalade sandwiches in part exchange?';
    expect((await as(t.app, buyer, { method: 'POST', url: '/api/conversations', payload: { productId: car, text: question } })).statusCode).toBe(200);
    const booking = (await as(t.app, buyer, { method: 'POST', url: '/api/bookings', payload: { productId: car } })).json().insertedId as string;
    // A paid booking of another car, declined with a reason: the money is refunded with it.
    const { bookingId: paid } = await paidBooking(buyer, seller, await insertCar(t, seller, categoryId, { name: 'Loud Fiat' }));
    const reason = 'Promised to my neighbour Zebedee';
    for (const id of [booking, paid]) expect((await as(t.app, seller, { method: 'POST', url: `/api/bookings/${id}/decline`, payload: { reason } })).statusCode).toBe(200);

    const fileOf = async (who: Person) => (await as(t.app, who, { method: 'GET', url: `/api/account/exports/${await readyFile(who)}/file` })).body;
    const sellers = await fileOf(seller);
    for (const foreign of ['marmalade', 'part exchange', 'Curiousbuyer', buyer.email]) expect(sellers, foreign).not.toContain(foreign);
    const buyers = await fileOf(buyer);
    for (const foreign of ['Zebedee', 'Quietseller', seller.email]) expect(buyers, foreign).not.toContain(foreign);

    // What each was told stays, in the product's own words; each one's words are in their own file.
    const sellerData = JSON.parse(sellers);
    const buyerData = JSON.parse(buyers);
    expect(sellerData.notifications).toEqual([
      expect.objectContaining({ kind: 'message', about: 'A new message to you in Messages.', link: expect.stringMatching(/^\/dashboard\/messages\?c=/) }),
      expect.objectContaining({ kind: 'booking_requested', about: 'A buyer booked a viewing of your car.' }),
      expect.objectContaining({ kind: 'payment', about: 'News of a payment: paid, released, refunded or a problem reported.' }),
    ]);
    // An email about the account keeps its subject; the emails of notifications say what those did.
    expect(sellerData.emails.map((e: { about: string }) => e.about)).toEqual([
      'Confirm your email address',
      'A new message to you in Messages.',
      'A buyer booked a viewing of your car.',
      'News of a payment: paid, released, refunded or a problem reported.',
    ]);
    expect(buyerData.notifications).toContainEqual(expect.objectContaining({ kind: 'booking_declined', about: 'The seller declined your booking.' }));
    expect(sellerData.bookingRequestsReceived.map((b: { declineReason: string }) => b.declineReason)).toEqual([reason, reason]);
    expect(sellerData.payments).toEqual([expect.objectContaining({ state: 'refunded', refundedBy: 'seller', refundReason: `The seller declined the booking: ${reason}` })]);
    expect(buyerData.payments).toEqual([expect.objectContaining({ state: 'refunded', refundedBy: 'seller', refundReason: null })]);
    expect(buyerData.messagesWritten).toEqual([expect.objectContaining({ body: question })]);
    expect(buyerData.bookings.map((b: { status: string }) => b.status)).toEqual(['declined', 'declined']);
  });

  it('sends no email to an address nobody confirmed', async () => {
    const person = await signUp(t.app, 'Buyer', { confirmed: false });
    await readyFile(person);
    expect(await count(`select count(*) from email_outbox where user_id = $1 and subject = 'Your Second Gear data is ready'`, [person.id])).toBe(0);
  });
});
