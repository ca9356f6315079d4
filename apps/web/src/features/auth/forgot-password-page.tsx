import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { requestPasswordReset } from './auth-api.ts';
import { AuthCard, EmailField, emailRules, ProviderError } from './auth-card.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';

/** Said whatever the email: the page never tells whether an account uses it. */
const resetLinkSent =
  'If an account uses this email, we sent a link to reset its password. It works once, for one hour. Check your inbox (and the spam folder).';

export default function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const [providerError, setProviderError] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  const onSubmit = async ({ email }: { email: string }) => {
    setProviderError('');
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (error) {
      setProviderError(error instanceof Error ? error.message : 'The reset link could not be sent.');
    }
  };

  return (
    <AuthCard title="Forgot Password">
      <title>Forgot Password · Second Gear</title>
      {sent ? (
        <p role="status" className="alert alert-success">
          {resetLinkSent}
        </p>
      ) : (
        <>
          <p className="text-base-content/80">Enter the email of your account and we will send you a link to choose a new password.</p>
          <form className="flex flex-col gap-4" noValidate onSubmit={handleSubmit(onSubmit)}>
            <EmailField error={errors.email?.message} {...register('email', emailRules)} />
            <ProviderError message={providerError} />
            <BusyButton busy={isSubmitting} type="submit" className="btn btn-primary w-full">
              Send Reset Link
            </BusyButton>
          </form>
        </>
      )}
      <p className="text-center text-sm">
        Remembered it?{' '}
        <Link to="/login" className="link link-primary font-medium">
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
}
