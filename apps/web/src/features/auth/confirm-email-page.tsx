import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { errorMessage } from '../../lib/errors.ts';
import { PageSpinner } from '../../ui/spinner.tsx';
import { useAuth } from './auth-context.ts';
import { ResendLinkButton, sendConfirmationLink } from './email-confirmation.tsx';

/**
 * Where an email's confirmation link ends (the server confirmed the address, or refused the token
 * and says why in `?error=`). Confirmed: the session is read again (the link signs nobody in, but
 * this browser may be signed in already, and its account now confirmed); signed in, the person goes
 * on to the dashboard, otherwise the page says the address is confirmed and offers to log in.
 * Refused: why, and a way to a new link.
 */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const error = params.get('error');
  const { refresh } = useAuth();
  const navigate = useNavigate();
  const [signedOut, setSignedOut] = useState(false);

  useEffect(() => {
    if (error) return;
    let active = true;
    void refresh().then((signedIn) => {
      if (!active) return;
      if (!signedIn) {
        setSignedOut(true);
        return;
      }
      toast.success('Email confirmed');
      void navigate('/dashboard', { replace: true });
    });
    return () => {
      active = false;
    };
  }, [error, refresh, navigate]);

  if (signedOut) return <Confirmed />;
  if (!error) return <PageSpinner />;
  return (
    <section className="mx-auto max-w-xl px-4 py-12">
      <title>Confirm your email · Second Gear</title>
      <h1 className="mb-4 text-3xl font-extrabold">This link does not work</h1>
      <p className="mb-6 text-base-content/80">
        {error === 'TOKEN_EXPIRED'
          ? 'This confirmation link has expired: a link works for 24 hours.'
          : 'This confirmation link is not valid: it may be incomplete, or it was not sent by Second Gear.'}
      </p>
      <NewLink />
      <p className="mt-8">
        <Link to="/" className="link">
          Back to Second Gear
        </Link>
      </p>
    </section>
  );
}

/** The link confirmed the address of someone not signed in here: the way on is to log in. */
function Confirmed() {
  return (
    <section className="mx-auto max-w-xl px-4 py-12">
      <title>Email confirmed · Second Gear</title>
      <h1 className="mb-4 text-3xl font-extrabold">Email confirmed</h1>
      <p className="mb-6 text-base-content/80">Your email address is confirmed. Log in to go on.</p>
      <Link to="/login" className="btn btn-primary">
        Login
      </Link>
    </section>
  );
}

/** A new link: to the signed-in person's own address, or to the address a signed-out person types. */
function NewLink() {
  const { user, ready } = useAuth();
  if (!ready) return null;
  if (user?.emailVerified) {
    return (
      <p>
        Your email address is already confirmed.{' '}
        <Link to="/dashboard" className="link link-primary">
          Go to your dashboard
        </Link>
      </p>
    );
  }
  if (user) return <ResendLinkButton email={user.email} label="Send a new link" />;
  return <NewLinkByEmail />;
}

function NewLinkByEmail() {
  const inputId = useId();
  const [email, setEmail] = useState('');
  const send = useMutation({ mutationFn: (address: string) => sendConfirmationLink(address) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(email.trim());
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium">
          Email
        </label>
        <input id={inputId} type="email" required autoComplete="email" className="input input-bordered w-full" value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={send.isPending}>
          Send a new link
        </button>
      </div>
      <p role="status" className="text-sm">
        {send.isSuccess
          ? 'If an account with this email waits for confirmation, we sent it a new link.'
          : send.isError
            ? errorMessage(send.error)
            : null}
      </p>
    </form>
  );
}
