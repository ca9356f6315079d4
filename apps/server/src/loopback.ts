import net from 'node:net';

/**
 * Whether a host name or address (HOST, or a URL's hostname, IPv6 in brackets or not) can only be
 * reached from this machine: `localhost`, 127.0.0.0/8 or ::1. Anything else, including 0.0.0.0 and
 * names that merely start with "localhost", may be reachable from the network.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost') return true;
  if (net.isIPv4(name)) return name.startsWith('127.');
  // Every spelling of ::1 (0:0:0:0:0:0:0:1, ::0001) is written "[::1]" by the URL parser.
  return net.isIPv6(name) && new URL(`http://[${name}]`).hostname === '[::1]';
}

/** What says who can reach the server: the configuration's fields of these names (config.ts). */
export interface Reach {
  env: 'development' | 'production' | 'test';
  /** `false` unless TRUST_PROXY is set. */
  trustProxy: unknown;
  publicUrl: string;
  host: string;
}

/**
 * Why someone other than this machine's own browser may reach the server, or undefined when only
 * this machine can: outside production, with no TRUST_PROXY, and PUBLIC_URL and HOST both loopback.
 * What serves anyone without a sign-in (the test identity provider, which signs anyone in as any
 * email; the development mailbox, which shows every email sent) runs only while this is undefined.
 */
export function reachableByOthers(config: Reach): string | undefined {
  if (config.env === 'production') return 'NODE_ENV is production';
  // Behind a proxy, requests from anywhere arrive from the proxy's (perhaps loopback) address.
  if (config.trustProxy !== false) return 'TRUST_PROXY is set (a proxy in front serves it to others)';
  if (!isLoopbackHost(new URL(config.publicUrl).hostname)) return `PUBLIC_URL ${config.publicUrl} is not a loopback address`;
  if (!isLoopbackHost(config.host)) return `HOST ${config.host} is not a loopback address`;
  return undefined;
}
