import { afterAll, beforeAll, expect, it } from 'vitest';
import { measureDetection } from '../../../../../bench/listing-checks-detection.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('flags the suspicious listings of a small generated set and no honest one (npm run bench:listing-checks, in small)', async () => {
  const d = await measureDetection(t.pool, { honest: 20, perKind: 3, seed: 19, pictureWidth: 320 });
  expect(d.suspicious).toEqual([
    { kind: 'reused photo', listings: 3, flagged: 3, byItsCheck: 3 },
    { kind: 'mismatched VIN', listings: 3, flagged: 3, byItsCheck: 3 },
    { kind: 'price 40% below', listings: 3, flagged: 3, byItsCheck: 3 },
    { kind: 'implausible details', listings: 3, flagged: 3, byItsCheck: 3 },
  ]);
  // The new check flags only what it is meant for.
  expect(d.checks.find((c) => c.check === 'plausibility')).toEqual({ check: 'plausibility', flagged: 3, ofItsKind: 3 });
  expect(d.falsePositives).toEqual([]);
  expect(d.honestPriced).toBe(20);
});
