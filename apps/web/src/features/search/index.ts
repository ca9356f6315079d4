// The search feature's public entry: the navbar's way in, and the query the route loads before the page opens.
export { searchResultsQuery } from './api.ts';
export { NavbarSearch } from './navbar-search.tsx';
export { apiQueryString, distanceUnitOf, filterLabels, mileageUnitOf } from './search-params.ts';
