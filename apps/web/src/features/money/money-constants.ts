import type { moneyLimits as contractLimits, problemReasonLabels as contractReasonLabels, testPayoutAccountNumbers as contractTestNumbers } from '@second-gear/contract';

// The contract's money values the screens need. The contract keeps them beside its schemas, whose
// module brings zod along: the app's bundle takes these copies instead. Their types are the
// contract's (a changed limit or test number fails the type check) and money-constants.test.ts
// holds the labels' words to the contract's.

export const moneyLimits = { reason: 500, details: 2000, note: 1000 } as const satisfies typeof contractLimits;

/** Why a buyer reports a problem, in the order the `Reason` select lists them. */
export const problemReasonLabels = {
  not_as_described: 'The car is not as described',
  not_handed_over: 'The seller did not hand the car over',
  seller_unreachable: 'I cannot reach the seller',
  other: 'Something else',
} as const satisfies typeof contractReasonLabels;

/** The test processor's bank account numbers (routing number 110000000): one receives at once, one stays under review. */
export const testPayoutAccountNumbers = { enabled: '000123456789', pending: '000999999991' } as const satisfies typeof contractTestNumbers;
export const testRoutingNumber = '110000000';
