import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { CarPage, CategoryPage, SellerProfile } from '@second-gear/contract';
import { canonicalPath, carCardPictureSizes, carPhotoSizes, categoryPageSize } from '@second-gear/contract/constants';
import type { Actor } from '../../auth/actor.ts';
import { loadActor } from '../../auth/guards.ts';
import { AppError } from '../../errors.ts';
import { cachedCategoryPage } from '../catalog/cached-reads.ts';
import { carPage } from '../catalog/car-page.ts';
import { sellerProfile } from '../profiles/service.ts';
import { carPreview, escapeAttribute } from './car-preview.ts';
import { type FirstScreen, type FirstScreens, withFirstScreen } from './first-screen.ts';
import { goneCarStatus } from './gone-car.ts';
import { sellerPreview } from './seller-preview.ts';

// The web app is drawn in the browser, so a phone on a slow network would otherwise fetch, one after
// another: the app's JavaScript, then the page's own code, then its data, then the picture the data
// names. The page's HTML names them at once instead, as hints the browser starts while the app loads.
// A car's page also tells the machines that read it whether the car is there: its status, its
// canonical address while the car is on the market, and `noindex` once it is not.

/** The entries of Vite's build manifest (apps/web/dist/.vite/manifest.json) that hints use. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  /** The app's entry, which index.html loads already. */
  isEntry?: boolean;
}

/** The car page's route, whatever its id: one that is not a car id never was a car. */
const carPageRoute = /^\/cars\/[^/]+$/;

/** Each page's source module, as the manifest names it (the router's lazy imports). */
const pageModules: { pattern: RegExp; module: string }[] = [
  { pattern: /^\/login$/, module: 'src/features/auth/login-page.tsx' },
  { pattern: /^\/category\/[^/]+$/, module: 'src/features/catalog/category-page.tsx' },
  { pattern: carPageRoute, module: 'src/features/cars/car-page.tsx' },
  { pattern: /^\/sellers\/[^/]+$/, module: 'src/features/profiles/seller-profile-page.tsx' },
  { pattern: /^\/search$/, module: 'src/features/search/search-page.tsx' },
  { pattern: /^\/value$/, module: 'src/features/valuation/value-page.tsx' },
];

/**
 * The home page's largest paint, its hero picture (apps/web/src/features/home/hero.tsx): asked for
 * with the app's code rather than once the page is drawn.
 */
const homeHints = '<link rel="preload" as="image" fetchpriority="high" href="/hero-car.svg">';

const uuid = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';
const categoryPath = new RegExp(`^/category/${uuid}$`);
const carPath = new RegExp(`^/cars/${uuid}$`);
/** A seller's profile (`/sellers/{id}`), whatever the id: one that is no user id is no seller's. */
const sellerPath = /^\/sellers\/([^/]+)$/;
const userId = /^[A-Za-z0-9_-]{1,64}$/;

/** Asks search engines to leave a page out: a car's page while the car is not on the market. */
const noindex = '<meta name="robots" content="noindex">';
const unindexed = (html: string) => html.replace('</head>', () => `${noindex}</head>`);
/** A page left out of search engines has no canonical address either. */
const withoutCanonical = (html: string) => html.replace(/<link rel="canonical"[^>]*>/, '');


/** The chunk files a page's module loads, itself first, from the manifest (not the entry: the page has it). */
function chunksOf(manifest: Record<string, ManifestChunk>, module: string): string[] {
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.includes(chunk.file)) return;
    files.push(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(module);
  return files;
}

/** A request the page will make with `fetch`: the browser hands the preloaded answer over when it does. */
const preloadFetch = (url: string) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(url)}">`;

/**
 * The requests a signed-in page makes before it can draw its actions, in the very form the web app
 * makes them (features/auth: the session and the three role lookups; features/catalog's card
 * standing: a buyer's orders and wishlist). Each would otherwise wait for the one before: the app's
 * JavaScript, then the session, then the roles, then the buyer's orders.
 */
