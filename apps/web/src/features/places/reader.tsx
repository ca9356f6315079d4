import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { DistanceUnit, LatLon } from '@second-gear/contract/constants';
import { useDistanceUnit } from '../settings/index.ts';
import { distanceAway, useReaderPlace } from './reader-place.ts';

/** Whoever reads the page: their unit of distance and their point (reader-place.ts), as every card needs them. */
export interface Reader {
  distanceUnit: DistanceUnit | undefined;
  zip: string | undefined;
  point: LatLon | undefined;
  /** A ZIP code is known but not its centre yet. */
  pending: boolean;
}

const ReaderContext = createContext<Reader | null>(null);

/**
 * Asks for the reader's unit and point once for the whole page. Each card asking for itself was seven
 * queries and a mutation a card: on the home page's 27 cards, about a sixth of its script time on a
 * phone's slower processor.
 */
export function ReaderProvider({ children }: { children: ReactNode }) {
  const distanceUnit = useDistanceUnit();
  const { zip, point, pending } = useReaderPlace();
  const reader = useMemo(() => ({ distanceUnit, zip, point, pending }), [distanceUnit, zip, point, pending]);
  return <ReaderContext value={reader}>{children}</ReaderContext>;
}

export function useReader(): Reader {
  const reader = useContext(ReaderContext);
  if (!reader) throw new Error('useReader is used outside a ReaderProvider (app/root-layout.tsx places one around every page)');
  return reader;
}

/** `12 mi away` for a car's place, in the reader's unit; nothing without a reader's Near or a car's place. */
export function useDistanceAway(car: LatLon | undefined): string | undefined {
  const { point, distanceUnit } = useReader();
  return distanceAway(point, car, distanceUnit);
}
