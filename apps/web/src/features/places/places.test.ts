import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api.ts';
import { nearestPlace, placeOfZipQuery, roundedPoint } from './api.ts';
import { distanceAway, readerZipOf } from './reader-place.ts';
import { locationProblem } from './use-my-location.ts';

const austin = { zip: '78701', city: 'Austin', state: 'TX', lat: 30.2707, lon: -97.742 };
const roundRock = { lat: 30.5083, lon: -97.6789 };

/** The server's answers, at the lowest level the app's fetch client (lib/api.ts) uses. */
function answering(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the reader's ZIP code", () => {
  it('is the search’s Near when the address has one, else the kept one', () => {
    expect(readerZipOf('10001', '78701')).toBe('10001');
    expect(readerZipOf(null, '78701')).toBe('78701');
    // A hand-edited Near that is no ZIP code measures nothing: the kept one stands.
    expect(readerZipOf('abc', '78701')).toBe('78701');
    expect(readerZipOf(null, null)).toBeUndefined();
    expect(readerZipOf(null, undefined)).toBeUndefined();
  });
});

describe('how far a car is', () => {
  it('is said in the reader’s unit from the reader’s point', () => {
    expect(distanceAway(austin, roundRock, 'mi')).toBe('17 mi away');
    expect(distanceAway(austin, roundRock, 'km')).toBe('27 km away');
    expect(distanceAway(austin, austin, 'mi')).toBe('< 1 mi away');
  });

  it('is not said without a reader’s point, a car’s place or the reader’s unit', () => {
    expect(distanceAway(undefined, roundRock, 'mi')).toBeUndefined();
    expect(distanceAway(austin, undefined, 'mi')).toBeUndefined();
    expect(distanceAway(austin, roundRock, undefined)).toBeUndefined();
  });
});

describe("a ZIP code's place", () => {
  it('is asked of the server once, however many ask', async () => {
    const fetch = answering(200, austin);
    const queryClient = new QueryClient();
    expect(await queryClient.fetchQuery(placeOfZipQuery('78701'))).toEqual(austin);
    expect(await queryClient.fetchQuery(placeOfZipQuery('78701'))).toEqual(austin);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/api/places/zip/78701');
  });

  it('carries the server’s sentence for an unknown ZIP code', async () => {
    answering(404, { statusCode: 404, error: 'Not Found', message: 'No US ZIP code 00000.' });
    const refusal = new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(placeOfZipQuery('00000'));
    await expect(refusal).rejects.toThrow(new ApiError('No US ZIP code 00000.', 404));
  });
});

describe('Use my location', () => {
  it('sends our server the point rounded to two decimals, nothing finer', async () => {
    const fetch = answering(200, austin);
    expect(roundedPoint({ lat: 30.267153, lon: -97.743061 })).toEqual({ lat: 30.27, lon: -97.74 });
    expect(await nearestPlace({ lat: 30.267153, lon: -97.743061 })).toEqual(austin);
    expect(fetch.mock.calls[0]![0]).toBe('/api/places/nearest?lat=30.27&lon=-97.74');
  });

  it('says in words why it found no ZIP code', () => {
    expect(locationProblem({ code: 1, message: 'User denied Geolocation' })).toBe('Location permission was refused: type a ZIP code instead.');
    expect(locationProblem({ code: 3, message: 'Timeout expired' })).toBe('Your location could not be found: type a ZIP code instead.');
    expect(locationProblem(new ApiError('No US ZIP code near there.', 404))).toBe('No US ZIP code near there. Type a ZIP code instead.');
    expect(locationProblem(new Error('no geolocation'))).toBe('This browser cannot tell its location: type a ZIP code instead.');
  });
});
