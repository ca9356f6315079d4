import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fieldRefusals } from '../../lib/field-refusals.ts';
import { formatWhole } from '../../lib/format.ts';
import { searchParamsNow } from '../../lib/search-params-now.ts';
import { SelectField } from '../../ui/form-field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { SaveSearchButton } from '../alerts/index.ts';
import { CarGrid, MoreCars, useCarStanding } from '../catalog/index.ts';
import { useReader } from '../places/index.ts';
import { searchResultsQuery } from './api.ts';
import { FilterChips } from './filter-chips.tsx';
import { boundsOf, viewOf, withBounds, withView } from './map-params.ts';
import { MapView } from './map-view.tsx';
import { SearchAreaNote, ViewToggle } from './view-toggle.tsx';
import { SearchFilters, type FilterChange } from './search-filters.tsx';
import { NoCars, RefusedSearch } from './search-states.tsx';
import { useKeepNear, useKeptNearOnOpen } from './use-kept-near-on-open.ts';
import {
  activeFilters,
  apiQueryString,
  filterLabels,
  filtersToSave,
  mileageUnitOf,
  sortLabels,
  sortNote,
  sortOf,
  sortsFor,
  withDistanceChoice,
  withoutFilters,
  withoutLastFilter,
  withoutRefusedFilters,
  withParam,
  withTypedValue,
} from './search-params.ts';

/**
 * The history entry's state: which typed fields made it, so that more typing in them replaces it
 * rather than adding one per pause; and the notes of the filters reset from the address it replaced.
 */
interface TypedEntry {
  typed?: string;
  resetNotes?: string[];
}

