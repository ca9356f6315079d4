import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCar, insertCategory } from '../../../test/fixtures.ts';
import { createTestApp, signUp, type Person, type TestApp } from '../../../test/harness.ts';

// A price drop counts only from a price that stood at least 3 days (migration 0038): the net
// reduction over the last 14 days, from the window's first price that stood that long. Each case is
// a car posted at a fixed time with its price changes at fixed times, read as of a fixed time.

let t: TestApp;
let seller: Person;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await signUp(t.app, 'Seller');
  categoryId = await insertCategory(t, 'Honda');
});
afterAll(() => t?.close());

const POSTED = '2026-03-01T00:00:00.000Z';

interface Case {
  name: string;
  /** The listing price, then each change: the new price and when. */
  listed: number;
  changes: [to: number, at: string][];
  asOf: string;
  /** The badge: how much lower the price is now, and when it was lowered; null for none. */
  drop: { amount: number; at: string } | null;
}

const cases: Case[] = [
  { name: 'a price that stood for weeks, then lowered', listed: 20_000, changes: [[18_000, '2026-03-20T10:00:00.000Z']], asOf: '2026-03-21T00:00:00.000Z', drop: { amount: 2_000, at: '2026-03-20T10:00:00.000Z' } },
  { name: 'a listing lowered an hour after it was posted', listed: 25_000, changes: [[20_000, '2026-03-01T01:00:00.000Z']], asOf: '2026-03-02T00:00:00.000Z', drop: null },
  { name: 'the listing price lowered after exactly 3 days', listed: 20_000, changes: [[18_000, '2026-03-04T00:00:00.000Z']], asOf: '2026-03-05T00:00:00.000Z', drop: { amount: 2_000, at: '2026-03-04T00:00:00.000Z' } },
  { name: 'the listing price lowered a minute before 3 days', listed: 20_000, changes: [[18_000, '2026-03-03T23:59:00.000Z']], asOf: '2026-03-05T00:00:00.000Z', drop: null },
  {
    name: 'raised for an hour, then lowered back: no drop',
    listed: 20_000,
    changes: [[25_000, '2026-03-20T10:00:00.000Z'], [20_000, '2026-03-20T11:00:00.000Z']],
    asOf: '2026-03-21T00:00:00.000Z',
    drop: null,
  },
  {
    name: 'raised for an hour, then lowered below the price that stood: the drop from that price',
    listed: 20_000,
    changes: [[25_000, '2026-03-20T10:00:00.000Z'], [19_000, '2026-03-20T11:00:00.000Z']],
    asOf: '2026-03-21T00:00:00.000Z',
    drop: { amount: 1_000, at: '2026-03-20T11:00:00.000Z' },
  },
  {
    // The window begins (March 7, 00:00) inside the hour the raised price stood: before migration
    // 0038 the window's first price was that raise, and the return to the old price a $5,000 drop.
    name: 'raised for two hours across the window’s start, then lowered back: no drop',
    listed: 20_000,
    changes: [[25_000, '2026-03-06T23:00:00.000Z'], [20_000, '2026-03-07T01:00:00.000Z']],
    asOf: '2026-03-21T00:00:00.000Z',
    drop: null,
  },
  {
    name: 'a raise that stood 4 days within the window, then lowered: the net over the window, none',
    listed: 20_000,
    changes: [[25_000, '2026-03-10T00:00:00.000Z'], [22_000, '2026-03-14T00:00:00.000Z']],
    asOf: '2026-03-15T00:00:00.000Z',
    drop: null,
  },
  {
    name: 'two reductions, each from a price that stood: the net over the window',
    listed: 20_000,
    changes: [[18_000, '2026-03-10T00:00:00.000Z'], [17_500, '2026-03-14T00:00:00.000Z']],
    asOf: '2026-03-15T00:00:00.000Z',
    drop: { amount: 2_500, at: '2026-03-14T00:00:00.000Z' },
  },
  {
    name: 'the window’s first price stood 2 days: measured from the next that stood 3',
    listed: 30_000,
    changes: [[25_000, '2026-03-03T00:00:00.000Z'], [22_000, '2026-03-10T00:00:00.000Z']],
    asOf: '2026-03-15T00:00:00.000Z',
    drop: { amount: 3_000, at: '2026-03-10T00:00:00.000Z' },
  },
  { name: 'a drop 14 days old is gone', listed: 20_000, changes: [[18_000, '2026-03-20T00:00:00.000Z']], asOf: '2026-04-03T00:00:00.000Z', drop: null },
  {
    name: 'a drop partly undone by a raise: what is left, dated at the drop',
    listed: 20_000,
    changes: [[18_000, '2026-03-10T00:00:00.000Z'], [19_000, '2026-03-14T00:00:00.000Z']],
    asOf: '2026-03-15T00:00:00.000Z',
    drop: { amount: 1_000, at: '2026-03-10T00:00:00.000Z' },
  },
  {
    name: 'changes after the moment read are not yet made',
    listed: 20_000,
    changes: [[18_000, '2026-03-10T00:00:00.000Z'], [15_000, '2026-03-16T00:00:00.000Z']],
    asOf: '2026-03-15T00:00:00.000Z',
    drop: { amount: 2_000, at: '2026-03-10T00:00:00.000Z' },
  },
];

/** The car of a case: posted at POSTED with its listing price, its changes written as the edit form writes them. */
async function carOf(c: Case): Promise<string> {
  const id = await insertCar(t, seller, categoryId, { price: c.listed });
  await t.pool.query('update products set posting_time = $2 where id = $1', [id, POSTED]);
  let price = c.listed;
  for (const [to, at] of c.changes) {
    await t.pool.query('insert into price_changes (product_id, old_price, new_price, changed_at) values ($1, $2, $3, $4)', [id, price, to, at]);
    price = to;
  }
  return id;
}

describe('price_drop_of, as of a fixed moment', () => {
  it.each(cases)('$name', async (c) => {
    const id = await carOf(c);
    // The price in force at the moment read: the last change made by then.
    const now = [c.listed, ...c.changes.filter(([, at]) => at <= c.asOf).map(([to]) => to)].at(-1)!;
    const { rows } = await t.pool.query<{ price_before: number | null; dropped_at: Date | null }>('select price_before, dropped_at from price_drop_of($1, $2)', [id, c.asOf]);
    const { price_before, dropped_at } = rows[0]!;
    const drop = price_before !== null && price_before > now ? { amount: price_before - now, at: dropped_at!.toISOString() } : null;
    expect(drop).toEqual(c.drop);
  });
});
