import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, type TestApp } from '../../test/harness.ts';
import { HTTP_TIMEOUTS } from './timeouts.ts';

/**
 * Slow-loris clients against a real listening server whose limits are made short. Nothing here
 * measures time: each test only shows that the server answers 408 and closes the connection, which
 * it would never do without the limits (the test's own timeout is the bound).
 */
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ httpTimeouts: { headersMs: 300, requestMs: 600, idleMs: 1_500, keepAliveMs: 1_500, checkIntervalMs: 50 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t?.close());

/** Opens a raw connection, lets `talk` write to it, and resolves with everything the server sent once it closed the connection. */
function untilClosed(talk: (socket: net.Socket) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.on('connect', () => talk(socket));
  });
}

// A route with no guard before its body, so the server waits for the body (a guarded route answers 401 first).
const head = `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${ORIGIN}\r\nContent-Type: application/json\r\n`;

describe('slow clients', () => {
  it('answers 408 and closes the connection of a client that sends half its headers and stops', async () => {
    const answer = await untilClosed((socket) => socket.write(head));
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 408 and closes the connection of a client that keeps trickling its headers (slow-loris)', async () => {
    let timer: NodeJS.Timeout | undefined;
    const answer = await untilClosed((socket) => {
      socket.write(head);
      timer = setInterval(() => socket.writable && socket.write(`X-Slow-${Date.now()}: a\r\n`), 40);
    });
    clearInterval(timer);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 408 and closes the connection of a client that trickles its body', async () => {
    let timer: NodeJS.Timeout | undefined;
    const answer = await untilClosed((socket) => {
      socket.write(`${head}Content-Length: 100000\r\n\r\n{"email":"`);
      timer = setInterval(() => socket.writable && socket.write('a'), 40);
    });
    clearInterval(timer);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 408 and closes a connection that never sends anything', async () => {
    expect(await untilClosed(() => {})).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('keeps a normal request working under the short limits; the defaults give a 10 MB upload 120 s', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
    expect(HTTP_TIMEOUTS).toMatchObject({ headersMs: 15_000, requestMs: 120_000 });
  });
});
