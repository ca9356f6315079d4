import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { listenToChannel } from '../db/listen.ts';
import type { SessionCache } from './session-cache.ts';

/** The channel migration 0003's triggers announce session and user changes on. */
export const AUTH_CHANGES_CHANNEL = 'second_gear_auth_changes';

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
  const listeners: ((userId: string) => void)[] = [];
  const channel = listenToChannel(poolOptions, {
    channel: AUTH_CHANGES_CHANNEL,
    applicationName: 'second-gear session changes',
    onNotification(userId) {
      cache.dropUser(userId);
      for (const fn of listeners) fn(userId);
    },
    onListening: () => cache.setEnabled(true),
    onLost(err) {
      cache.setEnabled(false);
      log.warn({ err: err?.message }, 'session cache off: the connection listening for session changes was lost; retrying');
    },
  });
  return {
    ready: channel.ready,
    onChange: (fn) => void listeners.push(fn),
    async stop() {
      cache.setEnabled(false);
      await channel.stop();
    },
  };
}
