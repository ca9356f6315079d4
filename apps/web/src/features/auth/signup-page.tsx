import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { signUpRoles, type SignUpRole } from '@second-gear/contract/constants';
import { SelectField, TextField } from '../../ui/form-field.tsx';
import { useAuth } from './auth-context.ts';
import { AuthCard, EmailField, emailRules, newPasswordRules, ProviderError } from './auth-card.tsx';
import { signInPath, useReturnPath } from './return-path.ts';
import { SignInReason } from './sign-in-reason.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';

interface SignUpValues {
  name: string;
  photoURL: string;
  email: string;
  password: string;
  role: SignUpRole | '';
}

export default function SignUpPage() {
  const { signUp } = useAuth();
  const navigate = useNavigate();
  // A visitor who pressed an action comes back to it once their account is made (`?next=`, same site only).
  const next = useReturnPath(useLocation().state);
  const [providerError, setProviderError] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({ defaultValues: { name: '', photoURL: '', email: '', password: '', role: '' } });

  const onSubmit = async ({ name, photoURL, email, password, role }: SignUpValues) => {
    if (role === '') return;
    setProviderError('');
    try {
      await signUp({ name, photoURL, email, password, role });
      toast.success('User Created Successfully.');
      await navigate(next ?? '/', { replace: next !== null });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Sign up failed';
      toast.error(message);
      setProviderError(message);
    }
  };

  return (
    <AuthCard title="Sign Up">
      <title>Sign Up · Second Gear</title>
      {next === null ? null : <SignInReason from={next} verb="Sign up" />}
      <form className="flex flex-col gap-4" noValidate onSubmit={handleSubmit(onSubmit)}>
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name', { required: 'Name is required' })} />
        <TextField
          label="Photo URL"
          type="url"
          inputMode="url"
          autoComplete="photo"
          error={errors.photoURL?.message}
          {...register('photoURL', { required: 'Photo URL is required' })}
        />
        <EmailField error={errors.email?.message} {...register('email', emailRules)} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password', newPasswordRules)}
        />
        <SelectField label="User Role" error={errors.role?.message} {...register('role', { required: 'User Role is Required' })}>
          <option value="" disabled>
            Select User Role
          </option>
          {signUpRoles.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </SelectField>
        <ProviderError message={providerError} />
        <p className="text-sm text-base-content/80">
          By signing up you agree to the{' '}
          <Link to="/terms" className="link link-primary">
            Terms of Use
          </Link>{' '}
          and the{' '}
          <Link to="/privacy" className="link link-primary">
            Privacy Policy
          </Link>
          .
        </p>
        <BusyButton busy={isSubmitting} type="submit" className="btn btn-primary mt-2 w-full">
          Sign Up
        </BusyButton>
      </form>
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link to={signInPath('/login', next)} className="link link-primary font-medium">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
