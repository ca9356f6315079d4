import { useQuery } from '@tanstack/react-query';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { filtersInWords } from '../alerts/index.ts';
import { categoriesQuery } from '../catalog/index.ts';
import type { DistanceUnit } from '@second-gear/contract/constants';
import { activeFilters, filterLabels, unitParams, type FilterName } from './search-params.ts';

/**
 * Each active filter of the address, in the order it was set, in the words a saved search uses
 * (`Max Price: $20,000`). `makeName`: the make's name, null for a make no longer listed, undefined
 * while the makes are loading (then the chip says `Make` alone rather than guess). Max Mileage is
 * read in the unit of the address and said in the reader's `unit`; Distance in its own.
 */
export function filterChips(params: URLSearchParams, makeName: string | null | undefined, unit: DistanceUnit): { name: FilterName; words: string }[] {
  return activeFilters(params).map(({ name, value }) => {
    const withUnit = unitParams[name];
    const filters: Record<string, string> = withUnit && params.has(withUnit) ? { [name]: value, [withUnit]: params.get(withUnit)! } : { [name]: value };
    return { name, words: name === 'make' && makeName === undefined ? filterLabels.make : filtersInWords({ filters, makeName: makeName ?? null }, unit)[0]! };
  });
}

/**
 * The active filters above a phone's results, each a chip that removes it, and `Clear all`: the
 * filter panel folds away once applied, and these say what the results are filtered by. From lg up
 * the panel stays open beside the results and says it itself.
 */
export function FilterChips({
  params,
  unit,
  onRemove,
  onClearAll,
}: {
  params: URLSearchParams;
  unit: DistanceUnit;
  onRemove: (name: FilterName) => void;
  onClearAll: () => void;
}) {
  const makeId = params.get('make');
  // Tailwind's lg, where the filter panel stands open beside the results.
  const panelBeside = useMediaQuery('(min-width: 64rem)');
  const categories = useQuery({ ...categoriesQuery, enabled: makeId !== null && !panelBeside });
  const chips = filterChips(params, categories.data ? (categories.data.find((c) => c._id === makeId)?.name ?? null) : undefined, unit);
  if (panelBeside || chips.length === 0) return null;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2 lg:hidden">
      <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
        {chips.map(({ name, words }) => (
          <li key={name}>
            <button type="button" className="btn btn-sm h-9 rounded-full border-base-300 font-normal" aria-label={`Remove ${words}`} onClick={() => onRemove(name)}>
              <span className="break-words">{words}</span>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-ghost btn-sm h-9" onClick={onClearAll}>
        Clear all
      </button>
    </div>
  );
}
