import Supercluster from 'supercluster';
import type { MapBounds } from './map-params.ts';
import type { PlacedCar } from './placed-car.ts';

/** What the map draws at one zoom: a car's price pin, or a cluster of cars with its count. */
export type MapMarker =
  | { kind: 'car'; lat: number; lon: number; car: PlacedCar }
  | { kind: 'cluster'; lat: number; lon: number; id: number; count: number; expansionZoom: number };

/**
 * The cars grouped for each zoom (supercluster, decision 041): cars closer than a price pin's width
 * on the screen join one cluster, so pins never cover each other; cars of one ZIP code share its
 * centre and stay a cluster down to the closest zoom, where pressing it lists them (its popup).
 */
export class CarClusters {
  readonly #index = new Supercluster<{ car: PlacedCar }>({ radius: 60, maxZoom: 16 });

  constructor(cars: PlacedCar[]) {
    this.#index.load(
      cars.map((car) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [car.place.lon, car.place.lat] }, properties: { car } })),
    );
  }

  /** The markers inside `bounds` at `zoom` (whole zooms, as the map's). */
  markers(bounds: MapBounds, zoom: number): MapMarker[] {
    return this.#index.getClusters([bounds.west, bounds.south, bounds.east, bounds.north], Math.round(zoom)).map((feature) => {
      const [lon, lat] = feature.geometry.coordinates as [number, number];
      if ('cluster' in feature.properties) {
        const id = feature.properties.cluster_id;
        return { kind: 'cluster', lat, lon, id, count: feature.properties.point_count, expansionZoom: this.#index.getClusterExpansionZoom(id) };
      }
      return { kind: 'car', lat, lon, car: feature.properties.car };
    });
  }

  /** The cars of a cluster (for one that stays a cluster at the closest zoom: cars of one ZIP code). */
  carsOf(clusterId: number): PlacedCar[] {
    return this.#index.getLeaves(clusterId, Infinity).map((leaf) => leaf.properties.car);
  }
}
