import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, signUp, type TestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { createAuth } from './auth.ts';
import { createPool, inTransaction } from '../db/pool.ts';
import { RateLimits, SIGN_IN_PER_ACCOUNT, SIGN_IN_PER_ADDRESS, SIGN_UP_PER_ADDRESS, type Limit } from './rate-limits.ts';

/**
 * The counters under concurrency: takes, give-backs and forgets of overlapping keys, in every
 * order, at once. Statements that lock the same rows in different orders deadlock, and PostgreSQL
 * answers one of them with an error (a 500 to the person signing in).
 */

let t: TestApp;
let limits: RateLimits;
beforeAll(async () => {
  t = await createTestApp();
  limits = new RateLimits(t.pool);
});
afterAll(() => t.close());

const ROOMY: Limit = { max: 10_000, minutes: 15 };

/** A deterministic shuffle, so that a failure replays the same orders. */
function shuffled<T>(items: T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

async function hitsOf(keys: string[]) {
  const { rows } = await t.pool.query<{ key: string; hits: number }>('select key, hits from auth_rate_limits where key = any($1)', [keys]);
  return Object.fromEntries(rows.map((r) => [r.key, r.hits]));
}

describe('counters under concurrent use', () => {
  it('counts overlapping keys taken, given back and forgotten in every order at once, exactly and without error', async () => {
    const counted = Array.from({ length: 6 }, (_, i) => `concurrent:counted:${i}`);
    const forgotten = Array.from({ length: 3 }, (_, i) => `concurrent:forgotten:${i}`);
    // Windows that ended: every take also purges the others' expired rows while they count them.
    await t.pool.query(`insert into auth_rate_limits (key, hits, window_ends_at) select k, 3, now() - interval '1 second' from unnest($1::text[]) as k`, [
      [...counted, ...forgotten],
    ]);

    // What each counted key must hold at the end: its takes less its give-backs.
    const expected: Record<string, number> = {};
    const work = Array.from({ length: 80 }, (_, i) => {
      const keys = shuffled([...counted, ...forgotten], i).slice(0, 2 + (i % 4));
      const givesBack = i % 3 === 0;
      for (const key of keys) if (counted.includes(key)) expected[key] = (expected[key] ?? 0) + (givesBack ? 0 : 1);
      return async () => {
        expect(await limits.take(keys.map((key) => ({ key, limit: ROOMY })))).toBe(0);
        if (givesBack) await limits.giveBack([...keys].reverse());
        if (i % 5 === 0) await limits.forget(shuffled(forgotten, i + 1));
      };
    });
    const outcomes = await Promise.allSettled(work.map((run) => run()));
    const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
    expect(failures, failures.slice(0, 3).join('\n')).toEqual([]);
    expect(await hitsOf(Object.keys(expected))).toEqual(expected);
  });

  it('lets exactly a limit’s attempts through when far more arrive at once with other keys in every order', async () => {
    const tight: Limit = { max: 7, minutes: 15 };
    const others = Array.from({ length: 4 }, (_, i) => `concurrent:other:${i}`);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        limits.take(
          shuffled(
            [{ key: 'concurrent:tight', limit: tight }, ...others.slice(0, 1 + (i % 4)).map((key) => ({ key, limit: ROOMY }))],
            i,
          ),
        ),
      ),
    );
    expect(answers.filter((m) => m === 0)).toHaveLength(tight.max);
    expect(answers.filter((m) => m > 0)).toHaveLength(answers.length - tight.max);
    // A refused attempt is not counted under any of its keys.
    expect(await hitsOf(['concurrent:tight', ...others])).toEqual({
      'concurrent:tight': tight.max,
      ...Object.fromEntries(others.map((key, n) => [key, answers.filter((m, i) => m === 0 && n <= i % 4).length])),
    });
  });
});

describe('counting in the caller’s transaction (takeIn)', () => {
  it('lets exactly a limit’s attempts through when far more arrive at once, counts only the committed ones, and names the key over its limit', async () => {
    const tight: Limit = { max: 5, minutes: 15 };
    const [each, all] = [`in-transaction:${randomBytes(4).toString('hex')}`, `in-transaction:all:${randomBytes(4).toString('hex')}`];
    // Forty attempts at once under a tight key and a roomy one; every third one rolls back after counting (a refusal).
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        inTransaction(t.pool, async (client) => {
          const over = await limits.takeIn(client, [
            { key: each, limit: tight },
            { key: all, limit: ROOMY },
          ]);
          if (over) throw Object.assign(new Error('over'), { over });
          if (i % 3 === 0) throw new Error('refused');
          return 'counted';
        }).catch((err: Error & { over?: unknown }) => (err.over ? err.over : err.message)),
      ),
    );
    expect(answers.filter((a) => a === 'counted')).toHaveLength(tight.max);
    // Over the limit: the tight key is named, with the minutes left of its window.
    expect(answers.filter((a) => typeof a === 'object')).toContainEqual({ key: each, minutes: 15 });
    expect(answers.filter((a) => typeof a === 'object').every((a) => (a as { key: string }).key === each)).toBe(true);
    // What rolled back (refusals, and attempts over the limit) was not counted under either key.
    expect(await hitsOf([each, all])).toEqual({ [each]: tight.max, [all]: tight.max });
  });

  it('purges on the transaction’s own connection: more counts at once than the pool has connections all end', async () => {
    const small = createPool(t.pool.options.connectionString!, 2);
    const counters = new RateLimits(small);
    try {
      // Each new key begins a window, which purges; a purge waiting for a second connection would wait for ever.
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => inTransaction(small, (client) => counters.takeIn(client, [{ key: `purging:${randomBytes(4).toString('hex')}`, limit: ROOMY }]))),
      );
      expect(answers).toEqual(Array(10).fill(null));
    } finally {
      await small.end();
    }
  });
});

