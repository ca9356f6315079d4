import { ApiError, api } from '../../lib/api.ts';

/**
 * CONTINUE WITH GOOGLE (docs/product.md: "Screens", "Messages", "Fixed timings and limits").
 *
 * The sign-in runs in a 500×600 popup, opened synchronously in the click (so that popup blockers
 * let it through), then sent to the provider URL better-auth answers for `/sign-in/social`. The
 * flow ends on the server's page /api/auth/google/done, which tells this window (BroadcastChannel
 * and postMessage, same origin only) and closes. No token travels: the session is the HttpOnly
 * cookie the callback set, so this window only reads the session again.
 *
 * A blocked popup falls back to a full-page redirect that comes back to the remembered page. A
 * newer request cancels the older one; a popup seen closed gets 2000 ms for its answer to arrive.
 *
 * An account with two-factor sign-in on gets no session from Google alone: the completion page says
 * `codeNeeded`, and the login page asks for the code as after a password (decision 033).
 */

/** The message and storage key shared with the server's completion page (google-done.ts). */
export const GOOGLE_CHANNEL = 'second-gear:google-sign-in';

const POPUP_NAME = 'second-gear-google';
const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 600;
/** After the popup is seen closed, its answer may still be on its way (2 s). */
const CLOSED_POPUP_GRACE_MS = 2000;
const POLL_MS = 300;

/** The error codes the Google sign-in can end with (those of the sign-in SDK the first client used). */
export type GoogleErrorCode =
  | 'popup-blocked'
  | 'popup-closed-by-user'
  | 'cancelled-popup-request'
  | 'unauthorized-domain'
  | 'network-request-failed'
  | 'web-storage-unsupported'
  | 'invalid-api-key'
  | 'auth-domain-config-required'
  | 'internal-error'
  | 'invalid-auth-event';

const messages: Record<GoogleErrorCode, string> = {
  'popup-blocked': 'The sign-in window was blocked by your browser. Allow pop-ups for this site and try again.',
  'popup-closed-by-user': 'The sign-in window was closed before signing in finished.',
  'cancelled-popup-request': 'This sign-in was replaced by a newer one.',
  'unauthorized-domain': 'Google sign-in is not allowed from this address.',
  'network-request-failed': 'Could not reach the server. Check your connection and try again.',
  'web-storage-unsupported': 'Your browser blocks the storage that sign-in needs. Allow site data (cookies) and try again.',
  'invalid-api-key': 'Google sign-in is not set up correctly on this server.',
  'auth-domain-config-required': 'Google sign-in is not available on this server.',
  'internal-error': 'Google sign-in failed. Please try again.',
  'invalid-auth-event': 'The sign-in could not be completed because it expired or was started elsewhere. Please try again.',
};

export class GoogleSignInError extends Error {
  readonly code: GoogleErrorCode;
  /** The code the server's callback answered (`?error=`), if that is where it came from. */
  readonly providerCode: string | undefined;

  constructor(code: GoogleErrorCode, message = messages[code], providerCode?: string) {
    super(message);
    this.name = 'GoogleSignInError';
    this.code = code;
    this.providerCode = providerCode;
  }
}

