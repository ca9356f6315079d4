import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, testIdentityProviderRefusal, usesTestIdentityProvider } from './config.ts';

const secret = 'x'.repeat(40);

/** The least a production start needs; each test below takes one piece away or adds one. */
const production = { NODE_ENV: 'production', AUTH_SECRET: secret, PUBLIC_URL: 'https://cars.example.com', PAYMENTS: 'test', ALLOW_TEST_PAYMENTS: 'on' };
const without = (name: keyof typeof production) => Object.fromEntries(Object.entries(production).filter(([k]) => k !== name));

/** The one line a refused start prints, or undefined when the configuration is accepted. */
function refusal(env: Record<string, string>): string | undefined {
  try {
    loadConfig(env);
    return undefined;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    expect(err.message).not.toContain('\n');
    return err.message;
  }
}

describe('HOST and TRUST_PROXY', () => {
  it('listens on loopback only while the built-in test identity provider is on', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).host).toBe('0.0.0.0');
    expect(loadConfig(production).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('believes no proxy unless told which', () => {
    expect(loadConfig(production).trustProxy).toBe(false);
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
    expect(loadConfig(production).trustedOrigins).toEqual(['https://cars.example.com']);
  });
});

describe('METRICS_TOKEN', () => {
  it('is off unless set, and when set takes 32 or more printable characters', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: secret }).metricsToken).toBe(secret);
    expect(refusal({ METRICS_TOKEN: 'x'.repeat(31) })).toBe('Invalid configuration: METRICS_TOKEN must be at least 32 characters');
    expect(refusal({ METRICS_TOKEN: `${secret} x` })).toBe('Invalid configuration: METRICS_TOKEN must be printable ASCII without spaces');
  });
});

