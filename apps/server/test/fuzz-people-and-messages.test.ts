/**
 * Fuzzing the routes of people and what they say one by one (see fuzzing.ts): accounts, the admin's,
 * a seller's answers to bookings, messages, notifications, saved searches and signing in.
 */
import { describe } from 'vitest';
import { fuzzOneByOne, PEOPLE_AND_MESSAGE_ROUTES, SEED, setUpFuzzing } from './fuzzing.ts';

setUpFuzzing();

describe(`fuzzing every route (seed ${SEED})`, () => fuzzOneByOne(PEOPLE_AND_MESSAGE_ROUTES));
