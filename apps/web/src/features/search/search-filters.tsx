import type { FormEvent } from 'react';
import type { SearchOptionCount, SearchResult } from '@second-gear/contract';
import { bodyTypes, conditions, fuels, transmissions, type DistanceUnit } from '@second-gear/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { formatWhole } from '../../lib/format.ts';
import { SelectField, TextField } from '../../ui/form-field.tsx';
import { categoriesQuery } from '../catalog/index.ts';
import { NearFields, useNearDraft } from './near-filter.tsx';
import { filterLabels, optionFilters, type FilterName, type OptionFilter, type TextFilter } from './search-params.ts';
import { useTypedFilters } from './use-typed-filters.ts';

/**
 * How a change reaches the address: typed (a pause or Enter in the typed fields), chosen (an option,
 * the box, a Near), or a Distance (`50 km`, with its unit).
 */
export type FilterChange =
  | { kind: 'typed'; values: [TextFilter, string][] }
  | { kind: 'chosen'; name: FilterName; value: string }
  | { kind: 'distance'; choice: string };

export interface SearchFiltersProps {
  params: URLSearchParams;
  /** The current answer's option counts; before any answer (or after a refusal) the options have no counts. */
  counts: SearchResult['counts'] | undefined;
  /** The reader's unit: Max Mileage is typed and shown in it, the Distance chosen in it. */
  unit: DistanceUnit;
  onChange: (change: FilterChange) => void;
  /** `Apply filters` (or Enter in a typed field) was pressed: the page may fold the panel away. */
  onApplied?: () => void;
}

/** An option without a count: shown before the counts are known. */
type Option = { value: string; label: string; count: number | null };
const uncounted = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: value, count: null }));
const fixedOptions = { fuel: uncounted(fuels), transmission: uncounted(transmissions), bodyType: uncounted(bodyTypes), condition: uncounted(conditions) };

/**
 * The options of one filter with their counts. A value in the address that is none of them (a
 * hand-edited address) is never offered as an option: the server refuses it and the page resets it.
 */
function useOptions(facet: OptionFilter, counts: SearchResult['counts'] | undefined): Option[] | SearchOptionCount[] {
  const categories = useQuery({ ...categoriesQuery, enabled: facet === 'make' && !counts });
  if (counts) return counts[facet];
  return facet === 'make' ? (categories.data ?? []).map((c) => ({ value: c._id, label: c.name, count: null })) : fixedOptions[facet];
}

function OptionFilterField({ facet, counts, value, onChange }: { facet: OptionFilter; counts: SearchResult['counts'] | undefined; value: string; onChange: SearchFiltersProps['onChange'] }) {
  const options = useOptions(facet, counts);
  return (
    <SelectField label={filterLabels[facet]} value={value} onChange={(event) => onChange({ kind: 'chosen', name: facet, value: event.target.value })}>
      <option value="">Any</option>
      {options.map((option) => (
        // An option that would find nothing stays in sight but cannot be chosen, unless it is the one chosen (so it can be seen and changed).
        <option key={option.value} value={option.value} disabled={option.count === 0 && option.value !== value}>
          {option.count === null ? option.label : `${option.label} (${formatWhole(option.count)})`}
        </option>
      ))}
    </SelectField>
  );
}

/** Typed fields that take whole numbers (a phone shows its number pad), and the unit of those that have one. */
const numeric = new Set<TextFilter>(['minPrice', 'maxPrice', 'minYear', 'maxYear', 'maxMileage']);
const units: Partial<Record<TextFilter, string>> = { minPrice: 'In $', maxPrice: 'In $' };
const mileageHint: Record<DistanceUnit, string> = { mi: 'In miles', km: 'In km' };

/** The search's filters, each in the address: typed ones apply on Enter or after a pause, chosen ones at once. */
/** A filter that is either on (`true` in the address) or left out: a checkbox. */
function YesFilterField({ name, params, onChange }: { name: 'verified' | 'goodPrice'; params: URLSearchParams; onChange: SearchFiltersProps['onChange'] }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
      <input
        type="checkbox"
        className="checkbox checkbox-primary"
        checked={params.get(name) === 'true'}
        onChange={(event) => onChange({ kind: 'chosen', name, value: event.target.checked ? 'true' : '' })}
      />
      {filterLabels[name]}
    </label>
  );
}

export function SearchFilters({ params, counts, unit, onChange, onApplied }: SearchFiltersProps) {
  const typed = useTypedFilters(params, unit, (values) => onChange({ kind: 'typed', values }));
  const near = useNearDraft(params, (zip) => onChange({ kind: 'chosen', name: 'near', value: zip }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    typed.applyNow();
    near.applyNow();
    onApplied?.();
  };
  const textField = (name: TextFilter) => (
    <TextField
      key={name}
      label={filterLabels[name]}
      name={name}
      value={typed.drafts[name]}
      onChange={(event) => typed.setDraft(name, event.target.value)}
      hint={name === 'maxMileage' ? mileageHint[unit] : units[name]}
      inputMode={numeric.has(name) ? 'numeric' : undefined}
      type={name === 'keyword' ? 'search' : 'text'}
    />
  );

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label="Filters">
      {textField('keyword')}
      <NearFields params={params} near={near} unit={unit} onDistance={(choice) => onChange({ kind: 'distance', choice })} />
      <OptionFilterField facet="make" counts={counts} value={params.get('make') ?? ''} onChange={onChange} />
      {textField('model')}
      <div className="grid grid-cols-2 gap-3">
        {textField('minPrice')}
        {textField('maxPrice')}
        {textField('minYear')}
        {textField('maxYear')}
      </div>
      {textField('maxMileage')}
      {optionFilters
        .filter((facet) => facet !== 'make')
        .map((facet) => (
          <OptionFilterField key={facet} facet={facet} counts={counts} value={params.get(facet) ?? ''} onChange={onChange} />
        ))}
      {textField('location')}
      <YesFilterField name="verified" params={params} onChange={onChange} />
      <YesFilterField name="goodPrice" params={params} onChange={onChange} />
      {/* Enter in a typed field applies it at once; this button does the same for a pointer. */}
      <button type="submit" className="btn btn-primary h-11">
        Apply filters
      </button>
    </form>
  );
}
