// The settings feature's public entry: what other features may use of it.
export { profileQuery } from './api.ts';
export { useDistanceUnit } from './distance-unit.ts';
export { moveEarlierVisitorNear, prefetchKeptNear, useKeptNear, type KeptNear } from './kept-near.ts';
