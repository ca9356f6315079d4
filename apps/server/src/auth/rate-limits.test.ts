import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { RateLimits, type Limit } from './rate-limits.ts';

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
    expect(answers.filter((m) => m > 0).every((m) => m === 15)).toBe(true);
    // A refused attempt is not counted under any of its keys.
    expect(await hitsOf(['concurrent:tight', ...others])).toEqual({
      'concurrent:tight': tight.max,
      ...Object.fromEntries(others.map((key, n) => [key, answers.filter((m, i) => m === 0 && n <= i % 4).length])),
    });
  });
});
