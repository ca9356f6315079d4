import { AutoScaleAxis, FixedScaleAxis, Interpolation, LineChart } from 'chartist';
import 'chartist/dist/index.css';
import './chart.css';
import type { ChartSpec } from './chart-spec.ts';

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
      axisX: { type: spec.x.ticks ? FixedScaleAxis : AutoScaleAxis, ticks: spec.x.ticks, low: spec.x.low, high: spec.x.high, scaleMinSpace: 64, labelInterpolationFnc: (value) => spec.x.format(Number(value)) },
      axisY: { type: spec.y.ticks ? FixedScaleAxis : AutoScaleAxis, ticks: spec.y.ticks, low: spec.y.low, high: spec.y.high, scaleMinSpace: 32, offset: 56, labelInterpolationFnc: (value) => spec.y.format(Number(value)) },
      series: Object.fromEntries(
        spec.series.map((series, i) => [
          names[i],
          { showLine: series.draw !== 'points', showPoint: series.draw === 'points', lineSmooth: series.draw === 'steps' ? Interpolation.step() : Interpolation.none() },
        ]),
      ),
    },
  );
  chart.on('created', () => element.querySelector('svg')?.setAttribute('aria-hidden', 'true'));
  return () => chart.detach();
}
