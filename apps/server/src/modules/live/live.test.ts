import http from 'node:http';
import type net from 'node:net';
import { buildApp } from '../../app.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@second-gear/contract';
import { insertCar, insertCategory } from '../../../test/fixtures.ts';
import { as, createTestApp, signUp, type Person, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let buyer: Person;
let seller: Person;
let conversationId: string;

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  [buyer, seller] = await Promise.all([signUp(t.app, 'Buyer'), signUp(t.app, 'Seller')]);
  const car = await insertCar(t, seller, await insertCategory(t), { name: 'Live Fiesta' });
  const opened = await post(buyer, '/api/conversations', { productId: car, text: 'Hello' });
  conversationId = opened.conversationId;
});
afterAll(() => t?.close());

async function post(who: Person, url: string, payload: object) {
  const res = await as(t.app, who, { method: 'POST', url, payload, headers: { origin: t.origin } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const say = (who: Person, text: string): Promise<Message> => post(who, `/api/conversations/${conversationId}/messages`, { text });

interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/** A real HTTP client reading the stream as EventSource does: events, comments and the response's headers. */
function connect(who: Person, lastEventId?: string) {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let buffer = '';
  let waiting: (() => void)[] = [];
  let ended = false;
  const req = http.get(`${t.origin}/api/live`, { headers: { accept: 'text/event-stream', cookie: who.cookie, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) } });
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { event: 'message', data: '' };
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('event: ')) {
              event.event = line.slice(7);
              isEvent = true;
            } else if (line.startsWith('data: ')) {
              event.data = line.slice(6);
              isEvent = true;
            }
          }
          if (isEvent) events.push(event);
        }
        for (const w of waiting) w();
        waiting = [];
      });
      res.on('end', () => {
        ended = true;
        for (const w of waiting) w();
      });
      resolve(res);
    });
  });
  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 5000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; events: ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  return {
    response,
    events,
    comments,
    messages: () => events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data) as Message),
    until,
    ended: () => ended,
    close: () => req.destroy(),
  };
}

describe('GET /api/live', () => {
  it('streams a message the other party sends, with its id as the event id, unbuffered and uncompressed', async () => {
    const stream = connect(seller);
    const res = await stream.response;
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
    expect(res.headers['content-encoding']).toBeUndefined();
    // The stream is listening once the first line (retry) has arrived.
    await new Promise((r) => setTimeout(r, 100));
    // Read up to now: the next message is the first unread one, which also brings a notification.
    await post(seller, `/api/conversations/${conversationId}/read`, {});
    const sent = await say(buyer, 'Is it still for sale?');
    await stream.until(() => stream.messages().some((m) => m.id === sent.id), 'the message');
    const got = stream.events.find((e) => e.event === 'message')!;
    expect(got.id).toBe(String(sent.id));
    expect(JSON.parse(got.data)).toMatchObject({ id: sent.id, text: 'Is it still for sale?', mine: false, senderName: buyer.name, conversationId });
    // The notification of the first unread message comes too.
    await stream.until(() => stream.events.some((e) => e.event === 'notification'), 'the notification');
    stream.close();
  });

  it('tells the sender’s own other pages of the message, as theirs', async () => {
    const stream = connect(buyer);
    await stream.response;
    await new Promise((r) => setTimeout(r, 100));
    const sent = await say(buyer, 'From my other tab');
    await stream.until(() => stream.messages().some((m) => m.id === sent.id), 'the message');
    expect(stream.messages().find((m) => m.id === sent.id)!.mine).toBe(true);
    stream.close();
  });

  it('sends exactly the messages missed while away, after the Last-Event-ID, on reconnection', async () => {
    const first = connect(seller);
    await first.response;
    await new Promise((r) => setTimeout(r, 100));
    const seen = await say(buyer, 'Before the tunnel');
    await first.until(() => first.messages().some((m) => m.id === seen.id), 'the first message');
    const lastEventId = first.events.filter((e) => e.id).at(-1)!.id!;
    first.close();

    const missed = [await say(buyer, 'In the tunnel 1'), await say(buyer, 'In the tunnel 2')];
    const again = connect(seller, lastEventId);
    await again.response;
    await again.until(() => again.messages().length >= 2, 'the missed messages');
    await new Promise((r) => setTimeout(r, 200));
    expect(again.messages().map((m) => m.text)).toEqual(['In the tunnel 1', 'In the tunnel 2']);
    expect(again.events.filter((e) => e.event === 'message').map((e) => e.id)).toEqual(missed.map((m) => String(m.id)));

    // And then live, without a second copy of what it caught up with.
    const live = await say(buyer, 'Out of the tunnel');
    await again.until(() => again.messages().some((m) => m.id === live.id), 'the live message');
    expect(again.messages().map((m) => m.text)).toEqual(['In the tunnel 1', 'In the tunnel 2', 'Out of the tunnel']);
    again.close();
  });

  it('never tells a person of messages of conversations they are not in', async () => {
    const outsider = await signUp(t.app, 'Buyer');
    const stream = connect(outsider, '0');
    await stream.response;
    await say(buyer, 'Private');
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.messages()).toEqual([]);
    stream.close();
  });

  it('ends its streams when the listening connection is lost, so that browsers reconnect and catch up', async () => {
    const stream = connect(seller);
    await stream.response;
    await new Promise((r) => setTimeout(r, 100));
    const before = await say(buyer, 'Before the database hiccup');
    await stream.until(() => stream.messages().some((m) => m.id === before.id), 'the first message');
    await t.pool.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'second-gear live updates' and datname = current_database()`);
    const during = await say(buyer, 'While nobody listened');
    // Ended once the listener is back (it retries after 250 ms).
    await stream.until(() => stream.ended(), 'the stream to end');
    const again = connect(seller, String(before.id));
    await again.response;
    await again.until(() => again.messages().some((m) => m.id === during.id), 'the message missed while nobody listened');
    again.close();
  });

  it('outlives the request timeout and the idle timeout: the heartbeat keeps a quiet stream open', async () => {
    const app = await buildApp({
      config: t.app.config,
      pool: t.pool,
      auth: t.app.auth,
      images: t.app.images,
      httpTimeouts: { headersMs: 300, requestMs: 600, idleMs: 1_000, keepAliveMs: 1_000, checkIntervalMs: 50 },
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as net.AddressInfo;
      const req = http.get(`http://127.0.0.1:${port}/api/live`, { headers: { accept: 'text/event-stream', cookie: seller.cookie } });
      const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
      let received = '';
      let ended = false;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (received += chunk));
      res.on('end', () => (ended = true));
      // Three times the idle timeout, five times the request timeout, with nothing to tell.
      await new Promise((r) => setTimeout(r, 3_000));
      expect(ended).toBe(false);
      expect(received).toContain(': heartbeat');
      const sent = await say(buyer, 'Still there?');
      const deadline = Date.now() + 5000;
      while (!received.includes(`id: ${sent.id}`) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(received).toContain(`id: ${sent.id}`);
      req.destroy();
    } finally {
      await app.close();
    }
  });

  it('is ended by app.close() without waiting for the browser', async () => {
    const other = await createTestApp({ listen: true, shareDatabaseWith: t });
    const person = await signUp(other.app, 'Buyer');
    const req = http.get(`${other.origin}/api/live`, { headers: { accept: 'text/event-stream', cookie: person.cookie } });
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
    res.resume();
    const ended = new Promise<void>((resolve) => res.on('end', resolve));
    const started = Date.now();
    await other.close();
    await ended;
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