describe('production mode (NODE_ENV=production)', () => {
  it('starts with AUTH_SECRET, PUBLIC_URL and an explicit PAYMENTS', () => {
    expect(refusal(production)).toBeUndefined();
    expect(refusal({ ...without('ALLOW_TEST_PAYMENTS'), PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toBeUndefined();
  });

  it('requires AUTH_SECRET', () => {
    expect(refusal(without('AUTH_SECRET'))).toMatch(/^Invalid configuration: AUTH_SECRET /);
  });

  it('requires PUBLIC_URL (links, cookies and OAuth redirects would name localhost)', () => {
    expect(refusal(without('PUBLIC_URL'))).toMatch(/^Invalid configuration: PUBLIC_URL is required when NODE_ENV=production/);
  });

  it('requires PAYMENTS to be named: unset does not mean the test processor', () => {
    expect(refusal(without('PAYMENTS'))).toMatch(/^Invalid configuration: PAYMENTS is required when NODE_ENV=production/);
  });

  it('takes PAYMENTS=test only with ALLOW_TEST_PAYMENTS=on, and nothing else counts as on', () => {
    expect(refusal(without('ALLOW_TEST_PAYMENTS'))).toMatch(/^Invalid configuration: ALLOW_TEST_PAYMENTS=on is required for PAYMENTS=test when NODE_ENV=production/);
    for (const value of ['off', 'true', '1', 'yes', 'ON']) {
      expect(refusal({ ...production, ALLOW_TEST_PAYMENTS: value }), value).toMatch(/^Invalid configuration: ALLOW_TEST_PAYMENTS[ =]/);
    }
  });

  it('sends emails through SMTP_URL, and none without it (never to the development mailbox)', () => {
    expect(refusal(production)).toBeUndefined();
    expect(loadConfig(production).mail.transport).toBe('off');
    expect(refusal({ ...production, SMTP_URL: 'https://mail.example.com' })).toMatch(/^Invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(loadConfig({ ...production, SMTP_URL: 'smtps://user:pass@mail.example.com:465' }).mail).toEqual({
      transport: { smtpUrl: 'smtps://user:pass@mail.example.com:465' },
      from: 'Second Gear <no-reply@cars.example.com>',
    });
    expect(loadConfig({ ...production, MAIL_FROM: 'Cars <cars@example.com>' }).mail.from).toBe('Cars <cars@example.com>');
  });

  it('shows the test-payments banner only in production with the opt-in, never in development or test', () => {
    expect(loadConfig(production).testPaymentsBanner).toBe(true);
    expect(loadConfig({}).testPaymentsBanner).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', PAYMENTS: 'test' }).testPaymentsBanner).toBe(false);
    expect(loadConfig({ ...without('ALLOW_TEST_PAYMENTS'), PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_1', STRIPE_PUBLISHABLE_KEY: 'pk_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).testPaymentsBanner).toBe(false);
  });

  it('seeds no demo data unless DEMO_DATA=on, even with the embedded database', () => {
    expect(loadConfig(production).demoData).toBe('off');
    expect(loadConfig({ ...production, DEMO_DATA: 'off' }).demoData).toBe('off');
  });

  it('gives demo accounts random passwords when DEMO_DATA=on', () => {
    expect(loadConfig({ ...production, DEMO_DATA: 'on' }).demoData).toBe('random-passwords');
    expect(loadConfig({ ...production, DATABASE_URL: 'postgres://db.example/sg', DEMO_DATA: 'on' }).demoData).toBe('random-passwords');
  });
});

describe('outside production', () => {
  it('keeps the contract defaults: test payments, and demo data with demo1234 on the embedded database only', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'test' });
    expect(loadConfig({}).demoData).toBe('contract-passwords');
    expect(loadConfig({ NODE_ENV: 'test' }).demoData).toBe('contract-passwords');
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/sg' }).demoData).toBe('off');
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/sg', DEMO_DATA: 'on' }).demoData).toBe('contract-passwords');
  });

  it('sends emails to the development mailbox unless SMTP_URL is set', () => {
    expect(loadConfig({}).mail).toEqual({ transport: 'dev-mailbox', from: 'Second Gear <no-reply@localhost>' });
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail.transport).toEqual({ smtpUrl: 'smtp://127.0.0.1:2525' });
  });

  it('sends no email without SMTP_URL where others may reach the server: the development mailbox would show them every email', () => {
    for (const env of [{ HOST: '0.0.0.0' }, { PUBLIC_URL: 'https://cars.example.com' }, { TRUST_PROXY: '1' }, { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }]) {
      expect(loadConfig(env).mail.transport, JSON.stringify(env)).toBe('off');
      expect(loadConfig({ ...env, SMTP_URL: 'smtp://mail.example.com' }).mail.transport, JSON.stringify(env)).toEqual({ smtpUrl: 'smtp://mail.example.com' });
    }
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3100', HOST: 'localhost', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).mail.transport).toBe('dev-mailbox');
  });

  it('caps the live streams at 6 a session, 12 a person and 1000 a process unless told otherwise, each cap within the next', () => {
    expect(loadConfig({}).liveStreams).toEqual({ perSession: 6, perUser: 12, perProcess: 1000 });
    expect(loadConfig({ LIVE_STREAMS_PER_SESSION: '2', LIVE_STREAMS_PER_USER: '3', LIVE_STREAMS_PER_PROCESS: '4' }).liveStreams).toEqual({ perSession: 2, perUser: 3, perProcess: 4 });
    expect(refusal({ LIVE_STREAMS_PER_SESSION: '0' })).toMatch(/^Invalid configuration: LIVE_STREAMS_PER_SESSION /);
    expect(refusal({ LIVE_STREAMS_PER_USER: '2.5' })).toBe('Invalid configuration: LIVE_STREAMS_PER_USER must be a whole number');
    expect(refusal({ LIVE_STREAMS_PER_PROCESS: 'many' })).toMatch(/^Invalid configuration: LIVE_STREAMS_PER_PROCESS /);
    expect(refusal({ LIVE_STREAMS_PER_SESSION: '8', LIVE_STREAMS_PER_USER: '4' })).toBe('Invalid configuration: LIVE_STREAMS_PER_USER must be at least LIVE_STREAMS_PER_SESSION');
    expect(refusal({ LIVE_STREAMS_PER_PROCESS: '10' })).toBe('Invalid configuration: LIVE_STREAMS_PER_PROCESS must be at least LIVE_STREAMS_PER_USER');
  });

  it('keeps no platform fee unless PLATFORM_FEE_PERCENT names one between 0 and 50, to the cent of a percent', () => {
    expect(loadConfig({}).platformFeePercent).toBe(0);
    expect(loadConfig({ PLATFORM_FEE_PERCENT: '2.5' }).platformFeePercent).toBe(2.5);
    expect(refusal({ PLATFORM_FEE_PERCENT: '51' })).toMatch(/^Invalid configuration: PLATFORM_FEE_PERCENT must be between 0 and 50/);
    expect(refusal({ PLATFORM_FEE_PERCENT: '-1' })).toMatch(/PLATFORM_FEE_PERCENT must be between 0 and 50/);
    expect(refusal({ PLATFORM_FEE_PERCENT: '2.555' })).toMatch(/PLATFORM_FEE_PERCENT must have at most two decimals/);
    expect(refusal({ PLATFORM_FEE_PERCENT: 'five' })).toMatch(/PLATFORM_FEE_PERCENT must be a number/);
  });

  it('shows distances in miles unless DISTANCE_UNIT says km; any other unit stops the start naming the variable', () => {
    expect(loadConfig({}).distanceUnit).toBe('mi');
    expect(loadConfig({ DISTANCE_UNIT: 'km' }).distanceUnit).toBe('km');
    expect(refusal({ DISTANCE_UNIT: 'miles' })).toBe('Invalid configuration: DISTANCE_UNIT must be mi or km');
    expect(refusal({ DISTANCE_UNIT: 'KM' })).toBe('Invalid configuration: DISTANCE_UNIT must be mi or km');
  });

  it('loads map tiles from OpenStreetMap with their linked notice unless MAP_TILES_URL names another template', () => {
    expect(loadConfig({}).mapTiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>',
    });
    const own = { MAP_TILES_URL: 'https://{s}.tiles.example.com/base/{z}/{x}/{y}@2x.png', MAP_TILES_ATTRIBUTION: '© Example Maps <b>& friends</b>' };
    expect(loadConfig(own).mapTiles).toEqual({ url: own.MAP_TILES_URL, attribution: '© Example Maps &#60;b&#62;&#38; friends&#60;/b&#62;' });
    expect(loadConfig({ MAP_TILES_URL: 'http://localhost:9/{z}/{x}/{y}.png' }).mapTiles.url).toBe('http://localhost:9/{z}/{x}/{y}.png');
  });

  it.each([
    ['plain http off this machine', 'http://tiles.example.com/{z}/{x}/{y}.png'],
    ['without {y}', 'https://tiles.example.com/{z}/{x}.png'],
    ['not a URL', 'tiles/{z}/{x}/{y}.png'],
    ['another scheme', 'ftp://tiles.example.com/{z}/{x}/{y}.png'],
    ['a password in it', 'https://me:secret@tiles.example.com/{z}/{x}/{y}.png'],
    ['{s} outside the host', 'https://tiles.example.com/{s}/{z}/{x}/{y}.png'],
  ])('stops the start naming MAP_TILES_URL for a template %s', (_case, url) => {
    expect(refusal({ MAP_TILES_URL: url })).toBe('Invalid configuration: MAP_TILES_URL must be an https:// URL template with {z}, {x} and {y} (http:// only on localhost)');
  });

  it('keeps the catalog reads one second unless CATALOG_CACHE_SECONDS says otherwise (0 turns them off)', () => {
    expect(loadConfig({}).catalogCacheMs).toBe(1000);
    expect(loadConfig({ CATALOG_CACHE_SECONDS: '0' }).catalogCacheMs).toBe(0);
    expect(refusal({ CATALOG_CACHE_SECONDS: '1.5' })).toMatch(/^Invalid configuration: CATALOG_CACHE_SECONDS must be a whole number of seconds/);
    expect(refusal({ CATALOG_CACHE_SECONDS: '61' })).toMatch(/CATALOG_CACHE_SECONDS/);
  });

  it('counts car pages’ views unless VIEW_COUNTING=off (the bench’s switch), and names a bad value', () => {
    expect(loadConfig({}).viewCounting).toBe(true);
    expect(loadConfig({ VIEW_COUNTING: 'off' }).viewCounting).toBe(false);
    expect(refusal({ VIEW_COUNTING: 'no' })).toMatch(/^Invalid configuration: VIEW_COUNTING must be on or off/);
  });
});

