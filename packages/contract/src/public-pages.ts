// The pages anyone may open without signing in (docs/product.md, "Visitors"), and the canonical
// address of each: the server writes it into the page's HTML (modules/site/page-hints.ts), the web app
// keeps it right as the person moves between pages, and the sitemap lists the same addresses.

/** The public pages besides a car's own (`/cars/{id}`, public while the car is on the market). */
export const publicPagePaths = ['/', '/search', '/blog', '/terms', '/privacy', '/login', '/signup'] as const;

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const carPath = new RegExp(`^/cars/${uuid}$`);
/** A seller's public profile (issue 48), by their account's id. */
const sellerPath = /^\/sellers\/[A-Za-z0-9_-]{1,64}$/;
const makeId = new RegExp(`^${uuid}$`);

/** The public search of one make: the public way to a make's cars (its category page is signed-in). */
export const makeSearchPath = (makeId: string) => `/search?${new URLSearchParams({ make: makeId }).toString()}`;

/**
 * The canonical path of the page at `pathname` and `search` (its query string), or null for a page
 * that is not public. A search's is the search of its make alone (or the whole search): its other
 * filters, its sort and any action (`then`) make no page of their own.
 */
export function canonicalPath(pathname: string, search: string): string | null {
  if (carPath.test(pathname) || sellerPath.test(pathname)) return pathname;
  if (!(publicPagePaths as readonly string[]).includes(pathname)) return null;
  if (pathname !== '/search') return pathname;
  const make = new URLSearchParams(search).get('make');
  return make && makeId.test(make) ? makeSearchPath(make) : '/search';
}
