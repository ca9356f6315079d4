import { useId } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { CarDeparture, SimilarCars as SimilarCarsData } from '@second-gear/contract';
import { makeSearchPath } from '@second-gear/contract/constants';
import { formatPrice } from '../../lib/format.ts';
import { routeErrorOf } from '../../lib/errors.ts';
import { PageSpinner, Spinner } from '../../ui/spinner.tsx';
import { CarGrid, useCarStanding } from '../catalog/index.ts';
import { isNoSuchCar, similarCarsQuery } from './api.ts';
import { NotForIndexing } from './not-for-indexing.tsx';

/**
 * Cars on the market like this one (the same make and model, then the make, nearest in price), for a
 * car that can no longer be bought: on its own page for whoever still sees it, and on the page that
 * says it left.
 */
export function SimilarCars({ carId, makeId }: { carId: string; makeId?: string }) {
  const headingId = useId();
  const { data, error } = useQuery(similarCarsQuery(carId));
  const { standingOf, loading } = useCarStanding();
  if (error && !data) throw routeErrorOf(error);
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="mb-4 text-xl font-semibold">
        Similar cars on the market
      </h2>
      {!data || loading ? (
        <Spinner label="Loading similar cars" />
      ) : data.cars.length > 0 ? (
        <CarGrid products={data.cars} standingOf={standingOf} />
      ) : (
        <p>
          No similar car is on the market right now.{' '}
          <Link to={makeId ? makeSearchPath(makeId) : '/search'} className="link link-primary">
            Search the cars for sale
          </Link>
        </p>
      )}
    </section>
  );
}

/** Each way a car can be gone, in the words of its page's heading (the specification's for sold and no longer listed). */
const headings: Record<CarDeparture, string> = {
  sold: 'This car was sold',
  reserved: 'This car is reserved for a buyer',
  withdrawn: 'This car is no longer listed',
  deleted: 'This car is no longer listed',
};

/**
 * The car a sold or reserved page is about, so a person following an old link knows which one it
 * was: its cover, and "2019 Honda Civic, $18,500, sold". The picture keeps its box while it loads.
 */
function DepartedCar({ car, state }: { car: NonNullable<SimilarCarsData['car']>; state: 'sold' | 'reserved' }) {
  return (
    <figure className="mt-4 flex max-w-xl items-center gap-4">
      <img
        src={car.image}
        srcSet={car.imageSrcSet || undefined}
        sizes="10rem"
        alt=""
        width={640}
        height={480}
        className="aspect-[4/3] w-32 shrink-0 rounded-lg bg-base-200 object-cover sm:w-40"
      />
      <figcaption className="min-w-0 font-medium break-words">
        {car.productName}, {formatPrice(car.resalePrice)}, {state}
      </figcaption>
    </figure>
  );
}

/**
 * A car's address when the car is not there for this person (docs/product.md, "A car that left the
 * market"): sold (named with its cover and price), reserved for a buyer, or no longer listed
 * (withdrawn or deleted), said plainly with similar cars on the market; an address no car ever had is "No such car", with the way to the search. Never the
 * generic error screen.
 */
export function LeftMarketPage({ carId }: { carId: string }) {
  // The route's loader asked with the car (router.tsx); a refusal it left here is not asked again on mount.
  const { data, error, isPending } = useQuery({ ...similarCarsQuery(carId), retryOnMount: false });
  if (isNoSuchCar(error)) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-10" aria-labelledby="car-heading">
        <title>No such car · Second Gear</title>
        <NotForIndexing />
        <h1 id="car-heading" className="text-2xl font-bold md:text-3xl">
          No such car
        </h1>
        <p className="mt-3">There is no car at this address: the link may be mistyped or incomplete.</p>
        <Link to="/search" className="btn btn-primary mt-6 h-11">
          Search cars
        </Link>
      </section>
    );
  }
  if (error && !data) throw routeErrorOf(error);
  if (isPending) return <PageSpinner label="Loading the car" />;
  const heading = headings[data.left ?? 'withdrawn'];
  const makeId = data.cars[0]?.categoryId;
  return (
    <section className="mx-auto max-w-7xl px-4 py-6 md:py-10" aria-labelledby="car-heading">
      <title>{`${heading} · Second Gear`}</title>
      <NotForIndexing />
      <h1 id="car-heading" className="text-2xl font-bold md:text-3xl">
        {heading}
      </h1>
      {data.car && (data.left === 'sold' || data.left === 'reserved') ? <DepartedCar car={data.car} state={data.left} /> : null}
      <p className="mt-2 text-base-content/80">
        {data.cars.length > 0 ? 'These cars like it are still for sale.' : 'You can look for another like it among the cars for sale.'}
      </p>
      <SimilarCars carId={carId} {...(makeId && { makeId })} />
    </section>
  );
}
