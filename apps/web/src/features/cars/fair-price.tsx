import type { FairPrice, Product } from '@second-gear/contract';
import { kmPerMile } from '@second-gear/contract/constants';
import { formatPrice, formatWhole } from '../../lib/format.ts';

/** How a comparable differs from this car, in words: "1 year older, 12,000 km more, Fair". */
function differences(car: Product, other: { modelYear: number; mileage: number; condition: string }): string {
  const parts: string[] = [];
  const years = other.modelYear - (car.modelYear ?? other.modelYear);
  if (years !== 0) parts.push(`${Math.abs(years)} ${Math.abs(years) === 1 ? 'year' : 'years'} ${years > 0 ? 'newer' : 'older'}`);
  if (car.mileage !== undefined) {
    const km = Math.round(other.mileage - (car.mileageUnit === 'mi' ? car.mileage * kmPerMile : car.mileage));
    if (Math.abs(km) >= 1000) parts.push(`${formatWhole(Math.abs(km))} km ${km > 0 ? 'more' : 'less'}`);
  }
  if (other.condition !== car.condition) parts.push(other.condition);
  return parts.length ? parts.join(', ') : 'Alike';
}

/**
 * The car's fair price with its explanation (docs/pricing.md): the rating, the estimate and its range,
 * and the similar cars it came from with how each differs; or why there is none.
 */
export function FairPricePanel({ car, fairPrice, headingId }: { car: Product; fairPrice: FairPrice | null; headingId: string }) {
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
            <span className="badge badge-primary mr-2">{fairPrice.rating}</span>
            Fair price {formatPrice(fairPrice.estimate)}, most such cars between {formatPrice(fairPrice.low)} and {formatPrice(fairPrice.high)}, based on{' '}
            {fairPrice.comparables.length} similar cars (same make and model, within two model years, similar mileage), carried over for their
            differences.
          </p>
          <ul className="flex flex-col gap-2">
            {fairPrice.comparables.map((other) => (
              <li key={other._id} className="flex flex-wrap items-baseline justify-between gap-x-4 rounded-lg bg-base-200 px-3 py-2">
                <span className="font-medium">{other.productName}</span>
                <span>{formatPrice(other.resalePrice)}</span>
                <span className="w-full text-sm text-base-content/80">
                  {other.modelYear}, {formatWhole(other.mileage)} km, {other.condition}: {differences(car, other)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
