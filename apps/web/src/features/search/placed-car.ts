import type { Product } from '@second-gear/contract';

/**
 * A car with a place (its ZIP code's centre), as the Map view draws it. Apart from car-clusters.ts,
 * which brings supercluster: the List view sorts cars without loading it.
 */
export type PlacedCar = Product & { place: { lat: number; lon: number } };

export const isPlaced = (product: Product): product is PlacedCar => product.place !== undefined;
