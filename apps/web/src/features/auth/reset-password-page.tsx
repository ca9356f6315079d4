import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { minPasswordLength } from '@second-gear/contract/constants';
import { ApiError } from '../../lib/api.ts';
import { TextField } from '../../ui/form-field.tsx';
import { resetPassword } from './auth-api.ts';
import { useAuth } from './auth-context.ts';
import { AuthCard, confirmPasswordRules, newPasswordRules, ProviderError } from './auth-card.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';

interface ResetValues {
  newPassword: string;
  confirmPassword: string;
}

const unusableLink = 'This reset link can no longer be used: it has expired (links work for one hour), it was already used, or it is incomplete.';

/** The way forward from a link that does not work: a fresh one. */
function SendNewLink() {
  return (
    <Link to="/forgot-password" className="btn btn-outline w-full">
      Send a new link
    </Link>
  );
}

/**
 * Where a reset email's link leads once the server checked its token (password-reset.ts):
 * `?token=…`, a new password, typed twice; `?error=INVALID_TOKEN`, a link used or expired, said at
 * once with the way to a new one.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { refresh } = useAuth();
  const [outcome, setOutcome] = useState<'done' | 'unusable' | null>(token && !params.has('error') ? null : 'unusable');
  const [providerError, setProviderError] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({ defaultValues: { newPassword: '', confirmPassword: '' } });

  const onSubmit = async ({ newPassword }: ResetValues) => {
    setProviderError('');
    try {
      await resetPassword(token, newPassword);
      setOutcome('done');
      // Every session of the account has ended, this browser's too if it was signed in to it.
      await refresh();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_TOKEN') setOutcome('unusable');
      else setProviderError(error instanceof Error ? error.message : 'The password could not be changed.');
    }
  };

  return (
    <AuthCard title="Reset Password">
      <title>Reset Password · Second Gear</title>
      {outcome === 'done' ? (
        <>
          <p role="status" className="alert alert-success">
            Your password was changed, and every device signed in to your account was signed out. Log in with the new password.
          </p>
          <Link to="/login" className="btn btn-primary w-full">
            Login
          </Link>
        </>
      ) : outcome === 'unusable' ? (
        <>
          <p role="alert" className="alert alert-error">
            {unusableLink}
          </p>
          <SendNewLink />
        </>
      ) : (
        <form className="flex flex-col gap-4" noValidate onSubmit={handleSubmit(onSubmit)}>
          <TextField
            label="New Password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${minPasswordLength} characters.`}
            error={errors.newPassword?.message}
            {...register('newPassword', newPasswordRules)}
          />
          <TextField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            hint="Type the same password again."
            error={errors.confirmPassword?.message}
            {...register('confirmPassword', confirmPasswordRules)}
          />
          <ProviderError message={providerError} />
          <BusyButton busy={isSubmitting} type="submit" className="btn btn-primary w-full">
            Reset Password
          </BusyButton>
        </form>
      )}
    </AuthCard>
  );
}
