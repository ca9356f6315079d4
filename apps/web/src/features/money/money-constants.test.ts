import { describe, expect, it } from 'vitest';
import * as contract from '@second-gear/contract';
import { moneyLimits, problemReasonLabels, testPayoutAccountNumbers } from './money-constants.ts';

describe('the money values the screens use', () => {
  it('are the contract’s, reasons in the contract’s order', () => {
    expect(moneyLimits).toEqual(contract.moneyLimits);
    expect(problemReasonLabels).toEqual(contract.problemReasonLabels);
    expect(Object.keys(problemReasonLabels)).toEqual([...contract.problemReasons]);
    expect(testPayoutAccountNumbers).toEqual(contract.testPayoutAccountNumbers);
  });

  it('name a routing number the test processor accepts', () => {
    expect(contract.testOnboardingBody.safeParse({ holderName: 'A', routingNumber: '110000000', accountNumber: testPayoutAccountNumbers.enabled }).success).toBe(true);
  });
});
