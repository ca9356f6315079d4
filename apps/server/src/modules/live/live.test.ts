import http from 'node:http';
import type net from 'node:net';
import { buildApp } from '../../app.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@second-gear/contract';
import { createPool } from '../../db/pool.ts';
import { as, createTestApp, sessionCookie, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';
import { nextLoopbackAddress } from '../../../test/raw-http.ts';
import { heartbeatWithin } from './routes.ts';

let t: TestApp;
let buyer: Person;
let seller: Person;
let car: string;
let conversationId: string;

beforeAll(async () => {
  ({ t, buyer, seller, carId: car } = await withPersonas(['buyer', 'seller'], { app: { listen: true }, car: { name: 'Live Fiesta' } }));
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

/** A real HTTP client reading the stream as EventSource does: events, comments, `retry` lines and the response's headers. */
function connect(who: Person, lastEventId?: string, origin = t.origin) {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  let buffer = '';
  let waiting: (() => void)[] = [];
  let ended = false;
  const req = http.get(`${origin}/api/live`, { headers: { accept: 'text/event-stream', cookie: who.cookie, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) } });
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
            else if (line.startsWith('retry: ')) retries.push(Number(line.slice(7)));
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
    retries,
    messages: () => events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data) as Message),
    until,
    /** Resolves once the stream is listening: its first line (retry) has arrived. */
    listening: () => until(() => retries.length > 0, 'the first line'),
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
    await stream.listening();
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
    await stream.listening();
    const sent = await say(buyer, 'From my other tab');
    await stream.until(() => stream.messages().some((m) => m.id === sent.id), 'the message');
    expect(stream.messages().find((m) => m.id === sent.id)!.mine).toBe(true);
    stream.close();
  });

  it('sends exactly the messages missed while away, after the Last-Event-ID, on reconnection', async () => {
    const first = connect(seller);
    await first.response;
    await first.listening();
    const seen = await say(buyer, 'Before the tunnel');
    await first.until(() => first.messages().some((m) => m.id === seen.id), 'the first message');
    const lastEventId = first.events.filter((e) => e.id).at(-1)!.id!;
    first.close();

    const missed = [await say(buyer, 'In the tunnel 1'), await say(buyer, 'In the tunnel 2')];
    const again = connect(seller, lastEventId);
    await again.response;
    await again.until(() => again.messages().length >= 2, 'the missed messages');
    expect(again.events.filter((e) => e.event === 'message').map((e) => e.id)).toEqual(missed.map((m) => String(m.id)));

    // And then live, without a second copy of what it caught up with (a copy would come before it).
    const live = await say(buyer, 'Out of the tunnel');
    await again.until(() => again.messages().some((m) => m.id === live.id), 'the live message');
    expect(again.messages().map((m) => m.text)).toEqual(['In the tunnel 1', 'In the tunnel 2', 'Out of the tunnel']);
    again.close();
  });

  it('never tells a person of messages of conversations they are not in', async () => {
    const outsider = await signUp(t.app, 'Buyer');
    const stream = connect(outsider, '0');
    await stream.response;
    await stream.listening();
    await say(buyer, 'Private');
    // A message to the outsider, sent after it, arrives after it would have (events keep their order).
    const asked = await post(outsider, '/api/conversations', { productId: car, text: 'Is it still for sale?' });
    const answer = await post(seller, `/api/conversations/${asked.conversationId}/messages`, { text: 'It is.' });
    await stream.until(() => stream.messages().some((m) => m.id === answer.id), 'the answer to the outsider');
    expect(stream.messages().filter((m) => m.conversationId !== asked.conversationId)).toEqual([]);
    stream.close();
  });

  it('ends its streams when the listening connection is lost, so that browsers reconnect and catch up', async () => {
    const stream = connect(seller);
    await stream.response;
    await stream.listening();
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
    const timeouts = { headersMs: 300, requestMs: 600, idleMs: 1_000, keepAliveMs: 1_000, checkIntervalMs: 50 };
    const app = await buildApp({
      config: t.app.config,
      pool: t.pool,
      auth: t.app.auth,
      images: t.app.images,
      httpTimeouts: timeouts,
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
      /** Resolves once `check` holds for what has arrived, or the stream has ended. */
      const arrived = (check: () => boolean) =>
        new Promise<void>((resolve) => {
          const look = () => {
            if (!ended && !check()) return;
            res.off('data', look).off('end', look);
            resolve();
          };
          res.on('data', look).on('end', look);
          look();
        });
      // Three times the idle timeout, five times the request timeout, with nothing to tell: counted
      // in heartbeats, the stream's own signal, rather than by a clock.
      const heartbeats = Math.ceil((3 * timeouts.idleMs) / heartbeatWithin(timeouts));
      await arrived(() => received.split(': heartbeat').length - 1 >= heartbeats);
      expect(ended).toBe(false);
      const sent = await say(buyer, 'Still there?');
      await arrived(() => received.includes(`id: ${sent.id}`));
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

/** Another session of the same person: a sign-in from another browser. */
async function anotherSession(who: Person): Promise<Person> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: nextLoopbackAddress(),
    headers: { origin: t.origin },
    payload: { email: who.email, password: 'secret123' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...who, cookie: sessionCookie(res.headers['set-cookie']) };
}

/** Opens the streams one after another (each is counted once its answer has begun), oldest first. */
async function openInTurn(origin: string, ...who: Person[]) {
  const streams = [];
  for (const person of who) {
    const stream = connect(person, undefined, origin);
    expect((await stream.response).statusCode).toBe(200);
    streams.push(stream);
  }
  return streams;
}

describe('GET /api/live: how many streams are held open', () => {
  let capped: TestApp;
  beforeAll(async () => {
    capped = await createTestApp({ listen: true, shareDatabaseWith: t, env: { LIVE_STREAMS_PER_SESSION: '2', LIVE_STREAMS_PER_USER: '3', LIVE_STREAMS_PER_PROCESS: '100' } });
  });
  afterAll(() => capped?.close());

  it('ends the oldest stream of a session beyond its cap, and tells that browser to wait a minute before coming back', async () => {
    const person = await signUp(t.app, 'Buyer');
    const [oldest, second, newest] = await openInTurn(capped.origin, person, person, person);
    await oldest!.until(() => oldest!.ended(), 'the oldest stream to end');
    expect(oldest!.comments).toContain('replaced by a newer stream');
    expect(oldest!.retries.at(-1)).toBe(60_000);
    expect([second!.ended(), newest!.ended()]).toEqual([false, false]);
    for (const s of [second!, newest!]) s.close();
  });

  it('ends the person’s oldest stream beyond their cap across sessions, and a session’s own oldest beyond its cap', async () => {
    const laptop = await signUp(t.app, 'Buyer');
    const phone = await anotherSession(laptop);
    const [laptop1, laptop2, phone1, phone2] = await openInTurn(capped.origin, laptop, laptop, phone, phone);
    // The fourth of the person: their oldest, on the other session, makes room.
    await laptop1!.until(() => laptop1!.ended(), 'the person’s oldest stream to end');
    expect([laptop2!.ended(), phone1!.ended(), phone2!.ended()]).toEqual([false, false, false]);
    // The phone's third: the phone's own oldest makes room, not the laptop's.
    const [phone3] = await openInTurn(capped.origin, phone);
    await phone1!.until(() => phone1!.ended(), 'the session’s oldest stream to end');
    expect([laptop2!.ended(), phone2!.ended(), phone3!.ended()]).toEqual([false, false, false]);
    for (const s of [laptop2!, phone2!, phone3!]) s.close();
  });

  it('refuses a stream beyond the process’s cap with 503 and Retry-After, while a replacement still opens', async () => {
    const full = await createTestApp({ listen: true, shareDatabaseWith: t, env: { LIVE_STREAMS_PER_SESSION: '2', LIVE_STREAMS_PER_USER: '2', LIVE_STREAMS_PER_PROCESS: '3' } });
    try {
      const [first, second, third] = await Promise.all([signUp(t.app, 'Buyer'), signUp(t.app, 'Buyer'), signUp(t.app, 'Buyer')]);
      const open = await openInTurn(full.origin, first!, first!, second!);
      // A new person, and a person under their own cap: neither may add to a full process.
      for (const who of [third!, second!]) {
        const res = await fetch(`${full.origin}/api/live`, { headers: { accept: 'text/event-stream', cookie: who.cookie } });
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('30');
        expect(await res.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'Too many live connections are open on this server; try again in 30 seconds.' });
      }
      // The first person at their own cap: their oldest makes room, so the process's count stays.
      const [replacement] = await openInTurn(full.origin, first!);
      await open[0]!.until(() => open[0]!.ended(), 'the replaced stream to end');
      for (const s of [...open, replacement!]) s.close();
    } finally {
      await full.close();
    }
  });
});

describe('GET /api/live: catching up after a reconnection', () => {
  it('reads no further once the browser is gone', async () => {
    // Three pages of missed messages (500 a page) in a conversation of their own.
    const reader = await signUp(t.app, 'Buyer');
    const { conversationId: own } = await post(reader, '/api/conversations', { productId: car, text: 'Before the flood' });
    const { rows } = await t.pool.query<{ id: string }>(
      `insert into messages (conversation_id, sender_id, body) select $1, $2, 'missed ' || g from generate_series(1, 1001) g returning id`,
      [own, seller.id],
    );
    const lastEventId = String(Number(rows[0]!.id) - 1);

    // An app process whose catch-up reads are counted, and held until the browser has gone.
    const pool = createPool(t.databaseUrl, 2);
    let pages = 0;
    let browserGone!: () => void;
    const gone = new Promise<void>((resolve) => (browserGone = resolve));
    let firstPageAsked!: () => void;
    const firstAsked = new Promise<void>((resolve) => (firstPageAsked = resolve));
    let firstPageRead!: () => void;
    const firstPage = new Promise<void>((resolve) => (firstPageRead = resolve));
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    pool.query = (async (...args: unknown[]) => {
      if (typeof args[0] !== 'string' || !args[0].includes('where m.id > $1')) return query(...args);
      if (++pages === 1) firstPageAsked();
      await gone;
      const result = await query(...args);
      if (pages === 1) firstPageRead();
      return result;
    }) as typeof pool.query;
    const app = await buildApp({ config: t.app.config, pool, auth: t.app.auth, images: t.app.images });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      // Heard before the route hears it: the first page is read only once the server knows the browser went.
      app.server.on('request', (_req, res: http.ServerResponse) => res.on('close', browserGone));
      const { port } = app.server.address() as net.AddressInfo;
      const stream = connect(reader, lastEventId, `http://127.0.0.1:${port}`);
      await stream.response;
      await firstAsked;
      stream.close();
      await firstPage;
      // Whatever the catch-up does next with the page it read happens before the next turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      expect(pages).toBe(1);
    } finally {
      await app.close();
      await pool.end();
    }
  });
});
