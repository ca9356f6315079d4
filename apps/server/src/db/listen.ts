import pg from 'pg';

const RETRY_MS = { first: 250, max: 10_000 };

export interface ChannelListener {
  /** Resolves once listening, or at once if the first try failed (it keeps retrying). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

export interface ListenOptions {
  channel: string;
  /** The connection's `application_name` (how it is found in pg_stat_activity). */
  applicationName: string;
  onNotification(payload: string): void;
  /**
   * The connection listens. `afterBreak`: it was lost (or never up) before, so notifications sent
   * meanwhile went nowhere and whatever depends on them must catch up.
   */
  onListening(afterBreak: boolean): void;
  /** The connection was lost; it is retried with growing pauses. */
  onLost(err: Error | undefined): void;
}

/**
 * Holds one connection of its own that LISTENs on a channel, outside the pool (a pooled client would
 * be handed to queries and lose its LISTEN). When it breaks (the database restarted, a proxy closed
 * it) the owner is told, and it is reconnected with growing pauses until stop().
 */
export function listenToChannel(poolOptions: pg.PoolConfig, options: ListenOptions): ChannelListener {
  /** The connection in use or being opened; any other one is on its way out. */
  let client: pg.Client | null = null;
  /** The latest connection attempt; stop() waits for it (ending a client mid-connect leaves its connect() pending). */
  let attempt: Promise<void> = Promise.resolve();
  let stopped = false;
  let broken = false;
  let retryMs = RETRY_MS.first;
  let retryTimer: NodeJS.Timeout | undefined;

  const lost = (c: pg.Client, err?: Error) => {
    if (client !== c) return;
    client = null;
    c.end().catch(() => {});
    if (stopped) return;
    broken = true;
    options.onLost(err);
    retryTimer = setTimeout(start, retryMs).unref();
    retryMs = Math.min(retryMs * 2, RETRY_MS.max);
  };

  async function connect(c: pg.Client): Promise<void> {
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    c.on('notification', (msg) => {
      if (msg.channel === options.channel && msg.payload) options.onNotification(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${options.channel}`);
    } catch (err) {
      return lost(c, err as Error);
    }
    // Stopped (or lost and replaced) while connecting: this connection is nobody's any more.
    if (client !== c) return void (await c.end().catch(() => {}));
    retryMs = RETRY_MS.first;
    options.onListening(broken);
    broken = false;
  }

  function start() {
    const c = new pg.Client({ ...poolOptions, application_name: options.applicationName });
    client = c;
    attempt = connect(c);
    return attempt;
  }

  return {
    ready: start(),
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      const c = client;
      client = null;
      // A connection still opening is closed by connect() itself once it is open.
      await attempt;
      await c?.end().catch(() => {});
    },
  };
}