describe('the built-in test identity provider (signs anyone in as any email)', () => {
  it('is on in development and test when it is reachable from loopback only', () => {
    expect(usesTestIdentityProvider(loadConfig({}))).toBe(true);
    expect(usesTestIdentityProvider(loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://127.0.0.1:3100', HOST: '127.0.0.1' }))).toBe(true);
    expect(usesTestIdentityProvider(loadConfig({ PUBLIC_URL: 'http://127.1.2.3:3000', HOST: 'localhost' }))).toBe(true);
    expect(usesTestIdentityProvider(loadConfig({ PUBLIC_URL: 'http://[::1]:3000', HOST: '::1' }))).toBe(true);
    expect(testIdentityProviderRefusal(loadConfig({}))).toBeUndefined();
  });

  it('is never on in production, nor with Google credentials', () => {
    expect(usesTestIdentityProvider(loadConfig({ ...production, PUBLIC_URL: 'http://localhost:3000', HOST: '127.0.0.1' }))).toBe(false);
    expect(usesTestIdentityProvider(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }))).toBe(false);
  });

  it('refuses to mount behind a proxy (TRUST_PROXY), and says why', () => {
    const config = loadConfig({ TRUST_PROXY: '1' });
    expect(usesTestIdentityProvider(config)).toBe(false);
    expect(testIdentityProviderRefusal(config)).toMatch(/TRUST_PROXY/);
  });

  it('refuses to mount when PUBLIC_URL is not a loopback address', () => {
    for (const url of ['https://cars.example.com', 'http://192.168.1.20:3000', 'http://localhost.example.com:3000', 'http://128.0.0.1:3000']) {
      const config = loadConfig({ PUBLIC_URL: url, HOST: '127.0.0.1' });
      expect(usesTestIdentityProvider(config), url).toBe(false);
      expect(testIdentityProviderRefusal(config), url).toMatch(/PUBLIC_URL/);
    }
  });

  it('refuses to mount when HOST is not a loopback address', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'example.com']) {
      const config = loadConfig({ HOST: host });
      expect(usesTestIdentityProvider(config), host).toBe(false);
      expect(testIdentityProviderRefusal(config), host).toMatch(/HOST/);
    }
  });

  it('decides the default HOST: loopback while it is on, every interface once it is off', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ TRUST_PROXY: '1' }).host).toBe('0.0.0.0');
    expect(loadConfig({ PUBLIC_URL: 'https://cars.example.com' }).host).toBe('0.0.0.0');
  });
});