/** Errors of the OAuth callback (better-auth's `?error=` codes and the provider's own). */
const callbackErrors: Record<string, [GoogleErrorCode, string?]> = {
  access_denied: ['internal-error', 'Google sign-in was cancelled.'],
  state_mismatch: ['invalid-auth-event'],
  state_not_found: ['invalid-auth-event'],
  state_security_mismatch: ['invalid-auth-event'],
  please_restart_the_process: ['invalid-auth-event'],
  invalid_callback_request: ['invalid-auth-event'],
  no_code: ['invalid-auth-event'],
  invalid_code: ['invalid-auth-event'],
  no_callback_url: ['invalid-auth-event'],
  account_not_linked: ['internal-error', 'An account with this email already exists and could not be linked to Google. Log in with your email and password.'],
  unable_to_link_account: ['internal-error', 'An account with this email already exists and could not be linked to Google. Log in with your email and password.'],
  email_not_found: ['internal-error', 'Google did not share an email address for this account.'],
  email_not_verified: ['internal-error', 'Google has not verified this email address, so it cannot be used to sign in here.'],
  email_doesn_t_match: ['internal-error', 'The Google account’s email does not match this account.'],
  unable_to_get_user_info: ['internal-error', 'Google’s answer could not be verified. Please try again.'],
  unable_to_create_user: ['internal-error', 'Your account could not be created. Please try again.'],
  unable_to_create_session: ['internal-error'],
  signup_disabled: ['internal-error', 'New accounts cannot be created with Google here.'],
  provider_not_found: ['auth-domain-config-required'],
  unauthorized_client: ['unauthorized-domain'],
  invalid_client: ['invalid-api-key'],
  redirect_uri_mismatch: ['unauthorized-domain'],
  internal_server_error: ['internal-error'],
  server_error: ['internal-error'],
  temporarily_unavailable: ['network-request-failed'],
};

/** The readable message for a callback error code (or one of those codes). */
export function googleError(code: string): GoogleSignInError {
  if (code in messages) return new GoogleSignInError(code as GoogleErrorCode);
  const known = callbackErrors[code];
  if (known) return new GoogleSignInError(known[0], known[1], code);
  return new GoogleSignInError('internal-error', undefined, code);
}

/** Codes that are only logged, never shown (the person did it themselves, or a newer request took over). */
export function isQuietGoogleError(error: unknown): boolean {
  return error instanceof GoogleSignInError && (error.code === 'popup-closed-by-user' || error.code === 'cancelled-popup-request');
}

interface DoneMessage {
  type: typeof GOOGLE_CHANNEL;
  id: string;
  ok: boolean;
  error?: string;
  /** Signed in to an account with two-factor sign-in on: its code comes next, then the session. */
  codeNeeded?: boolean;
}

function isDoneMessage(data: unknown): data is DoneMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as DoneMessage).type === GOOGLE_CHANNEL &&
    typeof (data as DoneMessage).id === 'string' &&
    typeof (data as DoneMessage).ok === 'boolean'
  );
}

function donePath(mode: 'popup' | 'redirect', params: Record<string, string>): string {
  return `/api/auth/google/done?${new URLSearchParams({ mode, ...params }).toString()}`;
}

/** Asks better-auth for the provider's authorization URL; its state cookie is set on this origin. */
async function authorizationUrl(callbackURL: string): Promise<string> {
  try {
    const answer = await api<{ url?: string }>('/auth/sign-in/social', {
      method: 'POST',
      json: { provider: 'google', callbackURL, errorCallbackURL: callbackURL, disableRedirect: true },
    });
    if (!answer.url) throw new GoogleSignInError('internal-error');
    return answer.url;
  } catch (error) {
    if (error instanceof GoogleSignInError) throw error;
    if (error instanceof ApiError) {
      if (error.status === 503) throw new GoogleSignInError('auth-domain-config-required', error.message);
      if (error.status === 403) throw new GoogleSignInError('unauthorized-domain');
      throw new GoogleSignInError('internal-error', error.message || undefined);
    }
    throw new GoogleSignInError('network-request-failed');
  }
}

function storageWorks(): boolean {
  try {
    const key = `${GOOGLE_CHANNEL}:probe`;
    window.sessionStorage.setItem(key, '1');
    window.sessionStorage.removeItem(key);
    return navigator.cookieEnabled;
  } catch {
    return false;
  }
}

