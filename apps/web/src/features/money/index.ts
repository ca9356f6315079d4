// The money feature's public entry: where a paid purchase's money stands, and what its buyer and
// seller may do while it is held.
export { MoneyStatus } from './money-status.tsx';
export { buyerMayAct, moneyStateLabel } from './money-words.ts';
export { useBuyerMoney } from './use-buyer-money.tsx';
export { useCancelSale } from './use-cancel-sale.tsx';
