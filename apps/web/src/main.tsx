import { type ReactNode, startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import { AppProviders } from './app/providers.tsx';
import { appRoutes } from './app/router.tsx';
import { moveEarlierVisitorNear } from './features/settings/index.ts';
import { readFirstScreenData } from './first-screen.ts';
import { handOverFieldsChangedBeforeTakeover, keepChoicesThroughTheirChange } from './lib/fields-changed-before-takeover.ts';
import { createQueryClient } from './lib/query-client.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const queryClient = createQueryClient();
const routes = appRoutes(queryClient);
// A public page the server drew (entry-server.tsx) comes with the data it was drawn from; one drawn
// without the visitor's Near, which an earlier version kept where the server cannot read it, is
// drawn again here, with it.
const drawn = moveEarlierVisitorNear() ? null : readFirstScreenData();

/**
 * The page's own code before hydrating: a lazy route not yet loaded would render its fallback, not
 * the page the server drew.
 */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/**
 * Once the app has taken over a page the server drew, hands the app what the person did there
 * before: what they typed or chose in the fields (only in a page it hydrated: one it drew anew has
 * fields of its own), then the taps and forms sent that drawn-page.ts held. A layout effect: before
 * any render can draw the fields anew. It wraps the app rather than sitting beside it: a sibling
 * would change every `useId` below from the ones the server drew (React numbers ids by siblings).
 */
function TakeOverDrawnPage({ hydrated, children }: { hydrated: boolean; children: ReactNode }) {
  useLayoutEffect(() => {
    if (hydrated) handOverFieldsChangedBeforeTakeover(root!);
    // In a task of their own: a form sent then finds the fields' values drawn, as a person's would.
    setTimeout(() => window.drawnPage?.takenOver(), 0);
  }, [hydrated]);
  return children;
}

async function start() {
  if (drawn) {
    keepChoicesThroughTheirChange();
    hydrate(queryClient, drawn.queries);
    await loadMatchedRoutes();
  }
  const router = createBrowserRouter(routes, drawn ? { hydrationData: drawn.router } : undefined);
  const app = (
    <StrictMode>
      <AppProviders client={queryClient} session={drawn?.session}>
        <TakeOverDrawnPage hydrated={drawn !== null}>
          <RouterProvider router={router} />
        </TakeOverDrawnPage>
      </AppProviders>
    </StrictMode>
  );
  // The first render as a transition: React renders it in slices that yield to the browser, instead of
  // one long task that keeps a slow phone from answering a tap until the whole page is built.
  startTransition(() => {
    if (drawn) hydrateRoot(root!, app);
    else createRoot(root!).render(app);
  });
}

void start();
