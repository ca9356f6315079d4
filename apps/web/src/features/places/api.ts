import { queryOptions } from '@tanstack/react-query';
import type { PlaceAnswer } from '@second-gear/contract';
import type { LatLon } from '@second-gear/contract/constants';
import { api } from '../../lib/api.ts';

/**
 * `GET /api/places/zip/{zip}`: a ZIP code's city, state and centre (404 with the server's sentence
 * for one that is no US ZIP code). The gazetteer does not change while the server runs, so each ZIP
 * code is asked once a visit, whoever asks: the cards, the car page, the search's Near, the listing form.
 */
export const placeOfZipQuery = (zip: string) =>
  queryOptions({ queryKey: ['places', 'zip', zip], queryFn: () => api<PlaceAnswer>(`/places/zip/${encodeURIComponent(zip)}`), staleTime: Infinity });

/** A point to two decimals (about a kilometre): all the server learns of where the browser is. */
export function roundedPoint({ lat, lon }: LatLon): LatLon {
  const round = (degrees: number) => Math.round(degrees * 100) / 100;
  return { lat: round(lat), lon: round(lon) };
}

/** `GET /api/places/nearest`: the ZIP code nearest the browser's point, asked with the point rounded. */
export function nearestPlace(point: LatLon): Promise<PlaceAnswer> {
  const { lat, lon } = roundedPoint(point);
  return api<PlaceAnswer>(`/places/nearest?${new URLSearchParams({ lat: String(lat), lon: String(lon) }).toString()}`);
}
