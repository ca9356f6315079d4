import { useEffect, useRef, useState, type ReactNode } from 'react';
import { drawingKey, type ChartSeries, type ChartSpec, type ChartTone } from './chart-spec.ts';

const swatch: Record<ChartTone, string> = {
  muted: 'bg-base-content/40',
  primary: 'bg-primary',
  accent: 'bg-secondary',
};

export interface ChartProps {
  spec: ChartSpec;
  /** The drawing's accessible name: "Price against mileage of 14 similar cars". */
  label: string;
  /** One or two sentences that say what the chart shows (the caption everybody reads). */
  summary: ReactNode;
  /**
   * The same figures as a table, behind "Show the figures": the text alternative. Left out only where
   * the page already shows the same figures in words right beside the chart (a price history's list
   * of changes), which the summary then points to: the figures are not written twice.
   */
  figures?: ReactNode;
  /** The drawing's height: a fixed box, so nothing below moves while the library loads. */
  heightClass?: string;
}

/**
 * A chart as a figure: the drawing (Chartist, fetched with `import()` only when a chart is on screen,
 * decision 044), a legend, a caption, and the figures in words for those who do not see it. The
 * drawing's box keeps its size before, during and after drawing.
 */
export function Chart({ spec, label, summary, figures, heightClass = 'h-56' }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(spec);
  latest.current = spec;
  const key = drawingKey(spec);

  useEffect(() => {
    let undraw: (() => void) | undefined;
    let current = true;
    import('./draw-chart.ts').then(
      ({ drawChart }) => {
        if (current && box.current) undraw = drawChart(box.current, latest.current);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
      undraw?.();
    };
  }, [key]);

  return (
    <figure className="flex min-w-0 flex-col gap-2">
      <div ref={box} role="img" aria-label={label} className={`${heightClass} w-full min-w-0`}>
        {failed ? <p className="p-4 text-sm">The chart could not be drawn; its figures are below.</p> : null}
      </div>
      <Legend series={spec.series} />
      <figcaption className="text-sm text-base-content/80">{summary}</figcaption>
      {figures ? (
        <details className="text-sm">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium">Show the figures</summary>
          <div className="overflow-x-auto">{figures}</div>
        </details>
      ) : null}
    </figure>
  );
}

function Legend({ series }: { series: ChartSeries[] }) {
  if (series.length < 2) return null;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Legend">
      {series.map((one) => (
        <li key={one.name} className="flex items-center gap-2">
          <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-full ${swatch[one.tone]}`} />
          {one.name}
        </li>
      ))}
    </ul>
  );
}
