import type { LatLon } from '@second-gear/contract/constants';
import { useDistanceAway } from './reader.tsx';

/**
 * ` · 12 mi away` at the end of a car's place line (the card's, the car page's): nothing without a
 * reader's Near or a car's place. In the line's own flow and never breaking inside, so arriving it
 * lengthens that line and moves nothing else.
 */
export function DistanceAway({ place }: { place: LatLon | undefined }) {
  const away = useDistanceAway(place);
  if (!away) return null;
  return (
    <span className="whitespace-nowrap">
      <span aria-hidden="true"> · </span>
      <span className="sr-only">, </span>
      {away}
    </span>
  );
}
