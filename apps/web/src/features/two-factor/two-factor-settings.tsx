import { useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { AUTHENTICATION_CODE } from '@second-gear/contract/constants';
import { TextField } from '../../ui/form-field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useAuth } from '../auth/index.ts';
import { beginSetup, confirmSetup, newBackupCodes, secretOf, turnOff, useTwoFactorStatus } from './api.ts';
import { BackupCodes } from './backup-codes.tsx';
import { QrCode } from './qr-code.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';

type Step =
  | { name: 'idle' }
  | { name: 'password'; action: 'turn-on' | 'turn-off' | 'new-codes' }
  | { name: 'scan'; totpURI: string; backupCodes: string[] }
  | { name: 'codes'; backupCodes: string[] };

const passwordLabels = { 'turn-on': 'Continue', 'turn-off': 'Turn off', 'new-codes': 'Show new backup codes' } as const;

const messageOf = (error: unknown, otherwise: string) => (error instanceof Error && error.message ? error.message : otherwise);

/** A form of one field and its button, with the server's refusal under the field. */
function OneFieldForm({ field, submitLabel, onSubmit, onCancel }: { field: (error: string) => ReactNode; submitLabel: string; onSubmit: (form: FormData) => Promise<void>; onCancel?: () => void }) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    setBusy(true);
    try {
      await onSubmit(new FormData(event.currentTarget));
    } catch (refusal) {
      setError(messageOf(refusal, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="flex max-w-sm flex-col gap-3" noValidate onSubmit={submit}>
      {field(error)}
      <div className="flex flex-wrap gap-2">
        <BusyButton busy={busy} type="submit" className="btn btn-primary min-h-11">
          {submitLabel}
        </BusyButton>
        {onCancel ? (
          <button type="button" className="btn btn-ghost min-h-11" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * Settings' `Two-factor sign-in` (docs/product.md, "Two-factor sign-in"): off, it is turned on with
 * the password, a QR code (and its secret as text) for an authenticator app and a first code, then
 * shows the ten backup codes once; on, it is turned off or given new backup codes with the password.
 */
export function TwoFactorSettings() {
  const status = useTwoFactorStatus();
  const { refresh } = useAuth();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const idle = () => setStep({ name: 'idle' });

  // Turning it on or off replaces the session (better-auth): read the new one and the status again.
  const changed = async () => {
    await refresh();
    await queryClient.invalidateQueries({ queryKey: ['two-factor'] });
  };

  const withPassword = async (form: FormData) => {
    if (step.name !== 'password') return;
    const password = String(form.get('password') ?? '');
    if (!password) throw new Error('Enter your current password.');
    if (step.action === 'turn-on') {
      const { totpURI, backupCodes } = await beginSetup(password);
      setStep({ name: 'scan', totpURI, backupCodes });
    } else if (step.action === 'turn-off') {
      await turnOff(password);
      await changed();
      toast.success('Two-factor sign-in is off');
      idle();
    } else {
      setStep({ name: 'codes', backupCodes: (await newBackupCodes(password)).backupCodes });
    }
  };

  const withCode = async (form: FormData) => {
    if (step.name !== 'scan') return;
    const code = String(form.get('code') ?? '').replace(/\s/g, '');
    if (!AUTHENTICATION_CODE.test(code)) throw new Error('Enter the 6-digit code your app shows.');
    await confirmSetup(code);
    await changed();
    toast.success('Two-factor sign-in is on');
    setStep({ name: 'codes', backupCodes: step.backupCodes });
  };

  let body: ReactNode;
  if (status.isPending) body = <Spinner size="loading-md" label="Loading two-factor sign-in" />;
  else if (status.error) body = <p role="alert">{messageOf(status.error, 'Two-factor sign-in could not be loaded.')}</p>;
  else if (!status.data.passwordSignIn) {
    body = (
      <p>
        You sign in with Google, so your Google account protects this account: turn on 2-Step Verification in your Google
        account. Two-factor sign-in here guards a password, and this account has none.
      </p>
    );
  } else if (step.name === 'password') {
    body = (
      <OneFieldForm
        key={step.action}
        submitLabel={passwordLabels[step.action]}
        onSubmit={withPassword}
        onCancel={idle}
        field={(error) => <TextField label="Current password" name="password" type="password" autoComplete="current-password" error={error || undefined} autoFocus />}
      />
    );
  } else if (step.name === 'scan') {
    body = (
      <div className="flex flex-col gap-4">
        <p>Scan this QR code with an authenticator app (Google Authenticator, 1Password, Aegis…), then enter the code it shows.</p>
        <QrCode value={step.totpURI} />
        <p className="text-sm">
          No camera? Type this key into the app instead: <code className="font-mono break-all">{secretOf(step.totpURI)}</code>
        </p>
        <OneFieldForm
          submitLabel="Turn on"
          onSubmit={withCode}
          onCancel={idle}
          field={(error) => <TextField label="Authentication code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} error={error || undefined} />}
        />
      </div>
    );
  } else if (step.name === 'codes') {
    body = (
      <div className="flex flex-col gap-3">
        <BackupCodes codes={step.backupCodes} />
        <button type="button" className="btn btn-primary min-h-11 self-start" onClick={idle}>
          Done
        </button>
      </div>
    );
  } else if (status.data.enabled) {
    body = (
      <div className="flex flex-col gap-3">
        <p>Two-factor sign-in is on: signing in with your password also asks for a code from your authenticator app.</p>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline min-h-11" onClick={() => setStep({ name: 'password', action: 'turn-off' })}>
            Turn off
          </button>
          <button type="button" className="btn btn-outline min-h-11" onClick={() => setStep({ name: 'password', action: 'new-codes' })}>
            New backup codes
          </button>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-3">
        <p>Two-factor sign-in is off. With it on, signing in with your password also asks for a code from an app on your phone.</p>
        <button type="button" className="btn btn-primary min-h-11 self-start" onClick={() => setStep({ name: 'password', action: 'turn-on' })}>
          Turn on two-factor sign-in
        </button>
      </div>
    );
  }

  return (
    <section aria-labelledby="two-factor-heading" className="flex flex-col gap-3">
      <h2 id="two-factor-heading" className="text-xl font-semibold">
        Two-factor sign-in
      </h2>
      {body}
    </section>
  );
}
