import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const secret = 'x'.repeat(40);

describe('HOST and TRUST_PROXY', () => {
  it('listens on loopback only while the built-in test identity provider is on', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('believes no proxy unless told which', () => {
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('203.0.113.9', 1)]).toEqual([true, false]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});

describe('trusted origins', () => {
  it('adds the loopback twin of the default origin outside production, and nothing else', () => {
    expect(loadConfig({ PORT: '3100' }).trustedOrigins).toEqual(['http://localhost:3100', 'http://127.0.0.1:3100']);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3100/' }).trustedOrigins).toEqual(['http://localhost:3100']);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, PUBLIC_URL: 'https://cars.example.com' }).trustedOrigins).toEqual(['https://cars.example.com']);
  });
});
