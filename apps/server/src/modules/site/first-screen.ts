import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { CallContexts } from '../../auth/call-contexts.ts';

/**
 * The public pages' first screen, drawn here by the web app's own components (its server entry,
 * apps/web/src/entry-server.tsx, built by `npm run build` into apps/web/dist-server), so a phone on a
 * slow network shows the page's words and photo before the app's code has arrived; the browser then
 * takes the page over (hydrates it) with the data it was drawn from (decision 048).
 *
 * The page's calls to the API are answered by this server in its own process (`inject`), as the
 * visitor's own: their cookie, address and browser, so a page shows a visitor exactly what the API
 * shows them, counts a car's view once and takes from the same limits.
 */

/** The pages drawn here: the ones a phone opens from a search engine or a shared link. */
const drawnPages = [/^\/$/, /^\/search$/, /^\/value$/, /^\/cars\/[^/]+$/, /^\/sellers\/[^/]+$/];

/** What the visitor's request passes on to the calls it makes (views.ts reads the browser and prefetch headers). */
const passedOn = ['cookie', 'user-agent', 'accept-language', 'sec-purpose', 'purpose'] as const;

type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
/** The web app's server entry (entry-server.tsx): the page's markup and its data's script element, or null where the browser draws it. */
interface WebServerEntry {
  drawPagesWith(storage: AsyncLocalStorage<ApiTransport>): void;
  renderFirstScreen(url: URL, send: ApiTransport, cookies: string | undefined): Promise<{ html: string; script: string } | null>;
}

/**
 * The transport of each page being drawn, one store for the process as the web app's server entry is
 * one module for it. Enabled only while a page is being drawn: an enabled store makes every promise
 * of the process dearer (decision 031).
 */
const transports = new AsyncLocalStorage<ApiTransport>();
const drawing = new CallContexts(Promise.resolve([transports as AsyncLocalStorage<unknown>]));

/** A page's first screen: its markup, its data's script element, and the API's answers it was drawn from. */
export interface FirstScreen {
  html: string;
  script: string;
  /** The JSON the API answered a call of the page's with (`/api/cars/{id}`), parsed; undefined for a call it did not make or that failed. */
  answered(url: string): unknown;
}

export interface FirstScreens {
  /** Whether the page at `url` (its path) is one drawn here. */
  draws(url: string): boolean;
  /** The first screen of `req`'s page; null where the browser must draw it (the app's loaders redirected or failed). */
  draw(req: FastifyRequest): Promise<FirstScreen | null>;
}

/** The web app's server entry beside `webDist`, if built; none with an older build, whose pages the browser draws. */
export async function loadFirstScreens(webDist: string): Promise<FirstScreens | null> {
  const entry = path.join(webDist, '..', 'dist-server', 'entry-server.js');
  if (!fs.existsSync(entry)) return null;
  const { drawPagesWith, renderFirstScreen } = (await import(pathToFileURL(entry).href)) as WebServerEntry;
  drawPagesWith(transports);
  return {
    draws: (url) => drawnPages.some((page) => page.test(url)),
    async draw(req) {
      const answers = new Map<string, string>();
      const send: ApiTransport = async (url, init) => {
        // Loaders only read; a write is never the server's to make on a visitor's behalf.
        if ((init.method ?? 'GET') !== 'GET') throw new Error(`${init.method} ${url} while drawing a page`);
        const headers: Record<string, string> = { accept: 'application/json' };
        for (const name of passedOn) {
          const value = req.headers[name];
          if (typeof value === 'string') headers[name] = value;
        }
        const res = await req.server.inject({ method: 'GET', url, headers, remoteAddress: req.ip });
        if (res.statusCode === 200) answers.set(url, res.body);
        const empty = res.statusCode === 204 || res.statusCode === 304;
        return new Response(empty ? null : res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? '') } });
      };
      const screen = await drawing.run(() => renderFirstScreen(new URL(req.url, req.server.config.publicUrl), send, req.headers.cookie));
      if (!screen) return null;
      return {
        ...screen,
        answered: (url) => {
          const body = answers.get(url);
          return body === undefined ? undefined : JSON.parse(body);
        },
      };
    },
  };
}

/**
 * What React hoists out of the page as it draws it (its `<title>`, and `<link>`s such as the cover
 * photo's preload) comes first in its markup; it belongs in the head, the title in place of the
 * site's own.
 */
const hoistedByReact = /^(?:<link [^>]*>|<meta [^>]*>|<title>[^<]*<\/title>)*/;
const titleElement = /<title>[^<]*<\/title>/;

/** The app's entry as index.html asks for it, and the modules preloaded with it (index.html's and the hints'). */
const appEntry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const modulePreload = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * `html` (index.html with its hints) with the first screen inside `#root` and its data after it.
 *
 * The page asks for no more code than `drawnPageEntry` (the web app's drawn-page.ts, a file of the
 * build) before it shows: the app's entry and the modules preloaded with it are named on that
 * script's element, which loads them once the page has loaded and painted (decision 050). On a
 * phone's network, the stylesheet and the photo the page shows first no longer share the line with
 * the app's code, and a mobile Lighthouse run no longer counts the code before the largest paint.
 */
export function withFirstScreen(html: string, screen: Pick<FirstScreen, 'html' | 'script'>, drawnPageEntry: string): string {
  const hoisted = hoistedByReact.exec(screen.html)![0];
  const title = titleElement.exec(hoisted)?.[0];
  const links = hoisted.replace(titleElement, '');
  // The hrefs come from index.html and page-hints.ts, escaped for an attribute already.
  const preloads = [...html.matchAll(modulePreload)].map((match) => match[1]);
  // Replacer functions: the page's text may hold `$&` or `$'`, which a replacement string would expand.
  return (title ? html.replace(titleElement, () => title) : html)
    .replace(modulePreload, '')
    .replace(appEntry, (_tag, app: string) => `<script type="module" crossorigin src="/${drawnPageEntry}" data-app="${app}" data-preload="${preloads.join(' ')}"></script>`)
    .replace('</head>', () => `${links}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${screen.html.slice(hoisted.length)}</div>${screen.script}`);
}
