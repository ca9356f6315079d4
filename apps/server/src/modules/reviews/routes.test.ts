import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCar, insertCategory } from '../../../test/fixtures.ts';
import { as, createTestApp, makeAdmin, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { remindReviews } from './jobs.ts';

// Reviews only a completed sale can write (issue 48, decision 042), through the API on a fixed clock:
// `today` is the database's time when the file starts, and stays there unless a test moves it. Sales
// are payments written as the money's decisions leave them (released, refunded, disputed) at days
// before `today`; one sale is released the way a buyer does it, by `I have the car`.

const DAY = 86_400_000;
let t: TestApp;
let start: Date;
let today: Date;
let seller: Person;
let buyer: Person;
let otherBuyer: Person;
let otherSeller: Person;
let admin: Person;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => today });
  start = (await t.pool.query<{ now: Date }>('select now()')).rows[0]!.now;
  today = start;
  [seller, otherSeller, buyer, otherBuyer] = await Promise.all([signUp(t.app, 'Seller'), signUp(t.app, 'Seller'), signUp(t.app, 'Buyer'), signUp(t.app, 'Buyer')]);
  admin = await makeAdmin(t);
  categoryId = await insertCategory(t);
});
afterAll(() => t?.close());

const daysBefore = (days: number, from = start) => new Date(from.getTime() - days * DAY);

