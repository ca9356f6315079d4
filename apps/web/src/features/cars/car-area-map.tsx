import { useEffect, useRef } from 'react';
import { createBaseMap, L, type MapTiles } from '../../ui/map/base-map.ts';

/**
 * The car page's small map (issue 48), loaded with `import()` only for a car with a place: a circle
 * around its ZIP code's centre, never a pin, since a car is placed at its ZIP code and not at an
 * address (and a pin would say the seller lives there).
 */

/** About a ZIP code's reach in a town: the circle says "around here", not "here". */
export const areaRadiusMetres = 2400;

export default function CarAreaMap({ place, tiles, label, describedBy }: { place: { lat: number; lon: number }; tiles: MapTiles; label: string; describedBy: string }) {
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const map = createBaseMap(containerRef.current!, tiles, { maxZoom: 16, minZoom: 8 });
    const centre = L.latLng(place.lat, place.lon);
    // The view first: a circle is measured on a map that has one.
    map.fitBounds(centre.toBounds(areaRadiusMetres * 2), { padding: [16, 16], animate: false });
    L.circle(centre, {
      radius: areaRadiusMetres,
      // Written out: SVG attributes take no CSS variables. Tailwind's blue-700, beside the brand's primary.
      color: '#1d4ed8',
      weight: 2,
      fillOpacity: 0.15,
      interactive: false,
    }).addTo(map);
    return () => {
      map.remove();
    };
  }, [place.lat, place.lon, tiles]);

  return <div ref={containerRef} role="region" aria-label={label} aria-describedby={describedBy} className="h-56 w-full rounded-box border border-base-300" />;
}
