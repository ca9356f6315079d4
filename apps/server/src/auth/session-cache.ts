import type { Actor } from './actor.ts';

/**
 * Who a session cookie belongs to, remembered for a short while so that a signed-in read does not
 * pay better-auth's two signature checks and two queries every time (docs/decisions/007).
 *
 * The key is the session cookie's whole signed value: a hit means better-auth has already checked
 * exactly this string, so nothing a client makes up can hit. What may change behind an entry's back
 * is the database: a session ended, a user deleted, promoted or verified. Every such change to the
 * `sessions` and `users` rows is announced by the database itself (migration 0003, LISTEN/NOTIFY,
 * see auth-changes.ts) and drops the user's entries in every app process; the writes this process
 * makes itself drop them before their answer leaves (app.ts), so they never wait for the round trip.
 *
 * While nobody listens (starting, or the listening connection lost) the cache is off: every request
 * asks the database, exactly as without a cache.
 */
export interface CachedSession {
  actor: Actor;
  /** The session's own expiry; an entry never outlives it. */
  expiresAt: number;
}

interface Entry extends CachedSession {
  storedAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysOfUser = new Map<string, Set<string>>();
  private on = false;
  /**
   * Changes with every invalidation. A lookup that missed notes it before asking the database and
   * stores its answer only if it has not moved, so an answer read just before a session was ended
   * cannot be stored just after the news of its end.
   */
  private generation = 0;
  /** Lookups answered from memory, and lookups that leave the caller to ask the database (the cache off included); /metrics reads both. */
  hits = 0;
  misses = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled() {
    return this.on;
  }

  /** The listener is in place (enable) or gone (disable); either way nothing remembered before is trusted. */
  setEnabled(on: boolean) {
    this.clear();
    this.on = on && this.ttlMs > 0;
  }

  /** Taken before asking the database on a miss; hand it back to `set`. */
  ticket(): number {
    return this.generation;
  }

  get(key: string): Actor | undefined {
    const entry = this.on ? this.entries.get(key) : undefined;
    if (!entry) {
      this.misses++;
      return undefined;
    }
    const now = this.now();
    if (now - entry.storedAt >= this.ttlMs || now >= entry.expiresAt) {
      this.remove(key, entry.actor.id);
      this.misses++;
      return undefined;
    }
    this.hits++;
    return entry.actor;
  }

  set(key: string, session: CachedSession, ticket: number) {
    if (!this.on || ticket !== this.generation) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous.actor.id);
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, Entry];
      this.remove(oldestKey, oldest.actor.id);
    }
    this.entries.set(key, { ...session, storedAt: this.now() });
    let keys = this.keysOfUser.get(session.actor.id);
    if (!keys) this.keysOfUser.set(session.actor.id, (keys = new Set()));
    keys.add(key);
  }

  /** A session of this user ended, or the user changed or is gone. */
  dropUser(userId: string) {
    this.generation++;
    for (const key of this.keysOfUser.get(userId) ?? []) this.entries.delete(key);
    this.keysOfUser.delete(userId);
  }

  /**
   * The session behind this cookie was written to (signed out, its password changed): drop its
   * user's entries, if this cache knows the cookie. Lookups under way do not store what they read.
   */
  dropUserOf(key: string) {
    this.generation++;
    const entry = this.entries.get(key);
    if (entry) this.dropUser(entry.actor.id);
  }

  clear() {
    this.generation++;
    this.entries.clear();
    this.keysOfUser.clear();
  }

  get size() {
    return this.entries.size;
  }

  private remove(key: string, userId: string) {
    this.entries.delete(key);
    const keys = this.keysOfUser.get(userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysOfUser.delete(userId);
  }
}

/** The value of one cookie in a Cookie header, as sent (still URL-encoded), or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
