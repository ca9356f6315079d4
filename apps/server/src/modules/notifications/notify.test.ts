import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/pool.ts';
import { createTestApp, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { notify, type Notice } from './notify.ts';

let t: TestApp;
let seller: Person;

beforeAll(async () => {
  t = await createTestApp();
  seller = await signUp(t.app, 'Seller');
});
afterAll(() => t.close());

const notice = (overrides: Partial<Notice> = {}): Notice => ({
  userId: seller.id,
  eventKey: `booking:${crypto.randomUUID()}:requested`,
  kind: 'booking_requested',
  title: 'New booking request for Honda Civic',
  body: 'A buyer asked to meet.',
  link: '/dashboard/bookings',
  ...overrides,
});

async function rowsFor(eventKey: string) {
  const { rows } = await t.pool.query<{ notifications: number; emails: number }>(
    `select count(n.id)::int as notifications, count(o.id)::int as emails
       from notifications n left join email_outbox o on o.notification_id = n.id
      where n.event_key = $1`,
    [eventKey],
  );
  return rows[0]!;
}

describe('notify', () => {
  it('records one notification and one email per person and event, however often the event is told', async () => {
    const n = notice();
    expect(await inTransaction(t.pool, (c) => notify(c, n))).toBe(true);
    expect(await inTransaction(t.pool, (c) => notify(c, n))).toBe(false);
    expect(await rowsFor(n.eventKey)).toEqual({ notifications: 1, emails: 1 });
    const { rows } = await t.pool.query('select to_address, subject, text_body from email_outbox o join notifications n on n.id = o.notification_id where n.event_key = $1', [n.eventKey]);
    expect(rows[0]).toEqual({ to_address: seller.email, subject: n.title, text_body: n.body });
  });

  it('adds nothing when the event’s transaction rolls back', async () => {
    const n = notice();
    await expect(
      inTransaction(t.pool, async (c) => {
        await notify(c, n);
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await rowsFor(n.eventKey)).toEqual({ notifications: 0, emails: 0 });
  });

  it('keeps the bell but writes no email for a person who unsubscribed', async () => {
    const person = await signUp(t.app, 'Buyer');
    await t.pool.query('insert into email_unsubscribes (user_id) values ($1)', [person.id]);
    const n = notice({ userId: person.id });
    await inTransaction(t.pool, (c) => notify(c, n));
    expect(await rowsFor(n.eventKey)).toEqual({ notifications: 1, emails: 0 });
  });
});

describe('the text of a notification', () => {
  it('keeps no control character: one line for the title (the email’s subject), line feeds only in the body', async () => {
    const n = notice({
      title: 'New message from Eve\r\nBcc: all@example.com about Civic\u2028\u0000\u001b[31m\u009b',
      body: 'Eve wrote:\r\n\r\nHello\rthere\u2029\u0007\tbye',
    });
    await inTransaction(t.pool, (c) => notify(c, n));
    const { rows } = await t.pool.query(
      'select n.title, n.body, o.subject, o.text_body from notifications n join email_outbox o on o.notification_id = n.id where n.event_key = $1',
      [n.eventKey],
    );
    const title = 'New message from Eve Bcc: all@example.com about Civic [31m';
    const body = 'Eve wrote:\n\nHello\nthere\n\tbye';
    expect(rows[0]).toEqual({ title, body, subject: title, text_body: body });
  });
});
