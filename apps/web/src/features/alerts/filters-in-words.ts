import type { SavedSearch } from '@second-gear/contract';
import type { DistanceUnit } from '@second-gear/contract/constants';
import { formatMileage, formatPrice } from '../../lib/format.ts';
import { filterLabels, mileageUnitOf } from '../search/index.ts';

const isLabelled = (name: string): name is keyof typeof filterLabels => name in filterLabels;

/**
 * A saved search's filters as the search page names them (`Make: Škoda`, `Max Price: $20,000`,
 * `Max Mileage: 50,000 mi` in the reader's unit, else in the one it was saved in), in a fixed order;
 * a filter this page does not know yet is shown by its name.
 */
export function filtersInWords({ filters, makeName }: Pick<SavedSearch, 'filters' | 'makeName'>, unit: DistanceUnit | undefined): string[] {
  const known = Object.keys(filterLabels).filter((name) => filters[name] !== undefined);
  // Max Mileage's unit is said with it.
  const others = Object.keys(filters).filter((name) => !isLabelled(name) && name !== 'mileageUnit');
  const savedUnit = mileageUnitOf(new URLSearchParams(filters));
  return [...known, ...others].map((name) => {
    const value = filters[name]!;
    if (!isLabelled(name)) return `${name}: ${value}`;
    // A yes-or-no filter is said by its label alone: `Verified sellers only`, `Great or good price`.
    if (name === 'verified' || name === 'goodPrice') return filterLabels[name];
    const shown =
      name === 'make' ? (makeName ?? 'a make no longer listed')
      : name === 'minPrice' || name === 'maxPrice' ? formatPrice(Number(value))
      : name === 'maxMileage' ? formatMileage(Number(value), savedUnit, unit ?? savedUnit)
      : value;
    return `${filterLabels[name]}: ${shown}`;
  });
}
