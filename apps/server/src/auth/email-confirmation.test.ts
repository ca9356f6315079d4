import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCar, insertCategory } from '../../test/fixtures.ts';
import { as, createTestApp, ORIGIN, signUp, type Person, type TestApp } from '../../test/harness.ts';
import { nextLoopbackAddress } from '../../test/raw-http.ts';
import { inTransaction } from '../db/pool.ts';
import { notify } from '../modules/notifications/notify.ts';
import { CONFIRM_PAGE, CONFIRM_PER_ADDRESS, CONFIRM_PER_PERSON } from './email-confirmation.ts';

const SUBJECT = 'Confirm your email address';

let t: TestApp;
let seller: Person;
let carId: string;
beforeAll(async () => {
  t = await createTestApp();
  seller = await signUp(t.app, 'Seller');
  carId = await insertCar(t, seller, await insertCategory(t));
});
afterAll(() => t.close());

/** Someone who signed up and has not opened their link yet. */
const newcomer = (role: 'Buyer' | 'Seller' = 'Buyer') => signUp(t.app, role, { confirmed: false });

/** The links of the confirmation emails written for `who`, oldest first. */
async function linksOf(who: Person): Promise<string[]> {
  const { rows } = await t.pool.query<{ text_body: string }>('select text_body from email_outbox where user_id = $1 and subject = $2 order by created_at', [who.id, SUBJECT]);
  return rows.map((row) => /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(row.text_body)![0]);
}

async function lastLinkOf(who: Person): Promise<string> {
  const links = await linksOf(who);
  expect(links.length, 'a confirmation email was written').toBeGreaterThan(0);
  return links.at(-1)!;
}

/** Opens a link as a browser would, with the person's cookie or none. */
const open = (link: string, who?: Person) => as(t.app, who, { method: 'GET', url: link.slice(ORIGIN.length) });

const confirmedOf = async (who: Person) => (await t.pool.query<{ email_verified: boolean }>('select email_verified from users where id = $1', [who.id])).rows[0]!.email_verified;

