import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TestOnboardingBody } from '@second-gear/contract';
import { errorMessage, routeErrorOf } from '../../lib/errors.ts';
import { focusFirstInvalid } from '../../lib/focus-first-invalid.ts';
import { TextField } from '../../ui/form-field.tsx';
import { PageSpinner } from '../../ui/spinner.tsx';
import { testPayoutAccountNumbers, testRoutingNumber } from '@second-gear/contract/constants';
import { payoutsKey, saveTestOnboarding, testAccountQuery } from './api.ts';
import { safeReturnPath } from './payout-words.ts';
import { BusyButton } from '../../ui/busy-button.tsx';

/** What a test account id looks like (`acct_…`), as the server's route takes it. */
const accountIdPattern = /^acct_[A-Za-z0-9]+$/;

/**
 * The test processor's stand-in for Stripe's onboarding (`PAYMENTS=test`):
 * `/dashboard/payouts/test-onboarding?account=acct_…&return=…`. The seller enters test bank details;
 * saved, they go back to `return` when it is a path of this site, else to Payouts.
 */
export default function TestOnboardingPage() {
  const [params] = useSearchParams();
  const accountId = params.get('account') ?? '';
  const valid = accountIdPattern.test(accountId);

  return (
    <section aria-labelledby="test-onboarding-heading">
      <title>Payout details · Second Gear</title>
      <h1 id="test-onboarding-heading" className="mb-2 text-3xl font-bold">
        Payout details
      </h1>
      <p className="mb-6 text-base-content/80">Test mode: no real bank account is used and no money moves.</p>
      {valid ? (
        <TestOnboardingForm accountId={accountId} returnTo={safeReturnPath(params.get('return'), window.location.origin)} />
      ) : (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-box bg-base-200 p-6">
          <p>This link does not name a payout account. Start again from Payouts.</p>
          <Link to="/dashboard/payouts" className="btn btn-primary">
            Payouts
          </Link>
        </div>
      )}
    </section>
  );
}

function TestOnboardingForm({ accountId, returnTo }: { accountId: string; returnTo: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const account = useQuery(testAccountQuery(accountId));
  const [failure, setFailure] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TestOnboardingBody>({ defaultValues: { holderName: '', routingNumber: '', accountNumber: '' }, shouldFocusError: false });

  if (account.isError) throw routeErrorOf(account.error);
  if (account.isPending) return <PageSpinner label="Loading your payout account" />;

  const save = async (body: TestOnboardingBody) => {
    setFailure('');
    try {
      await saveTestOnboarding(accountId, {
        holderName: body.holderName.trim(),
        routingNumber: body.routingNumber.trim(),
        accountNumber: body.accountNumber.trim(),
      });
      await queryClient.invalidateQueries({ queryKey: payoutsKey });
      await navigate(returnTo);
    } catch (error) {
      setFailure(errorMessage(error, 'The payout details could not be saved.'));
    }
  };

  return (
    <form
      className="flex flex-col gap-4 rounded-box border border-base-200 bg-base-100 p-4 shadow-sm sm:p-6"
      noValidate
      onSubmit={handleSubmit(save, focusFirstInvalid)}
      aria-busy={isSubmitting}
    >
      {account.data.detailsSubmitted ? (
        <p className="text-sm text-base-content/80">Details were saved for this account already: saving again replaces them.</p>
      ) : null}
      <TextField
        label="Account holder name"
        autoComplete="name"
        maxLength={200}
        error={errors.holderName?.message}
        {...register('holderName', { validate: (value) => value.trim() !== '' || 'Account holder name is required' })}
      />
      <TextField
        label="Routing number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={9}
        error={errors.routingNumber?.message}
        {...register('routingNumber', { validate: (value) => /^\d{9}$/.test(value.trim()) || 'Routing number must be 9 digits' })}
      />
      <TextField
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={17}
        error={errors.accountNumber?.message}
        {...register('accountNumber', { validate: (value) => /^\d{4,17}$/.test(value.trim()) || 'Account number must be 4 to 17 digits' })}
      />
      <div className="rounded-box bg-base-200 p-3 text-sm" id="test-numbers">
        <p className="font-medium">Test numbers</p>
        <ul className="list-disc ps-5">
          <li>
            Routing number {testRoutingNumber} with account number {testPayoutAccountNumbers.enabled}: receives payouts at once.
          </li>
          <li>
            Routing number {testRoutingNumber} with account number {testPayoutAccountNumbers.pending}: saved, but stays under review.
          </li>
        </ul>
      </div>
      {failure ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
          {failure}
        </p>
      ) : null}
      <BusyButton busy={isSubmitting} type="submit" className="btn btn-primary w-full sm:w-auto sm:self-start">
        Save payout details
      </BusyButton>
    </form>
  );
}
