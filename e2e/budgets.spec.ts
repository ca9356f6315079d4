import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, expect, request as playwrightRequest, test } from '@playwright/test';
import lighthouse, { desktopConfig } from 'lighthouse';
import { freePort } from '../apps/server/src/free-port.ts';
import { baseUrl, categoryByName, createUserViaApi, uniqueUser } from './support.ts';

/**
 * Web budgets: the home page's JavaScript, and Lighthouse (desktop and mobile)
 * on the home, login and category pages. They run against the built web app (`npm run build`,
 * apps/web/dist) that the e2e server serves.
 */

const distDir = path.resolve(import.meta.dirname, '../apps/web/dist');

/** At most 150 kB of gzipped JavaScript on the home page (entry chunk, lazy chunks and modulepreloads). */
const homeJsBudget = 150 * 1024;

test.describe.configure({ mode: 'serial' });

test('the home page loads at most 150 kB of gzipped JavaScript', async ({ page }) => {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    // Every script the page asks for: <script type=module>, dynamic imports and <link rel=modulepreload>.
    if (url.origin === new URL(baseUrl).origin && (request.resourceType() === 'script' || url.pathname.endsWith('.js'))) {
      scripts.add(url.pathname);
    }
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Best Car For Sale', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: /What Our Customers Say/ })).toBeVisible();

  expect(scripts.size, 'the home page loads scripts').toBeGreaterThan(0);
  const sizes = [...scripts].sort().map((pathname) => {
    const file = path.join(distDir, pathname);
    expect(fs.existsSync(file), `${pathname} is a file of the build in apps/web/dist (run npm run build)`).toBe(true);
    return { pathname, gzip: zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length };
  });
  const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
  const table = sizes.map(({ pathname, gzip }) => `${(gzip / 1024).toFixed(1).padStart(7)} kB  ${pathname}`).join('\n');
  test.info().annotations.push({ type: 'home JavaScript', description: `${(total / 1024).toFixed(1)} kB gzipped\n${table}` });
  console.log(`Home page JavaScript: ${(total / 1024).toFixed(1)} kB gzipped (budget ${homeJsBudget / 1024} kB)\n${table}`);
  expect(total, `gzipped JavaScript of the home page:\n${table}`).toBeLessThanOrEqual(homeJsBudget);
});

interface Scores {
  performance: number;
  accessibility: number;
  failing: string[];
}

/**
 * The two ways Lighthouse looks at a page. `desktop`: its DESKTOP preset (`desktopConfig` of the
 * lighthouse package: desktop screen and user agent, simulated throttling of 40 ms RTT, 10 Mbps and
 * no CPU slowdown). `mobile`: its default config (a 412 px phone, simulated slow 4G: 150 ms RTT,
 * 1.6 Mbps, and a 4× slower CPU), as most visitors of a used-car site come.
 */
const presets = { desktop: desktopConfig, mobile: undefined } as const;
type Preset = keyof typeof presets;

/**
 * The performance score each preset must reach here. Mobile's (simulated slow 4G and a 4× slower CPU)
 * is a timing that the machine's load moves by 10 to 20 points: it is printed and kept
 * as an annotation, and measured on a quiet machine for docs/performance.md, rather than failing
 * a run on the machine's load. Accessibility must be 100 on both.
 */
const performanceBudget: Record<Preset, number | null> = { desktop: 90, mobile: null };

/**
 * Lighthouse with `preset`, performance and accessibility categories only, against Debian's
 * Chromium started by Playwright with a remote debugging port.
 */
async function runLighthouse(preset: Preset, port: number, url: string, extraHeaders?: Record<string, string>, attempt = 1): Promise<Scores> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], ...(extraHeaders ? { extraHeaders } : {}) },
    presets[preset],
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) {
    // A run whose trace recording failed (NO_NAVSTART, NO_FCP: "Please run Lighthouse again") measured
    // nothing; it is run again, up to four times in all. On a loaded machine Chrome sometimes drops
    // the trace's bookkeeping events twice in a row (seen in `npm test`, GoogleChrome/lighthouse#7118).
    if (attempt < 4) return runLighthouse(preset, port, url, extraHeaders, attempt + 1);
    throw new Error(`Lighthouse failed on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  }
  const failing = Object.values(audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
    .map((audit) => `${audit.id}: ${audit.score} ${audit.displayValue ?? ''}`.trim());
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    failing,
  };
}

for (const preset of Object.keys(presets) as Preset[]) {
  const budget = performanceBudget[preset];
  const title = budget === null ? 'performance printed' : `performance ≥ ${budget}`;
  test(`Lighthouse (${preset}): ${title} and accessibility 100 on the home, login and category pages`, async () => {
    // About a minute when every page meets its target at once (mobile runs are longer); up to three runs more per page when not.
    test.setTimeout(preset === 'mobile' ? 360_000 : 240_000);

    // The category page needs a session: a new buyer, whose cookie Lighthouse sends with every request.
    const api = await playwrightRequest.newContext({ baseURL: baseUrl, extraHTTPHeaders: { Origin: baseUrl } });
    await createUserViaApi(api, uniqueUser('Buyer'), baseUrl);
    const toyota = await categoryByName(api, 'Toyota');
    const cookie = (await api.storageState()).cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    expect(cookie).not.toBe('');
    await api.dispose();

    const port = await freePort();
    const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'second-gear-lighthouse-'));
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        `--remote-debugging-port=${port}`,
      ],
    });
    const pages: [string, string, Record<string, string> | undefined][] = [
      ['home', `${baseUrl}/`, undefined],
      ['login', `${baseUrl}/login`, undefined],
      ['category', `${baseUrl}/category/${toyota._id}`, { Cookie: cookie }],
    ];
    const report: string[] = [];
    try {
      for (const [name, url, headers] of pages) {
        // Lighthouse's scores vary from run to run, the more so on a busy machine (the other e2e worker,
        // the server under test). One run per page; a page under target gets two more runs and is judged
        // by the median of its three (Lighthouse's own advice on variability: take the median of runs).
        const run = () => runLighthouse(preset, port, url, headers);
        const runs = [await run()];
        const meets = (scores: Scores) => (budget === null || scores.performance >= budget) && scores.accessibility === 100;
        if (!meets(runs[0]!)) runs.push(await run(), await run());
        const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
        const performance = median(runs.map((scores) => scores.performance));
        const accessibility = median(runs.map((scores) => scores.accessibility));
        const failing = [...new Set(runs.flatMap((scores) => scores.failing))];
        const line =
          `${name}: performance ${performance}, accessibility ${accessibility}` +
          (runs.length > 1 ? ` (median of ${runs.length} runs: ${runs.map((scores) => `${scores.performance}/${scores.accessibility}`).join(', ')})` : '');
        report.push(line);
        console.log(`Lighthouse ${preset} ${line}${failing.length ? `\n  audits below 1: ${failing.join('; ')}` : ''}`);
        if (budget !== null) expect.soft(performance, `${line}\n${failing.join('\n')}`).toBeGreaterThanOrEqual(budget);
        expect.soft(accessibility, `${line}\n${failing.join('\n')}`).toBe(100);
      }
    } finally {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    }
    test.info().annotations.push({ type: `Lighthouse (${preset})`, description: report.join('\n') });
  });
}
