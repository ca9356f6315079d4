import type { Pool } from 'pg';
import { makeSearchPath, publicPagePaths } from '@second-gear/contract/constants';
import { ON_MARKET } from '../cars/market.ts';

// What search engines are given to find (docs/product.md, "Sitemap and canonical addresses"): the
// public pages, the search by each make (the make's category page is signed-in, so the public way to
// a make's cars is `/search?make=…`, whose canonical address is itself), every car on the market,
// each with the time it last changed, and the public profile of every seller with a car on the
// market (issue 48). Login and Sign Up are left out: forms, not content.

/** The most URLs one sitemap file may hold (sitemaps.org); past that, /sitemap.xml is an index of numbered files. */
export const SITEMAP_URLS = 50_000;

/** The public pages, as the web app's router names them, but Login and Sign Up. */
export const SITEMAP_PAGES = publicPagePaths.filter((path) => path !== '/login' && path !== '/signup');

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

interface Entry {
  path: string;
  lastmod?: Date;
}

export interface Sitemaps {
  /** `/sitemap.xml`: the one sitemap, or the index of the numbered ones once there are more URLs than a file holds. */
  root(): Promise<string>;
  /** `/sitemaps/{n}.xml` (from 1) of an index, or null when there is no such file. */
  numbered(n: number): Promise<string | null>;
}

/** The sitemaps of this site at `publicUrl`; `perFile` is sitemaps.org's limit, smaller in tests. */
export function sitemaps(pool: Pool, publicUrl: string, perFile = SITEMAP_URLS): Sitemaps {
  const url = (path: string) => escapeXml(`${publicUrl}${path}`);
  const urlset = (entries: Entry[]) =>
    `${XML_HEAD}<urlset xmlns="${NS}">\n${entries
      .map((e) => `<url><loc>${url(e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</url>`)
      .join('\n')}\n</urlset>\n`;

  /** The pages and the makes' searches, which come first (a few hundred at most). */
  async function leading(): Promise<Entry[]> {
    const { rows } = await pool.query<{ id: string }>('select id from categories order by name, id');
    return [...SITEMAP_PAGES.map((path) => ({ path })), ...rows.map((r) => ({ path: makeSearchPath(r.id) }))];
  }

  /** The sellers with a car on the market: their public profiles are worth finding (an empty one is `noindex`). */
  const SELLERS_ON_MARKET = `users u where u.role = 'seller' and u.deleted_at is null
    and exists (select 1 from products p where p.seller_id = u.id and ${ON_MARKET})`;

  const carCount = async () =>
    (await pool.query<{ n: number }>(`select ((select count(*) from products p where ${ON_MARKET}) + (select count(*) from ${SELLERS_ON_MARKET}))::int as n`)).rows[0]!
      .n;

  /**
   * Cars on the market in a stable order (by id), each with its posting or latest price change, then
   * the profiles of their sellers (by id): `offset` entries in.
   */
  async function cars(offset: number, limit: number): Promise<Entry[]> {
    if (limit <= 0) return [];
    const { rows } = await pool.query<{ path: string; lastmod: Date | null }>(
      `select path, lastmod from (
         select 0 as part, p.id::text as key, '/cars/' || p.id as path,
                greatest(p.posting_time, (select max(c.changed_at) from price_changes c where c.product_id = p.id)) as lastmod
           from products p where ${ON_MARKET}
         union all
         select 1, u.id, '/sellers/' || u.id, null from ${SELLERS_ON_MARKET}
       ) listed order by part, key limit $1 offset $2`,
      [limit, offset],
    );
    return rows.map((r) => ({ path: r.path, ...(r.lastmod && { lastmod: r.lastmod }) }));
  }

  /** File `n` (from 0) of the whole list: the leading entries, then the cars. */
  async function file(n: number, first: Entry[]): Promise<Entry[]> {
    const start = n * perFile;
    const lead = first.slice(start, start + perFile);
    const carStart = Math.max(0, start - first.length);
    return [...lead, ...(await cars(carStart, perFile - lead.length))];
  }

  return {
    async root() {
      const [first, count] = await Promise.all([leading(), carCount()]);
      const files = Math.ceil((first.length + count) / perFile);
      if (files <= 1) return urlset(await file(0, first));
      const now = new Date().toISOString();
      const list = Array.from({ length: files }, (_, i) => `<sitemap><loc>${url(`/sitemaps/${i + 1}.xml`)}</loc><lastmod>${now}</lastmod></sitemap>`);
      return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${list.join('\n')}\n</sitemapindex>\n`;
    },
    async numbered(n) {
      const [first, count] = await Promise.all([leading(), carCount()]);
      const files = Math.ceil((first.length + count) / perFile);
      if (!Number.isInteger(n) || n < 1 || n > files || files <= 1) return null;
      return urlset(await file(n - 1, first));
    },
  };
}

/** `/robots.txt`: crawl the public pages, not the signed-in ones or the API; the sitemap says where the cars are. */
export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Disallow: /dashboard', 'Disallow: /category/', 'Disallow: /api', 'Disallow: /dev/', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
