import type { SavedSearch } from '@second-gear/contract';
import { formatPrice, formatWhole } from '../../lib/format.ts';
import { filterLabels } from '../search/index.ts';

const isLabelled = (name: string): name is keyof typeof filterLabels => name in filterLabels;

/**
 * A saved search's filters as the search page names them (`Make: Škoda`, `Max Price: $20,000`),
 * in a fixed order; a filter this page does not know yet is shown by its name.
 */
export function filtersInWords({ filters, makeName }: Pick<SavedSearch, 'filters' | 'makeName'>): string[] {
  const known = Object.keys(filterLabels).filter((name) => filters[name] !== undefined);
  const others = Object.keys(filters).filter((name) => !isLabelled(name));
  return [...known, ...others].map((name) => {
    const value = filters[name]!;
    if (!isLabelled(name)) return `${name}: ${value}`;
    if (name === 'verified') return filterLabels.verified;
    const shown =
      name === 'make' ? (makeName ?? 'a make no longer listed')
      : name === 'minPrice' || name === 'maxPrice' ? formatPrice(Number(value))
      : name === 'maxMileage' ? `${formatWhole(Number(value))} km`
      : value;
    return `${filterLabels[name]}: ${shown}`;
  });
}
