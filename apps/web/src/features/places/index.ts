// The places feature's public entry (issue 48): a ZIP code's place, the reader's point and how far a
// car is from it, and `Use my location`. Only our server's gazetteer is asked.
export { placeOfZipQuery } from './api.ts';
export { DistanceAway } from './distance-away.tsx';
export { distanceAway, prefetchReaderPlace } from './reader-place.ts';
export { ReaderProvider, useReader } from './reader.tsx';
export { useMyLocation } from './use-my-location.ts';
