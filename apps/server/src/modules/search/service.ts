import type { Pool } from 'pg';
import { bodyTypes, conditions, fuels, transmissions, type SearchQuery, type SearchResult, type SearchSort } from '@second-gear/contract';
import type { Actor } from '../../auth/actor.ts';
import { badCursor, ON_MARKET, PRODUCT_COLUMNS, PRODUCT_FROM, toProduct, type ProductRow } from '../catalog/service.ts';

/** Each sort: its key (indexed by migration 0012 over the cars on the market), its direction and the key's type for the cursor. */
const sorts: Record<SearchSort, { key: string; desc: boolean; type: string }> = {
  newest: { key: 'p.posting_time', desc: true, type: 'timestamptz' },
  'price-asc': { key: 'p.resale_price', desc: false, type: 'integer' },
  'price-desc': { key: 'p.resale_price', desc: true, type: 'integer' },
  'mileage-asc': { key: 'p.mileage_km', desc: false, type: 'float8' },
  'year-desc': { key: 'p.year_key', desc: true, type: 'integer' },
};

/**
 * The filters with options and counts, as the query names them, with their column. Each option's
 * count is taken under every other filter but not its own.
 */
const facets = {
  make: 'p.category_id',
  fuel: 'p.fuel',
  transmission: 'p.transmission',
  bodyType: 'p.body_type',
  condition: 'p.condition',
} as const;
type Facet = keyof typeof facets;
const facetNames = Object.keys(facets) as Facet[];
const facetOptions = { fuel: fuels, transmission: transmissions, bodyType: bodyTypes, condition: conditions } as const;

/** The cursor names its sort, so that a page of one sort never continues another. Values are PostgreSQL's own text, so nothing is rounded. */
const encodeCursor = (sort: SearchSort, key: string, id: string) => Buffer.from(JSON.stringify([sort, key, id])).toString('base64url');
function decodeCursor(raw: string, sort: SearchSort): { key: string; id: string } {
  try {
    const [s, key, id] = JSON.parse(Buffer.from(raw, 'base64url').toString()) as unknown[];
    if (s === sort && typeof key === 'string' && key.length <= 64 && typeof id === 'string' && uuidPattern.test(id)) return { key, id };
  } catch {
    // fall through
  }
  throw badCursor();
}
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const likePattern = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The makes whose name the keyword names (or nearly: "Volkswagon"). Looked up first, so that the
 * searches get the ids as a value: with `in (select …)` the planner could not estimate the `or` and
 * scanned every car instead of combining the keyword's index scans.
 */
async function makesNamed(pool: Pool, keyword: string | undefined): Promise<string[]> {
  if (!keyword) return [];
  const { rows } = await pool.query<{ id: string }>('select id from categories where lower(name) like $1 or $2 <% lower(name)', [
    likePattern(keyword),
    keyword.toLowerCase(),
  ]);
  return rows.map((r) => r.id);
}

/** The conditions of every filter but the facets', as SQL over `p` (products) and `s` (the seller). */
function sharedConditions(q: SearchQuery, makes: string[], params: Params): string[] {
  const where = [ON_MARKET];
  if (q.keyword) {
    const kw = params.add(q.keyword.toLowerCase());
    const like = params.add(likePattern(q.keyword));
    // Trigram word similarity forgives typos ("Volkswagon", "Camry hybird"); LIKE finds what is too
    // short for trigrams; the make's name counts as part of every one of its cars.
    where.push(`(p.search_text like ${like} or ${kw} <% p.search_text or p.category_id = any(${params.add(makes)}::uuid[]))`);
  }
  if (q.model) where.push(`lower(p.model) = lower(${params.add(q.model)})`);
  if (q.minPrice !== undefined) where.push(`p.resale_price >= ${params.add(q.minPrice)}`);
  if (q.maxPrice !== undefined) where.push(`p.resale_price <= ${params.add(q.maxPrice)}`);
  if (q.minYear !== undefined) where.push(`p.year_key >= ${params.add(q.minYear)}`);
  if (q.maxYear !== undefined) where.push(`p.year_key <= ${params.add(q.maxYear)}`);
  if (q.maxMileage !== undefined) where.push(`p.mileage_km <= ${params.add(q.maxMileage)}::float8`);
  if (q.location) where.push(`lower(p.location) like ${params.add(likePattern(q.location))}`);
  if (q.verified) where.push('s.verified');
  return where;
}

/** The condition of one facet's filter, or null when it is not set. */
function facetCondition(q: SearchQuery, facet: Facet, params: Params): string | null {
  const value = q[facet];
  return value === undefined ? null : `${facets[facet]} = ${params.add(value)}${facet === 'make' ? '::uuid' : ''}`;
}

/**
 * One page of the cars on the market matching every filter, in the chosen sort with the id as the
 * tie-breaker, continuing after the cursor; with the total and every facet's option counts.
 */
