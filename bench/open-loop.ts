import http from 'node:http';
import type { Request } from 'autocannon';

/** What an open loop's run answered: the fields of autocannon's result that the bench reads, and every 2xx answer's time. */
export interface OpenLoopResult {
  requests: { total: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Each 2xx answer's milliseconds from the moment its request was due. */
  times: number[];
}

/**
 * Requests offered at `rate` a second, one every 1000 ÷ rate ms whatever the answers' pace, over at
 * most `connections` kept-alive connections, for `seconds`. A request that finds every connection
 * busy waits for one, and that wait counts in its time, which runs from the moment it was due: so a
 * server that falls behind shows it in the percentiles rather than in a slower offered rate.
 *
 * autocannon's `overallRate` is not this: it gives each connection rate ÷ connections requests a
 * second and lets each send its share back to back at the start of every second, so 300 a second
 * over 100 connections arrive as one burst of 100 and then two more waves, and the last of them
 * waits for the whole burst (docs/decisions/028-the-mix-offered-evenly.md).
 *
 * `requests` are autocannon's, so that one list of requests serves both loops: each due request
 * takes the next in turn, `setupRequest` draws it with a fresh context, and `onResponse` hears its
 * status and body.
 */
export async function openLoop(origin: string, requests: Request[], options: { rate: number; seconds: number; connections: number; timeoutSeconds: number }): Promise<OpenLoopResult> {
  const { hostname, port } = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const result: OpenLoopResult = { requests: { total: 0, average: 0 }, non2xx: 0, errors: 0, timeouts: 0, times: [] };
  const interval = 1000 / options.rate;
  const due = Math.round(options.rate * options.seconds);
  const pending = new Set<Promise<void>>();

  const send = (n: number, dueAt: number) => {
    const template = requests[n % requests.length]!;
    const context: Record<string, unknown> = {};
    const request = template.setupRequest ? template.setupRequest({ ...template }, context) : template;
    const body = request.body;
    const headers: Record<string, string | number> = { ...request.headers };
    if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
    const answered = new Promise<void>((resolve) => {
      let settled = false;
      const settle = (count?: 'errors' | 'timeouts') => {
        if (settled) return;
        settled = true;
        if (count) result[count]++;
        resolve();
      };
      const req = http.request({ agent, host: hostname, port, method: request.method ?? 'GET', path: request.path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const ms = performance.now() - dueAt;
          const status = res.statusCode ?? 0;
          result.requests.total++;
          if (status >= 200 && status < 300) result.times.push(ms);
          else result.non2xx++;
          template.onResponse?.(status, Buffer.concat(chunks).toString(), context, res.headers);
          settle();
        });
        res.on('error', () => settle('errors'));
      });
      req.setTimeout(options.timeoutSeconds * 1000, () => {
        settle('timeouts');
        req.destroy();
      });
      req.on('error', () => settle('errors'));
      req.end(body);
    });
    pending.add(answered);
    void answered.then(() => pending.delete(answered));
  };

  const start = performance.now();
  let sent = 0;
  await new Promise<void>((done) => {
    // Timers fire a millisecond or so late; each tick sends every request already due, with its
    // due time, so lateness is counted rather than lost.
    const tick = () => {
      const now = performance.now();
      while (sent < due && start + sent * interval <= now) {
        send(sent, start + sent * interval);
        sent++;
      }
      if (sent < due) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
      else done();
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();
  result.requests.average = result.requests.total / options.seconds;
  return result;
}
