import { useEffect, useState, useSyncExternalStore } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { useAuth } from './auth-context.ts';

/**
 * Asks for a new confirmation link. Signed in: to the person's own address. Signed out: the server
 * answers alike whether or not an unconfirmed account uses the address (it sends only then).
 */
export function sendConfirmationLink(email: string) {
  return api<{ status: boolean }>('/auth/send-verification-email', { method: 'POST', json: { email } });
}

/** The signed-in person's address and whether it still waits for confirmation (false when signed out). */
export function useUnconfirmedEmail(): string | null {
  const { user } = useAuth();
  return user && !user.emailVerified ? user.email : null;
}

/**
 * A button that sends a new link to `email`, and the line that says what came of it: sent, or the
 * server's refusal (too many asked for: it says when to try again). `label` is the button's text.
 */
export function ResendLinkButton({ email, label = 'Resend', sentText }: { email: string; label?: string; sentText?: string }) {
  const resend = useMutation({ mutationFn: () => sendConfirmationLink(email) });
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <button type="button" className="btn btn-sm btn-outline h-11 min-h-11" onClick={() => resend.mutate()} disabled={resend.isPending}>
        {label}
      </button>
      <p role="status" className="text-sm">
        {resend.isSuccess ? (sentText ?? `We sent a new link to ${email}.`) : resend.isError ? errorMessage(resend.error) : null}
      </p>
    </div>
  );
}

/** This tab's memory of the banner: the address last seen unconfirmed, and the one whose banner was put away. */
const shownKey = 'second-gear:unconfirmed-email';
const dismissedKey = 'second-gear:confirm-email-dismissed';

function remembered(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null; // Storage refused (a private window's settings): the banner simply waits for the session.
  }
}

function remember(key: string, value: string | null) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // As above: nothing to keep.
  }
}

/** This tab's memory never changes while a page is open but by the banner itself. */
const unchanging = () => () => {};

/**
 * The unconfirmed address the banner is about. Until the session is read, this tab's last answer:
 * a reload paints the banner from the first frame instead of pushing the page down a moment later.
 * A page the server drew knew no tab's memory: it is hydrated without, and the memory read then.
 */
function useBannerEmail(): string | null {
  const { ready } = useAuth();
  const email = useUnconfirmedEmail();
  const shownBefore = useSyncExternalStore(unchanging, () => remembered(shownKey), () => null);
  useEffect(() => {
    if (ready) remember(shownKey, email);
  }, [ready, email]);
  return ready ? email : shownBefore;
}

/**
 * On every page, under the navigation bar, until the signed-in person has confirmed their email
 * (Google accounts are confirmed already). `Not now` puts it away for this visit (this tab), no longer.
 */
export function ConfirmEmailBanner({ className = 'mb-4' }: { className?: string }) {
  const email = useBannerEmail();
  const [dismissed, setDismissed] = useState(() => remembered(dismissedKey));
  if (!email || dismissed === email) return null;
  const dismiss = () => {
    remember(dismissedKey, email);
    setDismissed(email);
  };
  return (
    <section
      aria-label="Email confirmation"
      className={`${className} flex flex-col gap-x-4 gap-y-1 rounded-box border border-warning bg-warning/15 px-4 py-2 text-sm sm:flex-row sm:items-center sm:justify-between`}
    >
      <p className="min-w-0 [overflow-wrap:anywhere]">Confirm your email address: we sent a link to {email}.</p>
      <div className="flex flex-wrap items-center gap-x-2">
        <ResendLinkButton email={email} />
        <button type="button" className="btn btn-sm btn-ghost h-11 min-h-11" onClick={dismiss}>
          Not now
        </button>
      </div>
    </section>
  );
}

/** Where an action waits for a confirmed email (messaging, saving a search): why it cannot be done yet, and a new link. */
export function ConfirmEmailNotice({ email, toDo }: { email: string; toDo: string }) {
  return (
    <div className="flex flex-col gap-2 rounded-box border border-warning bg-warning/15 p-4">
      <p className="break-words">
        Confirm your email address to {toDo}. We sent a link to {email}.
      </p>
      <ResendLinkButton email={email} />
    </div>
  );
}