describe('sign-ins and sign-ups at once', () => {
  it('answers hundreds of simultaneous sign-ins and sign-ups over the same e-mails and addresses without a 5xx, and the limits hold', async () => {
    // Every password hash waits its turn instead of being refused as busy (a 503 by design, tested
    // in session-security.test.ts): here every answer is the limits' own.
    const auth = createAuth({ pool: t.pool, secret: randomBytes(32).toString('hex'), publicUrl: ORIGIN, passwordHashing: { concurrent: 2, queued: 1000 } });
    const app = await buildApp({ config: t.app.config, pool: t.pool, auth, images: t.app.images });
    await app.ready();
    try {
      const people = await Promise.all([1, 2].map(() => signUp(t.app, 'Buyer')));
      const emails = [...people.map((p) => p.email), 'nobody-1@test.example', 'nobody-2@test.example'];
      const addresses = ['192.0.2.11', '192.0.2.12', '192.0.2.13', '192.0.2.14'];
      // Each address near its limits already, so that most attempts are refused before a password
      // is hashed (hashes are what take time) and the limits are reached by every address.
      const before = { signIn: SIGN_IN_PER_ADDRESS.max - 3, signUp: SIGN_UP_PER_ADDRESS.max - 1 };
      await t.pool.query(
        `insert into auth_rate_limits (key, hits, window_ends_at)
           select 'sign-in:' || a, $2::int, now() + interval '15 minutes' from unnest($1::text[]) as a
           union all select 'sign-up:' || a, $3::int, now() + interval '60 minutes' from unnest($1::text[]) as a`,
        [addresses, before.signIn, before.signUp],
      );
      // And every e-mail's count from every address full but ended: each count resets its own and
      // purges the others' while they count them.
      await t.pool.query(
        `insert into auth_rate_limits (key, hits, window_ends_at)
           select 'sign-in:' || e || '|' || a, $3::int, now() - interval '1 second' from unnest($1::text[]) as e, unnest($2::text[]) as a`,
        [emails, addresses, SIGN_IN_PER_ACCOUNT.max],
      );
      const requests = Array.from({ length: 320 }, (_, i) => {
        const from = addresses[i % addresses.length]!;
        if (i % 9 === 0) {
          const payload = { name: 'Burst', email: `burst-${i}-${randomBytes(3).toString('hex')}@test.example`, password: 'secret123', role: 'Buyer' };
          return { kind: 'sign-up', from, email: payload.email, send: () => app.inject({ method: 'POST', url: '/api/auth/sign-up/email', remoteAddress: from, headers: { origin: ORIGIN }, payload }) };
        }
        const email = emails[Math.floor(i / addresses.length) % emails.length]!;
        const password = i % 31 === 0 ? 'secret123' : `wrong-${i}`;
        return { kind: 'sign-in', from, email, send: () => app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: from, headers: { origin: ORIGIN }, payload: { email, password } }) };
      });
      const answers = await Promise.all(requests.map((r) => r.send()));

      const failed = answers.flatMap((res, i) => (res.statusCode >= 500 ? [`${requests[i]!.kind} → ${res.statusCode} ${res.body}`] : []));
      expect(failed, failed.slice(0, 3).join('\n')).toEqual([]);
      const statuses = (kind: string, from?: string, email?: string) =>
        answers.filter((_, i) => requests[i]!.kind === kind && (!from || requests[i]!.from === from) && (!email || requests[i]!.email === email)).map((res) => res.statusCode);
      expect(new Set([...statuses('sign-in'), ...statuses('sign-up')])).toEqual(new Set([200, 401, 429]));
      for (const from of addresses) {
        // At most a limit's worth of failures from an address, or per e-mail from it, and of new accounts.
        const refused = statuses('sign-in', from).filter((s) => s === 401).length;
        expect(refused, from).toBe(SIGN_IN_PER_ADDRESS.max - before.signIn);
        for (const email of emails) expect(statuses('sign-in', from, email).filter((s) => s === 401).length).toBeLessThanOrEqual(SIGN_IN_PER_ACCOUNT.max);
        expect(statuses('sign-up', from).filter((s) => s === 200).length).toBe(SIGN_UP_PER_ADDRESS.max - before.signUp);
        // Each address's count is exactly its refused passwords: every other attempt was given back.
        expect((await t.pool.query('select hits from auth_rate_limits where key = $1', [`sign-in:${from}`])).rows[0]?.hits, from).toBe(before.signIn + refused);
      }
    } finally {
      await app.close();
    }
  });
});
