import { describe, expect, it } from 'vitest';
import type { Product } from '@second-gear/contract';
import { CarClusters } from './car-clusters.ts';
import { isPlaced, type PlacedCar } from './placed-car.ts';

const car = (id: string, lat: number, lon: number): PlacedCar =>
  ({ _id: id, productName: `Car ${id}`, resalePrice: 10000, place: { lat, lon } }) as PlacedCar;

// Two ZIP codes in Austin a few miles apart (two cars share one's centre), and one in Dallas.
const cars = [car('a1', 30.2672, -97.7431), car('a2', 30.2672, -97.7431), car('a3', 30.3072, -97.7031), car('d1', 32.7767, -96.797)];
const texas = { south: 25, west: -107, north: 37, east: -93 };
const austin = { south: 30.2, west: -97.8, north: 30.35, east: -97.65 };

describe('the map’s clusters', () => {
  it('places only the cars that have a place', () => {
    expect(isPlaced(cars[0]!)).toBe(true);
    expect(isPlaced({ _id: 'x', resalePrice: 1 } as Product)).toBe(false);
  });

  it('groups cars that would cover each other, each cluster with its count and the zoom that parts it', () => {
    const markers = new CarClusters(cars).markers(texas, 6);
    const cluster = markers.find((m) => m.kind === 'cluster');
    expect(cluster).toMatchObject({ kind: 'cluster', count: 3 });
    expect(cluster?.kind === 'cluster' && cluster.expansionZoom).toBeGreaterThan(6);
    expect(markers.filter((m) => m.kind === 'car').map((m) => m.kind === 'car' && m.car._id)).toEqual(['d1']);
  });

  it('parts them closer in, and keeps the cars of one ZIP code together down to the closest zoom, listing them', () => {
    const clusters = new CarClusters(cars);
    const close = clusters.markers(austin, 16);
    expect(close.filter((m) => m.kind === 'car').map((m) => m.kind === 'car' && m.car._id)).toEqual(['a3']);
    const sameZip = close.find((m) => m.kind === 'cluster');
    expect(sameZip).toMatchObject({ count: 2 });
    // At the ZIP code's centre (supercluster's projection rounds in the last digits).
    expect(sameZip?.lat).toBeCloseTo(30.2672, 6);
    expect(sameZip?.lon).toBeCloseTo(-97.7431, 6);
    expect(sameZip?.kind === 'cluster' && sameZip.expansionZoom).toBeGreaterThan(16);
    expect(clusters.carsOf(sameZip!.kind === 'cluster' ? sameZip!.id : -1).map((c) => c._id).sort()).toEqual(['a1', 'a2']);
  });

  it('draws only what is inside the area', () => {
    expect(new CarClusters(cars).markers(austin, 16).some((m) => m.kind === 'car' && m.car._id === 'd1')).toBe(false);
  });
});
