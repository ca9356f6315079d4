import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWebDist } from '../../app.ts';
import { editCar, insertCar } from '../../../test/fixtures.ts';
import { as, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';

/**
 * The public pages come drawn by the web app's own components (first-screen.ts), with the data they
 * were drawn from, as the API answers their visitor. `npm test` builds the web app (its server entry
 * too) before these tests; alone, build first.
 */
const built = fs.existsSync(path.join(defaultWebDist, '..', 'dist-server', 'entry-server.js'));

let t: TestApp;
let seller: Person;
let buyer: Person;
let carId: string;

/** The markup inside `#root`, and the data the page was drawn from. */
interface Drawn {
  queries: { queries: { queryKey: unknown[]; state: { data: unknown; error?: unknown } }[] };
  session?: { user: { email: string } | null };
}
function drawn(html: string): { root: string; data: Drawn | null } {
  const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="first-screen-data">/.exec(html);
  const data = /<script type="application\/json" id="first-screen-data">([^<]*)<\/script>/.exec(html);
  return { root: root?.[1] ?? '', data: data ? JSON.parse(data[1]!) : null };
}

const page = async (url: string, who?: Person, headers: Record<string, string> = {}) => {
  const res = await as(t.app, who, { method: 'GET', url, headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0', ...headers } });
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return res;
};

describe.skipIf(!built)('the public pages, drawn on the server', () => {
  beforeAll(async () => {
    let categoryId: string;
    ({ t, seller, buyer, categoryId } = await withPersonas(['seller', 'buyer'], { category: true, app: { webDist: defaultWebDist } }));
    carId = await insertCar(t, seller, categoryId, { name: 'Drawn Volvo XC60', price: 23450 });
    // Text that would end the data's script element early, were it not escaped.
    await editCar(t, carId, `description = $2`, ['A fine car </script><script>alert(1)</script> & more']);
  });
  afterAll(() => t?.close());

  it('draws a car’s page for a visitor: its name, price and cover photo, without the seller’s contact, and the data it was drawn from', async () => {
    const res = await page(`/cars/${carId}`);
    expect(res.statusCode).toBe(200);
    const { root, data } = drawn(res.body);
    expect(root).toMatch(/<h1[^>]*>Drawn Volvo XC60<\/h1>/);
    expect(root).toContain('$23,450');
    const cover = (await as(t.app, undefined, { method: 'GET', url: `/api/cars/${carId}` })).json().photos[0].url as string;
    expect(root).toContain(`src="${cover}"`);
    // A visitor is not shown the seller's phone, on the page or in its data.
    expect(res.body).not.toContain('555-0100');
    expect(data!.queries.queries.map((q) => q.queryKey)).toContainEqual(['car', carId]);
    // Drawn for nobody signed in, and so said: the page is hydrated for a visitor at once.
    expect(data!.session).toEqual({ user: null });
    expect(res.headers['cache-control']).toBe('no-cache');
    // Its title is the page's own, in the head.
    expect(res.body).toMatch(/<head>[\s\S]*<title>Drawn Volvo XC60 · Second Gear<\/title>[\s\S]*<\/head>/);
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    // The page's data is not asked for again: no preload of the answer the page holds.
    expect(res.body).not.toContain(`href="/api/cars/${carId}"`);
    // Its code, which the page shows without, comes after the page has shown: it asks for one small
    // module, which names the app's entry and the modules to load with it (the car page's own among them).
    const code = [...res.body.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*>/g)].map((m) => m[0]);
    expect(code).toEqual([expect.stringMatching(/^<script type="module" crossorigin src="\/assets\/drawn-page-[\w-]+\.js" data-app="\/assets\/index-[\w-]+\.js" data-preload="[^"]*\/assets\/car-page-[\w-]+\.js[^"]*">$/)]);
    const named = /data-app="([^"]+)" data-preload="([^"]+)"/.exec(code[0]!)!;
    for (const file of [named[1]!, ...named[2]!.split(' ')]) expect((await t.app.inject({ method: 'GET', url: file })).statusCode, file).toBe(200);
  });

  it('keeps a seller’s text inside the data: a `</script>` in a description does not end the element', async () => {
    const res = await page(`/cars/${carId}`);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body.match(/<script type="application\/json"/g)).toHaveLength(1);
    expect(JSON.stringify(drawn(res.body).data)).toContain('</script><script>alert(1)</script>');
  });

  it('draws the page from what the API shows a signed-in buyer (the seller’s phone, in the data)', async () => {
    const res = await page(`/cars/${carId}`, buyer);
    expect(res.statusCode).toBe(200);
    expect(drawn(res.body).root).toMatch(/<h1[^>]*>Drawn Volvo XC60<\/h1>/);
    expect(JSON.stringify(drawn(res.body).data)).toContain('555-0100');
    // Drawn for them: their menu, from their session; no shared cache keeps it.
    expect(drawn(res.body).data!.session!.user!.email).toBe(buyer.email);
    expect(drawn(res.body).root).not.toContain('skeleton h-11 w-24');
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers 404 for a car or a seller that is not there, drawn with the refusal, which comes with the page’s data', async () => {
    const res = await page('/cars/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(drawn(res.body).root).toContain('aria-label="Main"');
    expect(drawn(res.body).root).toMatch(/<h1[^>]*>No such car<\/h1>/);
    // The refusals the page was drawn from, for the app's first render to draw the same page.
    const refusal = (d: Drawn | null, key: string) => d!.queries.queries.find((q) => JSON.stringify(q.queryKey) === key)?.state.error;
    expect(refusal(drawn(res.body).data, '["car","00000000-0000-4000-8000-000000000000"]')).toMatchObject({ $refusal: { status: 404, message: expect.any(String) } });
    // An address cut short, which the API refuses as a bad id, is no car either.
    const cut = await page('/cars/00000000-0000');
    expect(cut.statusCode).toBe(404);
    expect(drawn(cut.body).root).toMatch(/<h1[^>]*>No such car<\/h1>/);
    const seller = await page('/sellers/00000000-0000-4000-8000-000000000000');
    expect(seller.statusCode).toBe(404);
    expect(drawn(seller.body).root).toMatch(/<h1[^>]*>No seller here.<\/h1>/);
    expect(refusal(drawn(seller.body).data, '["public","seller","00000000-0000-4000-8000-000000000000"]')).toMatchObject({ $refusal: { status: 404 } });
  });

  it('draws the home page, a seller’s profile, the search and the value page', async () => {
    expect(drawn((await page('/')).body).root).toMatch(/<h1[^>]*>/);
    const profile = drawn((await page(`/sellers/${seller.id}`)).body).root;
    expect(profile).toContain(seller.name);
    expect(profile).toContain('Drawn Volvo XC60');
    expect(drawn((await page('/search?keyword=volvo')).body).data).not.toBeNull();
    expect(drawn((await page('/value')).body).root).toMatch(/<form/);
  });

  it('draws the search’s cars with the reader’s kept Near known: a visitor’s from its cookie, a person’s from their profile', async () => {
    const keptNear = (d: Drawn | null) => d!.queries.queries.find((q) => JSON.stringify(q.queryKey) === '["kept-near","browser"]')?.state.data;
    // No Near kept: the cars a link names are drawn.
    const plain = drawn((await page('/search?keyword=volvo')).body);
    expect(plain.root).toContain('Drawn Volvo XC60');
    expect(keptNear(plain.data)).toEqual({ nearZip: null, searchRadius: null });
    // A visitor's kept Near comes with the page's data; a bare search waits for the app to add it to
    // the address, so no car is drawn that is not near them, while a link's own filters are drawn as named.
    const cookie = `second-gear.near=${encodeURIComponent('{"nearZip":"78701","searchRadius":50}')}`;
    const bare = drawn((await page('/search', undefined, { cookie })).body);
    expect(keptNear(bare.data)).toEqual({ nearZip: '78701', searchRadius: 50 });
    expect(bare.root).not.toContain('Drawn Volvo XC60');
    const linked = drawn((await page('/search?keyword=volvo', undefined, { cookie })).body);
    expect(linked.root).toContain('Drawn Volvo XC60');
    // A signed-in person's Near is their account's: their profile comes with the page, and a buyer's
    // cards come drawn with what they say the buyer booked and saved (their orders and wishlist).
    const mine = drawn((await page('/search?keyword=volvo', buyer)).body);
    expect(mine.data!.queries.queries.find((q) => JSON.stringify(q.queryKey) === '["me","profile"]')?.state.data).toMatchObject({ nearZip: null });
    expect(mine.root).toContain('Drawn Volvo XC60');
    const keys = mine.data!.queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toEqual(expect.arrayContaining([`["role","buyer","${buyer.email}"]`, `["orders","list","${buyer.email}"]`, `["wishlist","list","${buyer.email}"]`]));
    // A seller has no orders or wishlist to ask for.
    const sellers = drawn((await page('/search?keyword=volvo', seller)).body);
    expect(sellers.root).toContain('Drawn Volvo XC60');
    expect(sellers.data!.queries.queries.map((q) => JSON.stringify(q.queryKey[0]))).not.toContain('"orders"');
  });

  it('sends a drawn page compressed to a browser that takes it, brotli first', async () => {
    const plain = (await page(`/cars/${carId}`)).body;
    const cases: [string, string | undefined, (b: Buffer) => Buffer][] = [
      ['gzip, deflate, br', 'br', (b) => zlib.brotliDecompressSync(b)],
      ['br;q=0, gzip', 'gzip', (b) => zlib.gunzipSync(b)],
      ['identity', undefined, (b) => b],
    ];
    for (const [accepted, encoding, decode] of cases) {
      const res = await page(`/cars/${carId}`, undefined, { 'accept-encoding': accepted });
      expect(res.headers['content-encoding'], accepted).toBe(encoding);
      expect(res.headers.vary, accepted).toContain('accept-encoding');
      const html = decode(res.rawPayload).toString('utf8');
      expect(drawn(html).root, accepted).toBe(drawn(plain).root);
      if (encoding) expect(res.rawPayload.length, accepted).toBeLessThan(html.length / 2);
    }
  });

  it('leaves every other page to the browser', async () => {
    for (const url of ['/login', '/dashboard/myorders', '/compare']) {
      const res = await page(url, buyer);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('first-screen-data');
      // The page needs its code to show anything: asked for as the browser would.
      expect(res.body, url).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
      expect(res.body, url).not.toContain('drawn-page');
    }
  });

  it('counts a visitor’s view of a drawn car page once, and a crawler’s not at all (their browser is passed on)', async () => {
    const views = async () => {
      await t.app.carViews?.flush();
      return (await t.pool.query<{ n: number }>('select count(*)::int as n from car_views where product_id = $1', [carId])).rows[0]!.n;
    };
    const before = await views();
    await page(`/cars/${carId}`, undefined, { 'user-agent': 'Mozilla/5.0 (iPhone) Safari/605.1 first-screen-test' });
    expect(await views()).toBe(before + 1);
    await page(`/cars/${carId}`, undefined, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    expect(await views()).toBe(before + 1);
  });
});
