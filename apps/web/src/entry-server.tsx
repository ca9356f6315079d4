import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { appRoutes } from './app/router.tsx';
import { sendApiCallsWith, type ApiTransport } from './lib/api.ts';
import { createQueryClient } from './lib/query-client.ts';
import { siteQuery } from './lib/site.ts';
import { getSession } from './features/auth/auth-api.ts';
import { categoriesQuery, prefetchCarStanding } from './features/catalog/index.ts';
import { prefetchReaderPlace } from './features/places/index.ts';
import { prefetchKeptNear } from './features/settings/index.ts';
import { drawnQueries, firstScreenScript, type FirstScreen } from './first-screen.ts';

/**
 * The first screen of a page drawn on the server (the server's site module calls this for the public
 * pages), so a phone shows the page, its words and its photo, before the app's code has arrived;
 * the browser then hydrates it (main.tsx) with the data it was drawn from.
 *
 * Each page's calls to the API are answered by the server itself with the visitor's cookie. Pages are
 * drawn side by side, so the transport of the page being drawn is found through the server's
 * AsyncLocalStorage (Node's; this module stays free of Node's types).
 */
export interface PageTransports {
  run<T>(send: ApiTransport, draw: () => T): T;
  getStore(): ApiTransport | undefined;
}

let transports: PageTransports | undefined;

/** Called once by the server, before any page is drawn. */
export function drawPagesWith(storage: PageTransports): void {
  transports = storage;
  sendApiCallsWith((url, init) => {
    const send = storage.getStore();
    if (!send) return Promise.reject(new Error(`An API call outside a page being drawn: ${url}`));
    return send(url, init);
  });
}

/**
 * The page at `url` as the app draws it on arrival, or null where the browser must draw it: a
 * loader redirected or failed (the route's error screen is the browser's to show, with its retry).
 */
export function renderFirstScreen(url: URL, send: ApiTransport, cookies: string | undefined): Promise<FirstScreen | null> {
  if (!transports) throw new Error('drawPagesWith() was not called');
  return transports.run(send, async () => {
    const queryClient = createQueryClient({ onServer: true });
    // What every drawn page's frame shows beside its own data: who is signed in (the menu, the car's
    // actions), the site's settings (the test-payments banner, the maps) and the makes (home, the
    // search's filters, the value page), so none of it comes in later and moves the page. A failure
    // leaves it to the browser.
    const [session] = await Promise.all([
      getSession().then((answer) => ({ user: answer?.user ?? null }), () => undefined),
      queryClient.prefetchQuery(siteQuery),
      queryClient.prefetchQuery(categoriesQuery),
    ]);
    const handler = createStaticHandler(appRoutes(queryClient));
    const [context] = await Promise.all([
      handler.query(new Request(url)),
      // Beside the page's own data: the reader's kept Near and its point, which the search opens with
      // and the cards measure from, so the cards are drawn as the reader will see them.
      prefetchKeptNear(queryClient, { signedIn: Boolean(session?.user), cookies }).then((kept) => prefetchReaderPlace(queryClient, url.searchParams.get('near'), kept.nearZip)),
      // And a signed-in person's standing (roles, a buyer's orders and wishlist), which the cards and a car's actions show.
      session?.user ? prefetchCarStanding(queryClient, session.user.email) : undefined,
    ]);
    if (context instanceof Response || context.errors) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(
      <StrictMode>
        <AppProviders client={queryClient} session={session}>
          {/* The router's data travels with the queries' (first-screen.ts): not as an inline script, which the CSP refuses. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    );
    return { html, script: firstScreenScript({ queries: drawnQueries(queryClient), router: { loaderData: context.loaderData, actionData: context.actionData }, session }) };
  });
}
