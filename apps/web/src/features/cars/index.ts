// The cars feature's public entry: a car's own page (`/cars/{id}`). The router loads the page
// module lazily, and its data before it opens through carPageQuery.
export { carPageQuery } from './api.ts';
