import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, inTransaction } from '../../db/pool.ts';
import { signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';
import { until } from '../../../test/until.ts';
import { tellOfBooking } from '../bookings/telling.ts';
import { EMAIL_FOLD_MINUTES, LIVE_CHANNEL, notify, publishLive, type LiveEvent, type Notice } from './notify.ts';

let t: TestApp;
let seller: Person;

beforeAll(async () => {
  ({ t, seller } = await withPersonas(['seller']));
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

  it('tells in one statement, whether the email is new, folded or not written, and none once the event was told', async () => {
    const about = `car:${crypto.randomUUID()}`;
    const statementsOf = async (n: Notice) =>
      inTransaction(t.pool, async (c) => {
        let statements = 0;
        const query = c.query.bind(c) as (...args: unknown[]) => unknown;
        (c as { query: unknown }).query = (...args: unknown[]) => (statements++, query(...args));
        try {
          await notify(c, n);
        } finally {
          (c as { query: unknown }).query = query;
        }
        return statements;
      });
    const first = notice({ about });
    // The email's delivery job and the live event follow the commit (decision 027), outside the count.
    expect(await statementsOf(first)).toBe(1);
    const second = notice({ about });
    expect(await statementsOf(second)).toBe(1);
    expect(await rowsFor(second.eventKey)).toEqual({ notifications: 1, emails: 0 });
    expect(await statementsOf(notice({ email: false }))).toBe(1);
    expect(await statementsOf(first)).toBe(1);
    expect(await rowsFor(first.eventKey)).toEqual({ notifications: 1, emails: 1 });
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

describe('emails about one subject to one person (coalescing)', () => {
  const about = () => `car:${crypto.randomUUID()}`;
  const tell = (n: Notice) => inTransaction(t.pool, (c) => notify(c, n));
  async function emailsAbout(subject: string, who = seller) {
    const { rows } = await t.pool.query<{ id: string; subject: string; text_body: string; calendar: string | null; events: number; after_previous: number | null }>(
      `select id, subject, text_body, calendar, events,
              extract(epoch from due_at - lag(due_at) over (order by created_at))::int as after_previous
         from email_outbox where fold_key = $1 order by created_at`,
      [`${who.id} ${subject}`],
    );
    return rows;
  }
  const calendar = (booking: string, method: string) => `BEGIN:VCALENDAR\r\nMETHOD:${method}\r\nBEGIN:VEVENT\r\nUID:booking-${booking}@second-gear\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;

  it('folds the events into the pending email, newest title first with a count, every event in its body and in the bell', async () => {
    const subject = about();
    await tell(notice({ about: subject, title: 'Ann booked Civic', body: 'Ann booked a viewing.' }));
    await tell(notice({ about: subject, title: 'Ann cancelled the booking of Civic', body: 'Ann cancelled.' }));
    await tell(notice({ about: subject, title: 'Ann booked Civic', body: 'Ann booked again.' }));
    // Another person, and another subject: emails of their own.
    const other = await signUp(t.app, 'Buyer');
    await tell(notice({ about: subject, userId: other.id }));
    await tell(notice({ about: about() }));

    expect(await emailsAbout(subject)).toEqual([
      expect.objectContaining({
        subject: 'Ann booked Civic (and 2 earlier updates)',
        text_body: 'Ann booked Civic\nAnn booked a viewing.\n\nAnn cancelled the booking of Civic\nAnn cancelled.\n\nAnn booked Civic\nAnn booked again.',
        events: 3,
      }),
    ]);
    expect(await emailsAbout(subject, other)).toHaveLength(1);
    const { rows } = await t.pool.query('select count(*)::int as n from notifications where user_id = $1 and title like $2', [seller.id, 'Ann %']);
    expect(rows[0].n).toBe(3);
  });

  it('leaves an email being delivered alone: the event waits in an email of its own, due a window after it', async () => {
    const subject = about();
    await tell(notice({ about: subject, body: 'first' }));
    const [sending] = await emailsAbout(subject);
    // Delivery holds the row's lock while it talks to the mail server (deliver-email.ts).
    const delivery = await t.pool.connect();
    try {
      await delivery.query('begin');
      await delivery.query('select 1 from email_outbox where id = $1 for update', [sending!.id]);
      await tell(notice({ about: subject, body: 'second' }));
      await delivery.query(`update email_outbox set sent_at = now(), attempts = 1 where id = $1`, [sending!.id]);
      await delivery.query('commit');
    } finally {
      delivery.release();
    }
    expect(await emailsAbout(subject)).toEqual([
      expect.objectContaining({ text_body: 'first', events: 1, after_previous: null }),
      expect.objectContaining({ text_body: 'second', events: 1, after_previous: EMAIL_FOLD_MINUTES * 60 }),
    ]);
    // Sent, or tried and failed (a retry is under way): later events go in the next email, not into that one.
    await tell(notice({ about: subject, body: 'third' }));
    const rows = await emailsAbout(subject);
    expect(rows.map((r) => r.events)).toEqual([1, 2]);
  });

  it('folds a calendar file only into an email without one or with the same meeting’s, which it replaces', async () => {
    const subject = about();
    const [x, y] = [crypto.randomUUID(), crypto.randomUUID()];
    await tell(notice({ about: subject, calendar: calendar(x, 'REQUEST') }));
    await tell(notice({ about: subject }));
    await tell(notice({ about: subject, calendar: calendar(x, 'CANCEL') }));
    await tell(notice({ about: subject, calendar: calendar(y, 'REQUEST') }));
    const rows = await emailsAbout(subject);
    expect(rows.map((r) => [r.events, r.calendar])).toEqual([
      [3, calendar(x, 'CANCEL')],
      [1, calendar(y, 'REQUEST')],
    ]);
  });

  it('writes no email for a notice that is for the bell only', async () => {
    const n = notice({ email: false });
    expect(await tell(n)).toBe(true);
    expect(await rowsFor(n.eventKey)).toEqual({ notifications: 1, emails: 0 });
  });
});

describe('live events (publishLive)', () => {
  /** What a process's live hub hears: the channel's payloads, in order. */
  let listener: pg.Client;
  const heard: LiveEvent[] = [];
  beforeAll(async () => {
    listener = new pg.Client(t.pool.options);
    await listener.connect();
    listener.on('notification', (msg) => heard.push(JSON.parse(msg.payload!) as LiveEvent));
    await listener.query(`listen ${LIVE_CHANNEL}`);
  });
  afterAll(() => listener.end());

  const event = (type: LiveEvent['type'] = 'booking'): LiveEvent => ({ user: seller.id, type, id: crypto.randomUUID() });
  const heardOf = (id: string) => heard.filter((e) => e.id === id);
  /**
   * Events are heard in the order they are sent: once one sent now, from a transaction of its own,
   * has been heard, any event already sent has been heard too (instead of waiting a while for none).
   */
  async function heardAllSentSoFar() {
    const marker = event();
    await inTransaction(t.pool, (other) => publishLive(other, marker));
    await until(() => heardOf(marker.id!).length === 1, 'an event sent after them');
  }

  it('sends a transaction’s events once it has committed, in order, before inTransaction returns', async () => {
    const [first, second] = [event(), event('message')];
    await inTransaction(t.pool, async (c) => {
      await publishLive(c, first);
      await publishLive(c, second);
      await heardAllSentSoFar();
      expect([...heardOf(first.id!), ...heardOf(second.id!)]).toEqual([]);
    });
    await until(() => heardOf(second.id!).length === 1, 'the second event');
    expect(heard.filter((e) => e.id === first.id || e.id === second.id)).toEqual([first, second]);
  });

  it('sends nothing for a transaction that rolls back: neither a booking’s events nor its notification’s', async () => {
    const booking = { id: crypto.randomUUID(), product_id: null };
    const n = notice({ eventKey: `booking:${booking.id}:requested` });
    const before = heard.length;
    await expect(
      inTransaction(t.pool, async (c) => {
        await tellOfBooking(c, booking, n);
        throw new Error('the booking failed');
      }),
    ).rejects.toThrow('the booking failed');
    // A later commit's event arrives after anything sent before it.
    const marker = event();
    await inTransaction(t.pool, (c) => publishLive(c, marker));
    await until(() => heardOf(marker.id!).length === 1, 'the later event');
    expect(heard.slice(before)).toEqual([marker]);
    expect(await rowsFor(n.eventKey)).toEqual({ notifications: 0, emails: 0 });
  });

  it('tells of a committed booking: its notification and its booking event, once each', async () => {
    const booking = { id: crypto.randomUUID(), product_id: null };
    await inTransaction(t.pool, (c) => tellOfBooking(c, booking, notice({ eventKey: `booking:${booking.id}:requested` })));
    await until(() => heardOf(booking.id).length === 1 && heard.some((e) => e.type === 'notification' && e.user === seller.id), 'the booking’s events');
    const { rows } = await t.pool.query<{ id: string }>('select id from notifications where event_key = $1', [`booking:${booking.id}:requested`]);
    await until(() => heardOf(rows[0]!.id).length === 1, 'the notification’s event');
    expect(heardOf(booking.id)).toEqual([{ user: seller.id, type: 'booking', id: booking.id }]);
  });

  it('sends at commit, as pg_notify does, in a transaction begun by hand', async () => {
    const e = event();
    const client = await t.pool.connect();
    try {
      await client.query('begin');
      await publishLive(client, e);
      await heardAllSentSoFar();
      expect(heardOf(e.id!)).toEqual([]);
      await client.query('commit');
    } finally {
      client.release();
    }
    await until(() => heardOf(e.id!).length === 1, 'the event');
  });

  it('leaves the connection as it was: its commits wait for the disk again (synchronous_commit is not left off)', async () => {
    const one = createPool(t.pool.options.connectionString!, 1);
    try {
      await inTransaction(one, (c) => publishLive(c, event()));
      expect((await one.query<{ synchronous_commit: string }>('show synchronous_commit')).rows[0]!.synchronous_commit).toBe('on');
    } finally {
      await one.end();
    }
  });
});
