import type { Product } from '@second-gear/contract';
import { formatMileage } from '../../lib/format.ts';
import { useDistanceUnit } from '../settings/index.ts';

/**
 * The car's details as label and value, only those the seller gave (all but Make and Year of Purchase
 * are optional). Make is the category. Labels as the Add A Product form names the fields.
 */
export function CarDetails({ product }: { product: Product }) {
  const unit = useDistanceUnit();
  const details: [label: string, value: string | number | undefined][] = [
    ['Make', product.categoryName],
    ['Model', product.model],
    ['Model Year', product.modelYear],
    ['Mileage', product.mileage === undefined || product.mileageUnit === undefined ? undefined : formatMileage(product.mileage, product.mileageUnit, unit)],
    ['Fuel', product.fuel],
    ['Transmission', product.transmission],
    ['Body Type', product.bodyType],
    ['Colour', product.colour],
    ['VIN', product.vin],
    ['Year of Purchase', product.yearsOfUse],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      {details
        .filter(([, value]) => value !== undefined && value !== '')
        .map(([label, value]) => (
          <div key={label} className="flex min-w-0 justify-between gap-4 border-b border-base-200 pb-2">
            <dt className="text-base-content/70">{label}</dt>
            <dd className={`min-w-0 text-right font-medium break-words ${label === 'VIN' ? 'font-mono tracking-wide' : ''}`}>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
