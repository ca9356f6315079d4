import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scamWarning } from '@second-gear/contract';
import { insertCar } from '../../../test/fixtures.ts';
import { as, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';

let t: TestApp;
let buyer: Person;
let otherBuyer: Person;
let seller: Person;
let admin: Person;
let categoryId: string;

beforeAll(async () => {
  ({ t, buyer, otherBuyer, seller, admin, categoryId } = await withPersonas(['buyer', 'otherBuyer', 'seller', 'admin'], { category: true }));
});
afterAll(() => t.close());

const open = (who: Person | undefined, productId: string, text: string) => as(t.app, who, { method: 'POST', url: '/api/conversations', payload: { productId, text } });
const send = (who: Person | undefined, id: string, text: string) => as(t.app, who, { method: 'POST', url: `/api/conversations/${id}/messages`, payload: { text } });
const thread = (who: Person | undefined, id: string, query = '') => as(t.app, who, { method: 'GET', url: `/api/conversations/${id}/messages${query}` });
const unread = async (who: Person) => (await as(t.app, who, { method: 'GET', url: '/api/conversations/unread' })).json().count as number;
const list = async (who: Person) => (await as(t.app, who, { method: 'GET', url: '/api/conversations' })).json();
const notifications = async (who: Person) =>
  (await t.pool.query(`select n.event_key, n.link, e.subject from notifications n left join email_outbox e on e.notification_id = n.id where n.user_id = $1 and n.kind = 'message'`, [who.id])).rows;
/** Each test's sender starts with a fresh per-minute allowance. */
const forgetLimits = () => t.pool.query('delete from auth_rate_limits');

describe('opening a conversation', () => {
  it('opens one conversation per buyer and car, and a second Message Seller goes on in it', async () => {
    const car = await insertCar(t, seller, categoryId, { name: 'Chatty Golf' });
    const first = await open(buyer, car, '  Hello, is it still for sale?  ');
    expect(first.statusCode, first.body).toBe(200);
    const { conversationId, message } = first.json();
    expect(message).toMatchObject({ text: 'Hello, is it still for sale?', mine: true, senderName: buyer.name, warnings: [] });
    const again = await open(buyer, car, 'Me again');
    expect(again.json().conversationId).toBe(conversationId);
    expect((await t.pool.query('select count(*)::int as n from conversations where product_id = $1', [car])).rows[0].n).toBe(1);

    const sellerList = await list(seller);
    expect(sellerList[0]).toMatchObject({ _id: conversationId, car: { _id: car, name: 'Chatty Golf' }, role: 'seller', otherName: buyer.name, lastMessage: 'Me again', unread: 2 });
    expect((await list(buyer))[0]).toMatchObject({ _id: conversationId, role: 'buyer', otherName: seller.name, unread: 0, lastMessageMine: true });
  });

  it('refuses an unknown, withdrawn, reserved or sold car, and a car of one’s own', async () => {
    expect((await open(buyer, '00000000-0000-4000-8000-000000000000', 'Hi')).statusCode).toBe(404);
    const withdrawn = await insertCar(t, seller, categoryId);
    await t.pool.query('update products set withdrawn_at = now() where id = $1', [withdrawn]);
    expect((await open(buyer, withdrawn, 'Hi')).statusCode).toBe(404);
    const sold = await open(buyer, await insertCar(t, seller, categoryId, { name: 'Gone Polo', paid: true }), 'Hi');
    expect(sold.statusCode).toBe(409);
    expect(sold.json().message).toBe('Gone Polo is already sold.');
    const held = await insertCar(t, seller, categoryId, { name: 'Held Polo' });
    await t.pool.query(`update products set paid = true, sales_status = 'reserved' where id = $1`, [held]);
    expect((await open(buyer, held, 'Hi')).json()).toMatchObject({ statusCode: 409, message: 'Held Polo is reserved for another buyer.' });
    // A seller is no buyer; and only buyers start conversations.
    expect((await open(seller, await insertCar(t, seller, categoryId), 'Hi')).statusCode).toBe(403);
    const ownCar = await insertCar(t, seller, categoryId);
    await t.pool.query('update products set seller_id = $1 where id = $2', [buyer.id, ownCar]);
    const own = await open(buyer, ownCar, 'Hi');
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('You cannot message yourself about your own car.');
    expect((await open(undefined, ownCar, 'Hi')).statusCode).toBe(401);
  });

  it('refuses an empty, too long or forged message with the field named', async () => {
    const car = await insertCar(t, seller, categoryId);
    const empty = await open(buyer, car, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Message must not be empty');
    const long = await open(buyer, car, 'x'.repeat(2001));
    expect(long.json().message).toContain('Message must be at most 2,000 characters');
    expect((await open(buyer, car, 'x'.repeat(2000))).statusCode).toBe(200);
    const forged = await as(t.app, buyer, { method: 'POST', url: '/api/conversations', payload: { productId: car, text: 'Hi', sellerId: otherBuyer.id } });
    expect(forged.statusCode).toBe(400);
  });

  it('limits new conversations to 5 an hour per buyer, with Retry-After, while old ones go on', async () => {
    await forgetLimits();
    const late = await signUp(t.app, 'Buyer');
    const cars = await Promise.all(Array.from({ length: 6 }, () => insertCar(t, seller, categoryId)));
    for (const car of cars.slice(0, 5)) expect((await open(late, car, 'Interested')).statusCode).toBe(200);
    const refused = await open(late, cars[5]!, 'Interested');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/You have started 5 conversations in the last hour. You can start another in \d+ minutes?/);
    // Going on in a conversation already started is no new conversation.
    expect((await open(late, cars[0]!, 'Still interested')).statusCode).toBe(200);
  });
});

describe('a conversation', () => {
  it('lets either party send and read; anyone else gets 404 as for a missing one', async () => {
    await forgetLimits();
    const car = await insertCar(t, seller, categoryId);
    const { conversationId: id } = (await open(buyer, car, 'Hello')).json();
    const answer = await send(seller, id, 'Hi!\nSaturday?');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ conversationId: id, text: 'Hi!\nSaturday?', mine: true });

    const seen = (await thread(buyer, id)).json();
    expect(seen.map((m: { text: string; mine: boolean }) => [m.text, m.mine])).toEqual([['Hello', true], ['Hi!\nSaturday?', false]]);
    expect((await thread(buyer, id, `?after=${seen[0].id}`)).json().map((m: { text: string }) => m.text)).toEqual(['Hi!\nSaturday?']);

    const stranger = await signUp(t.app, 'Seller');
    for (const who of [otherBuyer, stranger, admin]) {
      for (const res of [await thread(who, id), await send(who, id, 'Intruding'), await as(t.app, who, { method: 'POST', url: `/api/conversations/${id}/read` })]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('You have no such conversation.');
      }
    }
    expect((await thread(buyer, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await thread(buyer, id, '?after=abc')).statusCode).toBe(400);
    expect((await thread(undefined, id)).statusCode).toBe(401);
    expect((await t.pool.query(`select count(*)::int as n from messages where body = 'Intruding'`)).rows[0].n).toBe(0);
  });

  it('counts unread messages until read, and tells the recipient once per burst', async () => {
    await forgetLimits();
    const [reader, buyer] = await Promise.all([signUp(t.app, 'Seller'), signUp(t.app, 'Buyer')]);
    const car = await insertCar(t, reader, categoryId, { name: 'Quiet Yaris' });
    const { conversationId: id } = (await open(buyer, car, 'One')).json();
    await send(buyer, id, 'Two');
    await send(buyer, id, 'Three');
    expect(await unread(reader)).toBe(3);
    expect(await unread(buyer)).toBe(0);
    let told = await notifications(reader);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ link: `/dashboard/messages?c=${id}`, subject: `New message from ${buyer.name} about Quiet Yaris` });

    const read = await as(t.app, reader, { method: 'POST', url: `/api/conversations/${id}/read` });
    expect(read.json()).toEqual({ count: 0 });
    expect(await unread(reader)).toBe(0);
    await send(buyer, id, 'Four');
    expect(await unread(reader)).toBe(1);
    told = await notifications(reader);
    expect(told).toHaveLength(2);
    // Answering marks the thread read for the one who answers.
    await send(reader, id, 'Reply');
    expect(await unread(reader)).toBe(0);
    expect(await unread(buyer)).toBe(1);
  });

  it('limits a sender to 20 messages a minute', async () => {
    await forgetLimits();
    const car = await insertCar(t, seller, categoryId);
    const chatty = await signUp(t.app, 'Buyer');
    const { conversationId: id } = (await open(chatty, car, '1')).json();
    for (let i = 2; i <= 20; i++) expect((await send(chatty, id, String(i))).statusCode).toBe(200);
    const refused = await send(chatty, id, '21');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json().message).toBe('You are sending messages too fast (at most 20 a minute). Wait a minute and send it again.');
    // The other party is not held back by it.
    expect((await send(seller, id, 'Slow down')).statusCode).toBe(200);
  });
});

