import { useState } from 'react';
import { defaultDownPayment, loanDefaults, loanTerms, paymentPlan, readLoanTerms, type LoanTermsFields } from '@second-gear/contract/constants';
import { formatCents, formatPrice } from '../../lib/format.ts';
import { SelectField, TextField } from '../../ui/form-field.tsx';

/**
 * `Monthly payment`: what the car costs a month on a loan, worked out in the browser as the buyer
 * types (contract/payment.ts). It starts from stated defaults; a field it cannot read says so beside
 * itself and the figures wait for it, so no figure is ever made of a wrong field.
 */
export function MonthlyPayment({ price, headingId }: { price: number; headingId: string }) {
  const [fields, setFields] = useState<LoanTermsFields>(() => ({
    downPayment: String(defaultDownPayment(price)),
    term: String(loanDefaults.termMonths),
    apr: String(loanDefaults.aprPercent),
  }));
  const read = readLoanTerms(fields);
  const refusals = 'refusals' in read ? read.refusals : {};
  const plan = 'terms' in read ? paymentPlan(price, read.terms) : null;
  const set = (name: keyof LoanTermsFields) => (event: { target: { value: string } }) => setFields((now) => ({ ...now, [name]: event.target.value }));

  return (
    <section aria-labelledby={headingId} className="rounded-box border border-base-200 p-4">
      <h2 id={headingId} className="mb-1 text-xl font-semibold">
        Monthly payment
      </h2>
      <p className="mb-3 text-sm text-base-content/80">
        For the price of {formatPrice(price)}. It starts at {Math.round(loanDefaults.downPaymentShare * 100)}% down over {loanDefaults.termMonths} months at{' '}
        {loanDefaults.aprPercent}% APR, an example rate and not an offer: change any of them to your own.
      </p>
      <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
        <TextField label="Down payment" inputMode="numeric" autoComplete="off" value={fields.downPayment} onChange={set('downPayment')} error={refusals.downPayment} hint="In dollars" />
        <SelectField label="Term" value={fields.term} onChange={set('term')} error={refusals.term}>
          {loanTerms.map((months) => (
            <option key={months} value={months}>
              {months} months
            </option>
          ))}
        </SelectField>
        <TextField label="APR" inputMode="decimal" autoComplete="off" value={fields.apr} onChange={set('apr')} error={refusals.apr} hint="In percent" />
      </div>
      {/* Always the same box, figures or the reason there are none, so nothing below moves as one types. */}
      <div aria-live="polite" className="mt-4 min-h-24 rounded-lg bg-base-200 px-3 py-2">
        {plan ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt>Monthly payment</dt>
            <dd className="text-right text-lg font-bold" data-testid="monthly-payment">
              {formatCents(plan.monthlyCents)}
            </dd>
            <dt>Total interest</dt>
            <dd className="text-right">{formatCents(plan.interestCents)}</dd>
            <dt>Total cost</dt>
            <dd className="text-right font-medium">{formatCents(plan.totalCostCents)}</dd>
            {plan.financed === 0 ? <dd className="col-span-2 text-sm">The down payment covers the price: nothing to borrow.</dd> : null}
          </dl>
        ) : (
          <p className="text-sm">Correct the field marked above to see the payment.</p>
        )}
      </div>
    </section>
  );
}
