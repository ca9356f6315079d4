import { lazy, Suspense, useId, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Product } from '@second-gear/contract';
import { siteQuery } from '../../lib/site.ts';
import { useBrowserOnly } from '../../lib/use-browser-only.ts';

// Leaflet comes only with a car that has a place, after the page itself.
const CarAreaMap = lazy(() => import('./car-area-map.tsx'));

/** The map's space while its code comes: the same size, so nothing below it moves. */
const mapSpace = <div className="h-56 w-full rounded-box border border-base-300 bg-base-200" />;

/**
 * "Around ZIP 78701": the car's ZIP code area on a small map, with the same in words for those who
 * do not see it, and a way past it for keyboard users (the map takes the arrow keys and has its own
 * buttons). Nothing for a car without a place.
 */
export function CarArea({ product, headingId }: { product: Product; headingId: string }) {
  // The map's library reads the window as it loads: never on the server, nor while hydrating.
  const tiles = useQuery(siteQuery).data?.mapTiles;
  const inBrowser = useBrowserOnly();
  const describedBy = useId();
  const afterMap = useRef<HTMLParagraphElement>(null);
  if (!product.place || !product.zip) return null;
  const title = `Around ZIP ${product.zip}`;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      <p id={describedBy} className="text-sm text-base-content/80">
        The car is in {product.location}, within about a mile and a half of ZIP code {product.zip}’s centre. Its exact place is not shown.
      </p>
      <button type="button" className="btn btn-sm btn-ghost sr-only self-start focus:not-sr-only" onClick={() => afterMap.current?.focus()}>
        Skip the map
      </button>
      {tiles && inBrowser ? (
        <Suspense fallback={mapSpace}>
          <CarAreaMap place={product.place} tiles={tiles} label={`Map: ${title}`} describedBy={describedBy} />
        </Suspense>
      ) : (
        mapSpace
      )}
      <p ref={afterMap} tabIndex={-1} className="sr-only">
        After the map
      </p>
    </section>
  );
}
