import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertCar } from '../../../test/fixtures.ts';
import { as, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';
import { PROPOSALS_PER_HOUR } from './requests.ts';
import { meetingWords } from './telling.ts';
import { writeDateTime, zoneName } from '@second-gear/contract/constants';
import { BOOKINGS_OF_ONE_CAR_PER_HOUR, BOOKINGS_PER_HOUR } from './service.ts';

let t: TestApp;
let buyer: Person;
let otherBuyer: Person;
let seller: Person;
let otherSeller: Person;
let admin: Person;
let categoryId: string;

beforeAll(async () => {
  ({ t, buyer, otherBuyer, seller, otherSeller, admin, categoryId } = await withPersonas(['buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin'], { category: true }));
});
afterAll(() => t.close());
// The tests share their buyers and seller: each starts with a fresh hour of bookings and proposals.
beforeEach(() => t.pool.query(`delete from auth_rate_limits where key like 'booking:%' or key like 'proposal:%'`));

const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
const post = (who: Person | undefined, url: string, payload?: object) => as(t.app, who, { method: 'POST', url, ...(payload ? { payload } : {}) });
const get = (who: Person | undefined, url: string) => as(t.app, who, { method: 'GET', url });

/** A car of the seller's booked by the buyer; the booking's id. */
async function booked(name = 'Requested Corolla', extra: object = {}, by: Person = buyer): Promise<string> {
  const car = await insertCar(t, seller, categoryId, { name });
  const res = await post(by, '/api/bookings', { productId: car, phone: '555-0142', location: 'Station Square', ...extra });
  expect(res.json(), res.body).toMatchObject({ acknowledged: true });
  return res.json().insertedId;
}
const row = async (id: string) => (await t.pool.query('select * from bookings where id = $1', [id])).rows[0];
const notices = async (id: string) =>
  (
    await t.pool.query(
      `select n.user_id, n.event_key, n.kind, n.title, n.body, n.link, e.to_address, e.calendar
         from notifications n left join email_outbox e on e.notification_id = n.id
        where n.event_key like $1 order by n.created_at, n.event_key`,
      [`booking:${id}:%`],
    )
  ).rows;
/** The emails a person was sent about a booking: events about one car minutes apart fold into one (notify.ts). */
const emailsAbout = async (id: string, who: Person) =>
  (
    await t.pool.query(
      `select o.subject, o.text_body, o.calendar, o.events from email_outbox o join notifications n on n.id = o.notification_id
        where n.event_key like $1 and n.user_id = $2 order by o.created_at`,
      [`booking:${id}:%`, who.id],
    )
  ).rows;

describe('POST /bookings with a preferred time', () => {
  it('keeps the wished time, and tells the seller in the same transaction (bell and email)', async () => {
    const when = inHours(48);
    const id = await booked('Wished Golf', { preferredTime: when });
    expect(await row(id)).toMatchObject({ status: 'pending', preferred_time: new Date(when), calendar_sequence: 0 });
    const [told] = await notices(id);
    expect(told).toMatchObject({ user_id: seller.id, event_key: `booking:${id}:requested`, kind: 'booking_requested', link: '/dashboard/bookings', to_address: seller.email, calendar: null });
    expect(told.title).toBe(`${buyer.name} booked Wished Golf`);
    expect(told.body).toContain('would like to meet on');
  });

  it.each([
    ['in the past', inHours(-2), 'Preferred Time cannot be in the past'],
    ['more than a year ahead', inHours(24 * 400), 'Preferred Time must be within a year from now'],
    ['without an offset', '2031-05-03T14:30:00', 'Preferred Time must be a date and time'],
    ['not a time', 'tomorrow', 'Preferred Time must be a date and time'],
  ])('refuses a preferred time %s (400, naming the field) and books nothing', async (_what, preferredTime, message) => {
    const car = await insertCar(t, seller, categoryId);
    const res = await post(buyer, '/api/bookings', { productId: car, preferredTime });
    expect(res.statusCode).toBe(400);
    // The contract's sentence alone, and beside it the field it belongs under on the form.
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message, fields: [{ field: 'preferredTime', message }] });
    expect((await t.pool.query('select 1 from bookings where product_id = $1', [car])).rows).toHaveLength(0);
  });

  it('lets a buyer book again once their booking was declined or cancelled, never twice while one is open', async () => {
    const car = await insertCar(t, seller, categoryId, { name: 'Again Astra' });
    const first = (await post(buyer, '/api/bookings', { productId: car })).json().insertedId;
    expect((await post(buyer, '/api/bookings', { productId: car })).json()).toEqual({ acknowledged: false, message: 'You have already booked Again Astra.' });
    expect((await post(seller, `/api/bookings/${first}/decline`, {})).statusCode).toBe(200);
    const second = (await post(buyer, '/api/bookings', { productId: car })).json().insertedId;
    expect(second).toEqual(expect.any(String));
    expect((await post(buyer, `/api/bookings/${second}/cancel`)).statusCode).toBe(200);
    expect((await post(buyer, '/api/bookings', { productId: car })).json()).toMatchObject({ acknowledged: true });
  });
});

