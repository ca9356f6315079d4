// The compare feature's public entry (issue 49): `Compare` for a card and a car's page, and the tray
// that opens `/compare` (the page itself the router loads lazily).
export { CompareToggle } from './compare-toggle.tsx';
export { CompareTray } from './compare-tray.tsx';