export async function search(pool: Pool, _viewer: Actor, q: SearchQuery): Promise<SearchResult> {
  const after = q.after ? decodeCursor(q.after, q.sort) : undefined;
  const makes = await makesNamed(pool, q.keyword);
  const [page, counts, categories] = await Promise.all([
    resultsPage(pool, q, makes, after),
    facetCounts(pool, q, makes),
    pool.query<{ id: string; name: string }>('select id, name from categories order by name'),
  ]);
  const option = (facet: Facet, value: string, label = value) => ({ value, label, count: counts.get(facet)?.get(value) ?? 0 });
  return {
    ...page,
    total: counts.get('total')?.get('') ?? 0,
    counts: {
      make: categories.rows.map((c) => option('make', c.id, c.name)),
      fuel: facetOptions.fuel.map((v) => option('fuel', v)),
      transmission: facetOptions.transmission.map((v) => option('transmission', v)),
      bodyType: facetOptions.bodyType.map((v) => option('bodyType', v)),
      condition: facetOptions.condition.map((v) => option('condition', v)),
    },
  };
}

async function resultsPage(pool: Pool, q: SearchQuery, makes: string[], after: { key: string; id: string } | undefined) {
  const params = new Params();
  const where = sharedConditions(q, makes, params);
  for (const facet of facetNames) {
    const condition = facetCondition(q, facet, params);
    if (condition) where.push(condition);
  }
  const { key, desc, type } = sorts[q.sort];
  if (after) where.push(`(${key}, p.id) ${desc ? '<' : '>'} (${params.add(after.key)}::${type}, ${params.add(after.id)}::uuid)`);
  const dir = desc ? 'desc' : 'asc';
  const { rows } = await pool
    .query<ProductRow & { sort_key: string }>(
      `select ${PRODUCT_COLUMNS}, ${key}::text as sort_key from ${PRODUCT_FROM}
        where ${where.join(' and ')}
        order by ${key} ${dir}, p.id ${dir}
        limit ${params.add(q.limit + 1)}`,
      params.values,
    )
    .catch((err: { code?: string }) => {
      // A cursor value PostgreSQL cannot read as its sort's type (a forged cursor): not our error.
      if (after && err.code?.startsWith('22')) throw badCursor();
      throw err;
    });
  const results = rows.slice(0, q.limit);
  const last = results.at(-1);
  return {
    results: results.map(toProduct),
    nextCursor: rows.length > q.limit && last ? encodeCursor(q.sort, last.sort_key, last.id) : null,
  };
}

/**
 * One statement: the cars matching every filter but the facets', each flagged with whether it
 * passes each facet's filter; grouped by each facet, counting the cars that pass every other
 * facet's filter, and once in all (the total).
 */
async function facetCounts(pool: Pool, q: SearchQuery, makes: string[]): Promise<Map<Facet | 'total', Map<string, number>>> {
  const params = new Params();
  const where = sharedConditions(q, makes, params);
  const passes = facetNames.map((f) => `${facetCondition(q, f, params) ?? 'true'} as pass_${f}`);
  const passesAll = (except?: Facet) => facetNames.filter((f) => f !== except).map((f) => `pass_${f}`).join(' and ');
  const { rows } = await pool.query<{ facet: Facet | 'total'; value: string | null; count: number }>(
    `with matching as (
       select p.category_id::text as make, p.fuel, p.transmission, p.body_type as "bodyType", p.condition, ${passes.join(', ')}
         from products p left join users s on s.id = p.seller_id
        where ${where.join(' and ')}
     ), grouped as (
       select grouping(make) as g_make, grouping(fuel) as g_fuel, grouping(transmission) as g_transmission,
              grouping("bodyType") as g_body, grouping(condition) as g_condition,
              make, fuel, transmission, "bodyType", condition,
              ${facetNames.map((f) => `count(*) filter (where ${passesAll(f)})::int as without_${f}`).join(', ')},
              count(*) filter (where ${passesAll()})::int as total
         from matching
        group by grouping sets ((make), (fuel), (transmission), ("bodyType"), (condition), ())
     )
     select case when g_make = 0 then 'make' when g_fuel = 0 then 'fuel' when g_transmission = 0 then 'transmission'
                 when g_body = 0 then 'bodyType' when g_condition = 0 then 'condition' else 'total' end as facet,
            coalesce(make, fuel, transmission, "bodyType", condition) as value,
            case when g_make = 0 then without_make when g_fuel = 0 then without_fuel when g_transmission = 0 then without_transmission
                 when g_body = 0 then without_bodyType when g_condition = 0 then without_condition else total end as count
       from grouped`,
    params.values,
  );
  const counts = new Map<Facet | 'total', Map<string, number>>();
  for (const r of rows) {
    // A car without a fuel (or other optional detail) is in no option of that facet.
    if (r.value === null && r.facet !== 'total') continue;
    if (!counts.has(r.facet)) counts.set(r.facet, new Map());
    counts.get(r.facet)!.set(r.value ?? '', r.count);
  }
  return counts;
}
