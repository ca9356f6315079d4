import path from 'node:path';
import { z } from 'zod';
import type { DistanceUnit } from '@second-gear/contract';
import { reachableByOthers } from './loopback.ts';
import { attributionHtml, isTileTemplate, openStreetMapTiles, tileTemplateRule } from './map-tiles.ts';

const flag = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

const optional = z.string().trim().min(1).optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(\d{1,2}|[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*)$/, 'must be a number of proxy hops or a comma-separated list of proxy addresses')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DEMO_DATA: flag.optional(),
  // No default here: outside production it is `test`, in production it must be named (below).
  PAYMENTS: z.enum(['test', 'stripe']).optional(),
  // Only the exact word: a production start takes the test processor on purpose or not at all.
  ALLOW_TEST_PAYMENTS: z.enum(['on', 'off'], 'must be on or off').optional(),
  // The platform's share of each released sale, in percent (two decimals at most); the seller sees it before listing.
  // The market's unit of distance: what cars' mileages and the search's filters are shown in unless a person chose the other.
  DISTANCE_UNIT: z.enum(['mi', 'km'], 'must be mi or km').default('mi'),
  // Where the maps' tiles come from (map-tiles.ts), and the notice that provider requires.
  MAP_TILES_URL: z.string().trim().refine(isTileTemplate, tileTemplateRule).default(openStreetMapTiles.url),
  MAP_TILES_ATTRIBUTION: z.string().trim().max(300, 'must be at most 300 characters').optional(),
  PLATFORM_FEE_PERCENT: z.coerce.number('must be a number').min(0, 'must be between 0 and 50').max(50, 'must be between 0 and 50').multipleOf(0.01, 'must have at most two decimals').default(0),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  S3_BUCKET: optional,
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Sent as `Authorization: Bearer …`: a header holds printable ASCII only.
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
  SESSION_CACHE_SECONDS: z.coerce.number().int('must be a whole number of seconds').min(0).max(300).default(30),
  CATALOG_CACHE_SECONDS: z.coerce.number().int('must be a whole number of seconds').min(0).max(60).default(1),
  // Off only to measure what counting costs (the bench's car page with it on and off, decision 045).
  VIEW_COUNTING: z.enum(['on', 'off'], 'must be on or off').default('on'),
  // Every tab of the web app holds one stream; browsers over HTTP/1.1 open at most 6 connections to a site.
  LIVE_STREAMS_PER_SESSION: z.coerce.number().int('must be a whole number').min(1).max(100).default(6),
  // Two browsers (a computer and a phone) at their cap.
  LIVE_STREAMS_PER_USER: z.coerce.number().int('must be a whole number').min(1).max(1000).default(12),
  // About 31 KB a stream (2,821 streams held 88 MB): 1,000 are some 31 MB beside the 220-240 MB of an idle process.
  LIVE_STREAMS_PER_PROCESS: z.coerce.number().int('must be a whole number').min(1).max(100_000).default(1000),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Which proxies' X-Forwarded-For to believe: none by default, so a client cannot pick its own address. */
  trustProxy: false | string[] | ((address: string, hop: number) => boolean);
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /**
   * Origins whose browser requests are accepted (better-auth's Origin check and the API's): the
   * public origin, and while PUBLIC_URL is unset outside production also its loopback twin, so that
   * both http://localhost:PORT and http://127.0.0.1:PORT work for signing in.
   */
  trustedOrigins: string[];
  /** Unset means: read or generate `DATA_DIR/auth-secret` (never in production). */
  authSecret: string | undefined;
  /**
   * Whether to seed the demo catalog and accounts, and with which passwords: the contract's
   * `demo1234` outside production, a random one per account (printed once) in production.
   */
  demoData: 'off' | 'contract-passwords' | 'random-passwords';
  /**
   * Admins need two-factor sign-in (docs/security.md, decision 023): one without it is taken to its
   * setup and refused every admin call (403). The only admin exempt is the seeded demo admin while
   * the demo data has the contract's passwords (outside production), who signs in as the
   * specification has it; every other admin, and every admin in production, needs it. No variable
   * turns it off.
   */
  adminTwoFactorExempt: readonly string[];
  logLevel: string;
  /** How long a checked session may be answered from memory (auth/session-cache.ts); 0: never. */
  sessionCacheMs: number;
  /** How long the catalog's busiest reads are answered from memory (modules/catalog/read-cache.ts); 0: never. */
  catalogCacheMs: number;
  /** `VIEW_COUNTING`: whether car pages' views are counted for their sellers (modules/performance); off, a car's Performance shows none. */
  viewCounting: boolean;
  /** `PAYMENTS`: the built-in test-mode card processor, or Stripe with its keys. */
  payments: { provider: 'test' } | { provider: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string };
  /**
   * Production with `PAYMENTS=test ALLOW_TEST_PAYMENTS=on`: every page of the web app says that
   * payments are not real (GET /api/site). Developers know; visitors of a deployed site may not.
   */
  testPaymentsBanner: boolean;
  /**
   * `DISTANCE_UNIT`: the market's unit of distance, in which every page, email and link preview
   * writes a mileage for a visitor or a person who has not chosen their own (Settings' Distance unit).
   */
  distanceUnit: DistanceUnit;
  /**
   * `MAP_TILES_URL` and `MAP_TILES_ATTRIBUTION`: the `{z}/{x}/{y}` template the maps load tiles from,
   * and the provider's notice as HTML the server wrote (OpenStreetMap's link, or the operator's text
   * escaped), which pages show beside them (GET /api/site).
   */
  mapTiles: { url: string; attribution: string };
  /** `PLATFORM_FEE_PERCENT`: kept from each released sale before the transfer to its seller (modules/money). */
  platformFeePercent: number;
  /** Set: pictures in this S3-compatible bucket; unset: files in `DATA_DIR/uploads`. */
  s3?: { bucket: string; endpoint?: string; region: string; accessKeyId: string; secretAccessKey: string };
  /**
   * Where emails go: an SMTP server (`SMTP_URL`), or while only this machine can reach the server
   * (loopback.ts) the development mailbox, an SMTP server of the app's own that keeps every message
   * for /dev/mailbox (src/mail/dev-mailbox.ts); otherwise `off` (no email is sent; notifications
   * stay in the bell).
   */
  mail: { transport: { smtpUrl: string } | 'dev-mailbox' | 'off'; from: string };
  /** Set: Google sign-in with these OAuth credentials; unset: the built-in test identity provider where it may run (auth/google.ts). */
  google?: { clientId: string; clientSecret: string };
  /** Set: `GET /metrics` answers in the Prometheus format to this bearer token (http/metrics.ts); unset: no such route. */
  metricsToken: string | undefined;
  /**
   * How many live streams (`GET /api/live`) are held open: a new one beyond a session's or a
   * person's cap ends their oldest; beyond the process's it is refused (modules/live/hub.ts).
   */
  liveStreams: { perSession: number; perUser: number; perProcess: number };
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value names its variable in one line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(stripEmpty(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production) refuseUnsafeProduction(e);
  if (e.PAYMENTS === 'stripe') {
    // A key pasted into the wrong variable would otherwise fail only at the first payment.
    const prefixes = { STRIPE_SECRET_KEY: /^(sk|rk)_/, STRIPE_PUBLISHABLE_KEY: /^pk_/, STRIPE_WEBHOOK_SECRET: /^whsec_/ } as const;
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!e[name]) throw new ConfigError(`Invalid configuration: ${name} is required when PAYMENTS=stripe`);
      if (!prefixes[name].test(e[name])) throw new ConfigError(`Invalid configuration: ${name} does not look like a Stripe ${name === 'STRIPE_WEBHOOK_SECRET' ? 'webhook signing secret (whsec_…)' : 'key'}`);
    }
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  const s3Names = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const strayS3 = s3Names.find((name) => e[name]);
  // Without a bucket the other S3 settings would be silently ignored and pictures go to disk.
  if (!e.S3_BUCKET && strayS3) throw new ConfigError(`Invalid configuration: S3_BUCKET is required when ${strayS3} is set`);
  if (e.S3_BUCKET) {
    for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!e[name]) throw new ConfigError(`Invalid configuration: ${name} is required when S3_BUCKET is set`);
    }
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const google = e.GOOGLE_CLIENT_ID ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET! } : undefined;
  const trustProxy = trustProxyOf(e.TRUST_PROXY);
  const seedsDemoData = e.DEMO_DATA ?? (!production && !e.DATABASE_URL);
  // The built-in test identity provider signs anyone in as any email: while it would be on,
  // listen on loopback only unless HOST says otherwise (and then it is off, see auth/google.ts).
  const host = e.HOST ?? (usesTestIdentityProvider({ env: e.NODE_ENV, google, trustProxy, publicUrl, host: LOOPBACK }) ? LOOPBACK : '0.0.0.0');
  // A smaller cap further out would silently lower the one within it.
  if (e.LIVE_STREAMS_PER_USER < e.LIVE_STREAMS_PER_SESSION) throw new ConfigError('Invalid configuration: LIVE_STREAMS_PER_USER must be at least LIVE_STREAMS_PER_SESSION');
  if (e.LIVE_STREAMS_PER_PROCESS < e.LIVE_STREAMS_PER_USER) throw new ConfigError('Invalid configuration: LIVE_STREAMS_PER_PROCESS must be at least LIVE_STREAMS_PER_USER');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host,
    trustProxy,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    trustedOrigins: e.PUBLIC_URL || production ? [publicUrl] : [publicUrl, `http://127.0.0.1:${e.PORT}`],
    authSecret: e.AUTH_SECRET,
    demoData: !seedsDemoData ? 'off' : production ? 'random-passwords' : 'contract-passwords',
    adminTwoFactorExempt: seedsDemoData && !production ? [DEMO_ADMIN_EMAIL] : [],
    logLevel: e.LOG_LEVEL,
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    catalogCacheMs: e.CATALOG_CACHE_SECONDS * 1000,
    viewCounting: e.VIEW_COUNTING === 'on',
    payments:
      e.PAYMENTS === 'stripe'
        ? { provider: 'stripe', secretKey: e.STRIPE_SECRET_KEY!, publishableKey: e.STRIPE_PUBLISHABLE_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET! }
        : { provider: 'test' },
    testPaymentsBanner: production && e.PAYMENTS === 'test',
    distanceUnit: e.DISTANCE_UNIT,
    mapTiles: { url: e.MAP_TILES_URL, attribution: e.MAP_TILES_ATTRIBUTION ? attributionHtml(e.MAP_TILES_ATTRIBUTION) : openStreetMapTiles.attribution },
    platformFeePercent: e.PLATFORM_FEE_PERCENT,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
        }
      : undefined,
    google,
    mail: {
      // Without a mail server nothing is sent where the development mailbox may not run (anyone who
      // reaches it reads every email: production, or a server others can reach); the start says so,
      // and the bell still tells people everything.
      transport: e.SMTP_URL ? { smtpUrl: e.SMTP_URL } : reachableByOthers({ env: e.NODE_ENV, trustProxy, publicUrl, host }) ? 'off' : 'dev-mailbox',
      from: e.MAIL_FROM ?? `Second Gear <no-reply@${new URL(publicUrl).hostname}>`,
    },
    metricsToken: e.METRICS_TOKEN,
    liveStreams: { perSession: e.LIVE_STREAMS_PER_SESSION, perUser: e.LIVE_STREAMS_PER_USER, perProcess: e.LIVE_STREAMS_PER_PROCESS },
  };
}

