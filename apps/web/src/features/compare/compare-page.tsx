import type { ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import type { CarPage, Product } from '@second-gear/contract';
import { ApiError } from '../../lib/api.ts';
import { formatMileage, formatPrice } from '../../lib/format.ts';
import { searchParamsNow } from '../../lib/search-params-now.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { carPageQuery, NotForIndexing } from '../cars/index.ts';
import { distanceAway, useReader } from '../places/index.ts';
import { Stars } from '../reviews/index.ts';
import { comparedInAddress, comparePath, maxCompared } from './compare-list.ts';
import { forgetCompared, useCompared } from './use-compared.ts';

/** One car's column: the car on the market, or why there is none (gone, off the market, not loaded). */
type Column = { id: string; car: Product } | { id: string; gone: string } | { id: string; loading: true };

function columnOf(id: string, data: CarPage | undefined, error: Error | null): Column {
  if (data) {
    const { product } = data;
    // Reserved, sold or withdrawn: no longer to be bought, whoever still sees it.
    return product.paid || product.withdrawn ? { id, gone: 'No longer on the market' } : { id, car: product };
  }
  if (error) return { id, gone: error instanceof ApiError && error.status === 404 ? 'No longer on the market' : 'Could not be loaded; try again later' };
  return { id, loading: true };
}

/** The rows, in the order buyers weigh them: each a label and what a car shows for it. */
function useRows(): [string, (car: Product) => ReactNode][] {
  const { distanceUnit: unit, point } = useReader();
  return [
    ['Price', (car) => <span className="text-lg font-bold text-primary">{formatPrice(car.resalePrice)}</span>],
    ['Deal rating', (car) => car.dealRating ?? 'Not rated'],
    ['Model Year', (car) => car.modelYear ?? 'Not given'],
    ['Mileage', (car) => (car.mileage !== undefined && car.mileageUnit !== undefined ? formatMileage(car.mileage, car.mileageUnit, unit) : 'Not given')],
    ['Distance', (car) => distanceAway(point, car.place, unit) ?? 'Not known'],
    ['Fuel', (car) => car.fuel ?? 'Not given'],
    ['Transmission', (car) => car.transmission ?? 'Not given'],
    ["Seller's stars", (car) => (car.sellerRating ? <Stars average={car.sellerRating.average} count={car.sellerRating.count} /> : 'No reviews yet')],
  ];
}

/**
 * `/compare?cars=id1,id2,id3`: up to three cars side by side, from the public car API the car page
 * uses, so a shared address shows anyone the same comparison. The cars are columns that scroll
 * sideways on a phone under row labels that stay put; a car gone from the market keeps its column and
 * says so. Opened without cars, it opens this browser's chosen ones.
 */
export default function ComparePage() {
  const [params, setParams] = useSearchParams();
  const ids = comparedInAddress(params.get('cars'));
  const { ids: kept } = useCompared();
  const answers = useQueries({ queries: ids.map((id) => carPageQuery(id)) });
  const rows = useRows();
  const { point } = useReader();

  if (ids.length === 0 && kept.length > 0) return <Navigate to={comparePath(kept)} replace />;

  const columns = ids.map((id, i) => columnOf(id, answers[i]?.data, answers[i]?.error ?? null));
  // From the address and the kept list as they stand: a second Remove tapped before the first is
  // drawn would otherwise bring the first car back.
  const remove = (id: string) => {
    const rest = comparedInAddress(searchParamsNow().get('cars')).filter((one) => one !== id);
    setParams(rest.length ? { cars: rest.join(',') } : {}, { replace: true });
    forgetCompared(id);
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 md:py-10">
      <title>Compare · Second Gear</title>
      <NotForIndexing />
      <h1 className="text-2xl font-bold md:text-3xl">Compare</h1>
      {columns.length === 0 ? (
        <p>
          Choose up to {maxCompared} cars with <strong>Compare</strong> on their cards or pages, then open them here.{' '}
          <Link to="/search" className="link link-primary">
            Search the cars for sale
          </Link>
        </p>
      ) : (
        <>
          {/* Focusable, so a keyboard scrolls the cars sideways too. */}
          <div role="region" aria-label="Cars side by side" tabIndex={0} className="overflow-x-auto rounded-box border border-base-200">
            <table className="table w-full table-fixed">
              <colgroup>
                <col className="w-28 md:w-40" />
                {columns.map((column) => (
                  <col key={column.id} className="w-44 md:w-auto" />
                ))}
              </colgroup>
              <thead>
                <tr>
                  <td className="sticky left-0 z-10 bg-base-100" />
                  {columns.map((column) => (
                    <th key={column.id} scope="col" className="align-top whitespace-normal">
                      <CarHeading column={column} onRemove={() => remove(column.id)} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map(([label, cell]) => (
                  <tr key={label}>
                    <th scope="row" className="sticky left-0 z-10 bg-base-100 text-sm font-medium whitespace-normal text-base-content/80">
                      {label}
                    </th>
                    {columns.map((column) => (
                      <td key={column.id} className="break-words">
                        {'car' in column ? cell(column.car) : <span className="text-base-content/60">—</span>}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {point ? null : <p className="text-sm text-base-content/80">Distances show once you set Near in the search.</p>}
        </>
      )}
    </div>
  );
}

/** A column's head: the car's picture and name (a link to its page) or why it is gone, and `Remove`. */
function CarHeading({ column, onRemove }: { column: Column; onRemove: () => void }) {
  // Which car, for a screen reader moving from button to button; the eye has the column.
  const which = 'car' in column ? column.car.productName : 'this car';
  const remove = (
    <button type="button" onClick={onRemove} className="btn btn-ghost btn-sm h-11 min-h-11 self-start">
      Remove<span className="sr-only"> {which}</span>
    </button>
  );
  if ('loading' in column) return <Spinner label="Loading the car" />;
  if ('gone' in column) {
    return (
      <div className="flex flex-col gap-2 font-normal">
        <p className="font-semibold">{column.gone}</p>
        {remove}
      </div>
    );
  }
  const { car } = column;
  return (
    <div className="flex flex-col gap-2">
      <img src={car.image} srcSet={car.imageSrcSet || undefined} sizes="240px" alt="" width={240} height={180} className="aspect-[4/3] w-full max-w-60 rounded-lg bg-base-200 object-cover" />
      <Link to={`/cars/${car._id}`} className="link link-hover text-base font-semibold break-words">
        {car.productName}
      </Link>
      {remove}
    </div>
  );
}