/** A token signed as better-auth signs its own (HS256 over the auth secret), with what we choose in it. */
function token(payload: object, secret = t.secret) {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256' })}.${part(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}
const now = () => Math.floor(Date.now() / 1000);
const linkWith = (tokenText: string) => `${ORIGIN}/api/auth/verify-email?token=${tokenText}&callbackURL=${encodeURIComponent(`${ORIGIN}${CONFIRM_PAGE}`)}`;

const resend = (who: Person | undefined, email: string, remoteAddress = nextLoopbackAddress()) =>
  as(t.app, who, { method: 'POST', url: '/api/auth/send-verification-email', payload: { email }, remoteAddress });

describe('the confirmation email', () => {
  it('is written at sign-up, to the address, with a link to confirm it, and never into the bell', async () => {
    const person = await newcomer();
    expect(await confirmedOf(person)).toBe(false);
    const { rows } = await t.pool.query('select to_address, subject, text_body, notification_id from email_outbox where user_id = $1', [person.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ to_address: person.email, subject: SUBJECT, notification_id: null });
    expect(rows[0].text_body).toContain(`Hello ${person.name},`);
    expect(rows[0].text_body).toContain('If you did not create a Second Gear account, you can ignore this email');
    const link = new URL(await lastLinkOf(person));
    expect(link.origin).toBe(ORIGIN);
    expect(link.searchParams.get('callbackURL')).toBe(`${ORIGIN}${CONFIRM_PAGE}`);
    // Whoever is signed in to the account (perhaps not the mailbox's owner) must not find the link in the bell.
    const bell = await as(t.app, person, { method: 'GET', url: '/api/notifications' });
    expect(bell.body).not.toContain('verify-email');
  });

  it('confirms the address when opened and ends on the confirmation page, signing nobody in', async () => {
    const person = await newcomer();
    const res = await open(await lastLinkOf(person));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${ORIGIN}${CONFIRM_PAGE}`);
    expect(await confirmedOf(person)).toBe(true);
    // A link is no way past two-factor sign-in: the opener gets no session (docs/security.md).
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await t.pool.query('select 1 from sessions where user_id = $1', [person.id])).rowCount).toBe(1);
  });

  it('leaves a browser signed in to another account as it was', async () => {
    const person = await newcomer();
    const res = await open(await lastLinkOf(person), seller);
    expect(res.headers.location).toBe(`${ORIGIN}${CONFIRM_PAGE}`);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await confirmedOf(person)).toBe(true);
    const session = await as(t.app, seller, { method: 'GET', url: '/api/auth/get-session' });
    expect(session.json().user).toMatchObject({ id: seller.id });
  });

  it('opened a second time, only says confirmed again: it signs nobody in', async () => {
    const person = await newcomer();
    const link = await lastLinkOf(person);
    await open(link);
    const again = await open(link);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe(`${ORIGIN}${CONFIRM_PAGE}`);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a forged, an expired and a foreign token: nothing is confirmed and the page is told why', async () => {
    const person = await newcomer();
    const payload = { email: person.email, userId: person.id, iat: now() };
    const cases = [
      [token({ ...payload, exp: now() + 3600 }, 'not-the-secret'), 'INVALID_TOKEN'],
      [token({ ...payload, exp: now() - 60 }), 'TOKEN_EXPIRED'],
      [token({ ...payload, userId: seller.id, exp: now() + 3600 }), 'INVALID_TOKEN'],
      ['not-a-token', 'INVALID_TOKEN'],
    ] as const;
    for (const [forged, error] of cases) {
      const res = await open(linkWith(forged));
      expect(res.statusCode, error).toBe(302);
      expect(res.headers.location).toBe(`${ORIGIN}${CONFIRM_PAGE}?error=${error}`);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await confirmedOf(person)).toBe(false);
  });

  it('never leads to another site, even with a good token', async () => {
    const person = await newcomer();
    const link = new URL(await lastLinkOf(person));
    link.searchParams.set('callbackURL', 'https://evil.example/');
    const res = await open(link.href);
    expect(res.statusCode).toBe(403);
    expect(res.headers.location).toBeUndefined();
    expect(await confirmedOf(person)).toBe(false);
  });
});

describe('a new link', () => {
  it('is sent to a signed-in person on asking, until they have asked too often', async () => {
    const person = await newcomer();
    // The sign-up's email counts: it went to the same mailbox.
    for (let sent = 1; sent < CONFIRM_PER_PERSON.max; sent++) {
      const res = await resend(person, person.email);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await linksOf(person)).toHaveLength(CONFIRM_PER_PERSON.max);
    const refused = await resend(person, person.email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many confirmation emails. Try again in 60 minutes.');
    expect(refused.headers['retry-after']).toBe('3600');
    expect(await linksOf(person)).toHaveLength(CONFIRM_PER_PERSON.max);
    // Every link sent works (the newest does not end the older ones), and confirms.
    expect((await open((await linksOf(person))[0]!)).headers.location).toBe(`${ORIGIN}${CONFIRM_PAGE}`);
    expect(await confirmedOf(person)).toBe(true);
  });

  it('is limited per client address, whatever the accounts', async () => {
    const address = nextLoopbackAddress();
    const people = await Promise.all(Array.from({ length: Math.ceil(CONFIRM_PER_ADDRESS.max / (CONFIRM_PER_PERSON.max - 1)) + 1 }, () => newcomer()));
    let sent = 0;
    for (const person of people) {
      for (let i = 1; i < CONFIRM_PER_PERSON.max && sent < CONFIRM_PER_ADDRESS.max; i++, sent++) {
        expect((await resend(person, person.email, address)).statusCode).toBe(200);
      }
    }
    const refused = await resend(people.at(-1)!, people.at(-1)!.email, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many confirmation emails\. Try again in \d+ minutes?\.$/);
    // From elsewhere, the same person still may.
    expect((await resend(people.at(-1)!, people.at(-1)!.email)).statusCode).toBe(200);
  });

  it('is not sent for someone else’s address, nor once confirmed', async () => {
    const person = await newcomer();
    const other = await resend(person, seller.email);
    expect(other.statusCode).toBe(400);
    await open(await lastLinkOf(person));
    const done = await resend(person, person.email);
    expect(done.statusCode).toBe(400);
    expect(await linksOf(person)).toHaveLength(1);
  });

  it('asked for while signed out, answers alike for every address and sends only to an unconfirmed account', async () => {
    const person = await newcomer();
    const sellerLinks = (await linksOf(seller)).length;
    const answers = await Promise.all([resend(undefined, person.email), resend(undefined, seller.email), resend(undefined, 'nobody-here@test.example')]);
    expect(answers.map((res) => [res.statusCode, res.json()])).toEqual(Array(3).fill([200, { status: true }]));
    expect(await linksOf(person)).toHaveLength(2);
    expect(await linksOf(seller)).toHaveLength(sellerLinks);
  });
});

describe('until the email is confirmed', () => {
  const tell = (who: Person, key: string) =>
    inTransaction(t.pool, (client) => notify(client, { userId: who.id, eventKey: key, kind: 'booking_requested', title: 'New booking request', body: 'Someone asked.', link: '/dashboard' }));
  const notificationEmails = async (who: Person) =>
    (await t.pool.query<{ n: number }>('select count(*)::int as n from email_outbox o join notifications n on n.id = o.notification_id where n.user_id = $1', [who.id])).rows[0]!.n;

  it('notifications reach the bell but no email goes to the address; once confirmed, emails go', async () => {
    const person = await newcomer('Seller');
    await tell(person, 'confirm-test:1');
    const bell = await as(t.app, person, { method: 'GET', url: '/api/notifications' });
    expect(JSON.stringify(bell.json())).toContain('New booking request');
    expect(await notificationEmails(person)).toBe(0);
    await open(await lastLinkOf(person));
    await tell(person, 'confirm-test:2');
    expect(await notificationEmails(person)).toBe(1);
  });

  it('messaging a seller and saving a search are refused with a reason; confirmed, both work', async () => {
    const person = await newcomer();
    const message = () => as(t.app, person, { method: 'POST', url: '/api/conversations', payload: { productId: carId, text: 'Is it still for sale?' } });
    const save = () => as(t.app, person, { method: 'POST', url: '/api/alerts', payload: { name: 'Any car', frequency: 'Instantly', filters: {} } });
    const refusedMessage = await message();
    expect(refusedMessage.statusCode).toBe(403);
    expect(refusedMessage.json().message).toBe('Confirm your email address to send messages.');
    const refusedSave = await save();
    expect(refusedSave.statusCode).toBe(403);
    expect(refusedSave.json().message).toBe('Confirm your email address to save searches.');

    // Opened in the same browser: the session the person already has sees the change at once.
    await open(await lastLinkOf(person), person);
    expect((await message()).statusCode).toBe(200);
    expect((await save()).statusCode).toBe(201);
  });

  it('an unconfirmed seller cannot answer in a conversation either', async () => {
    const buyer = await signUp(t.app, 'Buyer');
    const newSeller = await newcomer('Seller');
    const car = await insertCar(t, newSeller, await insertCategory(t));
    const opened = await as(t.app, buyer, { method: 'POST', url: '/api/conversations', payload: { productId: car, text: 'Hello?' } });
    expect(opened.statusCode).toBe(200);
    const reply = await as(t.app, newSeller, { method: 'POST', url: `/api/conversations/${opened.json().conversationId}/messages`, payload: { text: 'Hi!' } });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe('Confirm your email address to send messages.');
  });

  it('signing in does not wait for it', async () => {
    const person = await newcomer();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email: person.email, password: 'secret123' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ emailVerified: false });
  });
});
