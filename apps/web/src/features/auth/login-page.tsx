import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { GoogleIcon } from '../../ui/icons.tsx';
import { TextField } from '../../ui/form-field.tsx';
import { useAuth } from './auth-context.ts';
import { AuthCard, EmailField, emailRules, ProviderError } from './auth-card.tsx';
import { SignInReason } from './sign-in-reason.tsx';
import { signInPath, useReturnPath } from './return-path.ts';
import { googleError, isQuietGoogleError, takeGoogleRedirectResult } from './google.ts';
import { SecondFactorForm } from './second-factor-form.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';

/** A full-page Google sign-in that failed comes back to /login with its error code. */
function googleRedirectError(): string {
  const result = takeGoogleRedirectResult();
  return result && !result.ok ? googleError(result.error ?? 'internal-error').message : '';
}

/** How the sign-in waiting for its two-factor code began: a full-page Google sign-in comes back to /login for it. */
type CodeNeeded = 'password' | 'google' | null;
const googleRedirectCodeNeeded = (): CodeNeeded => (takeGoogleRedirectResult()?.codeNeeded ? 'google' : null);

interface LoginValues {
  email: string;
  password: string;
}

export default function LoginPage() {
  const { signIn, signInWithGoogle } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // `?next=` (a visitor's action: same site only) or RequireAuth's remembered page.
  const remembered = useReturnPath(location.state);
  const from = remembered ?? '/';
  const [providerError, setProviderError] = useState('');
  const [googleMessage, setGoogleMessage] = useState(googleRedirectError);
  // The password (or Google) was right and the account asks for its two-factor code next.
  const [codeNeeded, setCodeNeeded] = useState<CodeNeeded>(googleRedirectCodeNeeded);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ defaultValues: { email: '', password: '' } });

  const onSubmit = async (values: LoginValues) => {
    setProviderError('');
    try {
      if ((await signIn(values)) === 'code-needed') setCodeNeeded('password');
      else await signedIn();
    } catch (error) {
      toast.error('User Logged In Failed');
      setProviderError(error instanceof Error ? error.message : 'Login failed');
    }
  };

  // One toast for signing in, however quickly someone signs out and in again: a second would
  // stack under the first with the same words.
  const signedIn = async () => {
    toast.success('User Logged In Successful', { id: 'signed-in' });
    await navigate(from, { replace: true });
  };

  const signedInWithGoogle = async () => {
    toast.success('Login Successful', { id: 'signed-in' });
    await navigate(from, { replace: true });
  };

  const onGoogle = () => {
    setGoogleMessage('');
    // Synchronously in the click: the popup must open now, or the browser blocks it.
    signInWithGoogle(from).then(
      async (user) => {
        if (!user) return; // The whole page is on its way to the provider.
        if (user === 'code-needed') setCodeNeeded('google');
        else await signedInWithGoogle();
      },
      (error: unknown) => {
        if (isQuietGoogleError(error)) {
          console.info('Google sign-in ended without signing in:', error instanceof Error ? error.message : error);
          return;
        }
        console.error('Google sign-in failed', error);
        setGoogleMessage(error instanceof Error ? error.message : googleError('internal-error').message);
      },
    );
  };

  return (
    <AuthCard title="Login">
      <title>Login · Second Gear</title>
      {remembered === null ? null : <SignInReason from={remembered} />}
      {codeNeeded ? (
        <SecondFactorForm
          onSignedIn={codeNeeded === 'google' ? signedInWithGoogle : signedIn}
          onStartAgain={() => {
            setCodeNeeded(null);
            if (codeNeeded === 'google') setGoogleMessage('This sign-in has expired. Continue with Google again.');
            else setProviderError('This sign-in has expired. Enter your password again.');
          }}
        />
      ) : (
        <>
          <form className="flex flex-col gap-4" noValidate onSubmit={handleSubmit(onSubmit)}>
            <EmailField error={errors.email?.message} {...register('email', emailRules)} />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...register('password', { required: 'Password is required' })}
            />
            <div className="-mt-2 text-right">
              <Link to="/forgot-password" className="link link-hover text-sm">
                Forgot Password?
              </Link>
            </div>
            <ProviderError message={providerError} />
            <BusyButton busy={isSubmitting} type="submit" className="btn btn-primary w-full">
              Login
            </BusyButton>
          </form>
          <p className="text-center text-sm">
            New to Second Gear?{' '}
            <Link to={signInPath('/signup', remembered)} className="link link-primary font-medium">
              Create new account
            </Link>
          </p>
          <div className="divider my-0">OR</div>
          <ProviderError message={googleMessage} />
          <button type="button" className="btn btn-outline w-full" onClick={onGoogle}>
            <GoogleIcon className="h-5 w-5" />
            CONTINUE WITH GOOGLE
          </button>
        </>
      )}
    </AuthCard>
  );
}
