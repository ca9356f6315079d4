import { AutoScaleAxis, FixedScaleAxis, Interpolation, LineChart } from 'chartist';
import 'chartist/dist/index.css';
import './chart.css';
import { xTicksOf, type ChartAxis, type ChartSpec } from './chart-spec.ts';

/**
 * Draws `spec` into `element` with Chartist (decision 044), sized to the element, and returns what
 * removes it. The drawing is for the eye only: the figure around it names it and carries the same
 * figures in words (chart.tsx), so the SVG is hidden from assistive technology.
 */
export function drawChart(element: HTMLElement, spec: ChartSpec): () => void {
  const names = spec.series.map((_, i) => `series-${i}`);
  const chart = new LineChart(
    element,
    { series: spec.series.map((series, i) => ({ name: names[i], className: `chart-${series.tone}`, data: series.points })) },
    {
      height: '100%',
      fullWidth: true,
      chartPadding: { top: 12, right: 16, bottom: 4, left: 8 },
      axisX: { ...axisOptions({ ...spec.x, ...xTicksOf(spec) }), scaleMinSpace: 64 },
      axisY: { ...axisOptions(spec.y), scaleMinSpace: 32, offset: 56 },
      series: Object.fromEntries(
        spec.series.map((series, i) => [
          names[i],
          { showLine: series.draw !== 'points', showPoint: series.draw === 'points', lineSmooth: series.draw === 'steps' ? Interpolation.step() : Interpolation.none() },
        ]),
      ),
    },
  );
  chart.on('created', () => element.querySelector('svg')?.setAttribute('aria-hidden', 'true'));
  // Chartist redraws when the window is resized, not when only its box is: a scroll bar that appears
  // once the rest of the page has loaded narrows the box and would leave the drawing wider than it.
  let width = element.clientWidth;
  const resized = new ResizeObserver(() => {
    if (element.clientWidth === width) return;
    width = element.clientWidth;
    chart.update();
  });
  resized.observe(element);
  return () => {
    resized.disconnect();
    chart.detach();
  };
}

/** An axis at the library's round steps, or at given ticks (the x axis always: chart-spec.ts's xTicksOf). */
function axisOptions(axis: ChartAxis) {
  return {
    type: axis.ticks ? FixedScaleAxis : AutoScaleAxis,
    ...(axis.ticks ? { ticks: axis.ticks } : {}),
    low: axis.low,
    high: axis.high,
    labelInterpolationFnc: (value: unknown) => axis.format(Number(value)),
  };
}
