import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Message } from '@second-gear/contract';
import { listenToChannel, type ChannelListener } from '../../db/listen.ts';
import { LIVE_CHANNEL, type LiveEvent } from '../notifications/notify.ts';
import { messageFor, messagesSince } from '../messages/service.ts';
import { AppError } from '../../errors.ts';

/** Messages read per query while a reconnected stream catches up. */
const CATCH_UP_PAGE = 500;
/** A client this far behind (bytes it has not taken) is dropped; it reconnects and catches up from its Last-Event-ID. */
const MAX_BUFFERED = 1024 * 1024;
/**
 * How long a browser whose stream a newer one replaced waits before reconnecting (the `retry` it is
 * sent last): its reconnection replaces the then oldest, so a person with more tabs than the cap
 * sees their tabs take turns once a minute, not a reconnection storm.
 */
const REPLACED_RETRY_MS = 60_000;
/** When the process holds its cap: streams end as people leave. */
const FULL_RETRY_AFTER_SECONDS = 30;

/** Where a stream's text goes: the response of one `GET /api/live`. */
export interface StreamSink {
  write(chunk: string): void;
  /** Bytes written and not yet taken by the client. */
  readonly buffered: number;
  end(): void;
}

interface Stream {
  userId: string;
  /** The session cookie's value: what the per-session cap counts by. */
  session: string;
  sink: StreamSink;
  closed: boolean;
  /** While catching up: live events held back until the catch-up is written, then sent unless already sent. */
  held: LiveEvent[] | null;
}

export interface LiveHubOptions {
  /** A comment line this often keeps proxies and the server's idle timeout from closing a quiet stream. */
  heartbeatMs: number;
  /** How many streams are held open per session, person and process (config.ts). */
  caps: { perSession: number; perUser: number; perProcess: number };
}

/**
 * The live stream's fan-out in one app process: ONE connection LISTENs on the live channel (what
 * `publishLive` sends at commit, from any process) and each event goes to the open streams of the
 * person it names. A `message` event carries the message itself (read once per event and person),
 * with the message id as the event id, so that a browser reconnecting with `Last-Event-ID` is sent
 * every message it missed before anything new. When the listening connection breaks, events may
 * be missed until it is back: every open stream is then ended, so each browser reconnects and
 * catches up, and nothing is lost.
 *
 * Streams are capped: a new one beyond its session's or its person's cap ends their oldest (the
 * new one is usually a reloaded or new tab, the oldest one a tab left behind); beyond the
 * process's cap a new one is refused.
 */
