// A car's monthly payment, worked out in the browser from the car's price and the terms a buyer
// types (issue 49: `Monthly payment` on a car's page). Pure, so its arithmetic is held by worked
// examples (payment.test.ts) rather than by a browser.

/** `Term`'s choices, in months: the loan lengths lenders commonly offer for a used car. */
export const loanTerms = [24, 36, 48, 60, 72, 84] as const;
export type LoanTerm = (typeof loanTerms)[number];

/**
 * The terms the calculator starts from, stated on the page: 10% down, five years, and an APR that is
 * an example of a used-car loan's rate, not an offer (the product lends nothing).
 */
export const loanDefaults = { downPaymentShare: 0.1, termMonths: 60, aprPercent: 7.5 } as const satisfies {
  downPaymentShare: number;
  termMonths: LoanTerm;
  aprPercent: number;
};

/** Above this APR the figure is a typing slip, not a loan (US usury caps sit well below it). */
export const maxAprPercent = 40;

/** The down payment the page starts from: the default share of the price, in whole hundreds of dollars. */
export function defaultDownPayment(price: number): number {
  return Math.round((price * loanDefaults.downPaymentShare) / 100) * 100;
}

export interface LoanTermsInput {
  /** Whole dollars. */
  downPayment: number;
  termMonths: number;
  aprPercent: number;
}

export interface PaymentPlan {
  /** What is borrowed: the price less the down payment, never below 0 (whole dollars). */
  financed: number;
  /** Each month's payment, in cents, rounded to the cent. */
  monthlyCents: number;
  /** Interest over the whole term, in cents. */
  interestCents: number;
  /** What the car costs in all: the down payment (at most the price) and every monthly payment, in cents. */
  totalCostCents: number;
}

/**
 * An amortised loan's payment: `financed × r / (1 − (1 + r)^−n)` with `r` the APR over 12, or the
 * financed amount over the months when the APR is 0. The totals come from the exact payment, not the
 * rounded one: a lender's last payment takes up the cents, so 0% APR costs exactly the price. A down
 * payment at or above the price leaves nothing to borrow (monthly 0, the price in all).
 */
export function paymentPlan(price: number, { downPayment, termMonths, aprPercent }: LoanTermsInput): PaymentPlan {
  const down = Math.min(Math.max(downPayment, 0), price);
  const financedCents = Math.round((price - down) * 100);
  const rate = aprPercent / 100 / 12;
  const exactMonthly = financedCents === 0 ? 0 : rate === 0 ? financedCents / termMonths : (financedCents * rate) / (1 - (1 + rate) ** -termMonths);
  const paidCents = Math.round(exactMonthly * termMonths);
  return {
    financed: price - down,
    monthlyCents: Math.round(exactMonthly),
    interestCents: paidCents - financedCents,
    totalCostCents: Math.round(down * 100) + paidCents,
  };
}

/** What a person typed into `Down payment`, `Term` and `APR`, as the fields hold it. */
export interface LoanTermsFields {
  downPayment: string;
  term: string;
  apr: string;
}

export type LoanFieldRefusals = Partial<Record<keyof LoanTermsFields, string>>;

/** A decimal number as a person types it (`7.5`, `2,000`); NaN for anything else, the empty field too. */
function readNumber(text: string): number {
  const plain = text.trim().replace(/,/g, '');
  return /^\d+(\.\d+)?$|^\.\d+$/.test(plain) ? Number(plain) : Number.NaN;
}

/**
 * The fields read as loan terms, or what is wrong with each field that is wrong, in words shown next
 * to it: the page never works out a payment from a field it cannot read.
 */
export function readLoanTerms(fields: LoanTermsFields): { terms: LoanTermsInput } | { refusals: LoanFieldRefusals } {
  const refusals: LoanFieldRefusals = {};
  const downPayment = readNumber(fields.downPayment);
  if (!Number.isFinite(downPayment)) refusals.downPayment = 'Down payment must be an amount in dollars, 0 or more';
  const termMonths = Number(fields.term);
  if (!(loanTerms as readonly number[]).includes(termMonths)) refusals.term = 'Term must be one of the listed lengths';
  const aprPercent = readNumber(fields.apr);
  if (!Number.isFinite(aprPercent) || aprPercent > maxAprPercent) refusals.apr = `APR must be a percentage from 0 to ${maxAprPercent}`;
  return Object.keys(refusals).length > 0 ? { refusals } : { terms: { downPayment, termMonths, aprPercent } };
}
