import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { categoryPage as categoryPageAnswer } from '@second-gear/contract';
import { jsonText } from '../../http/json-bytes.ts';
import { categoryPage, categoryPageText } from './service.ts';

/**
 * One page of a category's cars as `GET /api/category/{id}` sends it, from the catalog's read cache:
 * the route and the category page's HTML hints (site/page-hints.ts) ask for the same first page, so
 * a page load queries it once and the browser's preloaded request is answered from the cache.
 */
export function cachedCategoryPage(app: FastifyInstance, id: string, { cursor, limit }: { cursor?: string | undefined; limit: number }): Promise<Buffer> {
  return app.catalogReads.get(`${categoryKey(id)}${limit} ${cursor ?? ''}`, async () =>
    jsonText(app, categoryPageAnswer, categoryPageText(await categoryPage(app.pg, id, { cursor, limit }))),
  );
}

/** The home page's advertised grid, as signed-in people and as visitors see it. */
export const advertisedKey = (signedIn: boolean) => (signedIn ? 'advertised' : 'advertised anonymous');
const categoryKey = (id: string) => `category ${id} `;

/** Where a car shows in the cached reads: its category's pages, and the advertised grid when it is advertised. */
export interface CatalogPlace {
  categoryId: string;
  advertised: boolean;
}

/** Where the car shows now; null when there is no such car. Read before a write that may move or remove it. */
export async function catalogPlaceOf(pool: Pool, carId: string): Promise<CatalogPlace | null> {
  const { rows } = await pool.query<{ category_id: string; advertised: boolean }>('select category_id, advertised from products where id = $1', [carId]);
  return rows[0] ? { categoryId: rows[0].category_id, advertised: rows[0].advertised } : null;
}

/**
 * Drops the cached reads a write to cars changed: the pages of the cars' categories, and the
 * advertised grid only if one of them is (or was) on it. The other categories' pages stay.
 */
export function forgetCatalogReads(app: FastifyInstance, ...places: (CatalogPlace | null)[]): void {
  const known = places.filter((p): p is CatalogPlace => p !== null);
  const categories = known.map((p) => categoryKey(p.categoryId));
  const advertised = known.some((p) => p.advertised);
  app.catalogReads.forget((key) => categories.some((prefix) => key.startsWith(prefix)) || (advertised && (key === advertisedKey(true) || key === advertisedKey(false))));
}
