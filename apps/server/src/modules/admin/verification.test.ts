import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCar } from '../../../test/fixtures.ts';
import { as, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';

let t: TestApp;
let admin: Person;
let seller: Person;
let buyer: Person;
let categoryId: string;

beforeAll(async () => {
  ({ t, admin, seller, buyer, categoryId } = await withPersonas(['admin', 'seller', 'buyer'], { category: true }));
});
afterAll(() => t.close());

const evidence = (who: Person | undefined, id: string) => as(t.app, who, { method: 'GET', url: `/api/admin/sellers/${id}/evidence` });
const decide = (who: Person | undefined, method: 'PUT' | 'DELETE', id: string, payload?: object) =>
  as(t.app, who, { method, url: `/api/admin/sellers/${id}/verification`, ...(payload ? { payload } : {}) });

/** What the seller was told, bell and email, by kind. */
const told = async (userId: string, kind: string) =>
  (
    await t.pool.query<{ title: string; body: string; link: string; to_address: string | null }>(
      `select n.title, n.body, n.link, e.to_address from notifications n left join email_outbox e on e.notification_id = n.id
        where n.user_id = $1 and n.kind = $2 order by n.created_at`,
      [userId, kind],
    )
  ).rows;

describe('the verification routes refuse everyone but admins', () => {
  it.each([
    ['GET', 'evidence'],
    ['PUT', 'verification'],
    ['DELETE', 'verification'],
  ] as const)('%s …/%s: anonymous 401, buyer and seller 403, nothing changed', async (method, what) => {
    const url = `/api/admin/sellers/${seller.id}/${what}`;
    const payload = method === 'GET' ? undefined : { note: 'Looks fine' };
    expect((await as(t.app, undefined, { method, url, payload })).statusCode).toBe(401);
    expect((await as(t.app, buyer, { method, url, payload })).statusCode).toBe(403);
    // A seller cannot see another's evidence, nor verify themselves.
    expect((await as(t.app, seller, { method, url, payload })).statusCode).toBe(403);
    expect((await t.pool.query('select 1 from seller_verifications where seller_id = $1', [seller.id])).rows).toHaveLength(0);
  });
});

describe('GET /admin/sellers/{id}/evidence', () => {
  it('shows the account, cars with their checks, reports, flagged messages, bookings and past decisions', async () => {
    const dealer = await signUp(t.app, 'Seller');
    await t.pool.query(`update users set phone = '555 0100', email_verified = true where id = $1`, [dealer.id]);
    const car = await insertCar(t, dealer, categoryId, { name: 'Evidence Civic' });
    await insertCar(t, dealer, categoryId, { name: 'Sold Civic', paid: true });
    await t.pool.query(`insert into listing_checks (product_id, name, outcome, detail) values ($1, 'vin', 'flagged', 'This VIN decodes to a Toyota.')`, [car]);
    await as(t.app, buyer, { method: 'POST', url: '/api/reports', payload: { productId: car, reason: 'Scam or fraud', note: 'Asked for a deposit' } });
    await as(t.app, buyer, { method: 'POST', url: '/api/bookings', payload: { productId: car, phone: '555', location: 'Here' } });
    const opened = await as(t.app, buyer, { method: 'POST', url: '/api/conversations', payload: { productId: car, text: 'Is it still for sale?' } });
    const conversation = opened.json().conversationId;
    await as(t.app, dealer, { method: 'POST', url: `/api/conversations/${conversation}/messages`, payload: { text: 'Pay a deposit by Western Union gift card first' } });

    const res = await evidence(admin, dealer.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.seller).toEqual({ _id: dealer.id, name: dealer.name, email: dealer.email, emailConfirmed: true, phone: '555 0100', joinedAt: expect.any(String), verification: '' });
    expect(body.cars.count).toBe(2);
    expect(body.cars.latest.map((c: { productName: string; state: string }) => [c.productName, c.state])).toEqual(
      expect.arrayContaining([
        ['Evidence Civic', 'on the market'],
        ['Sold Civic', 'sold'],
      ]),
    );
    const civic = body.cars.latest.find((c: { _id: string }) => c._id === car);
    expect(civic.checks).toContainEqual(expect.objectContaining({ name: 'vin', outcome: 'flagged', detail: 'This VIN decodes to a Toyota.', dismissed: false }));
    expect(body.reports).toEqual({ count: 1, latest: [expect.objectContaining({ productName: 'Evidence Civic', reason: 'Scam or fraud', note: 'Asked for a deposit' })] });
    expect(body.bookings).toEqual({ count: 1, latest: [expect.objectContaining({ productName: 'Evidence Civic', status: 'pending' })] });
    expect(body.flaggedMessages.count).toBe(1);
    expect(body.flaggedMessages.latest[0]).toMatchObject({ productName: 'Evidence Civic', body: expect.stringContaining('gift card') });
    expect(body.decisions).toEqual([]);
    expect(res.body).not.toMatch(/password|token|session/i);
  });

  it('answers 404 for a buyer, an admin or an unknown id, and 400 for a malformed one', async () => {
    for (const id of [buyer.id, admin.id, 'no-such-seller']) expect((await evidence(admin, id)).statusCode).toBe(404);
    const bad = await evidence(admin, 'bad%20id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('id must be a user id');
  });
});

describe('verifying with a note, and removing the verification', () => {
  it('verifies once with the note on record, tells the seller by bell and email, then removes it the same way', async () => {
    const dealer = await signUp(t.app, 'Seller');
    expect((await decide(admin, 'PUT', dealer.id, { note: 'Confirmed email, two clean cars, no reports' })).json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await decide(admin, 'PUT', dealer.id, { note: 'Again' })).json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });
    expect((await t.pool.query('select verified from users where id = $1', [dealer.id])).rows[0].verified).toBe(true);
    expect(await told(dealer.id, 'seller_verified')).toEqual([
      { title: 'Your seller account is verified', body: expect.stringContaining('Verified Seller badge'), link: '/dashboard/myproducts', to_address: dealer.email },
    ]);

    expect((await decide(admin, 'DELETE', dealer.id, { note: 'Reported twice for deposits' })).json()).toMatchObject({ modifiedCount: 1 });
    expect((await decide(admin, 'DELETE', dealer.id, { note: 'Again' })).json()).toMatchObject({ modifiedCount: 0 });
    expect((await t.pool.query('select verified from users where id = $1', [dealer.id])).rows[0].verified).toBe(false);
    const [removed] = await told(dealer.id, 'seller_unverified');
    expect(removed).toMatchObject({ title: 'Your seller account is no longer verified', to_address: dealer.email });
    // The admin's note is for the record, not sent to the seller.
    expect(removed!.body).not.toContain('deposits');

    const { decisions } = (await evidence(admin, dealer.id)).json();
    expect(decisions).toEqual([
      { verified: false, note: 'Reported twice for deposits', adminName: admin.name, at: expect.any(String) },
      { verified: true, note: 'Confirmed email, two clean cars, no reports', adminName: admin.name, at: expect.any(String) },
    ]);
  });

  it.each([
    ['no body', undefined, 'The request must be a group of fields.'],
    ['no note', {}, 'Note is Required'],
    ['a blank note', { note: '   ' }, 'Note is Required'],
    ['an overlong note', { note: 'n'.repeat(501) }, 'Note must be at most 500 characters'],
    ['an extra field', { note: 'ok', verified: false }, '“verified” is not a field this form takes.'],
  ])('refuses %s with a sentence (400) and changes nothing', async (_what, payload, message) => {
    const dealer = await signUp(t.app, 'Seller');
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await decide(admin, method, dealer.id, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await t.pool.query('select verified from users where id = $1', [dealer.id])).rows[0].verified).toBe(false);
    expect((await t.pool.query('select 1 from seller_verifications where seller_id = $1', [dealer.id])).rows).toHaveLength(0);
  });

  it('answers 404 for a buyer, an admin or an unknown id, changing nothing', async () => {
    for (const id of [buyer.id, admin.id, 'no-such-seller']) {
      expect((await decide(admin, 'PUT', id, { note: 'x' })).statusCode).toBe(404);
      expect((await decide(admin, 'DELETE', id, { note: 'x' })).statusCode).toBe(404);
    }
    expect((await t.pool.query('select verified from users where id = $1', [buyer.id])).rows[0].verified).toBe(false);
  });

  it('records the specification’s one-click Make Verified too, with no note, and tells the seller', async () => {
    const dealer = await signUp(t.app, 'Seller');
    const url = `/api/seller/verify?id=${dealer.id}&email=${encodeURIComponent(dealer.email)}`;
    expect((await as(t.app, admin, { method: 'PUT', url })).json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await evidence(admin, dealer.id)).json().decisions).toEqual([{ verified: true, note: '', adminName: admin.name, at: expect.any(String) }]);
    expect(await told(dealer.id, 'seller_verified')).toHaveLength(1);
  });
});

