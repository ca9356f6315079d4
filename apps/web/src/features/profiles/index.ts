// The profiles feature's public entry: a seller's public page (`/sellers/{id}`). The router loads the
// page module lazily, and its data before it opens through these queries.
export { sellerCarsQuery, sellerProfileQuery } from './api.ts';
