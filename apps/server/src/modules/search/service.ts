import type { Pool } from 'pg';
import { bodyTypes, conditions, fuels, transmissions, type LatLon, type SearchQuery, type SearchResult, type SearchSort } from '@second-gear/contract';
import { badCursor } from '../../errors.ts';
import { ON_MARKET } from '../cars/market.ts';
import { jsonArray } from '../../http/json-bytes.ts';
import { PRODUCT_FROM, PRODUCT_JSON, type ProductJson } from '../cars/product.ts';
import { sortKeys, type Facet, type Position } from './car-index.ts';
import type { LiveCarIndex } from './live-index.ts';

/** The cursor names its sort, so that a page of one sort never continues another. */
const encodeCursor = (sort: SearchSort, { key, id }: Position) => Buffer.from(JSON.stringify([sort, String(key), id])).toString('base64url');
function decodeCursor(raw: string, sort: SearchSort): Position {
  try {
    const [s, key, id] = JSON.parse(Buffer.from(raw, 'base64url').toString()) as unknown[];
    const keyPattern = sortKeys[sort].integer ? /^-?[0-9]{1,16}$/ : /^(-?[0-9]{1,20}(\.[0-9]{1,20})?(e[+-]?[0-9]{1,3})?|Infinity)$/;
    if (s === sort && typeof key === 'string' && keyPattern.test(key) && typeof id === 'string' && uuidPattern.test(id)) return { key: Number(key), id };
  } catch {
    // fall through
  }
  throw badCursor();
}
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The statement of a search besides looking at the copy (exported for the benchmark's plans). */
export const PAGE_SQL = `select p.id, ${PRODUCT_JSON} as product from ${PRODUCT_FROM} where p.id = any($1::uuid[]) and ${ON_MARKET}`;

/** A search's answer whose cars are their JSON texts (PRODUCT_JSON), as the answer is assembled from them. */
export type SearchResultOfJson = Omit<SearchResult, 'results'> & { results: ProductJson[] };

/**
 * One page of the cars on the market matching every filter, in the chosen sort with the id as the
 * tie-breaker, continuing after the cursor; with the total and every facet's option counts. The
 * matching and counting are done over this process's copy of the cars (live-index.ts); the page's
 * cars are then read from PostgreSQL by id. `near` is the centre of the query's Near (nearOf).
 */
export async function search(pool: Pool, cars: LiveCarIndex, q: SearchQuery, near?: LatLon): Promise<SearchResultOfJson> {
  const after = q.after ? decodeCursor(q.after, q.sort) : undefined;
  const { cars: index, makes } = await cars.current();
  const answer = index.search(q, after, new Map(makes.map((m) => [m.id, m.name])), near);
  const shown = answer.page.slice(0, q.limit);
  // Prepared once per connection: planning this join cost more than running it.
  const { rows } = await pool.query<{ id: string; product: ProductJson }>({ name: 'search-page', text: PAGE_SQL, values: [shown.map((p) => p.id)] });
  const byId = new Map(rows.map((r) => [r.id, r.product]));
  const last = shown.at(-1);
  const option = (facet: Facet, value: string, label = value) => ({ value, label, count: answer.counts[facet].get(value) ?? 0 });
  return {
    // A car sold since the copy was brought up to date is left out rather than shown.
    results: shown.flatMap((p) => byId.get(p.id) ?? []),
    total: answer.total,
    nextCursor: answer.page.length > q.limit && last ? encodeCursor(q.sort, last) : null,
    counts: {
      make: makes.map((m) => option('make', m.id, m.name)),
      fuel: fuels.map((v) => option('fuel', v)),
      transmission: transmissions.map((v) => option('transmission', v)),
      bodyType: bodyTypes.map((v) => option('bodyType', v)),
      condition: conditions.map((v) => option('condition', v)),
    },
  };
}

/** A search's answer as JSON text, in the schema's order. */
export function searchResultText(answer: SearchResultOfJson): string {
  return `{"results":${jsonArray(answer.results)},"total":${answer.total},"nextCursor":${JSON.stringify(answer.nextCursor)},"counts":${JSON.stringify(answer.counts)}}`;
}