export class LiveHub {
  /** Per person, their open streams, oldest first. */
  private readonly streams = new Map<string, Set<Stream>>();
  private count = 0;
  /** Per person, the events being written: one after another, so a thread never arrives out of order. */
  private readonly queues = new Map<string, Promise<void>>();
  private readonly channel: ChannelListener;
  private readonly heartbeat: NodeJS.Timeout;
  /** Resolves once listening, or at once if the first try failed (it keeps retrying). */
  readonly ready: Promise<void>;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
    private readonly options: LiveHubOptions,
  ) {
    this.heartbeat = setInterval(() => this.everyStream((s) => this.write(s, ': heartbeat\n\n')), options.heartbeatMs).unref();
    this.channel = listenToChannel(pool.options, {
      channel: LIVE_CHANNEL,
      applicationName: 'second-gear live updates',
      onNotification: (payload) => {
        try {
          const event = JSON.parse(payload) as LiveEvent;
          if (typeof event.user === 'string') this.dispatch(event);
        } catch {
          this.log.warn('live updates: an event that is not JSON was ignored');
        }
      },
      // Events published while nobody listened went nowhere: every stream open then reconnects and catches up.
      onListening: (afterBreak) => {
        if (afterBreak) this.everyStream((s) => this.close(s));
      },
      onLost: (err) => this.log.warn({ err: err?.message }, 'live updates: the connection listening for events was lost; retrying'),
    });
    this.ready = this.channel.ready;
  }

  /**
   * Opens a stream of `userId` in `session`: first every message to or from them after
   * `lastEventId` (a reconnection), then live events. It makes room first, ending the oldest stream
   * beyond the session's or the person's cap, or throws (503) when the process holds its cap: then
   * `start`, which begins the answer and gives its sink, is not called. Returns what closes the
   * stream (the client went); the catch-up reads no further once it is closed.
   */
  open(userId: string, session: string, lastEventId: number | null, start: () => StreamSink): () => void {
    const { perSession, perUser, perProcess } = this.options.caps;
    const mine = [...(this.streams.get(userId) ?? [])];
    const sessions = mine.filter((s) => s.session === session);
    const replaced = sessions.length >= perSession ? sessions[0] : mine.length >= perUser ? mine[0] : undefined;
    if (!replaced && this.count >= perProcess) {
      throw new AppError('SERVICE_UNAVAILABLE', `Too many live connections are open on this server; try again in ${FULL_RETRY_AFTER_SECONDS} seconds.`, FULL_RETRY_AFTER_SECONDS);
    }
    if (replaced) {
      this.write(replaced, `: replaced by a newer stream\nretry: ${REPLACED_RETRY_MS}\n\n`);
      this.close(replaced);
    }
    const stream: Stream = { userId, session, sink: start(), closed: false, held: lastEventId === null ? null : [] };
    let set = this.streams.get(userId);
    if (!set) this.streams.set(userId, (set = new Set()));
    set.add(stream);
    this.count++;
    // The client is told to come back after 2 s if the connection drops.
    this.write(stream, 'retry: 2000\n\n');
    if (lastEventId !== null) void this.catchUp(stream, lastEventId);
    return () => this.close(stream);
  }

  /** Every message after `lastEventId`, page by page while the stream is open, then the events held meanwhile. */
  private async catchUp(stream: Stream, lastEventId: number) {
    const sent = new Set<string>();
    try {
      for (let after = lastEventId; !stream.closed; ) {
        const page = await messagesSince(this.pool, stream.userId, after, CATCH_UP_PAGE);
        for (const m of page) {
          this.writeMessage(stream, m);
          sent.add(String(m.id));
        }
        if (page.length < CATCH_UP_PAGE) break;
        after = page.at(-1)!.id;
      }
    } catch (err) {
      this.log.warn({ err }, 'live stream: catching up failed; ending the stream so the browser tries again');
      return this.close(stream);
    }
    const held = stream.held ?? [];
    stream.held = null;
    for (const event of held) {
      if (stream.closed) return;
      if (!(event.type === 'message' && event.id && sent.has(event.id))) await this.deliver(stream, event);
    }
  }

  /** Ends every stream of a person (their session or account changed: the browser reconnects, or is refused). */
  endUser(userId: string) {
    for (const s of this.streams.get(userId) ?? []) this.close(s);
  }

  async stop() {
    clearInterval(this.heartbeat);
    this.everyStream((s) => this.close(s));
    await this.channel.stop();
  }

  private everyStream(fn: (s: Stream) => void) {
    for (const set of [...this.streams.values()]) for (const s of [...set]) fn(s);
  }

  private close(stream: Stream) {
    const set = this.streams.get(stream.userId);
    if (!set?.delete(stream)) return;
    if (set.size === 0) this.streams.delete(stream.userId);
    this.count--;
    stream.closed = true;
    stream.sink.end();
  }

  private write(stream: Stream, chunk: string) {
    if (stream.closed) return;
    if (stream.sink.buffered > MAX_BUFFERED) return this.close(stream);
    stream.sink.write(chunk);
  }

  private writeMessage(stream: Stream, m: Message) {
    this.write(stream, `id: ${m.id}\nevent: message\ndata: ${JSON.stringify(m)}\n\n`);
  }

  private async deliver(stream: Stream, event: LiveEvent, message?: Message | null) {
    if (stream.held) return void stream.held.push(event);
    if (event.type !== 'message') return this.write(stream, `event: ${event.type}\ndata: ${JSON.stringify({ id: event.id ?? null })}\n\n`);
    const m = message === undefined ? await messageFor(this.pool, stream.userId, Number(event.id)) : message;
    if (m) this.writeMessage(stream, m);
  }

  private dispatch(event: LiveEvent) {
    const set = this.streams.get(event.user);
    if (!set) return;
    const previous = this.queues.get(event.user) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        const live = [...(this.streams.get(event.user) ?? [])];
        if (live.length === 0) return;
        // Read once for all of the person's tabs (held streams read it again when they flush).
        const message = event.type === 'message' && live.some((s) => !s.held) ? await messageFor(this.pool, event.user, Number(event.id)) : undefined;
        for (const s of live) await this.deliver(s, event, s.held ? undefined : message);
      })
      .catch((err) => this.log.warn({ err }, 'live stream: an event could not be delivered'));
    this.queues.set(event.user, next);
    void next.then(() => {
      if (this.queues.get(event.user) === next) this.queues.delete(event.user);
    });
  }
}
