import { Link } from 'react-router';
import type { FairPrice, Product } from '@second-gear/contract';
import { distanceIn, type DistanceUnit } from '@second-gear/contract/constants';
import { formatMileage, formatPrice } from '../../lib/format.ts';
import { ComparablesChart } from '../pricing/index.ts';
import { useDistanceUnit } from '../settings/index.ts';

type Comparable = Extract<FairPrice, { kind: 'rated' }>['comparables'][number];

/**
 * How a comparable differs from this car, in words: "1 year older, 12,000 mi more, Fair". Mileages
 * are compared in km (as the estimate compares them) and the difference told in the reader's unit
 * (this car's own until that is known), whichever units the two sellers gave; under 1,000 km apart
 * is no difference worth telling.
 */
export function differences(car: Product, other: Comparable, unit: DistanceUnit | undefined): string {
  const parts: string[] = [];
  const years = other.modelYear - (car.modelYear ?? other.modelYear);
  if (years !== 0) parts.push(`${Math.abs(years)} ${Math.abs(years) === 1 ? 'year' : 'years'} ${years > 0 ? 'newer' : 'older'}`);
  if (car.mileage !== undefined && car.mileageUnit !== undefined) {
    const moreKm = other.mileageKm - distanceIn(car.mileage, car.mileageUnit, 'km');
    if (Math.abs(moreKm) >= 1000) parts.push(`${formatMileage(Math.abs(moreKm), 'km', unit ?? car.mileageUnit)} ${moreKm > 0 ? 'more' : 'less'}`);
  }
  if (other.condition !== car.condition) parts.push(other.condition);
  return parts.length ? parts.join(', ') : 'Alike';
}

/**
 * The car's fair price with its explanation (docs/pricing.md): the rating, the estimate and its range,
 * a chart of the similar cars' prices against their mileages with this car marked, and the similar cars it came from (each a link to its page) with how each differs and its price
 * carried over to this car, the estimate being their median; or why there is none. A car whose
 * listing checks flagged something has no rating (it earns no badge until an admin clears them).
 */
export function FairPricePanel({ car, fairPrice, headingId }: { car: Product; fairPrice: FairPrice | null; headingId: string }) {
  const unit = useDistanceUnit();
  if (!fairPrice) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-xl font-semibold">
        Fair price
      </h2>
      {fairPrice.kind === 'not enough data' ? (
        <p>
          <span className="badge badge-ghost mr-2">Not enough data</span>
          {fairPrice.comparables === 0 ? 'No similar car is' : `Only ${fairPrice.comparables} similar ${fairPrice.comparables === 1 ? 'car is' : 'cars are'}`} on
          sale; a price is rated from {fairPrice.needed}.
        </p>
      ) : (
        <>
          <p className="mb-3">
            {fairPrice.rating ? <span className="badge badge-primary mr-2">{fairPrice.rating}</span> : null}
            Fair price {formatPrice(fairPrice.estimate)}, most such cars between {formatPrice(fairPrice.low)} and {formatPrice(fairPrice.high)}, based on{' '}
            {fairPrice.comparables.length} similar cars (same make and model, within two model years, similar mileage), carried over for their
            differences: the fair price is the middle of the carried-over prices.
            {fairPrice.rating ? null : ' No rating while the listing checks above have findings to clear.'}
          </p>
          {car.mileage !== undefined && car.mileageUnit !== undefined ? (
            <div className="mb-3">
              <ComparablesChart
                comparables={fairPrice.comparables}
                car={{ mileageKm: distanceIn(car.mileage, car.mileageUnit, 'km'), estimate: fairPrice.estimate, price: car.resalePrice }}
                unit={unit ?? car.mileageUnit}
                figuresListedAt="Each is listed below with its figures."
              />
            </div>
          ) : null}
          <ul className="flex flex-col gap-2">
            {fairPrice.comparables.map((other) => (
              <li key={other._id} className="flex flex-wrap items-baseline justify-between gap-x-4 rounded-lg bg-base-200 px-3 py-2">
                <Link to={`/cars/${other._id}`} className="link font-medium break-words">
                  {other.productName}
                </Link>
                <span>{formatPrice(other.resalePrice)}</span>
                <span className="w-full text-sm text-base-content/80">
                  {other.modelYear}, {formatMileage(other.mileage, other.mileageUnit, unit)}, {other.condition}: {differences(car, other, unit)}; {formatPrice(other.adjustedPrice)}{' '}
                  carried over to this car
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
