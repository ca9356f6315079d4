import { AsyncLocalStorage } from 'node:async_hooks';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * Who is asking, as the limits count it. One IPv6 customer is usually given a whole /64, so an
 * IPv6 address counts by its first 64 bits (otherwise every try could come from a new address);
 * an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, how a dual-stack socket shows IPv4) is that
 * IPv4 address.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, ''); // an IPv6 zone (`fe80::1%eth0`) names the interface, not the client
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 read as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The header better-auth reads a new session's address from (auth.ts): routes.ts sets it to the
 * client address Fastify settled on (TRUST_PROXY decides whose X-Forwarded-For it believes), over
 * whatever the client sent under that name.
 */
export const CLIENT_ADDRESS_HEADER = 'x-second-gear-client-address';

/**
 * The client address of the HTTP request better-auth is answering, for its hooks (auth-limits.ts).
 * The route that hands a request to better-auth runs it inside `withClientAddress`; better-auth's
 * own calls from the server (no HTTP client) have none, and are not limited.
 */
export const clientAddressStorage = new AsyncLocalStorage<string>();

export function withClientAddress<T>(ip: string, run: () => T): T {
  return clientAddressStorage.run(addressKey(ip), run);
}

export function clientAddress(): string | undefined {
  return clientAddressStorage.getStore();
}
