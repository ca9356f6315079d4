/**
 * The authorization matrix (authorization-matrix.ts), first half: the route table, and every route
 * from the shell to bookings as anonymous, buyer, another buyer, seller, another seller and admin.
 */
import { describe, expect, it } from 'vitest';
import { checkEveryPersona, mainRoutes, RULES_TO_BOOKINGS, setUpMatrix, specs, stripeRoutes, t } from './authorization-matrix.ts';
import { routeRules } from './route-rules.ts';

setUpMatrix('the route table and the routes from the shell to bookings');

describe('the route table', () => {
  it('has a rule for every /api route the server registers (and the crawlers’ files at the root), and no rule for a route that does not exist', () => {
    const registered = new Set([...mainRoutes, ...stripeRoutes]);
    expect(mainRoutes.size).toBeGreaterThan(30);
    const withoutRule = [...registered].filter((r) => !(r in routeRules));
    const withoutRoute = Object.keys(routeRules).filter((r) => !registered.has(r));
    expect(withoutRule, 'routes without a rule in test/route-rules.ts').toEqual([]);
    expect(withoutRoute, 'rules naming no registered route').toEqual([]);
    // The test processor's routes exist only with PAYMENTS=test, the webhook only with PAYMENTS=stripe.
    const testProcessorOnly = Object.keys(routeRules).filter((r) => r.includes(' /api/test-processor/'));
    expect(testProcessorOnly).toHaveLength(3);
    for (const r of testProcessorOnly) expect(mainRoutes.has(r) && !stripeRoutes.has(r), r).toBe(true);
    expect(mainRoutes.has('POST /api/stripe/webhook')).toBe(false);
    expect(stripeRoutes.has('POST /api/stripe/webhook')).toBe(true);
    // And the route table agrees with the router itself.
    for (const key of mainRoutes) {
      const [method, url] = key.split(' ') as [string, string];
      expect(t.app.hasRoute({ method: method as 'GET', url }), key).toBe(true);
    }
  });

  it('has a call for every rule', () => {
    expect(Object.keys(specs).sort()).toEqual(Object.keys(routeRules).sort());
  });
});

describe('every route as anonymous, buyer, another buyer, seller, another seller and admin', () => {
  // One test per route, in the order of route-rules.ts.
  it.each(RULES_TO_BOOKINGS)('%s', checkEveryPersona);
});
