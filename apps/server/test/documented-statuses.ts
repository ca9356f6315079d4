import { expect } from 'vitest';

/** The part of an OpenAPI document these checks read. */
export interface ApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, unknown>; security?: unknown[]; requestBody?: unknown; [key: string]: unknown }>>;
}

/**
 * Routes the API document leaves out on purpose: the document itself and its reference page, the
 * page that ends the Google sign-in popup, and the test identity provider (never in production).
 * Everything else the server answers under /api is an operation of the document.
 */
export const undocumented = /^\/api\/(openapi\.json$|docs(\/|$)|auth\/google\/done|test-idp\/)/;

/** The document's path that a concrete path (or a route's `:param` pattern) falls under. */
export function documentedPath(doc: ApiDocument, path: string): string | undefined {
  const template = path.split('?')[0]!.replace(/:([A-Za-z]+)/g, '{$1}');
  if (doc.paths[template]) return template;
  // A concrete path: the static paths first, as the router prefers them.
  const candidates = Object.keys(doc.paths).sort((a, b) => a.split('{').length - b.split('{').length);
  return candidates.find((p) => new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(template));
}

/**
 * Fails unless the document lists `status` for the operation answering `method path`: a client
 * built from the document must expect every answer the server sends.
 */
export function expectDocumented(doc: ApiDocument, method: string, path: string, status: number, context = '') {
  const bare = path.split('?')[0]!;
  // The document is the API's: the crawlers' files at the site's root (/sitemap.xml, /robots.txt) are not in it.
  if (!bare.startsWith('/api') || undocumented.test(bare)) return;
  const found = documentedPath(doc, bare);
  const operation = found ? doc.paths[found]?.[method.toLowerCase()] : undefined;
  expect(operation, `${method} ${bare} is an operation of /api/openapi.json`).toBeDefined();
  expect(Object.keys(operation!.responses ?? {}), `${method} ${found} answered ${status}, which its document does not list ${context}`).toContain(String(status));
}
