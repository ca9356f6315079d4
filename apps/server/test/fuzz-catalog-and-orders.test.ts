/** Fuzzing the catalog's, the bookings', the wishlists' and the payments' routes one by one (see fuzzing.ts). */
import { describe } from 'vitest';
import { CATALOG_AND_ORDER_ROUTES, fuzzOneByOne, SEED, setUpFuzzing } from './fuzzing.ts';

setUpFuzzing();

describe(`fuzzing every route (seed ${SEED})`, () => fuzzOneByOne(CATALOG_AND_ORDER_ROUTES));
