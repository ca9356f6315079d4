import type { SavedSearch } from '@second-gear/contract';
import type { DistanceUnit } from '@second-gear/contract/constants';
import { formatMileage, formatPrice, formatRadius } from '../../lib/format.ts';
import { distanceUnitOf, filterLabels, mileageUnitOf } from '../search/index.ts';

const isLabelled = (name: string): name is keyof typeof filterLabels => name in filterLabels;

/**
 * A saved search's filters as the search page names them (`Make: Škoda`, `Max Price: $20,000`,
 * `Max Mileage: 50,000 mi` in the reader's unit, else in the one it was saved in; `Near: 78701`,
 * `Distance: 50 miles` in the unit it was searched in, which is the exact radius), in a fixed order;
 * a filter this page does not know yet is shown by its name.
 */
export function filtersInWords({ filters, makeName }: Pick<SavedSearch, 'filters' | 'makeName'>, unit: DistanceUnit | undefined): string[] {
  const known = Object.keys(filterLabels).filter((name) => filters[name] !== undefined);
  // Max Mileage's and Distance's units are said with them.
  const others = Object.keys(filters).filter((name) => !isLabelled(name) && name !== 'mileageUnit' && name !== 'distanceUnit');
  const savedUnit = mileageUnitOf(new URLSearchParams(filters));
  const radiusUnit = distanceUnitOf(new URLSearchParams(filters));
  return [...known, ...others].map((name) => {
    const value = filters[name]!;
    if (!isLabelled(name)) return `${name}: ${value}`;
    // A yes-or-no filter is said by its label alone: `Verified sellers only`, `Great or good price`.
    if (name === 'verified' || name === 'goodPrice') return filterLabels[name];
    const shown =
      name === 'make' ? (makeName ?? 'a make no longer listed')
      : name === 'minPrice' || name === 'maxPrice' ? formatPrice(Number(value))
      : name === 'maxMileage' ? formatMileage(Number(value), savedUnit, unit ?? savedUnit)
      : name === 'distance' ? formatRadius(Number(value), radiusUnit)
      : value;
    return `${filterLabels[name]}: ${shown}`;
  });
}
