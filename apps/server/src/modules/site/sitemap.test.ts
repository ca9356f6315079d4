import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCar } from '../../../test/fixtures.ts';
import { as, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';
import { SITEMAP_PAGES, sitemaps } from './sitemap.ts';

let t: TestApp;
let seller: Person;
let buyer: Person;
/** A seller whose only car is sold: nothing on the market, no profile in the sitemap. */
let idle: Person;
let categoryId: string;
const cars: string[] = [];
let sold: string;
let withdrawn: string;

beforeAll(async () => {
  ({ t, seller, buyer, otherSeller: idle, categoryId } = await withPersonas(['seller', 'buyer', 'otherSeller'], { category: true }));
  await insertCar(t, idle, categoryId, { name: 'Sold by the idle seller', paid: true });
  for (const name of ['First', 'Second', 'Third']) cars.push(await insertCar(t, seller, categoryId, { name }));
  sold = await insertCar(t, seller, categoryId, { name: 'Sold', paid: true });
  withdrawn = await insertCar(t, seller, categoryId, { name: 'Withdrawn' });
  await t.pool.query('update products set withdrawn_at = now() where id = $1', [withdrawn]);
});
afterAll(() => t.close());

const get = (url: string, who?: Person) => as(t.app, who, { method: 'GET', url });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

describe('GET /sitemap.xml', () => {
  it('lists the public pages, the search by each make and every car on the market, with absolute addresses', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const listed = locs(res.body);
    for (const page of SITEMAP_PAGES) expect(listed).toContain(`${t.origin}${page}`);
    // The make's category page is signed-in: its cars are listed as the public search by make, the `&` escaped.
    expect(listed).toContain(`${t.origin}/search?make=${categoryId}`);
    expect(listed.some((loc) => loc.includes('/category/'))).toBe(false);
    for (const id of cars) expect(listed).toContain(`${t.origin}/cars/${id}`);
    expect(listed).not.toContain(`${t.origin}/cars/${sold}`);
    expect(listed).not.toContain(`${t.origin}/cars/${withdrawn}`);
    expect(listed).not.toContain(`${t.origin}/login`);
    // The profile of each seller with a car on the market, not of one without.
    expect(listed).toContain(`${t.origin}/sellers/${seller.id}`);
    expect(listed).not.toContain(`${t.origin}/sellers/${idle.id}`);
    // Each car with when it last changed.
    expect(res.body).toMatch(new RegExp(`<url><loc>${t.origin}/cars/${cars[0]}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z</lastmod></url>`));
  });

  it('is the same for everyone, signed in or not', async () => {
    expect(locs((await get('/sitemap.xml', buyer)).body)).toEqual(locs((await get('/sitemap.xml')).body));
  });

  it('becomes an index of numbered files once there are more URLs than one file holds, each URL in exactly one file', async () => {
    const all = locs((await get('/sitemap.xml')).body);
    const perFile = 3;
    const maps = sitemaps(t.pool, t.origin, perFile);
    const index = await maps.root();
    expect(index).toMatch(/<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const files = locs(index);
    expect(files).toEqual(Array.from({ length: Math.ceil(all.length / perFile) }, (_, i) => `${t.origin}/sitemaps/${i + 1}.xml`));
    const inFiles: string[] = [];
    for (let n = 1; n <= files.length; n++) {
      const file = await maps.numbered(n);
      expect(file).toMatch(/<urlset /);
      const listed = locs(file!);
      expect(listed.length).toBeLessThanOrEqual(perFile);
      inFiles.push(...listed);
    }
    expect(inFiles.sort()).toEqual([...all].sort());
    expect(await maps.numbered(files.length + 1)).toBeNull();
    expect(await maps.numbered(0)).toBeNull();
  });

  it('has no numbered files while one file holds every URL: /sitemaps/1.xml is a 404, a bad name too', async () => {
    for (const file of ['1.xml', 'x.xml', '0.xml', '01.xml', '1234567.xml', '1.txt']) expect((await get(`/sitemaps/${file}`)).statusCode, file).toBe(404);
  });
});

describe('GET /robots.txt', () => {
  it('points to the sitemap and keeps crawlers out of the dashboard, the signed-in category pages and the API', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /dashboard');
    expect(lines).toContain('Disallow: /api');
    expect(lines).toContain('Disallow: /category/');
    expect(lines).toContain(`Sitemap: ${t.origin}/sitemap.xml`);
  });
});
