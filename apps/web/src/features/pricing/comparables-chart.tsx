import { Link } from 'react-router';
import type { ComparableCar } from '@second-gear/contract';
import type { DistanceUnit } from '@second-gear/contract/constants';
import { formatMileage, formatPrice } from '../../lib/format.ts';
import { Chart } from '../../ui/chart/chart.tsx';
import { comparablesChartSpec, comparablesSummary, type PricedCarMark } from './comparables-chart-spec.ts';

export interface ComparablesChartProps {
  comparables: readonly ComparableCar[];
  car: PricedCarMark;
  unit: DistanceUnit;
  /** How the summary names the car priced: "this car", "your car". */
  carWords?: string;
  /** Where the figures are said in words when the page lists them beside the chart (the car page's list); absent: a table behind "Show the figures". */
  figuresListedAt?: string;
}

/**
 * The similar cars a fair price rests on, as price against mileage, with the car priced marked
 * (comparablesChartSpec), on the car page beside the deal rating and on What's my car worth?.
 */
export function ComparablesChart({ comparables, car, unit, carWords, figuresListedAt }: ComparablesChartProps) {
  const summary = comparablesSummary(comparables, car, unit, carWords);
  return (
    <Chart
      spec={comparablesChartSpec(comparables, car, unit)}
      label={`Price against mileage of ${comparables.length} similar cars`}
      summary={figuresListedAt ? `${summary} ${figuresListedAt}` : summary}
      figures={figuresListedAt ? undefined : <ComparablesTable comparables={comparables} unit={unit} />}
      heightClass="h-60 sm:h-72"
    />
  );
}

/** The chart's figures: each similar car (a link to its page), its year, mileage and condition, its asking price and that price carried over to the car priced. */
function ComparablesTable({ comparables, unit }: { comparables: readonly ComparableCar[]; unit: DistanceUnit }) {
  return (
    <table className="table-sm table">
      <thead>
        <tr>
          <th scope="col">Car</th>
          <th scope="col">Model Year</th>
          <th scope="col">Mileage</th>
          <th scope="col">Condition</th>
          <th scope="col">Asking</th>
          <th scope="col">Carried over</th>
        </tr>
      </thead>
      <tbody>
        {comparables.map((c) => (
          <tr key={c._id}>
            <th scope="row" className="font-normal">
              <Link to={`/cars/${c._id}`} className="link">
                {c.productName}
              </Link>
            </th>
            <td>{c.modelYear}</td>
            <td className="whitespace-nowrap">{formatMileage(c.mileage, c.mileageUnit, unit)}</td>
            <td>{c.condition}</td>
            <td>{formatPrice(c.resalePrice)}</td>
            <td>{formatPrice(c.adjustedPrice)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
