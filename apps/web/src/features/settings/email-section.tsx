import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { Profile } from '@second-gear/contract';
import { TextField } from '../../ui/form-field.tsx';
import { SettingsSection } from './settings-section.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { requestEmailChange } from './api.ts';
import { BusyButton } from '../../ui/busy-button.tsx';

/**
 * Email: the address now and a new one. The link goes to the new address; until it is opened the
 * account keeps this one. An account that signs in with Google keeps Google's address.
 */
export function EmailSection({ profile }: { profile: Profile }) {
  const [sent, setSent] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ newEmail: string }>({ defaultValues: { newEmail: '' } });

  const onSubmit = async ({ newEmail }: { newEmail: string }) => {
    try {
      const { message } = await requestEmailChange(newEmail.trim());
      setSent(message);
      toast.success('Check the new address for a link');
      reset();
    } catch (error) {
      setError('newEmail', { message: errorMessage(error) }, { shouldFocus: true });
    }
  };

  return (
    <SettingsSection title="Email">
      <p className="[overflow-wrap:anywhere]">
        Your email is <strong>{profile.email}</strong>.
      </p>
      {profile.password ? (
        <form className="flex flex-col gap-4" noValidate onSubmit={handleSubmit(onSubmit)}>
          <TextField
            label="New email"
            type="email"
            autoComplete="email"
            error={errors.newEmail?.message}
            {...register('newEmail', { required: 'New email is required' })}
          />
          {sent ? (
            <p role="status" className="alert alert-info">
              {sent}
            </p>
          ) : null}
          <div className="card-actions">
            <BusyButton busy={isSubmitting} type="submit" className="btn btn-primary">
              Change email
            </BusyButton>
          </div>
        </form>
      ) : (
        <p>Your account signs in with Google, so its email is your Google account’s. To use another email, change it at Google.</p>
      )}
    </SettingsSection>
  );
}