describe('GET /bookings/requests', () => {
  it('lists the bookings on the seller’s own cars only, newest first, with everything the table shows', async () => {
    const older = await booked('Listed Older');
    const newer = await booked('Listed Newer', { preferredTime: inHours(30) }, otherBuyer);
    const othersCar = await insertCar(t, otherSeller, categoryId, { name: 'Not Yours Niro' });
    await post(buyer, '/api/bookings', { productId: othersCar });

    const res = await get(seller, '/api/bookings/requests');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { _id: string; productName: string }[];
    expect(list.map((r) => r._id).indexOf(newer)).toBeLessThan(list.map((r) => r._id).indexOf(older));
    expect(res.body).not.toContain('Not Yours Niro');
    expect(list.find((r) => r._id === newer)).toMatchObject({
      productName: 'Listed Newer',
      buyerName: otherBuyer.name,
      phone: '555-0142',
      location: 'Station Square',
      preferredTime: expect.any(String),
      proposedTime: null,
      meetingTime: null,
      status: 'pending',
      declineReason: null,
      paid: false,
      image: expect.stringMatching(/^\/uploads\//),
    });
    expect((await get(otherSeller, '/api/bookings/requests')).body).toContain('Not Yours Niro');
  });

  it('refuses anonymous callers (401), buyers and admins (403)', async () => {
    expect((await get(undefined, '/api/bookings/requests')).statusCode).toBe(401);
    expect((await get(buyer, '/api/bookings/requests')).statusCode).toBe(403);
    expect((await get(admin, '/api/bookings/requests')).statusCode).toBe(403);
  });
});

describe('the seller’s answers', () => {
  it('accepts a pending booking: confirmed at that time, the buyer told with the calendar file', async () => {
    const id = await booked('Accepted Accord');
    const when = inHours(26);
    const res = await post(seller, `/api/bookings/${id}/accept`, { meetingTime: when });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ _id: id, status: 'confirmed', meetingTime: new Date(when).toISOString(), proposedTime: null, declineReason: null });
    expect(await row(id)).toMatchObject({ status: 'confirmed', calendar_sequence: 0, status_changed_at: expect.any(Date) });
    const told = (await notices(id)).find((n) => n.kind === 'booking_accepted');
    expect(told).toMatchObject({ user_id: buyer.id, event_key: `booking:${id}:confirmed:0`, link: '/dashboard/myorders', to_address: buyer.email });
    expect(told.title).toMatch(/^Viewing of Accepted Accord confirmed for .+ UTC$/);
    expect(told.calendar).toContain(`UID:booking-${id}@second-gear`);
    expect(told.calendar).toContain('METHOD:REQUEST');
    // The buyer's My Orders shows it.
    const order = (await get(buyer, `/api/orders/${id}`)).json();
    expect(order).toMatchObject({ status: 'confirmed', meetingTime: new Date(when).toISOString(), proposedTime: null, declineReason: null });
  });

  it('tells each party the time in their own time zone and locale, the zone named, in the bell, the email and the calendar file', async () => {
    const parisian = await signUp(t.app, 'Buyer');
    const [paris, newYork] = [
      { timeZone: 'Europe/Paris', locale: 'en-GB' },
      { timeZone: 'America/New_York', locale: 'en-US' },
    ];
    await t.pool.query(`update users set time_zone = $2, locale = $3 where id = $1`, [parisian.id, paris.timeZone, paris.locale]);
    await t.pool.query(`update users set time_zone = $2, locale = $3 where id = $1`, [seller.id, newYork.timeZone, newYork.locale]);
    try {
      const at = new Date(inHours(24 * 40));
      const [inParis, inNewYork] = [meetingWords(at, paris), meetingWords(at, newYork)];
      // The web app's date and time for the same person, then the zone's short name.
      expect(inParis).toBe(`${writeDateTime(at, paris)} ${zoneName(at, paris)}`);
      expect(inParis).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2} CES?T$/);
      expect(inNewYork).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T$/);
      expect(meetingWords(at, null)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC$/);
      const id = await booked('Zoned Zoe', { preferredTime: at.toISOString() }, parisian);
      const asked = (await notices(id)).find((n) => n.kind === 'booking_requested');
      expect(asked.body).toContain(inNewYork);
      expect((await post(seller, `/api/bookings/${id}/accept`, { meetingTime: at.toISOString() })).statusCode).toBe(200);
      const told = (await notices(id)).find((n) => n.kind === 'booking_accepted');
      expect(told.title).toBe(`Viewing of Zoned Zoe confirmed for ${inParis}`);
      const [mail] = await emailsAbout(id, parisian);
      expect(mail.text_body).toContain(inParis);
      const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '').replaceAll('\\,', ',');
      expect(unfold(told.calendar)).toContain(inParis);
      // The seller's own file of the meeting speaks their zone.
      const file = await get(seller, `/api/bookings/${id}/calendar.ics`);
      expect(unfold(file.body)).toContain(inNewYork);
    } finally {
      await t.pool.query(`update users set time_zone = null, locale = null where id = $1`, [seller.id]);
    }
  });

  it('moves a confirmed meeting to a new time (SEQUENCE + 1), and refuses the same time again (409)', async () => {
    const id = await booked('Moved Mazda');
    const first = inHours(26);
    expect((await post(seller, `/api/bookings/${id}/accept`, { meetingTime: first })).statusCode).toBe(200);
    const again = await post(seller, `/api/bookings/${id}/accept`, { meetingTime: first });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^This booking is already confirmed for .+ UTC\.$/);
    const moved = await post(seller, `/api/bookings/${id}/accept`, { meetingTime: inHours(50) });
    expect(moved.statusCode).toBe(200);
    expect((await row(id)).calendar_sequence).toBe(1);
    const keys = (await notices(id)).map((n) => n.event_key);
    expect(keys).toEqual(expect.arrayContaining([`booking:${id}:confirmed:0`, `booking:${id}:confirmed:1`]));
    const ics = await get(buyer, `/api/bookings/${id}/calendar.ics`);
    expect(ics.body).toContain('SEQUENCE:1');
  });

  it('declines with a reason the buyer sees, and a confirmed meeting’s calendar is cancelled', async () => {
    const id = await booked('Declined Duster');
    await post(seller, `/api/bookings/${id}/accept`, { meetingTime: inHours(26) });
    const res = await post(seller, `/api/bookings/${id}/decline`, { reason: '  Sold privately  ' });
    expect(res.json()).toMatchObject({ status: 'declined', declineReason: 'Sold privately' });
    expect(await row(id)).toMatchObject({ status: 'declined', decline_reason: 'Sold privately', calendar_sequence: 1 });
    const told = (await notices(id)).find((n) => n.kind === 'booking_declined');
    expect(told).toMatchObject({ user_id: buyer.id, event_key: `booking:${id}:declined` });
    expect(told.body).toContain('Their reason: Sold privately');
    // The confirmation and the decline, minutes apart, are one email carrying the cancellation.
    const emails = await emailsAbout(id, buyer);
    expect(emails).toHaveLength(1);
    expect(emails[0].subject).toBe('Your booking of Declined Duster was declined (and 1 earlier update)');
    expect(emails[0].text_body).toMatch(/^Viewing of Declined Duster confirmed for .+\n[^]*\n\nYour booking of Declined Duster was declined\n.*Their reason: Sold privately/);
    expect(emails[0].calendar).toContain('METHOD:CANCEL');
    expect((await get(buyer, `/api/orders/${id}`)).json()).toMatchObject({ status: 'declined', declineReason: 'Sold privately' });
    // Declined is final.
    const again = await post(seller, `/api/bookings/${id}/decline`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already declined this booking.');
    expect((await post(seller, `/api/bookings/${id}/accept`, { meetingTime: inHours(30) })).statusCode).toBe(409);
  });

  it('proposes another time: still pending, the buyer told once per proposal, and the buyer may accept it', async () => {
    const id = await booked('Proposed Polo', { preferredTime: inHours(20) });
    const when = inHours(72);
    const res = await post(seller, `/api/bookings/${id}/propose`, { time: when });
    expect(res.json()).toMatchObject({ status: 'pending', proposedTime: new Date(when).toISOString() });
    expect((await post(seller, `/api/bookings/${id}/propose`, { time: when })).statusCode).toBe(200);
    const proposals = (await notices(id)).filter((n) => n.kind === 'booking_proposed');
    expect(proposals).toHaveLength(1);
    expect(proposals[0]).toMatchObject({ user_id: buyer.id, event_key: `booking:${id}:proposed:${new Date(when).toISOString()}` });

    const accepted = await post(buyer, `/api/bookings/${id}/accept-proposal`);
    expect(accepted.json()).toEqual({ _id: id, status: 'confirmed', meetingTime: new Date(when).toISOString(), proposedTime: null, declineReason: null });
    const twice = await post(buyer, `/api/bookings/${id}/accept-proposal`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/^This booking is already confirmed for .+ UTC\.$/);
    expect((await notices(id)).find((n) => n.kind === 'booking_accepted' && n.user_id === seller.id)).toBeDefined();
    // The seller's one email about the car: the booking request, then the accepted time with its calendar.
    const [sellerEmail] = await emailsAbout(id, seller);
    expect(sellerEmail).toMatchObject({ events: 2 });
    expect(sellerEmail.calendar.replace(/\r\n[ \t]/g, '')).toContain(`DESCRIPTION:Meeting the buyer: ${buyer.name}\\, 555-0142\\, `);
    // Once confirmed, a proposal is refused: the seller moves the meeting with Accept.
    const late = await post(seller, `/api/bookings/${id}/propose`, { time: inHours(90) });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('accept it with a new time to move the meeting');
  });

  it('refuses accept-proposal without a proposal, or with one that has passed (409)', async () => {
    const id = await booked('Unproposed Up');
    const res = await post(buyer, `/api/bookings/${id}/accept-proposal`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The seller has not proposed another time.');
    await t.pool.query(`update bookings set proposed_time = now() - interval '1 hour' where id = $1`, [id]);
    expect((await post(buyer, `/api/bookings/${id}/accept-proposal`)).json().message).toBe('The proposed time has passed; ask the seller for another.');
  });

  it.each([
    ['a past meeting time', 'accept', { meetingTime: inHours(-1) }, 'Meeting Time cannot be in the past'],
    ['a meeting time without an offset', 'accept', { meetingTime: '2031-01-01T10:00' }, 'Meeting Time must be a date and time'],
    ['no meeting time', 'accept', {}, 'Meeting Time'],
    ['an extra field', 'accept', { meetingTime: inHours(30), status: 'confirmed' }, ''],
    ['a reason over 500 characters', 'decline', { reason: 'x'.repeat(501) }, 'Reason must be at most 500 characters'],
    ['a proposed time over a year ahead', 'propose', { time: inHours(24 * 400) }, 'Proposed Time must be within a year from now'],
    ['an extra field', 'decline', { reason: 'x', paid: true }, ''],
  ])('refuses %s (400) and changes nothing', async (_what, action, payload, message) => {
    const id = await booked();
    const res = await post(seller, `/api/bookings/${id}/${action}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await row(id)).toMatchObject({ status: 'pending', proposed_time: null, status_changed_at: null });
  });

  it('answers 404 for another seller’s booking, a missing one, and 400 for a malformed id', async () => {
    const id = await booked('Guarded Getz');
    for (const [action, payload] of [['accept', { meetingTime: inHours(30) }], ['decline', {}], ['propose', { time: inHours(30) }]] as const) {
      const res = await post(otherSeller, `/api/bookings/${id}/${action}`, payload);
      expect(res.statusCode, action).toBe(404);
      expect(res.body).not.toContain('Guarded Getz');
      expect((await post(seller, `/api/bookings/00000000-0000-4000-8000-000000000000/${action}`, payload)).statusCode).toBe(404);
      expect((await post(seller, `/api/bookings/123/${action}`, payload)).statusCode).toBe(400);
      expect((await post(buyer, `/api/bookings/${id}/${action}`, payload)).statusCode).toBe(403);
      expect((await post(admin, `/api/bookings/${id}/${action}`, payload)).statusCode).toBe(403);
      expect((await post(undefined, `/api/bookings/${id}/${action}`, payload)).statusCode).toBe(401);
    }
    expect(await row(id)).toMatchObject({ status: 'pending', proposed_time: null });
  });
});

describe('the buyer’s cancellation', () => {
  it('cancels a confirmed booking: the seller told with the calendar’s cancellation', async () => {
    const id = await booked('Cancelled Clio');
    await post(seller, `/api/bookings/${id}/accept`, { meetingTime: inHours(26) });
    const res = await post(buyer, `/api/bookings/${id}/cancel`);
    expect(res.json()).toMatchObject({ status: 'cancelled' });
    const told = (await notices(id)).find((n) => n.kind === 'booking_cancelled');
    expect(told).toMatchObject({ user_id: seller.id, event_key: `booking:${id}:cancelled`, link: '/dashboard/bookings' });
    // Folded into the seller's pending email of the booking request, which now carries the cancellation.
    const emails = await emailsAbout(id, seller);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ events: 2, subject: `${buyer.name} cancelled the booking of Cancelled Clio (and 1 earlier update)` });
    expect(emails[0].calendar).toContain('METHOD:CANCEL');
    const ics = await get(seller, `/api/bookings/${id}/calendar.ics`);
    expect(ics.body).toContain('STATUS:CANCELLED');
    expect(ics.body).toContain('SEQUENCE:1');
    const again = await post(buyer, `/api/bookings/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already cancelled this booking.');
  });

  it('refuses a paid booking (409 "is paid"), and a declined or cancelled booking cannot be paid', async () => {
    const paid = await booked('Paid Passat');
    await t.pool.query(`update bookings set paid = true, transaction_id = 'pi_test_paid_' || id where id = $1`, [paid]);
    const res = await post(buyer, `/api/bookings/${paid}/cancel`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This booking is paid; it can no longer be cancelled.');

    const declined = await booked('Unpayable Ibiza');
    await post(seller, `/api/bookings/${declined}/decline`, {});
    const intent = await post(buyer, '/api/create-payment-intent', { bookingId: declined });
    expect(intent.statusCode).toBe(409);
    expect(intent.json().message).toBe('The seller declined this booking, so it can no longer be paid. You may book the car again.');
    const cancelled = await booked('Unpayable Leon');
    await post(buyer, `/api/bookings/${cancelled}/cancel`);
    expect((await post(buyer, '/api/create-payment-intent', { bookingId: cancelled })).json().message).toBe(
      'You cancelled this booking, so it can no longer be paid. You may book the car again.',
    );
  });

  it('answers 404 for another buyer’s booking, 403 for sellers, 401 anonymous, 400 for extra fields', async () => {
    const id = await booked('Private Prius');
    for (const action of ['cancel', 'accept-proposal']) {
      expect((await post(otherBuyer, `/api/bookings/${id}/${action}`)).statusCode).toBe(404);
      expect((await post(seller, `/api/bookings/${id}/${action}`)).statusCode).toBe(403);
      expect((await post(undefined, `/api/bookings/${id}/${action}`)).statusCode).toBe(401);
    }
    expect((await post(buyer, `/api/bookings/${id}/cancel`, { status: 'cancelled' })).statusCode).toBe(400);
    expect((await row(id)).status).toBe('pending');
  });
});

describe('races the database settles', () => {
  it('two simultaneous accepts: one 200, one 409, one notification', async () => {
    const id = await booked('Raced Rio');
    const when = inHours(40);
    const answers = await Promise.all([0, 1].map(() => post(seller, `/api/bookings/${id}/accept`, { meetingTime: when, seenStatus: 'pending' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toMatch(/already confirmed for/);
    expect((await notices(id)).filter((n) => n.kind === 'booking_accepted')).toHaveLength(1);
    expect((await row(id)).calendar_sequence).toBe(0);
  });

  it('an accept and a cancel at once: exactly one wins, the other is told what happened', async () => {
    for (let round = 0; round < 4; round++) {
      const id = await booked(`Crossed Corsa ${round}`);
      const [accept, cancel] = await Promise.all([
        post(seller, `/api/bookings/${id}/accept`, { meetingTime: inHours(40), seenStatus: 'pending' }),
        post(buyer, `/api/bookings/${id}/cancel`, { seenStatus: 'pending' }),
      ]);
      expect([accept.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
      const { status } = await row(id);
      if (accept.statusCode === 200) {
        expect(status).toBe('confirmed');
        expect(cancel.json().message).toMatch(/^The seller has just confirmed this booking for .+; look at it again before it is cancelled\.$/);
      } else {
        expect(status).toBe('cancelled');
        expect(accept.json().message).toBe('The buyer cancelled this booking.');
      }
    }
  });
});

describe('GET /bookings/:id/calendar.ics', () => {
  it('gives the buyer and the seller their own file of a confirmed meeting', async () => {
    const id = await booked('Calendar Captur');
    await post(seller, `/api/bookings/${id}/accept`, { meetingTime: inHours(28) });
    const mine = await get(buyer, `/api/bookings/${id}/calendar.ics`);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(mine.headers['content-disposition']).toBe(`attachment; filename="viewing-${id}.ics"`);
    expect(mine.body).toContain(`UID:booking-${id}@second-gear`);
    expect(mine.body).toContain('SUMMARY:Viewing: Calendar Captur');
    expect(mine.body).toContain('STATUS:CONFIRMED');
    expect(mine.body).toContain('Meeting the seller');
    expect((await get(seller, `/api/bookings/${id}/calendar.ics`)).body).toContain(`Meeting the buyer: ${buyer.name}`);
  });

  it('has no file for a pending booking or for anyone else (404), and refuses admins (403) and anonymous callers (401)', async () => {
    const id = await booked('Pending Panda');
    expect((await get(buyer, `/api/bookings/${id}/calendar.ics`)).statusCode).toBe(404);
    await post(seller, `/api/bookings/${id}/accept`, { meetingTime: inHours(28) });
    const other = await get(otherBuyer, `/api/bookings/${id}/calendar.ics`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Pending Panda');
    expect((await get(otherSeller, `/api/bookings/${id}/calendar.ics`)).statusCode).toBe(404);
    expect((await get(admin, `/api/bookings/${id}/calendar.ics`)).statusCode).toBe(403);
    expect((await get(undefined, `/api/bookings/${id}/calendar.ics`)).statusCode).toBe(401);
    expect((await get(buyer, '/api/bookings/nope/calendar.ics')).statusCode).toBe(400);
  });
});

describe('a payment for the seller’s car', () => {
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' };

  it('tells the seller, and gives the buyer a receipt, once, in the transaction that records it, however often the payment is reported', async () => {
    const id = await booked('Bought Beetle');
    const intent = (await post(buyer, '/api/create-payment-intent', { bookingId: id })).json();
    const confirmed = await post(undefined, '/api/test-processor/confirm', { clientSecret: intent.clientSecret, card, billingDetails: { name: 'B', email: buyer.email } });
    const transactionId = confirmed.json().paymentIntent.id;
    for (let i = 0; i < 2; i++) expect((await post(buyer, '/api/payments', { transactionId, bookingId: id, email: buyer.email })).statusCode).toBe(200);
    const { rows } = await t.pool.query(
      `select n.user_id, n.kind, n.title, n.link, e.to_address from notifications n join email_outbox e on e.notification_id = n.id
        where n.event_key = (select 'money:' || id || ':paid' from payments where transaction_id = $1) order by n.link`,
      [transactionId],
    );
    const price = (await row(id)).price.toLocaleString('en-US');
    expect(rows).toEqual([
      { user_id: buyer.id, kind: 'payment', title: `Receipt: $${price} for Bought Beetle`, link: '/dashboard/myorders', to_address: buyer.email },
      { user_id: seller.id, kind: 'payment', title: `Bought Beetle is paid: $${price} held until the handover`, link: '/dashboard/payouts', to_address: seller.email },
    ]);
  });

  it('refunds a payment that went through after the seller declined the booking', async () => {
    const id = await booked('Declined Midway');
    const intent = (await post(buyer, '/api/create-payment-intent', { bookingId: id })).json();
    const transactionId = (await post(undefined, '/api/test-processor/confirm', { clientSecret: intent.clientSecret, card, billingDetails: { name: 'B', email: buyer.email } })).json().paymentIntent.id;
    await post(seller, `/api/bookings/${id}/decline`, {});
    const res = await post(buyer, '/api/payments', { transactionId, bookingId: id, email: buyer.email });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^The seller declined this booking; your payment of \$[\d,]+ was refunded\.$/);
    expect((await row(id)).paid).toBe(false);
  });
});

describe('what one person can make another receive', () => {
  /** The person's bell entries and emails about the car's bookings (emails fold per person and car: notify.ts). */
  async function toldAbout(who: Person, car: string) {
    const { rows } = await t.pool.query<{ bell: number; emails: number; events: number }>(
      `select count(n.id)::int as bell, count(o.id)::int as emails, coalesce(sum(o.events), 0)::int as events
         from notifications n join bookings b on n.event_key like 'booking:' || b.id || ':%'
         left join email_outbox o on o.notification_id = n.id
        where b.product_id = $2 and n.user_id = $1`,
      [who.id, car],
    );
    return rows[0]!;
  }
  const emailRows = async (who: Person, car: string) =>
    (
      await t.pool.query<{ id: string; due_at: Date; created_at: Date; run_at: Date | null; after_previous: number | null }>(
        `select o.id, o.due_at, o.created_at, j.run_at,
                extract(epoch from o.due_at - lag(o.due_at) over (order by o.created_at))::int as after_previous
           from email_outbox o join notifications n on n.id = o.notification_id join bookings b on n.event_key like 'booking:' || b.id || ':%'
           left join graphile_worker._private_jobs j on j.key = 'email:' || o.id
          where b.product_id = $2 and n.user_id = $1 order by o.created_at`,
        [who.id, car],
      )
    ).rows;
  /** What the job runner does to an email it delivers. */
  const delivered = (id: string) => t.pool.query('update email_outbox set sent_at = now(), attempts = attempts + 1 where id = $1', [id]);

  it('bounds a buyer booking and cancelling one car in a loop: every event in the seller’s bell, one email, then a 429', async () => {
    const looper = await signUp(t.app, 'Buyer');
    const car = await insertCar(t, seller, categoryId, { name: 'Looped Lancer' });
    for (let i = 0; i < BOOKINGS_OF_ONE_CAR_PER_HOUR.max; i++) {
      const booking = await post(looper, '/api/bookings', { productId: car });
      expect(booking.json(), booking.body).toMatchObject({ acknowledged: true });
      expect((await post(looper, `/api/bookings/${booking.json().insertedId}/cancel`)).statusCode).toBe(200);
    }
    expect(await toldAbout(seller, car)).toEqual({ bell: 10, emails: 1, events: 10 });

    const over = await post(looper, '/api/bookings', { productId: car });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().message).toMatch(/^You have booked this car 5 times in the last hour, the most we take\. You can book it again in \d+ minutes?\.$/);
    // Another buyer is not held up by this one's limit, nor this buyer on another car.
    expect((await post(otherBuyer, '/api/bookings', { productId: car })).json()).toMatchObject({ acknowledged: true });
    const another = await insertCar(t, seller, categoryId);
    expect((await post(looper, '/api/bookings', { productId: another })).json()).toMatchObject({ acknowledged: true });
  });

  it('bounds a buyer’s bookings of many cars: a 429 beyond thirty an hour, refusals not counted', async () => {
    const shopper = await signUp(t.app, 'Buyer');
    const cars = await Promise.all(Array.from({ length: BOOKINGS_PER_HOUR.max + 1 }, () => insertCar(t, seller, categoryId)));
    for (const car of cars.slice(0, BOOKINGS_PER_HOUR.max)) {
      expect((await post(shopper, '/api/bookings', { productId: car })).json()).toMatchObject({ acknowledged: true });
      // Refused (already booked): not a booking, so not counted.
      if (car === cars[0]) expect((await post(shopper, '/api/bookings', { productId: car })).json()).toMatchObject({ acknowledged: false });
    }
    const over = await post(shopper, '/api/bookings', { productId: cars.at(-1) });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/^You have booked 30 viewings in the last hour, the most we take\. You can book another in \d+ minutes?\.$/);
  });

  it('sends a quiet car’s first email at once, the next events one window later in one email, and at once again after a quiet window', async () => {
    const car = await insertCar(t, seller, categoryId, { name: 'Windowed Wagon' });
    const first = (await post(buyer, '/api/bookings', { productId: car })).json().insertedId;
    const [a] = await emailRows(seller, car);
    expect(a!.due_at).toEqual(a!.created_at);
    expect(a!.run_at).toEqual(a!.due_at);
    await delivered(a!.id);

    // Sent already: the cancellation is an email of its own, due five minutes after the last, and the next booking folds into it.
    await post(buyer, `/api/bookings/${first}/cancel`);
    await post(buyer, '/api/bookings', { productId: car });
    let rows = await emailRows(seller, car);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ after_previous: 5 * 60, run_at: rows[1]!.due_at });
    expect(await toldAbout(seller, car)).toEqual({ bell: 3, emails: 2, events: 3 });

    // Ten minutes on, both sent: the next event leaves at once.
    await delivered(rows[1]!.id);
    await t.pool.query(
      `update email_outbox set created_at = created_at - interval '10 minutes', due_at = due_at - interval '10 minutes' where id = any($1::uuid[])`,
      [rows.map((r) => r.id)],
    );
    const second = (await t.pool.query<{ id: string }>(`select id from bookings where product_id = $1 and status = 'pending'`, [car])).rows[0]!.id;
    await post(buyer, `/api/bookings/${second}/cancel`);
    rows = await emailRows(seller, car);
    expect(rows).toHaveLength(3);
    expect(rows[2]!.due_at).toEqual(rows[2]!.created_at);
  });

  it('bounds a seller proposing time after time: every proposal in the buyer’s bell, one email, then a 429', async () => {
    const car = await insertCar(t, seller, categoryId, { name: 'Proposed Prius' });
    const id = (await post(buyer, '/api/bookings', { productId: car })).json().insertedId;
    // A refused proposal is not counted.
    expect((await post(seller, '/api/bookings/00000000-0000-4000-8000-000000000000/propose', { time: inHours(30) })).statusCode).toBe(404);
    for (let i = 0; i < PROPOSALS_PER_HOUR.max; i++) {
      expect((await post(seller, `/api/bookings/${id}/propose`, { time: inHours(30 + i) })).statusCode).toBe(200);
    }
    const buyerTold = await toldAbout(buyer, car);
    expect(buyerTold).toEqual({ bell: 10, emails: 1, events: 10 });

    const over = await post(seller, `/api/bookings/${id}/propose`, { time: inHours(50) });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().message).toMatch(/^You have proposed 10 new times in the last hour, the most we take\. You can propose another in \d+ minutes?; accepting or declining a booking is open to you now\.$/);
    expect((await post(seller, `/api/bookings/${id}/accept`, { meetingTime: inHours(30) })).statusCode).toBe(200);
  });
});
