import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionCache } from './session-cache.ts';

/** The channel migration 0003's triggers announce session and user changes on. */
export const AUTH_CHANGES_CHANNEL = 'second_gear_auth_changes';

const RETRY_MS = { first: 250, max: 10_000 };

export interface AuthChangesListener {
  /** Resolves once the cache is switched on, or at once if the first try failed (it keeps retrying). */
  ready: Promise<void>;
  /** Calls `fn` after each change has been applied to the cache (tests wait on it instead of sleeping). */
  onChange(fn: (userId: string) => void): void;
  stop(): Promise<void>;
}

/**
 * Holds one connection of its own that LISTENs on the channel and drops the named user's cached
 * sessions on every notification. The cache is on only while this connection is listening: when it
 * breaks (the database restarted, a proxy closed it) the cache is cleared and switched off at once,
 * requests read sessions from the database, and the connection is retried with growing pauses.
 */
export function listenForAuthChanges(poolOptions: pg.PoolConfig, cache: SessionCache, log: FastifyBaseLogger): AuthChangesListener {
  /** The connection in use or being opened; any other one is on its way out. */
  let client: pg.Client | null = null;
  /** The latest connection attempt; stop() waits for it (ending a client mid-connect leaves its connect() pending). */
  let attempt: Promise<void> = Promise.resolve();
  let stopped = false;
  let retryMs = RETRY_MS.first;
  let retryTimer: NodeJS.Timeout | undefined;
  const listeners: ((userId: string) => void)[] = [];

  const lost = (c: pg.Client, err?: Error) => {
    if (client !== c) return;
    client = null;
    cache.setEnabled(false);
    c.end().catch(() => {});
    if (stopped) return;
    log.warn({ err: err?.message }, 'session cache off: the connection listening for session changes was lost; retrying');
    retryTimer = setTimeout(start, retryMs).unref();
    retryMs = Math.min(retryMs * 2, RETRY_MS.max);
  };

  async function connect(c: pg.Client): Promise<void> {
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    c.on('notification', (msg) => {
      if (msg.channel !== AUTH_CHANGES_CHANNEL || !msg.payload) return;
      cache.dropUser(msg.payload);
      for (const fn of listeners) fn(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${AUTH_CHANGES_CHANNEL}`);
    } catch (err) {
      return lost(c, err as Error);
    }
    // Stopped (or lost and replaced) while connecting: this connection is nobody's any more.
    if (client !== c) return void (await c.end().catch(() => {}));
    cache.setEnabled(true);
    retryMs = RETRY_MS.first;
  }

  function start() {
    const c = new pg.Client({ ...poolOptions, application_name: 'second-gear session changes' });
    client = c;
    attempt = connect(c);
    return attempt;
  }

  return {
    ready: start(),
    onChange: (fn) => void listeners.push(fn),
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      const c = client;
      client = null;
      cache.setEnabled(false);
      // A connection still opening is closed by connect() itself once it is open.
      await attempt;
      await c?.end().catch(() => {});
    },
  };
}
