import type { Pool } from 'pg';
import type { SearchResult } from '@second-gear/contract';
// The server's statements come from its modules, which are typed against the app's Fastify decorations.
import type {} from '../apps/server/src/app.ts';
import { CHANGED_CARS_SQL, EVERY_CAR_SQL, LOOK_SQL } from '../apps/server/src/modules/search/live-index.ts';
import { PAGE_SQL } from '../apps/server/src/modules/search/service.ts';

/**
 * EXPLAIN ANALYZE of every statement one search runs, with the values of a real search (the page's
 * ids come from the API's answer), and whether any of them reads the products table from end to
 * end. The copy's first load does, once per process (and after an hour without a search): shown
 * apart, as it is not a search's statement.
 */
export async function explainSearch(pool: Pool, origin: string, cookie: string, searchPath: string): Promise<string> {
  const answer = (await (await fetch(`${origin}${searchPath}`, { headers: { cookie } })).json()) as SearchResult;
  const { rows } = await pool.query<{ xmin: string }>('select pg_snapshot_xmin(pg_current_snapshot())::text as xmin');
  const plan = async (sql: string, values: unknown[]) => {
    const { rows: lines } = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing off, summary off) ${sql}`, values);
    return lines.map((l) => l['QUERY PLAN']).join('\n');
  };
  const statements = [
    ['is the copy up to date? (and the makes)', await plan(LOOK_SQL, [rows[0]!.xmin])],
    ['bring the copy up to date (when something changed)', await plan(CHANGED_CARS_SQL, [rows[0]!.xmin])],
    [`the page's ${answer.results.length} cars by id`, await plan(PAGE_SQL, [answer.results.map((r) => r._id)])],
  ] as const;
  const seqScan = statements.filter(([, p]) => /Seq Scan on products/.test(p)).map(([name]) => name);
  const first = await plan(EVERY_CAR_SQL, []);
  return [
    `Plans of one search's statements (${searchPath}), ${answer.total} cars found:`,
    ...statements.map(([name, p]) => `\n-- ${name}\n${p}`),
    `\nNo sequential scan of products in a search's statements: ${seqScan.length === 0 ? 'ok' : `MISSED (${seqScan.join(', ')})`}`,
    `\n-- the copy's first load, once per process, not per search\n${first}`,
  ].join('\n');
}
