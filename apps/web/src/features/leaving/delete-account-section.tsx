import { useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { errorMessage } from '../../lib/errors.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { TextField } from '../../ui/form-field.tsx';
import { useAuth } from '../auth/index.ts';
import { deleteAccount } from './api.ts';

/**
 * `Delete my account`: a dialog that says what happens, confirmed with the password, or (an account
 * that signs in with Google only) with a new Google sign-in. Refusals (a wrong password, money still
 * held) are shown in the dialog, next to the field when they are about it.
 */
export function DeleteAccountSection({ hasPassword }: { hasPassword: boolean }) {
  const { user, signInWithGoogle, refresh } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const passwordRef = useRef<HTMLInputElement>(null);
  const googleRef = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  if (user?.role === 'admin') {
    return (
      <Section>
        <p>An admin account is not deleted from here: the operator makes it a buyer first (npm run admin -- demote), and it can then be deleted.</p>
      </Section>
    );
  }

  const close = () => {
    if (busy) return;
    setOpen(false);
    setPassword('');
    setPasswordError(undefined);
    setRefusal(undefined);
  };

  const finish = async (confirm: () => Promise<unknown>) => {
    setBusy(true);
    setRefusal(undefined);
    try {
      await confirm();
      await deleteAccount(hasPassword ? { password } : {});
      // Off the dashboard first: once the session is known to be gone, its pages would send the person to Login.
      await navigate('/', { replace: true });
      queryClient.clear();
      await refresh();
      toast.success('Your account was deleted');
    } catch (error) {
      const message = errorMessage(error);
      if (hasPassword && /password/i.test(message)) {
        setPasswordError(message);
        passwordRef.current?.focus();
      } else {
        setRefusal(message);
      }
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    if (!hasPassword) {
      // Called in the click, so the sign-in window is allowed to open.
      void finish(() => signInWithGoogle('/dashboard/settings'));
      return;
    }
    if (!password) {
      setPasswordError('Enter your password to confirm.');
      passwordRef.current?.focus();
      return;
    }
    void finish(async () => {});
  };

  return (
    <Section>
      <p>Deleting your account cannot be undone.</p>
      <div>
        <button type="button" className="btn btn-error btn-outline" onClick={() => setOpen(true)}>
          Delete my account
        </button>
      </div>
      <FormDialog
        open={open}
        title="Delete my account"
        about="You are signed out everywhere at once. Your cars on sale, bookings not paid for, alerts, wishlist and notifications are deleted. Paid orders and sales stay on record for the other party, without your name or contact, and people you wrote to see “Deleted user”. A payment held until the handover must be settled first."
        submitLabel={hasPassword ? 'Delete my account' : 'Continue with Google and delete'}
        submitClass="btn-error"
        dismissLabel="Keep my account"
        busy={busy}
        onClose={close}
        onSubmit={submit}
        initialFocus={hasPassword ? passwordRef : googleRef}
      >
        {hasPassword ? (
          <TextField
            ref={passwordRef}
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={passwordError}
            onChange={(event) => {
              setPassword(event.target.value);
              setPasswordError(undefined);
            }}
          />
        ) : (
          <p ref={googleRef} tabIndex={-1}>
            Your account signs in with Google: sign in with Google once more to confirm it is you.
          </p>
        )}
        {refusal ? (
          <p role="alert" className="text-red-700">
            {refusal}
          </p>
        ) : null}
      </FormDialog>
    </Section>
  );
}

function Section({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="delete-account-title" className="card border border-red-200 bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <h2 id="delete-account-title" className="card-title">
          Delete account
        </h2>
        {children}
      </div>
    </section>
  );
}
