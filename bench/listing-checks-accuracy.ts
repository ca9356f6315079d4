/**
 * `npm run bench:listing-checks`: how well the listing checks tell suspicious listings from honest
 * ones: 100 honest and 30 suspicious listings (10 with a photo of another seller's
 * car cropped 2–5%, resized and saved again as JPEG, 10 with a VIN of another year or make, 10 priced
 * 40% below the known price function) in an embedded PostgreSQL of their own, checked by the
 * product's code. Prints the share of suspicious listings flagged (target ≥ 90%) and of honest ones
 * (target ≤ 5%). Seeded: the same figures on every run (LISTING_CHECKS_SEED, default 19).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../apps/server/src/db/embedded-postgres.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createPool } from '../apps/server/src/db/pool.ts';
import { measureDetection } from './listing-checks-detection.ts';

const HONEST = 100;
const PER_KIND = 10;
const SEED = Number(process.env.LISTING_CHECKS_SEED ?? 19);
const TARGETS = { detection: 0.9, falsePositives: 0.05 };

const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-listing-checks-'));
// PostgreSQL runs as the `postgres` user when we are root; it must reach its directory.
fs.chmodSync(tmpDir, 0o755);
let embedded: EmbeddedDatabase | undefined;

try {
  embedded = await startEmbeddedPostgres(path.join(tmpDir, 'db'), (msg) => process.stderr.write(`[bench] ${msg}\n`));
  const pool = createPool(embedded.url, 4);
  try {
    await migrate(pool);
    const started = Date.now();
    const d = await measureDetection(pool, { honest: HONEST, perKind: PER_KIND, seed: SEED, pictureWidth: 800 });
    const suspicious = d.suspicious.reduce((n, k) => n + k.listings, 0);
    const caught = d.suspicious.reduce((n, k) => n + k.flagged, 0);
    const detection = caught / suspicious;
    const falsePositives = d.falsePositives.length / d.honest;
    console.log(`listing checks: ${d.honest} honest and ${suspicious} suspicious listings, seed ${SEED} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    for (const k of d.suspicious) console.log(`  ${k.kind}: ${k.flagged}/${k.listings} flagged (${k.byItsCheck} by the check meant for it)`);
    for (const [i, c] of d.checks.entries()) {
      const kind = d.suspicious[i]!;
      const precision = c.flagged ? `${(100 * c.ofItsKind / c.flagged).toFixed(1)}%` : 'n/a (flagged none)';
      console.log(`  check ${c.check}: precision ${precision} (${c.ofItsKind} of the ${c.flagged} it flagged), recall ${(100 * kind.byItsCheck / kind.listings).toFixed(1)}% (${kind.byItsCheck}/${kind.listings})`);
    }
    console.log(`detection ${(100 * detection).toFixed(1)}% of suspicious listings flagged (target ≥ ${100 * TARGETS.detection}%: ${detection >= TARGETS.detection ? 'ok' : 'MISSED'})`);
    console.log(
      `false positives ${(100 * falsePositives).toFixed(1)}% of honest listings flagged (target ≤ ${100 * TARGETS.falsePositives}%: ${falsePositives <= TARGETS.falsePositives ? 'ok' : 'MISSED'})`,
    );
    for (const f of d.falsePositives) console.log(`  ${f.productName}: ${f.flags.join(', ')}`);
    console.log(`(${d.honestPriced} of the ${d.honest} honest prices had a fair price to compare with)`);
  } finally {
    await pool.end();
  }
} finally {
  await embedded?.stop().catch(() => {});
  fs.rmSync(tmpDir, { recursive: true, force: true });
}
