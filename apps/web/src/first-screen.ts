import { defaultShouldDehydrateQuery, dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { SessionUser } from '@second-gear/contract';
import { ApiError, isClientError } from './lib/api.ts';

/**
 * A page the server drew (entry-server.tsx) carries the data it was drawn from, so the browser's first
 * render (main.tsx) is the same page and takes it over instead of asking again. It travels as JSON in
 * a script element the browser does not run: the Content-Security-Policy refuses inline scripts.
 */
const ELEMENT_ID = 'first-screen-data';

export interface FirstScreenData {
  /** The queries the page's loaders answered (react-query's dehydrated cache). */
  queries: DehydratedState;
  /** The router's own loader data. */
  router: HydrationState;
  /** Who the page was drawn for (`user` null: nobody signed in); absent when the session could not be read. */
  session?: { user: SessionUser | null };
}

/** What the server puts in the page: the markup inside `#root`, and the data's script element after it. */
export interface FirstScreen {
  html: string;
  script: string;
}

/**
 * The queries a page was drawn from, for the browser: the answers, and the refusals (a 4xx: a seller
 * who is not there), which the page drew as its own words, so that the browser's first render draws
 * them too instead of waiting for an answer the server already had. A failure (a 5xx, a dropped
 * connection) is left out: the browser asks again.
 */
export function drawnQueries(queryClient: QueryClient): DehydratedState {
  return dehydrate(queryClient, { shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || (query.state.status === 'error' && isClientError(query.state.error)) });
}

/** A refusal in the page's data: an ApiError's fields (JSON keeps no class, nor an Error's message). */
const refusalKey = '$refusal';

export function firstScreenScript(data: FirstScreenData): string {
  const json = JSON.stringify(data, (_key, value: unknown) =>
    value instanceof ApiError ? { [refusalKey]: { message: value.message, status: value.status, code: value.code, fields: value.fields } } : value,
  );
  // `<` escaped: a seller's description holding `</script>` cannot end the element early.
  return `<script type="application/json" id="${ELEMENT_ID}">${json.replace(/</g, '\\u003c')}</script>`;
}

/** The data of the page the server drew, or null when the browser draws the page itself. */
export function readFirstScreenData(): FirstScreenData | null {
  const text = document.getElementById(ELEMENT_ID)?.textContent;
  if (!text) return null;
  return JSON.parse(text, (_key, value: unknown) => {
    if (typeof value !== 'object' || value === null || !(refusalKey in value)) return value;
    const { message, status, code, fields } = (value as { [refusalKey]: Pick<ApiError, 'message' | 'status' | 'code' | 'fields'> })[refusalKey];
    return new ApiError(message, status, code, fields);
  }) as FirstScreenData;
}
