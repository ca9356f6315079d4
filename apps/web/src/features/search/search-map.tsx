import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { formatPrice } from '../../lib/format.ts';
import { createBaseMap, L, type MapTiles } from '../../ui/map/base-map.ts';
import { CarClusters, type MapMarker } from './car-clusters.ts';
import { clusterLabel, clusterName, pinLabel, pinName } from './map-pins.ts';
import type { MapBounds } from './map-params.ts';
import type { PlacedCar } from './placed-car.ts';

/**
 * `/search`'s Map view (issue 48, decision 041), loaded with `import()` only when the Map view is
 * shown: the search's cars as price pins, clustered where they would cover each other; a pin opens a
 * small card linking to the car; a cluster zooms in, or at the closest zoom (cars of one ZIP code,
 * which share its centre) lists its cars. Moving the map offers `Search this area`.
 */

export interface SearchMapProps {
  cars: PlacedCar[];
  tiles: MapTiles;
  /** The area the address searches (`bounds`): the map opens on it. */
  searchedArea: MapBounds | undefined;
  /** Changes with the search (filters and sort); once its cars are all here (`settled`), the map fits them, unless an area is searched. */
  search: string;
  settled: boolean;
  onSearchArea: (area: MapBounds) => void;
}

/** The closest zoom: a ZIP code's area fills the map, and its cars (at its centre) stay one cluster. */
const closestZoom = 16;
/** The lower 48 states, where the map opens before it knows where the cars are. */
const usaCentre: L.LatLngTuple = [39.5, -98.35];

const areaOf = (map: L.Map): MapBounds => {
  const b = map.getBounds();
  return { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() };
};

const keyOf = (marker: MapMarker) => (marker.kind === 'car' ? `car:${marker.car._id}` : `cluster:${marker.id}`);

/** A marker's face: built from text nodes, never HTML, since a car's name is its seller's words. */
function markerIcon(marker: MapMarker): L.DivIcon {
  const face = document.createElement('span');
  if (marker.kind === 'car') {
    face.className =
      'mb-1 block whitespace-nowrap rounded-full border border-base-content/40 bg-base-100 px-2 py-0.5 text-sm font-semibold text-base-content shadow group-hover:bg-base-200 group-focus-visible:outline-2 group-focus-visible:outline-offset-2 group-focus-visible:outline-primary';
    face.textContent = pinLabel(marker.car);
  } else {
    face.className =
      'flex size-10 items-center justify-center rounded-full border-2 border-base-100 bg-primary text-sm font-bold text-primary-content shadow group-focus-visible:outline-2 group-focus-visible:outline-offset-2 group-focus-visible:outline-primary';
    face.textContent = clusterLabel(marker.count);
  }
  // No size of Leaflet's own: the marker is as big as its face, and CSS's translate (which Leaflet's
  // transform leaves alone) puts a pin's foot, or a cluster's centre, on the point.
  const placing = marker.kind === 'car' ? '-translate-x-1/2 -translate-y-full' : '-translate-1/2';
  return L.divIcon({ html: face, className: `group outline-none ${placing}`, iconSize: undefined });
}

/** What an opened marker shows: one car, or the cars of a cluster at the closest zoom. */
interface Opened {
  key: string;
  lat: number;
  lon: number;
  cars: PlacedCar[];
}