describe('scam-aware warnings', () => {
  it('delivers a flagged message with its signals, and lists it for admins only', async () => {
    await forgetLimits();
    const car = await insertCar(t, seller, categoryId, { name: 'Too Good Audi' });
    const { conversationId: id } = (await open(otherBuyer, car, 'Is it available?')).json();
    const sent = (await send(seller, id, 'Yes. Send a deposit by Western Union to hold it, and text me on WhatsApp.')).json();
    expect(sent.warnings).toEqual(['payment-before-viewing', 'wire-transfer', 'off-site']);
    expect((await thread(otherBuyer, id)).json().at(-1).warnings).toEqual(sent.warnings);
    expect(scamWarning).toContain('Keep the conversation on Second Gear.');

    const queue = await as(t.app, admin, { method: 'GET', url: '/api/admin/flagged-messages' });
    expect(queue.statusCode).toBe(200);
    expect(queue.json()[0]).toMatchObject({
      id: sent.id,
      car: { _id: car, name: 'Too Good Audi' },
      senderName: seller.name,
      recipientName: otherBuyer.name,
      warnings: sent.warnings,
    });
    expect((await as(t.app, seller, { method: 'GET', url: '/api/admin/flagged-messages' })).statusCode).toBe(403);
    expect((await as(t.app, undefined, { method: 'GET', url: '/api/admin/flagged-messages' })).statusCode).toBe(401);
  });
});

describe('GET /live without EventSource', () => {
  it('answers 406 to a request that does not accept an event stream, and 401 without a session', async () => {
    expect((await as(t.app, buyer, { method: 'GET', url: '/api/live' })).statusCode).toBe(406);
    expect((await as(t.app, undefined, { method: 'GET', url: '/api/live', headers: { accept: 'text/event-stream' } })).statusCode).toBe(401);
    expect((await as(t.app, buyer, { method: 'GET', url: '/api/live', headers: { accept: 'text/event-stream', 'last-event-id': 'x' } })).statusCode).toBe(400);
  });
});
