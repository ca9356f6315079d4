import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { SessionUser } from '@second-gear/contract';

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

export function firstScreenScript(data: FirstScreenData): string {
  // `<` escaped: a seller's description holding `</script>` cannot end the element early.
  return `<script type="application/json" id="${ELEMENT_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/** The data of the page the server drew, or null when the browser draws the page itself. */
export function readFirstScreenData(): FirstScreenData | null {
  const text = document.getElementById(ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as FirstScreenData) : null;
}
