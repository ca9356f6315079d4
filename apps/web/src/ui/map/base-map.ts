import L from 'leaflet';
import 'leaflet/dist/leaflet.css';

/**
 * A Leaflet map with the server's tiles (decision 041). Only the modules that draw a map import
 * this, and they are loaded with `import()`, so Leaflet is never in a page's first JavaScript.
 */

/** `GET /api/site`'s `mapTiles`: a `{z}/{x}/{y}` template and the provider's notice (HTML the server wrote). */
export interface MapTiles {
  url: string;
  attribution: string;
}

export { L };

/**
 * A map in `element` showing `tiles`. A tile that does not load is left out, so a map whose tile
 * server is unreachable is a plain grey area (Leaflet's background) on which markers and shapes are
 * still drawn and work. Scrolling the page never zooms the map: the wheel zooms only once the map has
 * been clicked or focused, so a page with a map scrolls as every other does.
 */
export function createBaseMap(element: HTMLElement, tiles: MapTiles, options: L.MapOptions = {}): L.Map {
  const map = L.map(element, { attributionControl: false, scrollWheelZoom: false, ...options });
  // The provider's notice only: Leaflet's own link (with its flag picture) is no provider's requirement.
  L.control.attribution({ prefix: false }).addTo(map);
  L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
  map.on('focus click', () => map.scrollWheelZoom.enable());
  map.on('blur', () => map.scrollWheelZoom.disable());
  return map;
}
