// The cars feature's public entry: a car's own page (`/cars/{id}`). The router loads the page
// module lazily, and its data before it opens through carPageQuery.
export { carPageQuery } from './api.ts';
// Said by any public page that is not for search engines (a seller's profile with nothing on the market too).
export { NotForIndexing } from './not-for-indexing.tsx';