function CarPopupCard({ cars }: { cars: PlacedCar[] }) {
  if (cars.length === 1) {
    const [car] = cars as [PlacedCar];
    return (
      <div className="flex max-w-56 flex-col gap-1 text-sm">
        <Link to={`/cars/${car._id}`} className="link link-primary font-semibold break-words">
          {car.productName}
        </Link>
        {/* Divs, not paragraphs: Leaflet's popup gives paragraphs wide margins. */}
        <div className="text-base font-bold">{formatPrice(car.resalePrice)}</div>
        <div className="text-base-content/80 break-words">{car.location}</div>
      </div>
    );
  }
  return (
    <div className="max-w-60 text-sm">
      <div className="mb-1 font-semibold">{cars.length} cars here</div>
      <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto">
        {cars.map((car) => (
          <li key={car._id}>
            <Link to={`/cars/${car._id}`} className="link link-primary break-words">
              {car.productName}
            </Link>{' '}
            <span className="font-semibold">{formatPrice(car.resalePrice)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function SearchMap({ cars, tiles, searchedArea, search, settled, onSearchArea }: SearchMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [moved, setMoved] = useState(false);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [popupContent] = useState(() => document.createElement('div'));
  const shown = useRef(new Map<string, L.Marker>());
  // Moves the map makes by itself (fitting the cars) do not offer `Search this area`.
  const quiet = useRef(false);
  const fittedFor = useRef<string | null>(null);
  const clusters = useMemo(() => new CarClusters(cars), [cars]);

  useEffect(() => {
    const created = createBaseMap(containerRef.current!, tiles, { maxZoom: closestZoom, minZoom: 2 });
    quiet.current = true;
    if (searchedArea) {
      created.fitBounds([[searchedArea.south, searchedArea.west], [searchedArea.north, searchedArea.east]], { animate: false });
    } else {
      created.setView(usaCentre, 4, { animate: false });
    }
    quiet.current = false;
    // Only the person's moves offer it: dragging, zooming (buttons, wheel, a cluster) or the arrow keys;
    // not a popup panning the map to show itself whole.
    let theirs = false;
    const byThem = () => {
      theirs = true;
    };
    created.on('dragstart zoomstart', byThem);
    created.getContainer().addEventListener('keydown', (event) => {
      if (event.key.startsWith('Arrow')) byThem();
    });
    created.on('moveend', () => {
      if (theirs && !quiet.current) setMoved(true);
      theirs = false;
    });
    setMap(created);
    const markers = shown.current;
    return () => {
      markers.clear();
      created.remove();
    };
    // The map is made once; later areas come from the person moving it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Once the search's cars are all here, the map shows them all (not while they come, so nothing jumps).
  useEffect(() => {
    if (!map || !settled || fittedFor.current === search) return;
    fittedFor.current = search;
    if (searchedArea || cars.length === 0) return;
    quiet.current = true;
    map.fitBounds(L.latLngBounds(cars.map((car) => [car.place.lat, car.place.lon])), { padding: [48, 48], maxZoom: 12, animate: false });
    quiet.current = false;
  }, [map, settled, search, searchedArea, cars]);

  // The markers of the visible area (and a margin, for panning), kept while they stay, so a focused one keeps its focus.
  useEffect(() => {
    if (!map) return;
    const layer = L.layerGroup().addTo(map);
    const markers = shown.current;
    const open = (marker: MapMarker) => {
      if (marker.kind === 'cluster' && marker.expansionZoom <= closestZoom) {
        // The cluster goes with the zoom: the focus waits on the map, whose next Tab is its first marker.
        map.getContainer().focus({ preventScroll: true });
        map.setView([marker.lat, marker.lon], marker.expansionZoom);
        return;
      }
      const carsHere = marker.kind === 'car' ? [marker.car] : clusters.carsOf(marker.id);
      setOpened({ key: keyOf(marker), lat: marker.lat, lon: marker.lon, cars: carsHere });
    };
    const draw = () => {
      const b = map.getBounds().pad(0.25);
      const wanted = clusters.markers({ south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() }, map.getZoom());
      const keep = new Set(wanted.map(keyOf));
      for (const [key, marker] of markers) {
        if (!keep.has(key)) {
          marker.remove();
          markers.delete(key);
        }
      }
      for (const wantedMarker of wanted) {
        const key = keyOf(wantedMarker);
        if (markers.has(key)) continue;
        const marker = L.marker([wantedMarker.lat, wantedMarker.lon], { icon: markerIcon(wantedMarker), keyboard: true, riseOnHover: true });
        marker.on('add', () => marker.getElement()?.setAttribute('aria-label', wantedMarker.kind === 'car' ? pinName(wantedMarker.car) : clusterName(wantedMarker.count)));
        marker.on('click', () => open(wantedMarker));
        // Leaflet's markers are focusable buttons (role, tabindex) that answer a click only: Enter and Space too.
        marker.on('keypress', (event) => {
          const key = (event as L.LeafletKeyboardEvent).originalEvent.key;
          if (key !== 'Enter' && key !== ' ') return;
          (event as L.LeafletKeyboardEvent).originalEvent.preventDefault();
          open(wantedMarker);
        });
        marker.addTo(layer);
        markers.set(key, marker);
      }
    };
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      markers.clear();
      layer.remove();
    };
  }, [map, clusters]);

  // The opened marker's card, in a Leaflet popup whose content React renders (links that stay in the app).
  useEffect(() => {
    if (!map || !opened) return;
    const popup = L.popup({ maxWidth: 260, autoPanPadding: [24, 24] }).setLatLng([opened.lat, opened.lon]).setContent(popupContent).openOn(map);
    popupContent.querySelector('a')?.focus({ preventScroll: true });
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') map.closePopup(popup);
    };
    popupContent.addEventListener('keydown', closeOnEscape);
    popup.on('remove', () => {
      // Focus goes back to the marker it came from, not to the page's start.
      if (document.activeElement === document.body || popupContent.contains(document.activeElement)) {
        (shown.current.get(opened.key)?.getElement() as HTMLElement | undefined)?.focus({ preventScroll: true });
      }
      setOpened((current) => (current === opened ? null : current));
    });
    return () => {
      popupContent.removeEventListener('keydown', closeOnEscape);
      popup.off('remove');
      map.closePopup(popup);
    };
  }, [map, opened, popupContent]);

  const searchArea = () => {
    if (!map) return;
    setMoved(false);
    onSearchArea(areaOf(map));
  };

  return (
    <div className="relative">
      <div
        ref={containerRef}
        role="region"
        aria-label="Map of the cars found"
        aria-describedby="search-map-keys"
        className="h-[60vh] min-h-80 w-full rounded-box border border-base-300 md:h-[36rem]"
      />
      <p id="search-map-keys" className="sr-only">
        Arrow keys move the map, plus and minus zoom. Each price is a button that opens its car; each number is a button that zooms in on that many cars.
      </p>
      {/* Above the map's top centre, where the zoom buttons (top left) and the notice (bottom right) are not. */}
      {moved ? (
        <button type="button" className="btn btn-primary btn-sm absolute top-3 left-1/2 z-[1000] h-11 -translate-x-1/2 shadow" onClick={searchArea}>
          Search this area
        </button>
      ) : null}
      {opened ? createPortal(<CarPopupCard cars={opened.cars} />, popupContent) : null}
    </div>
  );
}
