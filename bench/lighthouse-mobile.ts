/**
 * `npm run bench:lighthouse` (and the end of `npm run bench`): mobile Lighthouse (a 412 px phone,
 * simulated slow 4G and a 4× slower CPU) on the home, login and category pages, three runs each,
 * printed as the median and every run. Its performance score is a timing that the machine's load
 * moves by 10 to 20 points, so it is measured here, on a machine doing nothing else, rather than
 * asserted in `npm test` (docs/decisions/013-lighthouse-mobile-is-measured-not-asserted.md); the
 * tests keep its accessibility side as axe at the same width (e2e/phone-accessibility.spec.ts).
 *
 * The server is the compiled one (`npm run build`), with the demo data in a temporary directory, as
 * the browser journeys run it; it and the directory are removed at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/server/src/free-port.ts';
import { budgetPages, scorePages } from '../e2e/lighthouse.ts';
import { startOwnServer, stopOwnServer } from '../e2e/own-server.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-bench-lighthouse-'));
const port = await freePort();
const origin = `http://localhost:${port}`;
const server = await startOwnServer(origin, { PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test' });
try {
  // Always three runs a page: the median is the figure, whatever the first run scored.
  const scored = await scorePages('mobile', await budgetPages(origin), () => false);
  console.log(`\nLighthouse mobile (median of three runs):\n${scored.map(({ line }) => `  ${line}`).join('\n')}`);
} finally {
  await stopOwnServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