const carsText = (total: number) => `${formatWhole(total)} ${total === 1 ? 'car' : 'cars'}`;

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const resultsRef = useRef<HTMLDivElement>(null);
  const { standingOf, loading: standingLoading } = useCarStanding();
  // Until the reader's unit is known, Max Mileage reads in the address's own.
  const readerPlace = useReader();
  const unit = readerPlace.distanceUnit ?? mileageUnitOf(params);
  const { opening } = useKeptNearOnOpen(params, (next) => setParams(next, { replace: true, preventScrollReset: true, state: location.state }));
  const { data, error, isPending, isError, isPlaceholderData, isFetching, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } =
    useInfiniteQuery({ ...searchResultsQuery(apiQueryString(params)), enabled: !opening });
  const keepNear = useKeepNear();

  // Each change applies to the address as it stands, not to the drawn `params` (a Sort chosen right
  // after a Distance, before the page had drawn it, dropped the Distance).
  // Filter changes keep the scroll where it is: the person is looking at the filters or the results.
  const go = (update: (current: URLSearchParams) => URLSearchParams, options: { replace?: boolean; state?: TypedEntry } = {}) => {
    const current = searchParamsNow();
    const next = update(current);
    keepNear(current, next, unit);
    setParams(next, { preventScrollReset: true, ...options });
  };

  const change = (event: FilterChange) => {
    if (event.kind === 'chosen') {
      go((current) => withParam(current, event.name, event.value));
      return;
    }
    if (event.kind === 'distance') {
      go((current) => withDistanceChoice(current, event.choice));
      return;
    }
    const typed = event.values
      .map(([name]) => name)
      .sort()
      .join(',');
    go((current) => event.values.reduce((next, [name, value]) => withTypedValue(next, name, value, unit), current), {
      replace: (location.state as TypedEntry | null)?.typed === typed,
      state: { typed },
    });
  };

  const clearAll = () => go(withoutFilters);
  // On a phone the open panel fills the screen: once applied it folds away, and the results (with
  // their filter chips) take its place and the focus. From lg up it is never folded, so nothing moves.
  const applied = () => {
    if (!filtersOpen) return;
    setFiltersOpen(false);
    resultsRef.current?.focus();
  };

  const active = activeFilters(params);
  const last = active.at(-1);
  const sort = sortOf(params);
  const firstPage = data?.pages[0];
  const products = (data?.pages ?? []).flatMap((page) => page.results);
  // A filter of the address the server refused (a hand-edited address: it names the field) is reset
  // with a note saying why; any other refusal shows its message. The previous answer is not shown as
  // if it were this one's.
  const refused = isError && !isFetchNextPageError;
  const reset = refused ? withoutRefusedFilters(params, fieldRefusals(error)) : undefined;
  useEffect(() => {
    if (reset && reset.notes.length > 0) setParams(reset.params, { replace: true, preventScrollReset: true, state: { resetNotes: reset.notes } satisfies TypedEntry });
  }, [reset, setParams]);
  const resetting = reset !== undefined && reset.notes.length > 0;
  const notes = [sortNote(params), ...((location.state as TypedEntry | null)?.resetNotes ?? [])].filter((note) => note !== undefined);
  // The cars' distances are said from the reader's place: the results wait for it, so they come with them.
  const waiting = opening || isPending || standingLoading || resetting || readerPlace.pending;
  const view = viewOf(params);
  const searchedArea = boundsOf(params);

  return (
    <section className="mx-auto max-w-7xl px-4 py-6 md:py-10" aria-labelledby="search-heading">
      <title>Search cars · Second Gear</title>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 md:mb-6">
        <h1 id="search-heading" className="text-2xl font-bold md:text-3xl">
          Search cars
        </h1>
        <SaveSearchButton filters={filtersToSave(params)} />
      </div>
      <div className="gap-8 lg:grid lg:grid-cols-[17rem_minmax(0,1fr)]">
        <div className="mb-4 lg:mb-0">
          <button
            type="button"
            className="btn btn-outline h-11 w-full lg:hidden"
            aria-expanded={filtersOpen}
            aria-controls="search-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            Filters
            {active.length > 0 ? (
              <span className="badge badge-primary" aria-hidden="true">
                {active.length}
              </span>
            ) : null}
          </button>
          <div id="search-filters" className={`${filtersOpen ? 'mt-4 block' : 'hidden'} lg:mt-0 lg:block`}>
            <SearchFilters params={params} counts={refused ? undefined : firstPage?.counts} unit={unit} onChange={change} onApplied={applied} />
          </div>
        </div>

        <div ref={resultsRef} tabIndex={-1} role="region" aria-label="Search results" className="scroll-mt-4 outline-none">
          <FilterChips params={params} unit={unit} onRemove={(name) => go((current) => withParam(current, name, ''))} onClearAll={clearAll} />
          <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
            {/* Always there and one line high, so the count changing never moves the results. */}
            <p className="flex min-h-7 items-center gap-2 text-lg font-semibold">
              <span aria-live="polite">{firstPage && !refused ? carsText(firstPage.total) : ''}</span>
              {isFetching && !isFetchingNextPage ? <Spinner label="" size="loading-sm" /> : null}
            </p>
            <div className="w-full sm:w-60">
              <SelectField label="Sort by" value={sort} onChange={(event) => go((current) => withParam(current, 'sort', event.target.value))}>
                {sortsFor(params).map((value) => (
                  <option key={value} value={value}>
                    {sortLabels[value]}
                  </option>
                ))}
              </SelectField>
            </div>
          </div>

          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <ViewToggle view={view} onChange={(next) => go((current) => withView(current, next))} />
            {searchedArea ? <SearchAreaNote onClear={() => go((current) => withBounds(current, undefined))} /> : null}
          </div>
          {notes.length > 0 ? (
            <div role="status" aria-label="About this address" className="mb-4 rounded-box bg-base-200 px-4 py-2 text-sm text-base-content/80">
              <ul className="flex flex-col gap-1">
                {notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {refused && !resetting ? (
            <RefusedSearch message={error.message} onClearAll={clearAll} />
          ) : waiting ? (
            <div className="flex min-h-64 items-center justify-center">
              <Spinner label="Loading cars" />
            </div>
          ) : view === 'map' ? (
            <MapView apiQuery={apiQueryString(params)} searchedArea={searchedArea} onSearchArea={(area) => go((current) => withBounds(current, area))} />
          ) : products.length === 0 ? (
            <NoCars lastFilter={last ? filterLabels[last.name] : undefined} onRemoveLast={() => go(withoutLastFilter)} onClearAll={clearAll} />
          ) : (
            // While the next answer comes, the previous results stay, dimmed.
            <div aria-busy={isPlaceholderData} className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
              <CarGrid products={products} standingOf={standingOf} columnsClassName="md:grid-cols-2 xl:grid-cols-3" />
            </div>
          )}

          <MoreCars
            loading={isFetchingNextPage}
            error={isFetchNextPageError ? error : null}
            // Not for the previous search's pages shown while this one's come.
            canLoadMore={view === 'list' && hasNextPage && !refused && !waiting && !isFetchingNextPage && !isPlaceholderData}
            onLoadMore={() => void fetchNextPage()}
            label="Load more"
          />
        </div>
      </div>
    </section>
  );
}
