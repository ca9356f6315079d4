import { insertCar, insertCategory } from './fixtures.ts';
import { createTestApp, makeAdmin, signUp, type Person, type TestApp } from './harness.ts';

/**
 * The cast a route test acts as, each under one name in every file: a buyer and a seller, another
 * of each (and another admin) for the refusals of "someone else's data", and an admin.
 */
const ROLES = { buyer: 'Buyer', otherBuyer: 'Buyer', seller: 'Seller', otherSeller: 'Seller', admin: 'admin', otherAdmin: 'admin' } as const;
type Persona = keyof typeof ROLES;

interface CastOptions {
  /** How the app is built (createTestApp's options). */
  app?: Parameters<typeof createTestApp>[0];
  /** A category (a make) to list cars in, answered as `categoryId`: its name, or `true` for a made-up one. */
  category?: string | true;
  /** A car of the seller's in that category (a made-up one if none is asked for), answered as `carId`. */
  car?: Parameters<typeof insertCar>[3];
}

type Cast<P extends Persona, O extends CastOptions> = { t: TestApp } & { [K in P]: Person } &
  (O extends { category: string | true } ? { categoryId: string } : unknown) &
  (O extends { car: object } ? { categoryId: string; carId: string } : unknown);

/**
 * One test file's app on a database of its own, and the people it names, signed up through the API
 * (admins promoted as `npm run admin -- promote` does), with a category and a car when asked:
 *
 *     ({ t, buyer, seller, categoryId } = await withPersonas(['buyer', 'seller'], { category: true }));
 *
 * Only the people named are made, so that the files that count people or rows count their own.
 */
export async function withPersonas<const P extends Persona, const O extends CastOptions = Record<never, never>>(
  people: readonly P[],
  options?: O,
): Promise<Cast<P, O>> {
  const t = await createTestApp(options?.app);
  const signedUp = await Promise.all(people.map((name) => (ROLES[name] === 'admin' ? makeAdmin(t) : signUp(t.app, ROLES[name]))));
  const cast: Record<string, unknown> = { t, ...Object.fromEntries(people.map((name, i) => [name, signedUp[i]])) };
  if (options?.category || options?.car) cast.categoryId = await insertCategory(t, options.category === true ? undefined : options.category);
  if (options?.car) {
    if (!cast.seller) throw new Error('a car is the seller’s: name the seller among the people');
    cast.carId = await insertCar(t, cast.seller as Person, cast.categoryId as string, options.car);
  }
  return cast as Cast<P, O>;
}