/** A sale of one of `seller`'s cars to `buyer`: its payment as the money's decisions leave it. */
async function sale(state: 'held' | 'released' | 'refunded', { releasedDaysAgo = 1, disputed = false, b = buyer, s = seller } = {}): Promise<{ payment: string; car: string }> {
  const car = await insertCar(t, s, categoryId, { name: `Sold car ${randomBytes(3).toString('hex')}`, paid: true });
  const at = daysBefore(releasedDaysAgo);
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into payments (kind, product_id, buyer_id, seller_id, buyer_email, amount, transaction_id, state, created_at,
       released_at, released_by, refunded_at, refunded_by)
     values ('wishlist', $1, $2, $3, $4, 1500000, $5, $6, $7::timestamptz - interval '1 day',
       case when $6 = 'released' then $7::timestamptz end, case when $6 = 'released' then 'buyer' end,
       case when $6 = 'refunded' then $7::timestamptz end, case when $6 = 'refunded' then 'seller' end)
     returning id`,
    [car, b.id, s.id, b.email, `pi_${randomBytes(8).toString('hex')}`, state, at],
  );
  const payment = rows[0]!.id;
  if (disputed) {
    await t.pool.query(
      `insert into disputes (payment_id, opened_by, reason, details, decision, note, decided_by, decided_at) values ($1, $2, 'not_as_described', 'Not as listed', 'release', 'Checked', $3, $4)`,
      [payment, b.id, admin.id, at],
    );
  }
  return { payment, car };
}

const write = (who: Person | undefined, payment: string, payload: object) => as(t.app, who, { method: 'POST', url: `/api/payments/${payment}/review`, payload });
const good = { rating: 5, text: 'Easy handover, the car was as described.' };
const reviewsOf = async (subject: Person, viewer?: Person) => {
  const res = await as(t.app, viewer, { method: 'GET', url: `/api/users/${subject.id}/reviews` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const mine = async (who: Person) => (await as(t.app, who, { method: 'GET', url: '/api/reviews/mine' })).json();
const stored = async (payment: string) => (await t.pool.query('select author_role, rating from reviews where payment_id = $1 order by author_role', [payment])).rows;

describe('who may write a review', () => {
  it('refuses no session, an admin, and anyone who is not the sale’s buyer or seller', async () => {
    const { payment } = await sale('released');
    expect((await write(undefined, payment, good)).statusCode).toBe(401);
    expect((await write(admin, payment, good)).statusCode).toBe(403);
    for (const stranger of [otherBuyer, otherSeller]) {
      const res = await write(stranger, payment, good);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe('You have no such sale.');
    }
    expect(await stored(payment)).toEqual([]);
  });

  it('refuses a sale whose money is held, refunded, or went to an admin as a problem', async () => {
    const held = await sale('held');
    expect((await write(buyer, held.payment, good)).json()).toMatchObject({ statusCode: 409, message: expect.stringContaining('once the payment for') });
    const refunded = await sale('refunded');
    expect((await write(seller, refunded.payment, good)).json()).toMatchObject({ statusCode: 409, message: expect.stringContaining('was refunded, so there is no sale to review') });
    const disputed = await sale('released', { disputed: true });
    expect((await write(buyer, disputed.payment, good)).json()).toMatchObject({ statusCode: 409, message: expect.stringContaining('went to an admin as a problem') });
    for (const s of [held, refunded, disputed]) expect(await stored(s.payment)).toEqual([]);
  });

  it('takes each side’s review once, within 14 days of the release', async () => {
    const { payment } = await sale('released', { releasedDaysAgo: 13 });
    expect((await write(buyer, payment, good)).statusCode).toBe(200);
    expect((await write(seller, payment, { rating: 4, text: 'Paid and came on time.' })).statusCode).toBe(200);
    const twice = await write(buyer, payment, { rating: 1, text: 'Changed my mind' });
    expect(twice.json()).toMatchObject({ statusCode: 409, message: expect.stringContaining('You have already reviewed the sale of') });
    expect(await stored(payment)).toEqual([
      { author_role: 'buyer', rating: 5 },
      { author_role: 'seller', rating: 4 },
    ]);

    const late = await sale('released', { releasedDaysAgo: 15 });
    const res = await write(buyer, late.payment, good);
    expect(res.json()).toMatchObject({ statusCode: 409, message: expect.stringMatching(/^Reviews of this sale closed on .+, 14 days after the payment was released\.$/) });
    expect((await mine(buyer)).find((s: { paymentId: string }) => s.paymentId === late.payment)).toMatchObject({ mayWrite: false, review: null });
  });

  it('refuses a bad rating or text, and text carrying contact details or payment arrangements, storing nothing', async () => {
    const { payment } = await sale('released');
    for (const payload of [{ rating: 0, text: 'x' }, { rating: 6, text: 'x' }, { rating: 4.5, text: 'x' }, { rating: '5', text: 'x' }, { rating: 5, text: '   ' }, { rating: 5 }, { ...good, extra: 1 }]) {
      const res = await write(buyer, payment, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await write(buyer, payment, { rating: 0, text: 'x' })).json().message).toContain('Rating must be 1 to 5 stars');
    expect((await write(buyer, payment, { rating: 5, text: 'x'.repeat(2001) })).json().message).toContain('Review must be at most 2,000 characters');
    for (const text of ['Great seller, write to me at pat@mail.example for more', 'Message me on WhatsApp', 'Paid by Western\u200BUnion, smooth']) {
      const res = await write(buyer, payment, { rating: 5, text });
      expect(res.statusCode, text).toBe(400);
      expect(res.json().message).toMatch(/^A review cannot mention .+: reviews are public/);
    }
    expect(await stored(payment)).toEqual([]);
  });

  it('opens once the buyer has the car (`I have the car` releases the payment)', async () => {
    const car = await insertCar(t, seller, categoryId, { name: 'Handed over car' });
    const bookingId = (await as(t.app, buyer, { method: 'POST', url: '/api/bookings', payload: { productId: car } })).json().insertedId;
    const intent = (await as(t.app, buyer, { method: 'POST', url: '/api/create-payment-intent', payload: { bookingId } })).json();
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date(start).getUTCFullYear() + 3, cvc: '123' };
    const confirmed = await as(t.app, undefined, {
      method: 'POST',
      url: '/api/test-processor/confirm',
      payload: { clientSecret: intent.clientSecret, card, billingDetails: { name: 'Pat Buyer', email: buyer.email } },
    });
    const recorded = await as(t.app, buyer, { method: 'POST', url: '/api/payments', payload: { transactionId: confirmed.json().paymentIntent.id, bookingId, email: buyer.email } });
    const payment = recorded.json().insertedId;
    expect((await write(buyer, payment, good)).statusCode).toBe(409);
    expect((await as(t.app, buyer, { method: 'POST', url: `/api/payments/${payment}/received`, payload: {} })).statusCode).toBe(200);
    // Released at the database's now, after the fixed `today`: the test clock moves past it.
    today = new Date(Date.now() + 60_000);
    try {
      const res = await write(buyer, payment, good);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ paymentId: payment, role: 'buyer', productName: 'Handed over car', otherName: seller.name, mayWrite: false, review: { rating: 5, shown: false } });
    } finally {
      today = start;
    }
  });
});

describe('blind reviews', () => {
  it('show neither side’s review until both are in, then both, on the profile list and the cards', async () => {
    const s = await signUp(t.app, 'Seller');
    const b = await signUp(t.app, 'Buyer');
    const shownCar = await insertCar(t, s, categoryId, { name: 'On the market', advertised: true });
    const { payment } = await sale('released', { b, s, releasedDaysAgo: 2 });
    const carJson = async () => (await as(t.app, undefined, { method: 'GET', url: `/api/cars/${shownCar}` })).json().product;

    const first = await write(b, payment, { rating: 4, text: 'Fair seller.' });
    expect(first.json().review).toMatchObject({ shown: false, showsOn: daysBefore(2 - 14).toISOString() });
    // Nobody sees it yet: not its subject, not a visitor, not the author on the public list; no stars on the car.
    expect(await reviewsOf(s, s)).toEqual({ reviews: [] });
    expect(await reviewsOf(s)).toEqual({ reviews: [] });
    expect(await reviewsOf(s, b)).toEqual({ reviews: [] });
    expect(await carJson()).not.toHaveProperty('sellerRating');
    // The seller has not read it, so writes theirs knowing nothing of it.
    expect((await mine(s)).find((x: { paymentId: string }) => x.paymentId === payment)).toMatchObject({ mayWrite: true, review: null });

    const second = await write(s, payment, { rating: 5, text: 'Paid at once.' });
    expect(second.json().review).toMatchObject({ shown: true });
    expect(await reviewsOf(s)).toMatchObject({ rating: { average: 4, count: 1 }, reviews: [{ rating: 4, text: 'Fair seller.', authorName: b.name, authorRole: 'buyer', mayReply: false, reply: null }] });
    expect(await reviewsOf(b)).toMatchObject({ rating: { average: 5, count: 1 }, reviews: [{ rating: 5, text: 'Paid at once.', authorRole: 'seller' }] });
    expect((await mine(b)).find((x: { paymentId: string }) => x.paymentId === payment).review).toMatchObject({ shown: true });
    expect(await carJson()).toMatchObject({ sellerRating: { average: 4, count: 1 } });
  });

  it('show a lone review once 14 days have passed since the release', async () => {
    const s = await signUp(t.app, 'Seller');
    const { payment } = await sale('released', { s, releasedDaysAgo: 10 });
    expect((await write(buyer, payment, { rating: 3, text: 'Late to the meeting.' })).statusCode).toBe(200);
    expect(await reviewsOf(s)).toEqual({ reviews: [] });
    // Released 10 days before `start`: the 14 days end 4 days after it.
    today = daysBefore(-4);
    expect(await reviewsOf(s)).toMatchObject({ reviews: [{ text: 'Late to the meeting.' }] });
    today = new Date(daysBefore(-4).getTime() - 1);
    expect(await reviewsOf(s)).toEqual({ reviews: [] });
    today = daysBefore(-5);
    try {
      expect(await reviewsOf(s)).toMatchObject({ rating: { average: 3, count: 1 }, reviews: [{ text: 'Late to the meeting.' }] });
    } finally {
      today = start;
    }
  });

  it('give a seller’s Booking Requests the buyer’s stars once the sellers’ reviews of them show', async () => {
    const s = await signUp(t.app, 'Seller');
    const b = await signUp(t.app, 'Buyer');
    const car = await insertCar(t, s, categoryId, { name: 'Car to view' });
    expect((await as(t.app, b, { method: 'POST', url: '/api/bookings', payload: { productId: car } })).statusCode).toBe(200);
    const request = async () => (await as(t.app, s, { method: 'GET', url: '/api/bookings/requests' })).json()[0];
    const { payment } = await sale('released', { b, s: otherSeller });
    await write(otherSeller, payment, { rating: 3, text: 'Came late.' });
    // Blind: the buyer's side is not in and the 14 days are not over.
    expect(await request()).not.toHaveProperty('buyerRating');
    await write(b, payment, { rating: 5, text: 'Fine.' });
    expect(await request()).toMatchObject({ buyerName: b.name, buyerRating: { average: 3, count: 1 } });
  });

  it('answer 404 for no such person and 400 for an id that cannot be one', async () => {
    expect((await as(t.app, undefined, { method: 'GET', url: '/api/users/nobody-here/reviews' })).statusCode).toBe(404);
    expect((await as(t.app, undefined, { method: 'GET', url: '/api/users/not%20an%20id/reviews' })).statusCode).toBe(400);
  });
});

/** A sale between a fresh seller and `buyer` with both reviews in: shown at once. */
async function shownPair() {
  const s = await signUp(t.app, 'Seller');
  const { payment } = await sale('released', { s });
  await write(buyer, payment, { rating: 2, text: 'The tyres were worn.' });
  await write(s, payment, { rating: 5, text: 'Polite buyer.' });
  const aboutSeller = (await reviewsOf(s)).reviews[0].id as string;
  return { s, payment, aboutSeller };
}

describe('replies', () => {
  it('let the subject answer a shown review once, publicly', async () => {
    const { s, aboutSeller } = await shownPair();
    expect((await reviewsOf(s, s)).reviews[0]).toMatchObject({ mayReply: true });
    const reply = (who: Person | undefined, text = 'They were new in spring.') => as(t.app, who, { method: 'POST', url: `/api/reviews/${aboutSeller}/reply`, payload: { text } });
    expect((await reply(undefined)).statusCode).toBe(401);
    expect((await reply(admin)).statusCode).toBe(403);
    // The author, and anyone else, may not answer for the subject.
    expect((await reply(buyer)).statusCode).toBe(404);
    expect((await reply(otherSeller)).statusCode).toBe(404);
    expect((await reply(s, 'Text me on telegram')).statusCode).toBe(400);
    const first = await reply(s);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ reply: { text: 'They were new in spring.' }, mayReply: false });
    expect((await reply(s, 'And again')).json()).toMatchObject({ statusCode: 409, message: 'You have already replied to this review: a review takes one reply.' });
    expect((await reviewsOf(s)).reviews[0].reply).toMatchObject({ text: 'They were new in spring.' });
  });

  it('are refused while the review is blind', async () => {
    const s = await signUp(t.app, 'Seller');
    const { payment } = await sale('released', { s });
    await write(buyer, payment, good);
    const { rows } = await t.pool.query<{ id: string }>(`select id from reviews where payment_id = $1`, [payment]);
    expect((await as(t.app, s, { method: 'POST', url: `/api/reviews/${rows[0]!.id}/reply`, payload: { text: 'Thanks' } })).statusCode).toBe(404);
  });
});

describe('reports and hiding', () => {
  it('let anyone signed in report a shown review once; the admin sees it, hides it with a note both parties are told once', async () => {
    const { s, aboutSeller } = await shownPair();
    const report = (who: Person | undefined) => as(t.app, who, { method: 'POST', url: `/api/reviews/${aboutSeller}/report`, payload: { reason: 'Insulting' } });
    expect((await report(undefined)).statusCode).toBe(401);
    expect((await report(otherBuyer)).json()).toEqual({ acknowledged: true });
    expect((await report(otherSeller)).statusCode).toBe(200);
    expect((await report(otherBuyer)).statusCode).toBe(409);
    expect((await as(t.app, otherBuyer, { method: 'POST', url: `/api/reviews/${aboutSeller}/report`, payload: { reason: '' } })).statusCode).toBe(400);

    expect((await as(t.app, seller, { method: 'GET', url: '/api/admin/reviews' })).statusCode).toBe(403);
    const queue = (await as(t.app, admin, { method: 'GET', url: '/api/admin/reviews' })).json();
    expect(queue).toContainEqual(expect.objectContaining({ id: aboutSeller, reports: 2, reasons: ['Insulting', 'Insulting'], subjectName: s.name, authorName: buyer.name }));

    const hide = (who: Person, payload: object) => as(t.app, who, { method: 'POST', url: `/api/admin/reviews/${aboutSeller}/hide`, payload });
    expect((await hide(seller, { note: 'x' })).statusCode).toBe(403);
    expect((await hide(admin, { note: '  ' })).statusCode).toBe(400);
    expect((await hide(admin, {})).statusCode).toBe(400);
    expect((await hide(admin, { note: 'Insults are not reviews.' })).statusCode).toBe(200);
    expect((await hide(admin, { note: 'Again' })).statusCode).toBe(409);

    const told = await t.pool.query<{ user_id: string; body: string; emails: number }>(
      `select n.user_id, n.body, (select count(*)::int from email_outbox e where e.notification_id = n.id) as emails
         from notifications n where n.event_key = $1 order by n.user_id`,
      [`review:${aboutSeller}:hidden`],
    );
    expect(told.rows).toEqual(
      [buyer.id, s.id].sort().map((user_id) => ({ user_id, body: "An admin hid the review. The admin's note: Insults are not reviews.", emails: 1 })),
    );
    // Out of the lists, the rating and the queue.
    expect(await reviewsOf(s)).toEqual({ reviews: [] });
    expect((await as(t.app, admin, { method: 'GET', url: '/api/admin/reviews' })).json()).not.toContainEqual(expect.objectContaining({ id: aboutSeller }));
    expect((await report(buyer)).statusCode).toBe(404);
  });

  it('takes 10 reports an hour from one person, then says when to try again', async () => {
    const reporter = await signUp(t.app, 'Buyer');
    const shown: string[] = [];
    for (let i = 0; i < 11; i++) {
      const { payment } = await sale('released');
      const { rows } = await t.pool.query<{ id: string }>(
        `insert into reviews (payment_id, author_role, author_id, subject_id, rating, body, shown_at) values ($1, 'buyer', $2, $3, 3, 'Fine', $4) returning id`,
        [payment, buyer.id, seller.id, daysBefore(1)],
      );
      shown.push(rows[0]!.id);
    }
    for (const id of shown.slice(0, 10)) expect((await as(t.app, reporter, { method: 'POST', url: `/api/reviews/${id}/report`, payload: { reason: 'Spam' } })).statusCode).toBe(200);
    const over = await as(t.app, reporter, { method: 'POST', url: `/api/reviews/${shown[10]}/report`, payload: { reason: 'Spam' } });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(over.json().message).toMatch(/^You have reported 10 reviews in the last hour, the most we take\. You can report another in /);
    expect((await t.pool.query('select count(*)::int as n from review_reports where review_id = $1', [shown[10]])).rows[0]).toEqual({ n: 0 });
  });

  it('refuses a report of a blind review as of no review', async () => {
    const { payment } = await sale('released');
    await write(seller, payment, good);
    const { rows } = await t.pool.query<{ id: string }>(`select id from reviews where payment_id = $1`, [payment]);
    expect((await as(t.app, otherBuyer, { method: 'POST', url: `/api/reviews/${rows[0]!.id}/report`, payload: { reason: 'Spam' } })).statusCode).toBe(404);
  });
});

describe('the reminder', () => {
  it('reminds each side once, a few days after the release, unless they wrote theirs', async () => {
    const s = await signUp(t.app, 'Seller');
    const b = await signUp(t.app, 'Buyer');
    const { payment } = await sale('released', { s, b, releasedDaysAgo: 1 });
    const reminders = async () =>
      (await t.pool.query(`select n.user_id, (select count(*)::int from email_outbox e where e.notification_id = n.id) as emails from notifications n where n.event_key = $1`, [`review:${payment}:reminder`])).rows;

    // Too early: 1 day after the release.
    await remindReviews(t.pool, start);
    expect(await reminders()).toEqual([]);
    await write(b, payment, good);
    const later = daysBefore(-3);
    await remindReviews(t.pool, later);
    await remindReviews(t.pool, later);
    // The buyer wrote theirs: only the seller is reminded, once, by the bell and one email.
    expect(await reminders()).toEqual([{ user_id: s.id, emails: 1 }]);
    const { rows } = await t.pool.query<{ title: string; body: string }>(`select title, body from notifications where event_key = $1`, [`review:${payment}:reminder`]);
    expect(rows[0]!.title).toMatch(/^How did the sale of Sold car \w+ go\? Review /);
    expect(rows[0]!.body).toContain('on Booking Requests until');
    // Past the 14 days nobody is reminded.
    const past = await sale('released', { s, b, releasedDaysAgo: 20 });
    await remindReviews(t.pool, start);
    expect((await t.pool.query(`select 1 from notifications where event_key = $1`, [`review:${past.payment}:reminder`])).rows).toEqual([]);
  });
});
