import type { ReactNode } from 'react';
import { minPasswordLength } from '@second-gear/contract/constants';
import { TextField, type TextFieldProps } from '../../ui/form-field.tsx';

/** The frame shared by the login and sign-up screens. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex justify-center bg-gradient-to-br from-primary/10 via-base-100 to-accent/15 px-4 py-12 sm:py-16">
      <div className="card w-full max-w-md border border-base-200 bg-base-100 shadow-xl">
        <div className="card-body gap-5 p-6 sm:p-8">
          <h1 className="text-center text-3xl font-bold">{title}</h1>
          {children}
        </div>
      </div>
    </section>
  );
}

export function ProviderError({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/** The email field of the login and sign-up forms; spread react-hook-form's `register('email', emailRules)` on it. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete'>) {
  return <TextField label="Email" type="email" autoComplete="email" {...props} />;
}

export const emailRules = { required: 'Email Address is required' };

/** The rule of a password being chosen (sign-up, reset, Settings): the specification's sign-up messages. */
export const newPasswordRules = {
  required: 'Password is required',
  minLength: { value: minPasswordLength, message: `Password must be ${minPasswordLength} Characters or Longer` },
};

/** The rule of `Confirm Password` beside a `New Password` (reset, Settings). */
export const confirmPasswordRules = {
  required: 'Type the new password again',
  validate: (value: string, values: { newPassword: string }) => value === values.newPassword || 'The passwords do not match',
};
