import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { formatPrice } from '../../lib/format.ts';
import { siteQuery } from '../../lib/site.ts';
import { useBrowserOnly } from '../../lib/use-browser-only.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { searchResultsQuery } from './api.ts';
import { isPlaced } from './placed-car.ts';
import { coverageNote, mapCarCap, mapPageSize, unplacedNote } from './map-pins.ts';
import type { MapBounds } from './map-params.ts';

// Leaflet and the map's code come only with the Map view: the List view's first load has none of it.
const SearchMap = lazy(() => import('./search-map.tsx'));

/**
 * The search's cars for the map: its pages of the API's largest size, fetched one after another up to
 * `mapCarCap` (map-pins.ts says why), in the search's sort. Settled once they are all here.
 */
function useMapCars(apiQuery: string) {
  const query = new URLSearchParams(apiQuery);
  query.set('limit', String(mapPageSize));
  const { data, hasNextPage, isFetchingNextPage, isPlaceholderData, isPending, isError, error, fetchNextPage } = useInfiniteQuery(
    searchResultsQuery(query.toString()),
  );
  // The same arrays while the answer is the same: the map regroups its markers only for new cars.
  const { found, placed, unplaced } = useMemo(() => {
    const all = (data?.pages ?? []).flatMap((page) => page.results);
    return { found: all, placed: all.filter(isPlaced), unplaced: all.filter((car) => !isPlaced(car)) };
  }, [data]);
  const wantsMore = hasNextPage && found.length < mapCarCap && !isPlaceholderData;
  useEffect(() => {
    if (wantsMore && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [wantsMore, isFetchingNextPage, isError, fetchNextPage]);
  return {
    placed,
    unplaced,
    shown: found.length,
    total: data?.pages[0]?.total ?? 0,
    settled: !isPending && !isPlaceholderData && !wantsMore,
    error: isError ? error : null,
  };
}

/** A grey area the map's size: while the map's code or its cars come, nothing below it moves. */
function MapSpace() {
  return (
    <div className="flex h-[60vh] min-h-80 w-full items-center justify-center rounded-box bg-base-200 md:h-[36rem]">
      <Spinner label="Loading the map" />
    </div>
  );
}

/**
 * `/search?view=map`: the cars of the search (every filter, the sort, and the area searched) on a
 * map, what it leaves out said beside it, and the cars without a place listed below it.
 */
export function MapView({ apiQuery, searchedArea, onSearchArea }: { apiQuery: string; searchedArea: MapBounds | undefined; onSearchArea: (area: MapBounds) => void }) {
  // The map's library reads the window as it loads: never on the server, nor while hydrating.
  const tiles = useQuery(siteQuery).data?.mapTiles;
  const inBrowser = useBrowserOnly();
  const { placed, unplaced, shown, total, settled, error } = useMapCars(apiQuery);
  const coverage = settled ? coverageNote(shown, total) : undefined;
  const unplacedText = settled ? unplacedNote(unplaced.length) : undefined;

  return (
    <div className="flex flex-col gap-3">
      {/* Always one line high, so the note coming never moves the map. */}
      <p className="flex min-h-6 items-center gap-2 text-sm text-base-content/80" aria-live="polite">
        {error ? <span className="text-red-700">{error.message}</span> : settled ? (coverage ?? (total === 0 ? 'No cars here: move the map or change the filters.' : '')) : null}
        {!settled && !error ? <Spinner label="" size="loading-xs" /> : null}
      </p>
      {tiles && inBrowser ? (
        <Suspense fallback={<MapSpace />}>
          <SearchMap cars={placed} tiles={tiles} searchedArea={searchedArea} search={apiQuery} settled={settled} onSearchArea={onSearchArea} />
        </Suspense>
      ) : (
        <MapSpace />
      )}
      {unplacedText ? (
        <section aria-labelledby="unplaced-cars" className="rounded-box bg-base-200 p-4">
          <h2 id="unplaced-cars" className="mb-2 font-semibold">
            {unplacedText}
          </h2>
          <ul className="flex flex-col gap-1">
            {unplaced.map((car) => (
              <li key={car._id} className="break-words">
                <Link to={`/cars/${car._id}`} className="link link-primary">
                  {car.productName}
                </Link>{' '}
                <span className="font-semibold">{formatPrice(car.resalePrice)}</span> · {car.location}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
