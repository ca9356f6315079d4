import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { minPasswordLength } from '@second-gear/contract/constants';
import type { Profile } from '@second-gear/contract';
import { TextField } from '../../ui/form-field.tsx';
import { SettingsSection } from './settings-section.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { confirmPasswordRules, newPasswordRules } from '../auth/index.ts';
import { changePassword, devicesKey } from './api.ts';
import { BusyButton } from '../../ui/busy-button.tsx';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Password: the current one and a new one twice (the sign-up's rule); every other device is signed out. */
export function PasswordSection({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({ defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });

  const onSubmit = async ({ currentPassword, newPassword }: PasswordValues) => {
    try {
      await changePassword(currentPassword, newPassword);
      toast.success('Password changed. Your other devices were signed out.');
      reset();
      await queryClient.invalidateQueries({ queryKey: devicesKey });
    } catch (error) {
      const message = errorMessage(error);
      setError(/password/i.test(message) && !/invalid password/i.test(message) ? 'newPassword' : 'currentPassword', { message }, { shouldFocus: true });
    }
  };

  return (
    <SettingsSection title="Password">
      {profile.password ? (
        <form className="flex flex-col gap-4" noValidate onSubmit={handleSubmit(onSubmit)}>
          <TextField
            label="Current Password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword', { required: 'Current Password is required' })}
          />
          <TextField
            label="New Password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${minPasswordLength} characters. Your other devices will be signed out.`}
            error={errors.newPassword?.message}
            {...register('newPassword', newPasswordRules)}
          />
          <TextField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword', confirmPasswordRules)}
          />
          <div className="card-actions">
            <BusyButton busy={isSubmitting} type="submit" className="btn btn-primary">
              Change password
            </BusyButton>
          </div>
        </form>
      ) : (
        <p>Your account signs in with Google: it has no password here. Use CONTINUE WITH GOOGLE on the login page.</p>
      )}
    </SettingsSection>
  );
}
