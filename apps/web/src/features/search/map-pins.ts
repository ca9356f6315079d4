import type { Product } from '@second-gear/contract';
import { formatPrice, formatWhole } from '../../lib/format.ts';

/**
 * What the Map view writes on its markers and beside the map (issue 48). Pure, so the words are
 * tested without a map.
 */

/**
 * The Map view shows the first 480 cars of the search in its sort (newest first unless another is
 * chosen): ten of the API's largest pages, a few hundred kilobytes, which a phone draws at once. A
 * search with more says so and asks to zoom in: `Search this area` then narrows it.
 */
export const mapPageSize = 48;
export const mapCarCap = 480;

/** A car's pin: its price (`$12,500`). */
export const pinLabel = (product: Pick<Product, 'resalePrice'>) => formatPrice(product.resalePrice);

/** A car's pin as a screen reader names the button: the car and its price. */
export const pinName = (product: Pick<Product, 'productName' | 'resalePrice'>) => `${product.productName}, ${pinLabel(product)}`;

/** A cluster's marker: how many cars (`12`, `1,204`). */
export const clusterLabel = (count: number) => formatWhole(count);

/** A cluster as a screen reader names the button, and what pressing it does. */
export const clusterName = (count: number) => `${formatWhole(count)} cars here: zoom in`;

/** Beside the map when the search found more cars than it shows: how many of how many. */
export function coverageNote(shown: number, total: number): string | undefined {
  return total > shown ? `Showing ${formatWhole(shown)} of ${formatWhole(total)}: zoom in` : undefined;
}

/** Beside the map: the cars found that have no ZIP code to be placed at (listed below it). */
export function unplacedNote(count: number): string | undefined {
  if (count === 0) return undefined;
  return count === 1 ? '1 car has no place on the map' : `${formatWhole(count)} cars have no place on the map`;
}
