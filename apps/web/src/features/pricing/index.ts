// The pricing feature's public entry: the picture of the similar cars a fair price rests on, which the
// car page and What's my car worth? both draw.
export { ComparablesChart } from './comparables-chart.tsx';
