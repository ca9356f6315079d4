/**
 * The search copy's own work per search, without HTTP or PostgreSQL's page query: loads the copy of
 * `bench_placed_<cars>` (a database bench/million.ts seeded in BENCH_MILLION_DIR) in this process,
 * then runs each list of bench/searches.ts through CarIndex.search twice, one search after another,
 * and prints the mean, median and p95 per search. The radius searches' Near is measured from the
 * seeded cities' centres (CITIES), as the server's gazetteer would give them.
 * `BENCH_MILLION_DIR=<dir> npx tsx bench/copy-speed.ts 1000000`
 */
import path from 'node:path';
import { searchQuery } from '@second-gear/contract';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres.ts';
import { createPool } from '../apps/server/src/db/pool.ts';
import { LiveCarIndex } from '../apps/server/src/modules/search/live-index.ts';
import { withDatabase } from '../apps/server/test/database-url.ts';
import { benchDatabase } from './million.ts';
import { searchLists } from './searches.ts';
import { CITIES } from './seed.ts';

const dir = process.env.BENCH_MILLION_DIR;
if (!dir) throw new Error('BENCH_MILLION_DIR names the directory where bench/million.ts seeded its databases');
const db = await startEmbeddedPostgres(path.join(dir, 'db'), () => {});
const pool = createPool(withDatabase(db.url, benchDatabase(Number(process.argv[2] ?? 1_000_000))), 4);
const startedAt = performance.now();
const { cars, makes } = await new LiveCarIndex(pool).current().finally(() => pool.end());
await db.stop();
console.log(`loaded ${cars.size.toLocaleString('en-US')} cars in ${Math.round(performance.now() - startedAt)} ms`);
const lists = searchLists(Object.fromEntries(makes.map((m) => [m.name, m.id])));
const names = new Map(makes.map((m) => [m.id, m.name]));
for (const [kind, list] of Object.entries(lists)) {
  const queries = list.map((p) => searchQuery.parse(Object.fromEntries(new URLSearchParams(p.split('?')[1]))));
  for (let round = 1; round <= 2; round++) {
    const times = queries.map((q) => {
      const t = performance.now();
      const city = CITIES.find((c) => c.zip === q.near);
      cars.search(q, undefined, names, city && { lat: city.lat, lon: city.lon });
      return performance.now() - t;
    });
    times.sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    const at = (p: number) => times[Math.ceil(p * times.length) - 1]!.toFixed(2);
    console.log(`${kind}, round ${round}: mean ${mean.toFixed(2)} ms, median ${at(0.5)}, p95 ${at(0.95)}`);
  }
}