function popupFeatures(): string {
  const outerX = window.screenX ?? 0;
  const outerY = window.screenY ?? 0;
  const left = Math.max(0, Math.round(outerX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(outerY + (window.outerHeight - POPUP_HEIGHT) / 2));
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

function newId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The popup request under way; a newer one cancels it. */
let pending: { cancel: () => void } | undefined;

export type GoogleOutcome = 'signed-in' | 'code-needed' | 'redirecting';

/**
 * Signs in with Google. Must be called synchronously from the click handler. Resolves
 * 'signed-in' when the popup finished (the session cookie is set), 'code-needed' when the account
 * asks for its two-factor code next, or 'redirecting' when the popup was blocked and the whole page
 * goes to the provider instead (it comes back to `from`, or to the login page for the code).
 */
export function signInWithGoogle(from: string): Promise<GoogleOutcome> {
  pending?.cancel();
  pending = undefined;
  if (!storageWorks()) return Promise.reject(new GoogleSignInError('web-storage-unsupported'));

  const popup = window.open('', POPUP_NAME, popupFeatures());
  if (!popup) {
    console.info('Google sign-in: the popup was blocked; continuing in this window');
    return authorizationUrl(donePath('redirect', { to: from })).then((url) => {
      window.location.assign(url);
      return 'redirecting' as const;
    });
  }

  const id = newId();
  return new Promise<GoogleOutcome>((resolve, reject) => {
    let settled = false;
    let closedSeen = false;
    let graceTimer: number | undefined;
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(GOOGLE_CHANNEL) : undefined;

    const cleanup = () => {
      settled = true;
      window.clearInterval(poll);
      window.clearTimeout(graceTimer);
      window.removeEventListener('message', onWindowMessage);
      channel?.close();
      if (pending === request) pending = undefined;
    };
    const succeed = (outcome: GoogleOutcome) => {
      if (settled) return;
      cleanup();
      resolve(outcome);
    };
    const fail = (error: GoogleSignInError) => {
      if (settled) return;
      cleanup();
      reject(error);
    };
    const onDone = (data: unknown) => {
      if (!isDoneMessage(data) || (data.id !== id && data.id !== '')) return;
      if (data.ok) succeed(data.codeNeeded === true ? 'code-needed' : 'signed-in');
      else fail(googleError(data.error ?? 'internal-error'));
    };
    const onWindowMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      onDone(event.data);
    };
    if (channel) channel.onmessage = (event: MessageEvent) => onDone(event.data);
    window.addEventListener('message', onWindowMessage);

    const poll = window.setInterval(() => {
      if (settled || closedSeen || !popup.closed) return;
      closedSeen = true;
      graceTimer = window.setTimeout(() => fail(new GoogleSignInError('popup-closed-by-user')), CLOSED_POPUP_GRACE_MS);
    }, POLL_MS);

    const request = {
      cancel: () => fail(new GoogleSignInError('cancelled-popup-request')),
    };
    pending = request;

    authorizationUrl(donePath('popup', { id })).then(
      (url) => {
        if (settled) return;
        popup.location.href = url;
        popup.focus();
      },
      (error: GoogleSignInError) => {
        if (settled) return;
        popup.close();
        fail(error);
      },
    );
  });
}

/**
 * The outcome a full-page (redirect) Google sign-in left behind for the page it came back to,
 * read once per page load.
 */
let redirectResult: { ok: boolean; error?: string; codeNeeded?: boolean } | null | undefined;

export function takeGoogleRedirectResult(): { ok: boolean; error?: string; codeNeeded?: boolean } | null {
  if (redirectResult !== undefined) return redirectResult;
  redirectResult = null;
  try {
    const raw = window.sessionStorage.getItem(GOOGLE_CHANNEL);
    if (raw) {
      window.sessionStorage.removeItem(GOOGLE_CHANNEL);
      const parsed: unknown = JSON.parse(raw);
      if (isDoneMessage(parsed)) redirectResult = { ok: parsed.ok, error: parsed.error, codeNeeded: parsed.codeNeeded === true };
    }
  } catch {
    redirectResult = null;
  }
  return redirectResult;
}