function visitorHints(actor: Actor): string {
  const email = encodeURIComponent(actor.email);
  const urls = ['/api/auth/get-session', `/api/users/admin/${email}`, `/api/users/seller/${email}`, `/api/users/buyer/${email}`];
  if (actor.role === 'buyer') {
    const query = new URLSearchParams({ email: actor.email }).toString();
    urls.push(`/api/orders?${query}`, `/api/wishlist-products?${query}`);
  }
  return urls.map(preloadFetch).join('');
}

/**
 * A page's answer: its HTML, and its status, 200 but for a car's page with no car to show its viewer
 * (404 or 410, gone-car.ts), whose HTML still draws the app, which says why in words.
 */
export interface Page {
  status: 200 | 404 | 410;
  html: string;
}

export interface PageHints {
  /** The page at `url` with its hints, or null when it has none (the plain index.html then). */
  pageFor(url: string, req: FastifyRequest): Promise<Page | null>;
}

/**
 * Reads the built index.html and manifest once; without a manifest (an old build) there are no hints.
 * With `firstScreens`, the public pages come drawn (first-screen.ts), and the requests of the data
 * they were drawn from are not hinted: the browser has that data in the page.
 */
export function pageHints(webDist: string, firstScreens: FirstScreens | null = null): PageHints {
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return { pageFor: () => Promise.resolve(null) };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const index = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  // What a drawn page loads first (withFirstScreen); a build has it whenever it has the server's copy of the app.
  const drawnPageEntry = manifest['src/drawn-page.ts']?.file;
  if (firstScreens && !drawnPageEntry) throw new Error(`${manifestFile} names no src/drawn-page.ts: build the web app again (npm run build)`);
  const modulePreloads = new Map(
    pageModules.map(({ pattern, module }) => [
      pattern,
      chunksOf(manifest, module)
        .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`)
        .join(''),
    ]),
  );

  /** A signed-in visitor's category page: who they are, its first page of cars, and the first car's picture. */
  async function categoryHints(id: string, req: FastifyRequest): Promise<string> {
    const actor = await loadActor(req);
    if (!actor) return '';
    const limit = categoryPageSize.default;
    // The route's own cached answer: queried once for the hints and the preloaded request together.
    const first = await cachedCategoryPage(req.server, id, { limit })
      .then((json) => JSON.parse(json.toString('utf8')) as CategoryPage)
      .catch(() => null);
    // The same request the page's loader makes, so the browser hands it the preloaded answer.
    const data = preloadFetch(`/api/category/${id}?limit=${limit}`) + visitorHints(actor);
    const car = first?.products[0];
    if (!car) return data;
    // The card's own srcset and sizes (product-card.tsx), so the browser picks the file the card will.
    const srcset = car.imageSrcSet ? ` imagesrcset="${escapeAttribute(car.imageSrcSet)}" imagesizes="${carCardPictureSizes}"` : '';
    return `${data}<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(car.image)}"${srcset}>`;
  }

  /**
   * A car's page: its answer and cover picture for whoever may see it, and for a public car (on the
   * market) the preview a shared link shows without JavaScript, in place of the site's own title
   * and description, with its canonical address. Any other car's page is `noindex`; one with no car
   * for its viewer answers 404 or 410. A viewer the page shows the car to (a sold car to a
   * signed-in person, a withdrawn one to its seller) gets 200, as its data answers them: the page
   * works for them. Crawlers have no session, so they always get the gone page's status.
   */
  async function carAnswer(id: string, req: FastifyRequest, html: string, screen: FirstScreen | null): Promise<Page> {
    const viewer = await loadActor(req);
    // The car the page was drawn from, as the API answered it for this viewer; else read here.
    const drawnCar = screen?.answered(`/api/cars/${id}`) as CarPage | undefined;
    const page =
      drawnCar ??
      (await carPage(req.server.pg, viewer, id).catch((err: unknown) => {
        // Only a car that is not there for this viewer: a failure is not an answer that the car is gone.
        if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
        throw err;
      }));
    if (!page) return { status: await goneCarStatus(req.server.pg, id), html: unindexed(html) };
    const cover = page.photos[0]!;
    const srcset = cover.srcSet ? ` imagesrcset="${escapeAttribute(cover.srcSet)}" imagesizes="${carPhotoSizes}"` : '';
    let hints = `${screen ? '' : preloadFetch(`/api/cars/${id}`)}<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(cover.url)}"${srcset}>`;
    if (viewer) hints += visitorHints(viewer);
    const isPublic = !page.product.paid && !page.product.withdrawn;
    if (!isPublic) return { status: 200, html: unindexed(html).replace('</head>', () => `${hints}</head>`) };
    const preview = carPreview(page, req.server.config.publicUrl, req.server.config.distanceUnit);
    // Replacer functions throughout: a replacement string would read a seller's `$'` or `$&` as a
    // pattern and splice the page's own HTML into the title, the tags and the script.
    const shown = html
      .replace(/<title>[^<]*<\/title>/, () => `<title>${preview.title}</title>`)
      .replace(/<meta name="description"[^>]*>/, '')
      .replace('</head>', () => `${preview.tags}${hints}</head>`);
    return { status: 200, html: shown };
  }

  /**
   * A seller's profile: its title and description in place of the site's own, and its data preloaded.
   * A profile with no car on the market is `noindex` (nothing there to find; the sitemap leaves it
   * out too); an id that is no seller's answers 404, as its data does.
   */
  async function sellerAnswer(id: string, req: FastifyRequest, html: string, screen: FirstScreen | null): Promise<Page> {
    const { pg, config } = req.server;
    // The profile the page was drawn from; else read here.
    const drawnSeller = screen?.answered(`/api/sellers/${encodeURIComponent(id)}`) as SellerProfile | undefined;
    const seller =
      drawnSeller ??
      (userId.test(id)
        ? await sellerProfile(pg, id, new Date(), config.payments.provider).catch((err: unknown) => {
            if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
            throw err;
          })
        : null);
    if (!seller) return { status: 404, html: unindexed(withoutCanonical(html)) };
    const preview = sellerPreview(seller, config.publicUrl);
    const hints = screen ? '' : preloadFetch(`/api/sellers/${id}`) + preloadFetch(`/api/sellers/${id}/cars`);
    const shown = html
      .replace(/<title>[^<]*<\/title>/, () => `<title>${preview.title}</title>`)
      .replace(/<meta name="description"[^>]*>/, '')
      .replace('</head>', () => `${preview.tags}${hints}</head>`);
    return { status: 200, html: seller.onMarket === 0 ? unindexed(withoutCanonical(shown)) : shown };
  }

  /** A public page's canonical address (a car's comes with its preview, while it is on the market). */
  function canonicalTag(url: string, req: FastifyRequest): string {
    const path = carPath.test(url) ? null : canonicalPath(url, req.url.slice(url.length));
    return path === null ? '' : `<link rel="canonical" href="${escapeAttribute(`${req.server.config.publicUrl}${path}`)}">`;
  }

  /** The page's answer with its hints, before its first screen is put in. */
  async function hinted(url: string, req: FastifyRequest, screen: FirstScreen | null): Promise<Page | null> {
    const entry = [...modulePreloads].find(([pattern]) => pattern.test(url));
    const canonical = canonicalTag(url, req);
    if (!entry && !canonical) return null;
    const category = categoryPath.exec(url);
    const car = carPath.exec(url);
    const hints = `${canonical}${entry?.[1] ?? ''}${url === '/' ? homeHints : ''}${category ? await categoryHints(category[1]!, req) : ''}`;
    const html = index.replace('</head>', () => `${hints}</head>`);
    if (car) return carAnswer(car[1]!, req, html, screen);
    const seller = sellerPath.exec(url);
    if (seller) return sellerAnswer(seller[1]!, req, html, screen);
    // A car page's address whose id is not a car id: no car ever had it.
    if (carPageRoute.test(url)) return { status: 404, html: unindexed(html) };
    return { status: 200, html };
  }

  return {
    async pageFor(url, req) {
      const screen = firstScreens?.draws(url)
        ? await firstScreens.draw(req).catch((err: unknown) => {
            // The page still works: the browser draws it, as it draws every other page.
            req.log.warn({ err }, 'first screen not drawn; the browser draws the page');
            return null;
          })
        : null;
      const page = await hinted(url, req, screen);
      if (!screen) return page;
      return { status: page?.status ?? 200, html: withFirstScreen(page?.html ?? index, screen, drawnPageEntry!) };
    },
  };
}
