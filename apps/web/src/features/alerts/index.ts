// The alerts feature's public entry: the search page's way to save a search (My Alerts is a route of its own).
export { SaveSearchButton } from './save-search-button.tsx';
// The search page names its active filters as a saved search does.
export { filtersInWords } from './filters-in-words.ts';
