import { useState, type FormEvent } from 'react';
import type { SessionUser } from '@second-gear/contract';
import { AUTHENTICATION_CODE } from '@second-gear/contract/constants';
import { ApiError } from '../../lib/api.ts';
import { TextField } from '../../ui/form-field.tsx';
import { useAuth } from './auth-context.ts';
import { ProviderError } from './auth-card.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';

const kinds = {
  app: { label: 'Authentication code', other: 'Use a backup code', hint: 'The 6-digit code your authenticator app shows.' },
  backup: { label: 'Backup code', other: 'Use your authenticator app', hint: 'One of the backup codes you kept when you turned two-factor sign-in on; each works once.' },
} as const;

/**
 * The login page's second step for an account with two-factor sign-in on (docs/product.md): the
 * code from the authenticator app, or a backup code, and whether to remember this browser for 30
 * days. A sign-in left waiting too long (ten minutes) starts again from the password or from Google.
 */
export function SecondFactorForm({ onSignedIn, onStartAgain }: { onSignedIn: (user: SessionUser | null) => Promise<void>; onStartAgain: () => void }) {
  const { completeSignIn } = useAuth();
  const [kind, setKind] = useState<'app' | 'backup'>('app');
  const [error, setError] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [busy, setBusy] = useState(false);
  const { label, other, hint } = kinds[kind];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    setFieldError('');
    const form = new FormData(event.currentTarget);
    const code = String(form.get('code') ?? '').trim();
    const typed = kind === 'app' ? code.replace(/\s/g, '') : code;
    if (kind === 'app' ? !AUTHENTICATION_CODE.test(typed) : !typed) {
      setFieldError(kind === 'app' ? 'Enter the 6-digit code your app shows.' : 'Enter one of your backup codes.');
      return;
    }
    setBusy(true);
    try {
      await onSignedIn(await completeSignIn({ kind, code: typed, trustDevice: form.get('trustDevice') === 'on' }));
    } catch (refusal) {
      if (refusal instanceof ApiError && refusal.code === 'INVALID_TWO_FACTOR_COOKIE') onStartAgain();
      else setError(refusal instanceof Error ? refusal.message : 'The code could not be checked.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      <p>Two-factor sign-in is on for this account.</p>
      <TextField
        key={kind}
        label={label}
        name="code"
        hint={hint}
        error={fieldError || undefined}
        autoComplete="one-time-code"
        inputMode={kind === 'app' ? 'numeric' : 'text'}
        autoFocus
      />
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
        <input type="checkbox" name="trustDevice" className="checkbox checkbox-primary" />
        Remember this device for 30 days
      </label>
      <ProviderError message={error} />
      <BusyButton busy={busy} type="submit" className="btn btn-primary w-full">
        Verify
      </BusyButton>
      <button
        type="button"
        className="btn btn-ghost w-full"
        onClick={() => {
          setKind(kind === 'app' ? 'backup' : 'app');
          setError('');
          setFieldError('');
        }}
      >
        {other}
      </button>
    </form>
  );
}
