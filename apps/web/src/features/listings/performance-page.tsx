import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { CarPerformance } from '@second-gear/contract';
import { formatWhole } from '../../lib/format.ts';
import { routeErrorOf } from '../../lib/errors.ts';
import { Chart } from '../../ui/chart/chart.tsx';
import { PageSpinner } from '../../ui/spinner.tsx';
import { formatDay, similarWords, totalsOf, viewsChart, viewsSummary } from './performance-chart.ts';
import { carPerformanceQuery } from './seller-api.ts';

/**
 * `/dashboard/products/{id}/performance`: how a seller's car does, the last 30 days: its views,
 * saves, messages and booking requests, the views a day as a chart beside similar cars' median, and
 * what similar cars say about its views and price.
 */
export default function PerformancePage() {
  const { id = '' } = useParams();
  const performance = useQuery(carPerformanceQuery(id));
  if (performance.isError) throw routeErrorOf(performance.error);
  if (performance.isPending) return <PageSpinner label="Loading the car’s performance" />;
  const car = performance.data;
  const totals = totalsOf(car);

  return (
    <section className="flex min-w-0 flex-col gap-6">
      <title>{`Performance of ${car.productName} · Second Gear`}</title>
      <div>
        <h1 className="text-3xl font-bold break-words">Performance</h1>
        <p className="mt-1 text-lg break-words">
          <Link to={`/cars/${car.productId}`} className="link link-hover">
            {car.productName}
          </Link>
        </p>
        <p className="mt-1 text-sm text-base-content/70">The last 30 days, in UTC days. A view is one person’s visit to the car’s page in a day; crawlers and your own visits are left out.</p>
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(
          [
            ['Views', totals.views],
            ['Saves', totals.saves],
            ['Messages', totals.messages],
            ['Booking requests', totals.bookingRequests],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-box bg-base-200 p-4">
            <dt className="text-sm text-base-content/70">{label}</dt>
            <dd className="text-2xl font-semibold">{formatWhole(value)}</dd>
          </div>
        ))}
      </dl>

      <p className="rounded-box border border-base-300 p-4">{similarWords(car)}</p>

      <Chart spec={viewsChart(car)} label={`Views of ${car.productName} each day over the last 30 days`} summary={viewsSummary(car)} figures={<DayFigures car={car} />} />
    </section>
  );
}

/** The chart's figures, newest day first: what the chart draws and what it leaves out. */
function DayFigures({ car }: { car: CarPerformance }) {
  const similar = car.similar.cars > 0;
  return (
    <table className="table table-sm">
      <caption className="sr-only">The last 30 days, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Views</th>
          {similar ? <th scope="col">Similar cars’ views (median)</th> : null}
          <th scope="col">Saves</th>
          <th scope="col">Messages</th>
          <th scope="col">Booking requests</th>
        </tr>
      </thead>
      <tbody>
        {car.days.toReversed().map((d) => (
          <tr key={d.day}>
            <th scope="row" className="font-normal whitespace-nowrap">
              {formatDay(d.day)}
            </th>
            <td>{formatWhole(d.views)}</td>
            {/* A median may fall between two counts: 2.5. */}
            {similar ? <td>{d.similarViews === null ? '' : String(Math.round(d.similarViews * 10) / 10)}</td> : null}
            <td>{formatWhole(d.saves)}</td>
            <td>{formatWhole(d.messages)}</td>
            <td>{formatWhole(d.bookingRequests)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
