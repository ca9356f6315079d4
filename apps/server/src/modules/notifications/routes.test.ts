import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/pool.ts';
import { unsubscribeToken } from '../../mail/unsubscribe-token.ts';
import { as, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';
import { notify } from './notify.ts';

let t: TestApp;
let buyer: Person;
let other: Person;

beforeAll(async () => {
  ({ t, buyer, seller: other } = await withPersonas(['buyer', 'seller']));
});

afterAll(async () => {
  await t?.close();
});

const tell = (person: Person, key: string, title = `About ${key}`) =>
  inTransaction(t.pool, (client) => notify(client, { userId: person.id, eventKey: key, kind: 'message', title, body: 'Body', link: '/dashboard' }));
const unsubscribed = async (person: Person) => (await t.pool.query('select 1 from email_unsubscribes where user_id = $1', [person.id])).rowCount === 1;

describe('the bell', () => {
  it('lists the caller’s own notifications, newest first, with the unread count; marks read by ids (own only) or all', async () => {
    await tell(buyer, 'a');
    await tell(buyer, 'b');
    await tell(other, 'c', 'Not the buyer’s');
    const list = await as(t.app, buyer, { method: 'GET', url: '/api/notifications' });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.unread).toBe(2);
    expect(body.notifications.map((n: { title: string }) => n.title)).toEqual(['About b', 'About a']);
    expect(body.notifications[0]).toMatchObject({ kind: 'message', body: 'Body', link: '/dashboard', read: false, createdAt: expect.stringMatching(/Z$/) });
    expect(list.body).not.toContain('Not the buyer’s');

    const othersId = (await as(t.app, other, { method: 'GET', url: '/api/notifications' })).json().notifications[0].id;
    const marked = await as(t.app, buyer, { method: 'POST', url: '/api/notifications/read', payload: { ids: [body.notifications[0].id, othersId] } });
    expect(marked.json()).toEqual({ unread: 1 });
    // The other person's notification is untouched.
    expect((await as(t.app, other, { method: 'GET', url: '/api/notifications' })).json().unread).toBe(1);
    expect((await as(t.app, buyer, { method: 'POST', url: '/api/notifications/read', payload: { all: true } })).json()).toEqual({ unread: 0 });
  });

  it('refuses anonymous callers and malformed bodies', async () => {
    expect((await as(t.app, undefined, { method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await as(t.app, undefined, { method: 'POST', url: '/api/notifications/read', payload: { all: true } })).statusCode).toBe(401);
    for (const payload of [{}, { all: false }, { ids: [] }, { ids: ['nope'] }, { ids: [crypto.randomUUID()], all: true }]) {
      const res = await as(t.app, buyer, { method: 'POST', url: '/api/notifications/read', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('unsubscribe', () => {
  it('by the link’s page: POST {token} stops the emails, the bell goes on', async () => {
    const person = await signUp(t.app, 'Buyer');
    const res = await as(t.app, undefined, { method: 'POST', url: '/api/email/unsubscribe', payload: { token: unsubscribeToken(t.secret, person.id) } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: true });
    expect(await unsubscribed(person)).toBe(true);
    // Twice is fine.
    expect((await as(t.app, undefined, { method: 'POST', url: '/api/email/unsubscribe', payload: { token: unsubscribeToken(t.secret, person.id) } })).statusCode).toBe(200);
    await tell(person, 'after');
    expect((await as(t.app, person, { method: 'GET', url: '/api/notifications' })).json().unread).toBe(1);
    expect((await t.pool.query('select count(*)::int as n from email_outbox o join notifications n on n.id = o.notification_id where n.user_id = $1', [person.id])).rows[0].n).toBe(0);
  });

  it('by one-click (RFC 8058): a form post from the mail provider, token in the address, no cookie, any Origin', async () => {
    const person = await signUp(t.app, 'Buyer');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/email/unsubscribe?token=${unsubscribeToken(t.secret, person.id)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com', 'sec-fetch-site': 'cross-site' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await unsubscribed(person)).toBe(true);
  });

  it('refuses bad and forged tokens (400) and unsubscribes nobody', async () => {
    const person = await signUp(t.app, 'Buyer');
    const good = unsubscribeToken(t.secret, person.id);
    const forged = [
      unsubscribeToken('another secret of at least thirty-two characters', person.id),
      `${Buffer.from(other.id).toString('base64url')}.${good.split('.')[1]}`,
      good.slice(0, -2),
      `${good}.x`,
      'nonsense',
      '',
    ];
    for (const token of forged) {
      const res = await as(t.app, undefined, { method: 'POST', url: '/api/email/unsubscribe', payload: { token } });
      expect(res.statusCode, token).toBe(400);
      expect(res.json().message).toMatch(/unsubscribe link/);
    }
    expect((await as(t.app, undefined, { method: 'POST', url: '/api/email/unsubscribe', payload: {} })).statusCode).toBe(400);
    const form = await t.app.inject({ method: 'POST', url: `/api/email/unsubscribe?token=${good}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=b' });
    expect(form.statusCode).toBe(400);
    expect(await unsubscribed(person)).toBe(false);
    expect(await unsubscribed(other)).toBe(false);
  });
});
