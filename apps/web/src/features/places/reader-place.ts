import { useSearchParams } from 'react-router';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { formatDistanceAway, milesBetween, zipCodePattern, type DistanceUnit, type LatLon } from '@second-gear/contract/constants';
import { useKeptNear } from '../settings/index.ts';
import { placeOfZipQuery } from './api.ts';

/**
 * The ZIP code a reader's distances are measured from: the search's Near when the address has one
 * (the cars found within a radius are said to be that far from it), else the reader's kept Near.
 */
export function readerZipOf(addressNear: string | null, keptZip: string | null | undefined): string | undefined {
  const near = addressNear?.trim() ?? '';
  return zipCodePattern.test(near) ? near : (keptZip ?? undefined);
}

/** How far a car is from the reader (`12 mi away`), when both are placed and the reader's unit is known. */
export function distanceAway(reader: LatLon | undefined, car: LatLon | undefined, unit: DistanceUnit | undefined): string | undefined {
  return reader && car && unit ? formatDistanceAway(milesBetween(reader, car), unit) : undefined;
}

/**
 * The reader's point, the one source of "how far" for the cards, the car page and the search: the
 * centre of the reader's ZIP code (readerZipOf), asked once and kept in the query cache; pages read
 * it through `useReader` (reader.tsx), which asks once for all of them. `pending`
 * while a ZIP code is known but not its centre yet, so a page can wait rather than have the
 * distances appear under the reader's eyes.
 */
export function useReaderPlace(): { zip: string | undefined; point: LatLon | undefined; pending: boolean } {
  const [params] = useSearchParams();
  const { kept } = useKeptNear();
  const zip = readerZipOf(params.get('near'), kept?.nearZip);
  const place = useQuery({ ...placeOfZipQuery(zip ?? ''), enabled: zip !== undefined });
  return { zip, point: zip ? place.data : undefined, pending: zip !== undefined && place.isPending };
}

/** The reader's point for a page drawn on the server, so that its cards are drawn with their distances rather than waiting for them. */
export async function prefetchReaderPlace(queryClient: QueryClient, addressNear: string | null, keptZip: string | null): Promise<void> {
  const zip = readerZipOf(addressNear, keptZip);
  if (zip) await queryClient.prefetchQuery(placeOfZipQuery(zip));
}
