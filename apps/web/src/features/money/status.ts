// The money feature's light entry: where a purchase's money stands, for the cards every page shows.
// The main entry (index.ts) also carries the buyer's and seller's dialogs, which only their lists need.
export { MoneyStatus } from './money-status.tsx';
