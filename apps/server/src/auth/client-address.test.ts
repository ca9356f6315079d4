import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address.ts';

describe('addressKey: who the limits count', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address, in either spelling', () => {
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::FFFF:c000:0207')).toBe('192.0.2.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = addressKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const same of ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2:a:b:c:d', '2001:db8:1:2::1%eth0']) expect(addressKey(same), same).toBe(key);
    for (const other of ['2001:db8:1:3::1', '2001:db8::1', '::1']) expect(addressKey(other), other).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::192.0.2.1')).toBe('2001:db8:0:0::/64');
  });
});
