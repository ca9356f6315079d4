// The cars feature's public entry: a car's own page (`/cars/{id}`). The router loads the page
// module lazily, and its data before it opens through carPageQuery (and similarCarsQuery, for a
// car that is not there: the page says why with cars like it).
export { carPageQuery, isNoSuchCar, similarCarsQuery } from './api.ts';
// Said by any public page that is not for search engines (a seller's profile with nothing on the market too).
export { NotForIndexing } from './not-for-indexing.tsx';