describe('deleting a reported car tells its seller', () => {
  it('with the reason the admin gives', async () => {
    const car = await insertCar(t, seller, categoryId, { name: 'Flying Car' });
    const res = await as(t.app, admin, { method: 'DELETE', url: `/api/reported-products/${car}`, payload: { reason: 'The photos belong to another seller.' } });
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    const notices = await told(seller.id, 'car_deleted_by_admin');
    expect(notices.find((n) => n.title === 'Flying Car was removed by an admin')).toMatchObject({
      body: 'An admin removed your listing after a review. The reason given: The photos belong to another seller.',
      to_address: seller.email,
    });
  });

  it('without a reason, as the specification calls it (no body)', async () => {
    const car = await insertCar(t, seller, categoryId, { name: 'Plain Removal' });
    expect((await as(t.app, admin, { method: 'DELETE', url: `/api/reported-products/${car}` })).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    const notices = await told(seller.id, 'car_deleted_by_admin');
    expect(notices.find((n) => n.title === 'Plain Removal was removed by an admin')?.body).toBe('An admin removed your listing after a review of reports about it.');
  });

  it.each([
    ['an overlong reason', { reason: 'r'.repeat(501) }, 'Reason must be at most 500 characters'],
    ['a line break in the reason', { reason: 'Fake\r\nBcc: x@example.com' }, 'Reason must be one line of text, without line breaks or control characters'],
    ['an extra field', { reason: 'x', notify: false }, '“notify” is not a field this form takes.'],
  ])('refuses %s (400) and keeps the car', async (_what, payload, message) => {
    const car = await insertCar(t, seller, categoryId);
    const res = await as(t.app, admin, { method: 'DELETE', url: `/api/reported-products/${car}`, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await t.pool.query('select 1 from products where id = $1', [car])).rows).toHaveLength(1);
  });
});
