import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedSearch } from '@second-gear/contract';
import { as, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';
import { insertCar, insertCategory } from '../../../test/fixtures.ts';
import { SmtpSink } from '../../../test/smtp-sink.ts';
import { until } from '../../../test/until.ts';
import { placeCar } from '../../../test/zip-centres.ts';
import { startJobRunner } from '../../jobs/runner.ts';
import { dismissReports } from '../admin/service.ts';
import { checkListing } from '../listing-checks/service.ts';
import { LiveCarIndex } from '../search/live-index.ts';
import { digestBody, sendAlertDigests } from './digest.ts';
import { matchAfterWrite, matchSavedSearches } from './matching.ts';

let t: TestApp;
let buyer: Person;
let seller: Person;

beforeAll(async () => {
  ({ t, buyer, seller } = await withPersonas(['buyer', 'seller']));
  // A seller of a month's standing: a week-old account with more than five cars on sale is flagged by
  // the listing checks, and a flagged car is told in no instant alert.
  await t.pool.query(`update users set created_at = now() - interval '30 days' where id = $1`, [seller.id]);
});
afterAll(() => t.close());

async function saveSearch(filters: Record<string, string>, frequency = 'Instantly', who = buyer): Promise<SavedSearch> {
  const res = await as(t.app, who, { method: 'POST', url: '/api/alerts', payload: { name: `Watch ${frequency}`, frequency, filters } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SavedSearch>();
}

/** The saved search's notifications and their emails, by event key. */
async function toldOf(search: SavedSearch) {
  const { rows } = await t.pool.query<{ event_key: string; kind: string; title: string; body: string; link: string; emails: number }>(
    `select n.event_key, n.kind, n.title, n.body, n.link, (select count(*)::int from email_outbox o where o.notification_id = n.id) as emails
       from notifications n where n.event_key like $1 order by n.event_key`,
    [`%:${search._id}:%`],
  );
  return rows;
}

/** The listing checks of every car not checked yet, as the job runner runs them a second after a listing: an instant alert waits for them. */
async function checkNewCars(): Promise<void> {
  const { rows } = await t.pool.query<{ id: string }>('select id from products p where not exists (select 1 from listing_checks k where k.product_id = p.id)');
  for (const { id } of rows) await checkListing(t.pool, id);
}

const matchUnchecked = () => matchSavedSearches(t.pool, new LiveCarIndex(t.pool));
const match = async () => {
  await checkNewCars();
  return matchUnchecked();
};

describe('matching saved searches', () => {
  it('tells each new matching car once, in the bell and by email, and nothing of cars that do not match or were listed before', async () => {
    const make = await insertCategory(t);
    const older = await insertCar(t, seller, make, { name: 'Listed before the search was saved', price: 9_000 });
    const search = await saveSearch({ make, maxPrice: '20000' });
    const cheap = await insertCar(t, seller, make, { name: 'Cheap estate', price: 14_500 });
    await insertCar(t, seller, make, { name: 'Dear estate', price: 30_000 });
    await insertCar(t, seller, await insertCategory(t), { name: 'Another make', price: 10_000 });

    // Two runs at once, each with its own copy of the cars (two processes), then a third: one tells.
    await Promise.all([match(), match()]);
    expect(await match()).toBe(0);
    expect(await toldOf(search)).toEqual([
      {
        event_key: `alert:${search._id}:${cheap}`,
        kind: 'saved_search_match',
        title: 'New match for “Watch Instantly”: Cheap estate',
        body: 'Cheap estate, $14,500, Town. It matches your saved search “Watch Instantly”.',
        link: `/cars/${cheap}`,
        emails: 1,
      },
    ]);
    const { rows } = await t.pool.query('select product_id from saved_search_matches where saved_search_id = $1', [search._id]);
    expect(rows.map((r) => r.product_id)).toEqual([cheap]);
    expect(rows.map((r) => r.product_id)).not.toContain(older);
  });

  it('tells a car once it is edited so that it matches, with the search’s own rules (a mileage in miles)', async () => {
    const make = await insertCategory(t);
    const search = await saveSearch({ make, maxMileage: '50000' });
    const car = await insertCar(t, seller, make, { name: 'Roadster' });
    // 40,000 miles is 64,374 km: over the limit.
    await t.pool.query(`update products set mileage = 40000, mileage_unit = 'mi' where id = $1`, [car]);
    await match();
    expect(await toldOf(search)).toEqual([]);
    await t.pool.query(`update products set mileage = 30000, mileage_unit = 'km' where id = $1`, [car]);
    await match();
    expect((await toldOf(search)).map((n) => n.event_key)).toEqual([`alert:${search._id}:${car}`]);
  });

  it('tells nothing while paused, nor afterwards of the cars listed while it was paused', async () => {
    const make = await insertCategory(t);
    const search = await saveSearch({ make });
    await as(t.app, buyer, { method: 'PATCH', url: `/api/alerts/${search._id}`, payload: { paused: true } });
    await insertCar(t, seller, make, { name: 'Listed while paused' });
    expect(await match()).toBe(0);
    await as(t.app, buyer, { method: 'PATCH', url: `/api/alerts/${search._id}`, payload: { paused: false } });
    expect(await match()).toBe(0);
    const after = await insertCar(t, seller, make, { name: 'Listed after resuming' });
    expect(await match()).toBe(1);
    expect((await toldOf(search)).map((n) => n.event_key)).toEqual([`alert:${search._id}:${after}`]);
  });

  it('tells a car instantly only once its listing checks have run and found nothing open; a flagged one waits for an admin to clear it, while a Daily search records it', async () => {
    const make = await insertCategory(t);
    const instant = await saveSearch({ make });
    const daily = await saveSearch({ make }, 'Daily');
    const honest = await insertCar(t, seller, make, { name: 'Honest hatch', price: 9_000 });
    const suspicious = await insertCar(t, seller, make, { name: 'Suspicious hatch', price: 4_000 });
    // Before any check: the daily search records both, the instant one tells nothing yet.
    expect(await matchUnchecked()).toBe(2);
    expect(await toldOf(instant)).toEqual([]);

    await checkListing(t.pool, honest);
    await checkListing(t.pool, suspicious);
    // What a check found on the suspicious car (a VIN of another make, say).
    await t.pool.query(`update listing_checks set outcome = 'flagged', detail = 'This VIN decodes to a Toyota; the listing says Honda.' where product_id = $1 and name = 'vin'`, [suspicious]);
    expect(await matchUnchecked()).toBe(1);
    expect((await toldOf(instant)).map((n) => n.event_key)).toEqual([`alert:${instant._id}:${honest}`]);
    const recorded = await t.pool.query('select product_id from saved_search_matches where saved_search_id = $1', [daily._id]);
    expect(recorded.rows.map((r) => r.product_id).sort()).toEqual([honest, suspicious].sort());

    // Checked again, the same finding: still not told.
    expect(await matchUnchecked()).toBe(0);
    // An admin looks into it and dismisses the flag: the dismissal runs the searches again, which tell it.
    await dismissReports(t.pool, suspicious);
    const { rows: queued } = await t.pool.query(`select 1 from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'match_saved_searches'`);
    expect(queued.length).toBeGreaterThan(0);
    expect(await matchUnchecked()).toBe(1);
    expect((await toldOf(instant)).map((n) => n.event_key).sort()).toEqual([`alert:${instant._id}:${honest}`, `alert:${instant._id}:${suspicious}`].sort());
  });

  it('waits for the fair price of a car that can be priced, so that the price check has had its say', async () => {
    const make = await insertCategory(t);
    const instant = await saveSearch({ make });
    const car = await insertCar(t, seller, make, { name: 'Priced hatch', price: 9_000 });
    await t.pool.query(`update products set model = 'Hatch', model_year = 2020, mileage = 30000, mileage_unit = 'km' where id = $1`, [car]);
    // Checked before its model's repricing: the price check could not run yet.
    await checkListing(t.pool, car);
    expect(await matchUnchecked()).toBe(0);
    // The repricing found too few similar cars: nothing more is coming, the car is told.
    await t.pool.query(`insert into price_estimates (product_id, comparables) values ($1, 0)`, [car]);
    expect(await matchUnchecked()).toBe(1);
    expect((await toldOf(instant)).map((n) => n.event_key)).toEqual([`alert:${instant._id}:${car}`]);
  });

  // On a fixed clock, once from each day of the week: a digest's day and week are the calendar's, and a
  // Sunday's tomorrow is also the Weekly search's next week.
  const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
  const HOUR = 3_600_000;
  it.each(WEEKDAYS.map((day, i) => ({ day, matchedAt: new Date(Date.UTC(2026, 0, 5 + i, 15)) })))(
    'gathers a Daily search’s cars into one digest the next day, one notification and one email, and only once; a Weekly one waits for Monday (cars matched on a $day)',
    async ({ day, matchedAt }) => {
      const make = await insertCategory(t);
      const daily = await saveSearch({ make }, 'Daily');
      const weekly = await saveSearch({ make }, 'Weekly');
      const cars = [await insertCar(t, seller, make, { name: 'First estate', price: 11_000 }), await insertCar(t, seller, make, { name: 'Second estate', price: 12_000 })];
      const sold = await insertCar(t, seller, make, { name: 'Sold estate' });
      expect(await match()).toBe(6);
      await t.pool.query('update saved_search_matches set matched_at = $1 where saved_search_id = any($2)', [matchedAt, [daily._id, weekly._id]]);
      await t.pool.query(`update products set paid = true, sales_status = 'sold' where id = $1`, [sold]);
      expect(await toldOf(daily)).toEqual([]);
      // The day's matches wait for the next day.
      expect(await sendAlertDigests(t.pool, new Date(matchedAt.getTime() + HOUR))).toBe(0);

      const tomorrow = new Date(matchedAt.getTime() + 24 * HOUR);
      const periodStart = new Date(Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate()));
      await sendAlertDigests(t.pool, tomorrow);
      expect(await sendAlertDigests(t.pool, tomorrow)).toBe(0);
      expect(await toldOf(daily)).toEqual([
        {
          event_key: `alert-digest:${daily._id}:${periodStart.toISOString()}`,
          kind: 'saved_search_digest',
          title: '2 new cars for “Watch Daily”',
          body: 'New cars matching your saved search “Watch Daily”:\n\n- Second estate, $12,000, Town\n- First estate, $11,000, Town',
          link: `/search?make=${make}&sort=newest`,
          emails: 1,
        },
      ]);
      const { rows } = await t.pool.query('select count(*)::int as n from saved_search_matches where saved_search_id = $1 and told_at is null', [daily._id]);
      expect(rows[0].n).toBe(0);
      expect(cars).toHaveLength(2);

      // The Weekly search is told once its week has ended: the next day only when that day is a Monday.
      expect((await toldOf(weekly)).length).toBe(day === 'Sunday' ? 1 : 0);
      const daysToMonday = 7 - WEEKDAYS.indexOf(day);
      const nextMonday = new Date(Date.UTC(matchedAt.getUTCFullYear(), matchedAt.getUTCMonth(), matchedAt.getUTCDate() + daysToMonday, 1));
      await sendAlertDigests(t.pool, new Date(nextMonday.getTime() - 2 * HOUR));
      expect((await toldOf(weekly)).length).toBe(day === 'Sunday' ? 1 : 0);
      await sendAlertDigests(t.pool, nextMonday);
      expect((await toldOf(weekly)).map((n) => [n.title, n.event_key])).toEqual([
        ['2 new cars for “Watch Weekly”', `alert-digest:${weekly._id}:${new Date(nextMonday.getTime() - HOUR).toISOString()}`],
      ]);
      // Seven days' searches would pass a person's limit of saved searches.
      await t.pool.query('delete from saved_searches where id = any($1)', [[daily._id, weekly._id]]);
    },
  );
});

describe('a saved search with a Near and a Distance', () => {
  const matched = async (search: SavedSearch) =>
    (await t.pool.query<{ name: string }>('select p.product_name as name from saved_search_matches m join products p on p.id = m.product_id where m.saved_search_id = $1 order by name', [search._id])).rows.map((r) => r.name);

  it('tells only of the cars within the distance of its ZIP code, in miles or in km, as the search finds them', async () => {
    const make = await insertCategory(t);
    const within25Miles = await saveSearch({ make, near: '78701', distance: '25' });
    // 100 km is 62 miles: Round Rock (17 miles) is within it, San Antonio (74 miles) is not.
    const within100Km = await saveSearch({ make, near: '78701', distance: '100', distanceUnit: 'km' }, 'Daily');
    const anywhere = await saveSearch({ make, near: '78701' }, 'Weekly');
    for (const [name, zip] of [['Round Rock estate', '78664'], ['San Antonio estate', '78205'], ['Austin estate', '78701'], ['Unplaced estate', null]] as const) {
      await placeCar(t.pool, await insertCar(t, seller, make, { name }), zip);
    }
    await match();
    expect(await matched(within25Miles)).toEqual(['Austin estate', 'Round Rock estate']);
    expect(await matched(within100Km)).toEqual(['Austin estate', 'Round Rock estate']);
    // A Near without a Distance filters nothing (it only measures).
    expect(await matched(anywhere)).toEqual(['Austin estate', 'Round Rock estate', 'San Antonio estate', 'Unplaced estate']);
    expect((await toldOf(within25Miles)).map((n) => n.title).sort()).toEqual(['New match for “Watch Instantly”: Austin estate', 'New match for “Watch Instantly”: Round Rock estate']);
  });

  it('finds nothing once its Near is no ZIP code the gazetteer knows, and the other searches still tell', async () => {
    const make = await insertCategory(t);
    const gone = await saveSearch({ make, near: '78701', distance: '25' });
    const other = await saveSearch({ make });
    // As if the gazetteer's next edition had dropped the ZIP code.
    await t.pool.query(`update saved_searches set filters = filters || '{"near":"12345"}' where id = $1`, [gone._id]);
    await placeCar(t.pool, await insertCar(t, seller, make, { name: 'Austin coupe' }), '78701');
    await match();
    expect(await matched(gone)).toEqual([]);
    expect(await matched(other)).toEqual(['Austin coupe']);
  });
});

describe('a digest built after a car left the market', () => {
  it('leaves out the cars withdrawn or deleted since they matched (a sold one is left out too, above)', async () => {
    const make = await insertCategory(t);
    const daily = await saveSearch({ make }, 'Daily');
    await insertCar(t, seller, make, { name: 'Kept hatchback', price: 9_000 });
    const withdrawn = await insertCar(t, seller, make, { name: 'Withdrawn hatchback' });
    const deleted = await insertCar(t, seller, make, { name: 'Deleted hatchback' });
    expect(await match()).toBe(3);
    await t.pool.query('update products set withdrawn_at = now() where id = $1', [withdrawn]);
    await t.pool.query('delete from products where id = $1', [deleted]);
    await sendAlertDigests(t.pool, new Date(Date.now() + 24 * 3_600_000));
    expect((await toldOf(daily)).map((n) => n.body)).toEqual(['New cars matching your saved search “Watch Daily”:\n\n- Kept hatchback, $9,000, Town']);
  });
});

describe('the job after a write', () => {
  it('runs the searches once for a burst of writes: a job whose write an earlier run saw is skipped', async () => {
    const make = await insertCategory(t);
    await saveSearch({ make });
    const writtenBy = async (car: string) => (await t.pool.query<{ txid: string }>('select search_txid::text as txid from products where id = $1', [car])).rows[0]!.txid;
    const burst = [await insertCar(t, seller, make, { name: 'Burst 1' }), await insertCar(t, seller, make, { name: 'Burst 2' })];
    await checkNewCars();
    const cars = new LiveCarIndex(t.pool);
    expect(await matchAfterWrite(t.pool, cars, await writtenBy(burst[0]!))).toBe(2);
    expect(await matchAfterWrite(t.pool, cars, await writtenBy(burst[1]!))).toBeNull();
    const later = await insertCar(t, seller, make, { name: 'Later' });
    await checkNewCars();
    expect(await matchAfterWrite(t.pool, cars, await writtenBy(later))).toBe(1);
  });
});

describe('a digest’s text', () => {
  it('lists as many cars as fit in a notification, newest first, and counts the rest', () => {
    const cars = Array.from({ length: 30 }, (_, i) => ({ product_name: `Car ${i} ${'x'.repeat(110)}`, resale_price: 10_000 + i, location: 'L'.repeat(120) }));
    const body = digestBody('Long list', cars);
    expect(body.length).toBeLessThanOrEqual(2000);
    expect(body).toMatch(/^New cars matching your saved search “Long list”:\n\n- Car 0 x+, \$10,000, L+\n/);
    const listed = body.split('\n').filter((line) => line.startsWith('- ')).length;
    expect(listed).toBeGreaterThan(3);
    expect(body.endsWith(`and ${30 - listed} more.`)).toBe(true);
  });
});

describe('the job runner', () => {
  it('runs the matching when a car is listed, and the email arrives with its one-click unsubscribe', async () => {
    const sink = new SmtpSink();
    const smtpUrl = await sink.listen();
    const make = await insertCategory(t);
    const search = await saveSearch({ make });
    const runner = await startJobRunner({
      pool: t.pool,
      config: { publicUrl: t.origin, mail: { transport: { smtpUrl }, from: 'Second Gear <no-reply@localhost>' } },
      secret: t.secret,
      liveCars: t.app.liveCars,
      pollIntervalMs: 100,
    });
    try {
      const car = await insertCar(t, seller, make, { name: 'Announced estate', price: 13_000 });
      const subject = 'New match for “Watch Instantly”: Announced estate';
      await until(() => sink.received.some((m) => m.subject === subject), 'the email arrived', 20_000);
      const mail = sink.received.find((m) => m.subject === subject)!;
      expect(mail.text).toContain(`${t.origin}/cars/${car}`);
      const header = (name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '');
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(header('list-unsubscribe')).toMatch(new RegExp(`^<${t.origin}/api/email/unsubscribe\\?token=[\\w-]+\\.[\\w-]+>$`));
      expect((await toldOf(search)).map((n) => n.event_key)).toEqual([`alert:${search._id}:${car}`]);
    } finally {
      await runner.stop();
      await sink.close();
    }
  });
});
