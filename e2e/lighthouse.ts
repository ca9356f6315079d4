import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, request as playwrightRequest } from '@playwright/test';
import lighthouse, { desktopConfig } from 'lighthouse';
import { freePort } from '../apps/server/src/free-port.ts';
import { fullBrowser } from './browsers.mjs';
import { categoryByName, createUserViaApi, uniqueUser } from './support.ts';

/**
 * Lighthouse on the home, login and category pages: the desktop preset in the tests
 * (e2e/budgets.spec.ts), the mobile one in `npm run bench` (bench/lighthouse-mobile.ts), whose
 * simulated 4× slower CPU makes its performance score a timing that the machine's load moves by 10
 * to 20 points.
 */

export interface Scores {
  performance: number;
  accessibility: number;
  /** Largest Contentful Paint as Lighthouse simulates it for the preset's network and CPU. */
  largestContentfulPaintMs: number;
  failing: string[];
}

/**
 * The two ways Lighthouse looks at a page. `desktop`: its DESKTOP preset (`desktopConfig` of the
 * lighthouse package: desktop screen and user agent, simulated throttling of 40 ms RTT, 10 Mbps and
 * no CPU slowdown). `mobile`: its default config (a 412 px phone, simulated slow 4G: 150 ms RTT,
 * 1.6 Mbps, and a 4× slower CPU), as most visitors of a used-car site come.
 */
const presets = { desktop: desktopConfig, mobile: undefined } as const;
export type Preset = keyof typeof presets;

/** A page Lighthouse loads, with the headers it sends (a session cookie for a signed-in page). */
export interface LighthousePage {
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** What is in the page once it has drawn what it shows (its cars, its form): a CSS selector. */
  drawn: string;
}

/** The pages the budgets hold: home, login, and a category page as a new buyer sees it. */
export async function budgetPages(baseUrl: string): Promise<LighthousePage[]> {
  // The category page needs a session: a new buyer, whose cookie Lighthouse sends with every request.
  const api = await playwrightRequest.newContext({ baseURL: baseUrl, extraHTTPHeaders: { Origin: baseUrl } });
  try {
    await createUserViaApi(api, uniqueUser('Buyer'), baseUrl);
    const toyota = await categoryByName(api, 'Toyota');
    const cookie = (await api.storageState()).cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    if (!cookie) throw new Error('signing up gave no session cookie');
    return [
      { name: 'home', url: `${baseUrl}/`, drawn: 'main article' },
      { name: 'login', url: `${baseUrl}/login`, drawn: 'main form' },
      { name: 'category', url: `${baseUrl}/category/${toyota._id}`, headers: { Cookie: cookie }, drawn: 'main article' },
    ];
  } finally {
    await api.dispose();
  }
}

/** A car and its seller, for the car page and the seller's profile. */
export interface ShownCar {
  _id: string;
  sellerId: string;
}

/**
 * The public pages a phone opens from a search engine's link: home, search, a car's page, its
 * seller's profile and What's my car worth. The car is the first advertised one on the market unless
 * one is given (the journeys give their own: on their shared server another journey may buy any other).
 */
export async function publicPages(baseUrl: string, shown?: ShownCar): Promise<LighthousePage[]> {
  const grid = (await (await fetch(`${baseUrl}/api/advertisement/products`)).json()) as { _id: string; sellerId?: string; paid: boolean }[];
  // On the market (the grid's answer keeps the advertised cars a buyer has paid for; the page hides them).
  const car = shown ?? grid.find((advertised) => advertised.sellerId && !advertised.paid);
  if (!car) throw new Error('no car on the market is advertised with its seller');
  return [
    { name: 'home', url: `${baseUrl}/`, drawn: 'main article' },
    { name: 'search', url: `${baseUrl}/search`, drawn: 'main article' },
    { name: 'car page', url: `${baseUrl}/cars/${car._id}`, drawn: 'main [aria-roledescription="gallery"] img' },
    { name: 'seller profile', url: `${baseUrl}/sellers/${car.sellerId}`, drawn: 'main article' },
    { name: 'value', url: `${baseUrl}/value`, drawn: 'main form' },
  ];
}

/**
 * The pages mobile Lighthouse scores (bench/lighthouse-mobile.ts) and axe checks at its width
 * (e2e/phone-accessibility.spec.ts): the public pages, held to targets, then the budget pages not among them.
 */
export async function phonePages(baseUrl: string, shown?: ShownCar): Promise<{ targeted: LighthousePage[]; others: LighthousePage[] }> {
  const targeted = await publicPages(baseUrl, shown);
  const others = (await budgetPages(baseUrl)).filter(({ name }) => !targeted.some((page) => page.name === name));
  return { targeted, others };
}

/** One page's scores: the median of its runs. */
export interface PageScores extends Scores {
  /** `home: performance 97, accessibility 100`, with every run when there were more. */
  line: string;
}

/**
 * Scores each page with `preset` in Debian's Chromium, started with a remote debugging port for
 * Lighthouse. Scores vary from run to run, the more so on a busy machine: one run per page, and a
 * page that does not `meet` its target gets two more runs and is judged by the median of its three
 * (Lighthouse's own advice on variability).
 */
export async function scorePages(preset: Preset, pages: LighthousePage[], meets: (scores: Scores) => boolean): Promise<PageScores[]> {
  const port = await freePort();
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'second-gear-lighthouse-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: fullBrowser,
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
  try {
    const scored: PageScores[] = [];
    for (const { name, url, headers } of pages) {
      const run = () => runLighthouse(preset, port, url, headers);
      const runs = [await run()];
      if (!meets(runs[0]!)) runs.push(await run(), await run());
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const performance = median(runs.map((scores) => scores.performance));
      const accessibility = median(runs.map((scores) => scores.accessibility));
      const largestContentfulPaintMs = median(runs.map((scores) => scores.largestContentfulPaintMs));
      const failing = [...new Set(runs.flatMap((scores) => scores.failing))];
      const line =
        `${name}: performance ${performance}, accessibility ${accessibility}, LCP ${(largestContentfulPaintMs / 1000).toFixed(1)} s` +
        (runs.length > 1 ? ` (median of ${runs.length} runs: ${runs.map((scores) => `${scores.performance}/${scores.accessibility}`).join(', ')})` : '');
      console.log(`Lighthouse ${preset} ${line}${failing.length ? `\n  audits below 1: ${failing.join('; ')}` : ''}`);
      scored.push({ performance, accessibility, largestContentfulPaintMs, failing, line });
    }
    return scored;
  } finally {
    await context.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** Lighthouse with `preset`, performance and accessibility categories only. */
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
    largestContentfulPaintMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    failing,
  };
}
