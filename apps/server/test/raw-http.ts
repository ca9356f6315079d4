import http from 'node:http';
import { isIPv4 } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json(): Record<string, unknown>;
}

/**
 * One HTTP request sent exactly as written: `fetch` and `app.inject` both normalise the target
 * (`/a/../b` becomes `/b`), which hides what a server does with the bytes an attacker really sends.
 * `localAddress` picks the client address the server sees (any 127.x.y.z on loopback).
 */
export function rawRequest(
  origin: string,
  options: { method?: string; target: string; headers?: Record<string, string>; body?: string; localAddress?: string },
): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        // `localhost` may resolve to ::1 first, which an IPv4 local address cannot reach.
        family: options.localAddress && isIPv4(options.localAddress) ? 4 : undefined,
        method: options.method ?? 'GET',
        path: options.target,
        headers: options.headers,
        localAddress: options.localAddress,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body, json: () => JSON.parse(body) as Record<string, unknown> }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

// Each process draws from a block of 1,024 addresses of its own, chosen by its pid: Playwright
// replaces a worker after a failed test, and a new worker counting from 127.0.0.2 again would sign
// up from the addresses its predecessors used until the per-address limit refused it (429).
let last = (process.pid & 0x3fff) << 10;
/** A loopback address of its own (in 127.0.0.0/8), so that per-address limits see a new client. */
export function nextLoopbackAddress(): string {
  do last++;
  while ((last & 255) === 0 || (last & 255) === 255);
  return `127.${(last >> 16) & 255}.${(last >> 8) & 255}.${last & 255}`;
}
