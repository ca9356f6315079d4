import { describe, expect, it } from 'vitest';
import { defaultDownPayment, paymentPlan, readLoanTerms } from './payment.ts';

describe('paymentPlan', () => {
  it('amortises a loan as the textbook does: $20,000 at 6% over 60 months is $386.66 a month', () => {
    expect(paymentPlan(22_000, { downPayment: 2_000, termMonths: 60, aprPercent: 6 })).toEqual({
      financed: 20_000,
      monthlyCents: 38_666,
      interestCents: 319_936,
      totalCostCents: 200_000 + 2_319_936,
    });
  });

  it('works out the page defaults for a $30,000 car: $3,000 down, 60 months at 7.5% is $541.02 a month', () => {
    const plan = paymentPlan(30_000, { downPayment: defaultDownPayment(30_000), termMonths: 60, aprPercent: 7.5 });
    expect(plan.monthlyCents).toBe(54_102);
    expect(plan.interestCents).toBe(546_148);
  });

  it('at 0% APR splits the amount evenly and costs exactly the price', () => {
    expect(paymentPlan(10_000, { downPayment: 0, termMonths: 36, aprPercent: 0 })).toEqual({
      financed: 10_000,
      monthlyCents: 27_778,
      interestCents: 0,
      totalCostCents: 1_000_000,
    });
  });

  it('with a down payment at or above the price borrows nothing, and the car costs its price', () => {
    for (const downPayment of [15_000, 18_000]) {
      expect(paymentPlan(15_000, { downPayment, termMonths: 48, aprPercent: 9 })).toEqual({ financed: 0, monthlyCents: 0, interestCents: 0, totalCostCents: 1_500_000 });
    }
  });
});

describe('defaultDownPayment', () => {
  it('is a tenth of the price in whole hundreds', () => {
    expect(defaultDownPayment(31_500)).toBe(3_200);
    expect(defaultDownPayment(8_740)).toBe(900);
  });
});

describe('readLoanTerms', () => {
  it('reads what a person types, separators and decimals included', () => {
    expect(readLoanTerms({ downPayment: ' 2,500 ', term: '48', apr: '6.9' })).toEqual({ terms: { downPayment: 2_500, termMonths: 48, aprPercent: 6.9 } });
  });

  it('refuses each unreadable field with words for that field, never a NaN payment', () => {
    expect(readLoanTerms({ downPayment: '', term: '61', apr: 'abc' })).toEqual({
      refusals: {
        downPayment: 'Down payment must be an amount in dollars, 0 or more',
        term: 'Term must be one of the listed lengths',
        apr: 'APR must be a percentage from 0 to 40',
      },
    });
    expect(readLoanTerms({ downPayment: '-100', term: '60', apr: '41' })).toEqual({
      refusals: { downPayment: 'Down payment must be an amount in dollars, 0 or more', apr: 'APR must be a percentage from 0 to 40' },
    });
  });
});
