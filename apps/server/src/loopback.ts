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