const LOOPBACK = '127.0.0.1';

/** The demo data's admin account (CONTRACT.md, "Demo accounts"). */
export const DEMO_ADMIN_EMAIL = 'admin@demo.test';

export type TestIdpConfig = Pick<Config, 'env' | 'google' | 'trustProxy' | 'publicUrl' | 'host'>;

/**
 * Whether the built-in test identity provider runs: without Google credentials, never in
 * production, and only while nobody but this machine can reach it. The one decision behind the
 * mount (auth/test-identity-provider.ts), CONTINUE WITH GOOGLE (googleOAuth in auth/google.ts) and
 * the default HOST (here, in loadConfig).
 */
export function usesTestIdentityProvider(config: TestIdpConfig): boolean {
  return !config.google && config.env !== 'production' && !testIdentityProviderRefusal(config);
}

/**
 * Why the test identity provider refuses to mount although nothing else replaces it (development or
 * test, no Google credentials): it signs anyone in as any email they type, so it only serves a
 * browser on this machine. Undefined when it mounts, or when production or Google rule it out anyway.
 */
export function testIdentityProviderRefusal(config: TestIdpConfig): string | undefined {
  if (config.google || config.env === 'production') return undefined;
  return reachableByOthers(config);
}

/**
 * What a production start must say out loud: the secret and public origin it runs with, and which
 * payments it takes; the test processor (anyone "pays" with 4242 4242 4242 4242 and the car is
 * sold) only when asked for by name.
 */
function refuseUnsafeProduction(e: z.infer<typeof envSchema>): void {
  const refuse = (line: string) => {
    throw new ConfigError(`Invalid configuration: ${line}`);
  };
  if (!e.AUTH_SECRET) refuse('AUTH_SECRET is required when NODE_ENV=production');
  if (!e.PUBLIC_URL) refuse('PUBLIC_URL is required when NODE_ENV=production (the origin people use: links, cookies, OAuth redirects)');
  if (!e.PAYMENTS) refuse('PAYMENTS is required when NODE_ENV=production (stripe, or test with ALLOW_TEST_PAYMENTS=on)');
  if (e.PAYMENTS === 'test' && e.ALLOW_TEST_PAYMENTS !== 'on') {
    refuse('ALLOW_TEST_PAYMENTS=on is required for PAYMENTS=test when NODE_ENV=production (no real money is taken, yet cars are sold)');
  }
}

function trustProxyOf(value: string | undefined): Config['trustProxy'] {
  if (!value) return false;
  if (!/^\d+$/.test(value)) return value.split(',');
  const hops = Number(value);
  return (_address, hop) => hop < hops;
}

/** An empty variable (`PORT=`) means "not set", as shells and .env files usually intend. */
function stripEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => Boolean(e[1])));
}
