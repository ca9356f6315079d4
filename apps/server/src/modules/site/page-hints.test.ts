import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryPageSize } from '@second-gear/contract/constants';
import { insertCar, insertCategory } from '../../../test/fixtures.ts';
import { as, signUp, type Person, type TestApp } from '../../../test/harness.ts';
import { withPersonas } from '../../../test/personas.ts';

// A web build of our own (index.html and Vite's manifest), so the hints are checked without building
// the web app: the entry, a login page chunk and a category page chunk that share a chunk.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-page-hints-'));
const indexHtml =
  '<!doctype html><html><head><meta name="description" content="The site"><title>Second Gear</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';
fs.writeFileSync(path.join(webDist, 'index.html'), indexHtml);
fs.mkdirSync(path.join(webDist, '.vite'));
fs.writeFileSync(
  path.join(webDist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
    '_shared-1.js': { file: 'assets/shared-1.js' },
    'src/features/auth/login-page.tsx': { file: 'assets/login-page-1.js', imports: ['index.html', '_shared-1.js', '_form-1.js'] },
    '_form-1.js': { file: 'assets/form-1.js' },
    'src/features/catalog/category-page.tsx': { file: 'assets/category-page-1.js', imports: ['index.html', '_shared-1.js'] },
    'src/features/cars/car-page.tsx': { file: 'assets/car-page-1.js', imports: ['index.html', '_shared-1.js'] },
    'src/features/search/search-page.tsx': { file: 'assets/search-page-1.js', imports: ['index.html', '_shared-1.js'] },
    'src/features/valuation/value-page.tsx': { file: 'assets/value-page-1.js', imports: ['index.html', '_form-1.js'] },
  }),
);

let t: TestApp;
let buyer: Person;
let seller: Person;
let categoryId: string;
let emptyCategoryId: string;

beforeAll(async () => {
  ({ t, seller, buyer, categoryId } = await withPersonas(['seller', 'buyer'], { app: { webDist }, category: true }));
  emptyCategoryId = await insertCategory(t);
  await insertCar(t, seller, categoryId, { name: 'Older car' });
  await insertCar(t, seller, categoryId, { name: 'Newest car' });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** A page's HTML, answered with `status` (a car's address that left the market is a 404 or a 410, page-hints.ts). */
const page = async (url: string, who?: Person, status = 200) => {
  const res = await as(t.app, who, { method: 'GET', url });
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['cache-control']).toBe(who ? 'private, no-cache' : 'no-cache');
  expect(res.body).toContain('<div id="root"></div>');
  return res.body;
};
const fetchPreload = (url: string) => `<link rel="preload" as="fetch" crossorigin href="${url}">`;
const preloads = (html: string) => [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*>/g)].map((match) => match[0]);

