import { describe, expect, it } from 'vitest';
import { milesBetween } from '@second-gear/contract/constants';
import { cityKey, NEAREST_WITHIN_MILES, nearestZip, placeOfZip, zipCount, zipOfCityState } from './gazetteer.ts';

describe('the ZIP gazetteer', () => {
  it('holds every US ZIP code of the package’s file, without the military post offices abroad', () => {
    expect(zipCount()).toBeGreaterThan(40_000);
    expect(placeOfZip('09007')).toBeUndefined();
  });

  it('gives a ZIP code its city, state and centre, and nothing for one it does not know', () => {
    expect(placeOfZip('78701')).toEqual({ zip: '78701', city: 'Austin', state: 'TX', lat: 30.2713, lon: -97.7426 });
    expect(placeOfZip('02108')).toMatchObject({ city: 'Boston', state: 'MA' });
    expect(placeOfZip('00000')).toBeUndefined();
  });

  it('reads "City, ST" and "City, State name" in any case and spacing, and the file’s Saint/St alike', () => {
    const austin = zipOfCityState('Austin, TX');
    expect(austin?.state).toBe('TX');
    expect(austin?.city).toBe('Austin');
    for (const written of ['austin,tx', '  AUSTIN ,  Tx ', 'Austin, Texas', 'austin,  texas']) expect(zipOfCityState(written), written).toEqual(austin);
    expect(zipOfCityState('St. Louis, MO')).toEqual(zipOfCityState('Saint Louis, Missouri'));
    expect(zipOfCityState('St. Louis, MO')?.state).toBe('MO');
    expect(cityKey('Ft.  Worth')).toBe('fort worth');
  });

  it('places a city of many ZIP codes at the one nearest their mean centre, the same one every time', () => {
    const austin = zipOfCityState('Austin, TX')!;
    // Inside the city: within a few miles of downtown, not its first or last ZIP code by number.
    expect(milesBetween(austin, placeOfZip('78701')!)).toBeLessThan(10);
    expect(zipOfCityState('Austin, TX')).toEqual(austin);
  });

  it('names no ZIP code for a Location that names no US city', () => {
    for (const location of ['Austin', 'Austin, ZZ', 'Nowhere Town, TX', 'Paris, France', ', TX', 'Austin, TX, USA']) expect(zipOfCityState(location), location).toBeUndefined();
  });

  it('finds the ZIP code nearest a point, across the antimeridian too, and none far from every US ZIP code', () => {
    expect(nearestZip(30.2713, -97.7426)?.zip).toBe('78701');
    expect(nearestZip(30.27, -97.74)?.zip).toBe('78701');
    // Adak, Alaska (west of 180° in the file's longitudes) from just across.
    expect(nearestZip(51.874, -176.634)?.state).toBe('AK');
    expect(nearestZip(48.8566, 2.3522)).toBeUndefined(); // Paris
    expect(nearestZip(0, 0)).toBeUndefined();
  });

  it('agrees with a scan of every ZIP code', () => {
    // A fixed set of points across the country, Alaska and Hawaii, and just past the limit.
    const points = [
      [47.6, -122.3], [25.77, -80.19], [44.9, -93.1], [61.2, -149.9], [21.3, -157.8], [39.5, -116.9], [31.0, -103.5], [45.0, -68.0], [29.0, -89.0], [42.0, -70.0],
    ] as const;
    const all = allPlaces();
    for (const [lat, lon] of points) {
      let best: { zip: string; miles: number } | undefined;
      for (const p of all) {
        const miles = milesBetween({ lat, lon }, p);
        if (miles <= NEAREST_WITHIN_MILES && (!best || miles < best.miles || (miles === best.miles && p.zip < best.zip))) best = { zip: p.zip, miles };
      }
      expect(nearestZip(lat, lon)?.zip, `${lat},${lon}`).toBe(best?.zip);
    }
  });
});

/** Every place of the gazetteer, through its public lookups (all five-digit codes). */
function allPlaces() {
  const places = [];
  for (let n = 0; n < 100_000; n++) {
    const p = placeOfZip(String(n).padStart(5, '0'));
    if (p) places.push(p);
  }
  return places;
}
