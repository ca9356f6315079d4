import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedSearchLimits, type SavedSearch } from '@second-gear/contract';
import { as, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';

let t: TestApp;
let buyer: Person;
let other: Person;
let make: string;

beforeAll(async () => {
  ({ t, buyer, seller: other, categoryId: make } = await withPersonas(['buyer', 'seller'], { category: 'Škoda' }));
});
afterAll(() => t.close());

const save = (who: Person | undefined, payload: object) => as(t.app, who, { method: 'POST', url: '/api/alerts', payload });
const edit = (who: Person, id: string, payload: object) => as(t.app, who, { method: 'PATCH', url: `/api/alerts/${id}`, payload });
const list = async (who: Person) => (await as(t.app, who, { method: 'GET', url: '/api/alerts' })).json<SavedSearch[]>();
async function saved(who: Person, payload: object = {}): Promise<SavedSearch> {
  const res = await save(who, { name: 'Family estate', frequency: 'Instantly', filters: { make }, ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SavedSearch>();
}

describe('/api/alerts', () => {
  it('saves a search with its filters as the search reads them, and lists it with its make by name', async () => {
    const res = await save(buyer, { name: '  Cheap Octavia ', frequency: 'Daily', filters: { make, keyword: ' octavia ', maxPrice: '12000', verified: 'true', bodyType: undefined } });
    expect(res.statusCode, res.body).toBe(201);
    const search = res.json<SavedSearch>();
    expect(search).toMatchObject({ name: 'Cheap Octavia', frequency: 'Daily', paused: false, makeName: 'Škoda', filters: { make, keyword: 'octavia', maxPrice: '12000', verified: 'true' } });
    expect(Object.keys(search.filters).sort()).toEqual(['keyword', 'make', 'maxPrice', 'verified']);
    expect(await list(buyer)).toEqual([search]);
    expect(await list(other)).toEqual([]);
  });

  it('refuses a missing or long name, another frequency, a page field, an unknown filter, and filters the search refuses', async () => {
    const valid = { name: 'Estate', frequency: 'Weekly', filters: {} };
    const refusals: [object, RegExp][] = [
      [{ ...valid, name: '   ' }, /Name is required/],
      [{ ...valid, name: 'x'.repeat(savedSearchLimits.name + 1) }, /Name must be at most 60 characters/],
      [{ ...valid, frequency: 'Hourly' }, /How often must be one of: Instantly, Daily, Weekly/],
      [{ ...valid, filters: { sort: 'newest' } }, /sort/],
      [{ ...valid, filters: { colour: 'red' } }, /colour/],
      [{ ...valid, filters: { minPrice: '9000', maxPrice: '5000' } }, /Min Price \(9000\) is more than Max Price \(5000\)/],
      [{ ...valid, filters: { maxMileage: 'lots' } }, /Max Mileage must be a whole number/],
      [{ ...valid, filters: { distance: '25' } }, /Distance needs Near/],
      [{ ...valid, filters: { near: '787' } }, /Near must be a 5-digit ZIP code/],
      [{ ...valid, filters: { near: '00000', distance: '25' } }, /^No US ZIP code 00000\.$/],
      [{ ...valid, userId: other.id }, /userId/],
    ];
    for (const [payload, message] of refusals) {
      const res = await save(buyer, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('answers 401 without a session', async () => {
    expect((await as(t.app, undefined, { method: 'GET', url: '/api/alerts' })).statusCode).toBe(401);
    expect((await save(undefined, { name: 'x', frequency: 'Daily', filters: {} })).statusCode).toBe(401);
  });

  it('renames, changes how often, pauses and resumes; a resumed search watches from then on', async () => {
    const search = await saved(buyer);
    const renamed = await edit(buyer, search._id, { name: 'Estate, renamed', frequency: 'Weekly' });
    expect(renamed.json()).toMatchObject({ _id: search._id, name: 'Estate, renamed', frequency: 'Weekly', paused: false, filters: { make } });
    expect((await edit(buyer, search._id, { paused: true })).json()).toMatchObject({ paused: true });
    const watchFrom = async () => (await t.pool.query<{ watch_from: Date }>('select watch_from from saved_searches where id = $1', [search._id])).rows[0]!.watch_from;
    const before = await watchFrom();
    expect((await edit(buyer, search._id, { paused: false })).json()).toMatchObject({ paused: false });
    expect((await watchFrom()).getTime()).toBeGreaterThan(before.getTime());
    expect((await edit(buyer, search._id, {})).statusCode).toBe(400);
    expect((await edit(buyer, search._id, { filters: {} })).statusCode).toBe(400);
  });

  it("answers 404 for someone else's saved search, exactly as for a missing one, and leaves it as it was", async () => {
    const mine = await saved(buyer, { name: 'Mine, hands off' });
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const id of [mine._id, missing]) {
      const renamed = await edit(other, id, { name: 'Taken' });
      const deleted = await as(t.app, other, { method: 'DELETE', url: `/api/alerts/${id}` });
      expect([renamed.statusCode, deleted.statusCode]).toEqual([404, 404]);
      expect(renamed.json().message).toBe('This saved search does not exist (deleted?).');
      expect(renamed.body).not.toContain('hands off');
    }
    expect((await list(buyer)).find((s) => s._id === mine._id)).toEqual(mine);
  });

  it('deletes a saved search', async () => {
    const search = await saved(buyer);
    expect((await as(t.app, buyer, { method: 'DELETE', url: `/api/alerts/${search._id}` })).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await list(buyer)).map((s) => s._id)).not.toContain(search._id);
    expect((await as(t.app, buyer, { method: 'DELETE', url: `/api/alerts/${search._id}` })).statusCode).toBe(404);
  });

  it(`keeps at most ${savedSearchLimits.perPerson} saved searches a person, saved at once or not`, async () => {
    const person = await signUp(t.app, 'Buyer');
    const answers = await Promise.all(Array.from({ length: savedSearchLimits.perPerson + 3 }, (_, i) => save(person, { name: `Search ${i}`, frequency: 'Daily', filters: {} })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(savedSearchLimits.perPerson);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.statusCode)).toEqual([409, 409, 409]);
    expect(refused[0]!.json().message).toBe('You have 20 saved searches, the most one person can keep. Delete one in My Alerts to save this one.');
    expect(await list(person)).toHaveLength(savedSearchLimits.perPerson);
  });
});