describe('the hints in a page’s HTML', () => {
  it('names the login page’s own chunks (not the entry, which the page loads already)', async () => {
    const html = await page('/login');
    expect(preloads(html)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/login-page-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/shared-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/form-1.js">',
    ]);
    // Inside the head, before the body.
    expect(html.indexOf('login-page-1.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('names the search’s and the value page’s chunks, whoever asks and whatever the address holds', async () => {
    for (const who of [undefined, buyer]) {
      expect(preloads(await page('/search?keyword=volvo', who))).toEqual([
        '<link rel="modulepreload" crossorigin href="/assets/search-page-1.js">',
        '<link rel="modulepreload" crossorigin href="/assets/shared-1.js">',
      ]);
      expect(preloads(await page('/value', who))).toEqual([
        '<link rel="modulepreload" crossorigin href="/assets/value-page-1.js">',
        '<link rel="modulepreload" crossorigin href="/assets/form-1.js">',
      ]);
    }
    expect(preloads(await page('/search/extra'))).toEqual([]);
  });

  it('asks for the home page’s hero picture with the app’s code, a file the web app has and draws', async () => {
    const hero = '<link rel="preload" as="image" fetchpriority="high" href="/hero-car.svg">';
    expect(preloads(await page('/'))).toEqual([hero]);
    expect(preloads(await page('/', buyer))).toEqual([hero]);
    const web = path.resolve(import.meta.dirname, '../../../../web');
    expect(fs.existsSync(path.join(web, 'public', 'hero-car.svg'))).toBe(true);
    expect(fs.readFileSync(path.join(web, 'src', 'features', 'home', 'hero.tsx'), 'utf8')).toContain('src="/hero-car.svg"');
    expect(preloads(await page('/blog')).filter((link) => link.includes('hero-car'))).toEqual([]);
  });

  /** The requests the web app makes for a signed-in visitor, as it writes them (features/auth, bookings and wishlist api.ts). */
  const visitorRequests = (who: Person, role: 'buyer' | 'seller') => {
    const email = encodeURIComponent(who.email);
    const own = role === 'buyer' ? [`/api/orders?email=${email}`, `/api/wishlist-products?email=${email}`] : [];
    return ['/api/auth/get-session', `/api/users/admin/${email}`, `/api/users/seller/${email}`, `/api/users/buyer/${email}`, ...own];
  };

  it('gives a signed-in visitor of a category the first page of cars, who they are, and the first car’s picture', async () => {
    const html = await page(`/category/${categoryId}`, buyer);
    const { body } = await as(t.app, buyer, { method: 'GET', url: `/api/category/${categoryId}?limit=${categoryPageSize.default}` });
    const first = JSON.parse(body).products[0];
    expect(first.productName).toBe('Newest car');
    expect(preloads(html)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/category-page-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/shared-1.js">',
      // Exactly the request the page's loader makes (apps/web/src/features/catalog/api.ts).
      fetchPreload(`/api/category/${categoryId}?limit=${categoryPageSize.default}`),
      // The session, the role lookups, and a buyer's orders and wishlist, which the cards' actions need.
      ...visitorRequests(buyer, 'buyer').map(fetchPreload),
      expect.stringMatching(new RegExp(`^<link rel="preload" as="image" fetchpriority="high" href="${first.image}"`)),
    ]);
    // Each is a request this visitor may make: preloading it answers what the page would be answered.
    for (const url of visitorRequests(buyer, 'buyer')) {
      expect((await as(t.app, buyer, { method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it('names a seller’s session and roles, but no orders or wishlist, which only buyers have', async () => {
    seller = await signUp(t.app, 'Seller');
    const hinted = preloads(await page(`/category/${categoryId}`, seller)).filter((link) => link.includes('as="fetch"') && !link.includes('/api/category/'));
    expect(hinted).toEqual(visitorRequests(seller, 'seller').map(fetchPreload));
    for (const url of visitorRequests(seller, 'seller')) {
      expect((await as(t.app, seller, { method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it('tells a visitor without a session nothing of the cars (the page sends them to sign in)', async () => {
    const html = await page(`/category/${categoryId}`);
    expect(preloads(html)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/category-page-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/shared-1.js">',
    ]);
    expect(html).not.toContain('/api/');
    expect(html).not.toContain('/uploads/');
  });

  it('names no picture for an empty or unknown category, and reads nothing for an id that is not one', async () => {
    expect(preloads(await page(`/category/${emptyCategoryId}`, buyer)).filter((link) => link.includes('as="image"'))).toEqual([]);
    expect(preloads(await page('/category/00000000-0000-4000-8000-000000000000', buyer)).filter((link) => link.includes('as="image"'))).toEqual([]);
    // Not a category id: the page's code only (the page shows its own 404), and nothing from the database.
    const html = await page('/category/%22%3E%3Cscript%3E', buyer);
    expect(html).not.toContain('<script>');
    expect(preloads(html)).toHaveLength(2);
    expect(html).not.toContain('/api/');
  });

  it('leaves every other route’s HTML as built, but for a public page’s canonical address (and the home page’s hero)', async () => {
    for (const url of ['/dashboard/myorders', '/category', '/login/extra']) {
      const res = await as(t.app, buyer, { method: 'GET', url });
      expect(res.body, url).toBe(indexHtml);
    }
    const blog = await as(t.app, buyer, { method: 'GET', url: '/blog' });
    expect(blog.body).toBe(indexHtml.replace('</head>', `<link rel="canonical" href="${t.origin}/blog"></head>`));
  });

  describe('a car’s page', () => {
    const hostile = 'Volvo </script><script>alert(1)</script> "XC60" & <b>';
    const jsonLd = (html: string) => {
      const found = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
      return found ? JSON.parse(found[1]!) : null;
    };

    it('gives everyone the preview of an advertised car: title, Open Graph tags and schema.org Car data, escaped', async () => {
      const id = await insertCar(t, seller, categoryId, { name: hostile, price: 23_450, advertised: true });
      await t.pool.query(`update products set model = 'XC60', model_year = 2019, mileage = 64000, mileage_unit = 'km', fuel = 'Diesel' where id = $1`, [id]);
      const html = await page(`/cars/${id}`);
      // One title and one description: the car's, instead of the site's.
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain(`<title>Volvo &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; "XC60" &amp; &lt;b&gt; · $23,450 · Second Gear</title>`);
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
      expect(html).not.toContain('content="The site"');
      // The preview's mileage in the market's unit (miles by default), the data's as the seller gave it.
      expect(html).toContain('$23,450. 2019 · 39,768 mi · Diesel');
      expect(html).toContain('<meta property="og:title" content="Volvo &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;XC60&quot; &amp; &lt;b&gt; · $23,450">');
      expect(html).toMatch(new RegExp(`<meta property="og:image" content="${t.origin}/uploads/[A-Za-z0-9_-]+-480\\.webp">`));
      expect(html).toContain(`<meta property="og:url" content="${t.origin}/cars/${id}">`);
      // The seller's text never closes the script element it is in.
      expect(html.match(/<\/script>/g)).toHaveLength(2);
      expect(jsonLd(html)).toMatchObject({
        '@type': 'Car',
        name: hostile,
        model: 'XC60',
        vehicleModelDate: '2019',
        mileageFromOdometer: { '@type': 'QuantitativeValue', value: 64000, unitCode: 'KMT' },
        fuelType: 'Diesel',
        itemCondition: 'https://schema.org/UsedCondition',
        offers: { '@type': 'Offer', price: 23_450, priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      });
      // And the page's own request and picture, preloaded.
      expect(preloads(html)).toContain(fetchPreload(`/api/cars/${id}`));
    });

    it.each([
      ['$\'', 'the text after the match'],
      ['$`', 'the text before the match'],
      ['$&', 'the match'],
      ['$$', 'a dollar sign'],
      ['$1', 'a group'],
    ])('writes a name with %j as it is, not as a replacement pattern (%s)', async (token) => {
      const name = `Tesla ${token} Y`;
      const id = await insertCar(t, seller, categoryId, { name, price: 41_000, advertised: true });
      const html = await page(`/cars/${id}`);
      const escaped = name.replace('&', '&amp;');
      // The page's own script and the car's data: the page's HTML is not spliced into the title or the tags.
      expect(html.match(/<script/g)).toHaveLength(2);
      expect(html.match(/<script type="application\/ld\+json">/g)).toHaveLength(1);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain(`<title>${escaped} · $41,000 · Second Gear</title>`);
      expect(html).toContain(`<meta property="og:title" content="${escaped} · $41,000">`);
      expect(jsonLd(html)).toMatchObject({ '@type': 'Car', name });
    });

    it('gives everyone the preview of a car on the market that is not advertised: every car on the market is public', async () => {
      const plain = await insertCar(t, seller, categoryId, { name: 'Not advertised car', price: 9_900 });
      const html = await page(`/cars/${plain}`);
      expect(html).toContain('<title>Not advertised car · $9,900 · Second Gear</title>');
      expect(html).toContain(`<meta property="og:url" content="${t.origin}/cars/${plain}">`);
      expect(preloads(html)).toContain(fetchPreload(`/api/cars/${plain}`));
    });

    it('previews nothing of a car off the market, and tells a visitor without a session nothing of it', async () => {
      const sold = await insertCar(t, seller, categoryId, { name: 'Sold car', paid: true, advertised: true });
      const withdrawn = await insertCar(t, seller, categoryId, { name: 'Withdrawn car', advertised: true });
      await t.pool.query('update products set withdrawn_at = now() where id = $1', [withdrawn]);
      for (const id of [sold, withdrawn]) {
        const html = await page(`/cars/${id}`, undefined, 410);
        expect(html).not.toContain('og:');
        expect(html).not.toContain('application/ld+json');
        expect(html).not.toContain('/api/');
        expect(html).toContain('<title>Second Gear</title>');
      }
      // A signed-in visitor gets the sold car's data early (it stays on record for them), still without a preview.
      const html = await page(`/cars/${sold}`, buyer);
      expect(preloads(html)).toContain(fetchPreload(`/api/cars/${sold}`));
      expect(html).not.toContain('og:');
      // Someone else's withdrawn car is not there for them either.
      expect(await page(`/cars/${withdrawn}`, buyer, 410)).not.toContain(`/api/cars/${withdrawn}`);
    });
  });
});

const canonical = (html: string) => [...html.matchAll(/<link rel="canonical" href="([^"]*)">/g)].map((m) => m[1]);

describe('the canonical address of a public page', () => {
  it.each(['/', '/search', '/blog', '/terms', '/privacy', '/login', '/signup'])('%s names itself, absolute, once', async (path) => {
    expect(canonical(await page(path))).toEqual([`${t.origin}${path}`]);
  });

  it('is the search of its make alone, whatever else the address holds', async () => {
    expect(canonical(await page(`/search?make=${categoryId}&sort=price-asc&then=save`))).toEqual([`${t.origin}/search?make=${categoryId}`]);
    expect(canonical(await page('/search?keyword=volvo&make=not-a-make'))).toEqual([`${t.origin}/search`]);
  });

  it('is a car’s own address while it is on the market, and absent from signed-in pages', async () => {
    const id = await insertCar(t, seller, categoryId, { name: 'Canonical car' });
    expect(canonical(await page(`/cars/${id}`))).toEqual([`${t.origin}/cars/${id}`]);
    expect(canonical(await page(`/category/${categoryId}`, buyer))).toEqual([]);
    expect(canonical(await page('/dashboard', buyer))).toEqual([]);
  });
});

describe('a car’s address, for the machines that read it', () => {
  const noindex = '<meta name="robots" content="noindex">';
  const cars: Record<'onMarket' | 'sold' | 'reserved' | 'withdrawn' | 'deleted', string> = { onMarket: '', sold: '', reserved: '', withdrawn: '', deleted: '' };
  const madeUp = '00000000-0000-4000-8000-000000000000';

  beforeAll(async () => {
    cars.onMarket = await insertCar(t, seller, categoryId, { name: 'Still for sale' });
    cars.sold = await insertCar(t, seller, categoryId, { name: 'Sold for good', paid: true });
    // Paid for and held until the handover: a refund puts it back on the market (money/decisions.ts).
    cars.reserved = await insertCar(t, seller, categoryId, { name: 'Held for a buyer' });
    await t.pool.query(`update products set paid = true, sales_status = 'reserved' where id = $1`, [cars.reserved]);
    cars.withdrawn = await insertCar(t, seller, categoryId, { name: 'Taken off the market' });
    expect((await as(t.app, seller, { method: 'POST', url: `/api/products/${cars.withdrawn}/withdraw`, payload: {} })).json()).toMatchObject({ modifiedCount: 1 });
    cars.deleted = await insertCar(t, seller, categoryId, { name: 'Deleted by its seller' });
    expect((await as(t.app, seller, { method: 'DELETE', url: `/api/products/${cars.deleted}` })).json()).toMatchObject({ deletedCount: 1 });
  });

  /** What `who` (nobody: a crawler) is answered at `path`: the status, whether it asks not to be indexed, its canonical addresses. */
  const carDocument = async (path: string, who?: Person) => {
    const res = await as(t.app, who, { method: 'GET', url: path });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // The app is drawn whatever the status: a person reads the page's own words (sold, no longer listed, no such car).
    expect(res.body).toContain('<div id="root"></div>');
    return { status: res.statusCode, noindex: res.body.includes(noindex), canonical: canonical(res.body) };
  };

  it('answers a car on the market with 200, its own canonical address and no noindex, signed in or not', async () => {
    const own = [`${t.origin}/cars/${cars.onMarket}`];
    expect(await carDocument(`/cars/${cars.onMarket}`)).toEqual({ status: 200, noindex: false, canonical: own });
    expect(await carDocument(`/cars/${cars.onMarket}`, buyer)).toEqual({ status: 200, noindex: false, canonical: own });
  });

  it.each([
    ['sold', 'sold' as const],
    ['withdrawn by its seller', 'withdrawn' as const],
    ['deleted by its seller', 'deleted' as const],
  ])('answers a crawler 410 for a car %s (gone for good), with noindex and no canonical', async (_how, which) => {
    expect(await carDocument(`/cars/${cars[which]}`)).toEqual({ status: 410, noindex: true, canonical: [] });
  });

  it.each([
    ['a reserved car (its held payment may be refunded, which puts it back on the market)', () => `/cars/${cars.reserved}`],
    ['an id no car ever had', () => `/cars/${madeUp}`],
    ['an address that is not a car id', () => '/cars/not-a-car'],
  ])('answers a crawler 404 for %s, with noindex and no canonical', async (_what, path) => {
    expect(await carDocument(path())).toEqual({ status: 404, noindex: true, canonical: [] });
  });

  it('answers 200 to a signed-in person the page shows the car to, still with noindex and no canonical; the gone page to everyone else', async () => {
    const shown = { status: 200, noindex: true, canonical: [] };
    // A sold or reserved car stays on record for signed-in people; a withdrawn one for its seller.
    expect(await carDocument(`/cars/${cars.sold}`, buyer)).toEqual(shown);
    expect(await carDocument(`/cars/${cars.reserved}`, buyer)).toEqual(shown);
    expect(await carDocument(`/cars/${cars.withdrawn}`, seller)).toEqual(shown);
    expect(await carDocument(`/cars/${cars.withdrawn}`, buyer)).toEqual({ status: 410, noindex: true, canonical: [] });
    expect(await carDocument(`/cars/${cars.deleted}`, seller)).toEqual({ status: 410, noindex: true, canonical: [] });
    // The document's status is the car's own answer to the same person: 200 exactly where the page has a car to show.
    for (const [whom, who] of [['a visitor', undefined], ['a buyer', buyer], ['its seller', seller]] as const) {
      for (const [which, id] of Object.entries(cars)) {
        const data = await as(t.app, who, { method: 'GET', url: `/api/cars/${id}` });
        expect((await carDocument(`/cars/${id}`, who)).status === 200, `${which} to ${whom}`).toBe(data.statusCode === 200);
      }
    }
  });

  it('lists in the sitemap only the car whose address answers a crawler 200', async () => {
    const sitemap = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    for (const [which, id] of Object.entries(cars)) expect(sitemap.includes(`<loc>${t.origin}/cars/${id}</loc>`), which).toBe(which === 'onMarket');
  });
});

describe('the document of a seller’s profile (issue 48)', () => {
  const document = async (path: string, status: number) => {
    const html = await page(path, undefined, status);
    return { html, noindex: html.includes('<meta name="robots" content="noindex">'), canonical: canonical(html) };
  };

  it('has the seller’s name as its title, the profile in words as its description, its canonical address and its data preloaded', async () => {
    const hostile = await signUp(t.app, 'Seller', { name: '</title><script>alert(1)</script> & "Bob"' });
    await insertCar(t, hostile, categoryId, { name: 'A car of Bob’s' });
    const { html, noindex, canonical: canonicalOf } = await document(`/sellers/${hostile.id}`, 200);
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; "Bob" · Seller on Second Gear</title>');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('content="The site"');
    expect(html).toMatch(/<meta name="description" content="[^"]*sells cars on Second Gear, a member since [A-Z][a-z]{2} \d{4}\. 1 car on the market; sold here: 0 cars\.">/);
    expect(html).toContain('&quot;Bob&quot;');
    expect(noindex).toBe(false);
    expect(canonicalOf).toEqual([`${t.origin}/sellers/${hostile.id}`]);
    expect(preloads(html)).toEqual(expect.arrayContaining([fetchPreload(`/api/sellers/${hostile.id}`), fetchPreload(`/api/sellers/${hostile.id}/cars`)]));
  });

  it('asks search engines to leave out a profile with no car on the market, and has no canonical address', async () => {
    const idle = await signUp(t.app, 'Seller');
    expect(await document(`/sellers/${idle.id}`, 200)).toMatchObject({ noindex: true, canonical: [] });
  });

  it('answers 404 with noindex for an id that is no seller’s', async () => {
    for (const path of [`/sellers/${buyer.id}`, '/sellers/no-such-seller', '/sellers/not%20an%20id']) {
      expect(await document(path, 404), path).toMatchObject({ noindex: true, canonical: [] });
    }
  });
});
