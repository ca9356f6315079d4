import { z } from 'zod';
import { errorBody, minPasswordLength, roles, signUpRole } from '@second-gear/contract';

/**
 * The better-auth calls a client of this API needs, for the API document (http/openapi.ts). They
 * are answered by better-auth behind the `/api/auth/*` route (routes.ts), which the route table
 * cannot describe one call at a time, so they are written out here; the fuzzer and the
 * authorization matrix check every answer they get against them.
 */

const authRefusal = errorBody.extend({ code: z.string().optional().describe('better-auth’s own code, e.g. INVALID_EMAIL_OR_PASSWORD') });

const user = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable().optional(),
  role: z.enum(roles),
  verified: z.boolean().describe('A seller verified by an admin (the badge on their cars).'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const session = z.object({ id: z.string(), userId: z.string(), expiresAt: z.string(), createdAt: z.string(), updatedAt: z.string() });

const schema = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { target: 'openapi-3.0', io, unrepresentable: 'any' });

function jsonContent(s: z.ZodType, io: 'input' | 'output') {
  return { content: { 'application/json': { schema: schema(s, io) } } };
}

const writeRefusals: Record<number, string> = {
  403: 'Sent from a page of another site (an Origin this server does not trust).',
  413: 'The body is larger than this call takes.',
  415: 'The body is not JSON.',
};

/** A read answers only 400 and 500 of these; a write also has a body and an Origin to refuse. */
function refusals(write: boolean, reasons: Record<number, string>) {
  const all: Record<number, string> = {
    400: 'The request is not valid; the message says why.',
    ...(write ? writeRefusals : {}),
    500: 'Something went wrong on our side.',
    ...reasons,
  };
  return Object.fromEntries(Object.entries(all).map(([status, description]) => [status, { description, ...jsonContent(authRefusal, 'output') }]));
}

/** Who may call: anyone, or (`signedIn`, its words) a session or a sign-in waiting for its code. */
function operation(
  write: boolean,
  summary: string,
  description: string,
  body: z.ZodType | undefined,
  answer: z.ZodType,
  answerText: string,
  reasons: Record<number, string> = {},
  signedIn?: string,
) {
  return {
    tags: ['auth'],
    summary,
    description: `${description}\n\n**Access:** ${signedIn ?? 'anyone'}.`,
    'x-access': signedIn ? 'signed-in' : 'public',
    ...(body ? { requestBody: { required: true, ...jsonContent(body, 'input') } } : {}),
    responses: { 200: { description: answerText, ...jsonContent(answer, 'output') }, ...refusals(write, reasons) },
  };
}

const signedIn = z.object({ redirect: z.boolean().optional(), token: z.string().nullable(), url: z.string().optional(), user });

/** What a password sign-in answers instead of a session when the account has two-factor sign-in on. */
const twoFactorChallenge = z.object({
  twoFactorRedirect: z.literal(true),
  twoFactorMethods: z.array(z.string()).describe('`totp`: an authenticator app’s code; a backup code always works too.'),
});

const tooMany = 'Too many attempts from this address or for this account; `Retry-After` says when to try again.';
const busy = 'Too many passwords being checked at once (password-hashing.ts); `Retry-After` says when to try again.';

/** OpenAPI paths of better-auth's calls, merged into the document. */
export function authDocument() {
  return {
    '/api/auth/sign-up/email': {
      post: operation(
        true,
        'Create an account with email and password, and sign in',
        'Sets the session cookie. Admin is never a choice: an admin is made with the admin command.',
        z.object({
          name: z.string().min(1),
          email: z.email(),
          password: z.string().min(minPasswordLength).max(128),
          role: signUpRole.optional().describe('Buyer when left out.'),
          image: z.string().optional(),
        }),
        signedIn,
        'Signed up and signed in; the answer sets the session cookie.',
        { 422: 'An account with this email exists already.', 429: tooMany, 503: busy },
      ),
    },
    '/api/auth/sign-in/email': {
      post: operation(
        true,
        'Sign in with email and password',
        'Sets the session cookie. An account with two-factor sign-in on (and no remembered device) answers `twoFactorRedirect` ' +
          'and a cookie for the pending sign-in instead, for ten minutes: then `/api/auth/two-factor/verify-totp` or `verify-backup-code`.',
        z.object({ email: z.email(), password: z.string().min(1), rememberMe: z.boolean().optional(), callbackURL: z.string().optional() }),
        z.union([signedIn, twoFactorChallenge]),
        'Signed in (the answer sets the session cookie), or the account’s code is needed next.',
        { 401: 'Wrong email or password.', 429: tooMany, 503: busy },
      ),
    },
    '/api/auth/sign-in/social': {
      post: operation(
        true,
        'Start the Google sign-in',
        'Answers the Google address to send the browser to; Google sends it back to this server, which sets the session cookie.',
        z.object({ provider: z.literal('google'), callbackURL: z.string().optional(), errorCallbackURL: z.string().optional(), disableRedirect: z.boolean().optional() }),
        z.object({ url: z.string(), redirect: z.boolean() }),
        'Where to send the browser.',
        { 404: 'better-auth knows no such provider on this server.', 503: 'Google sign-in is not set up on this server.' },
      ),
    },
    '/api/auth/request-password-reset': {
      post: operation(
        true,
        'Ask for a password reset link',
        'Emails the account a link to `/api/auth/reset-password/{token}`, which works once, for one hour, and leads to the `/reset-password` page. The answer is the same whether or not an account uses the email; an account that signs in with Google only is emailed to use Google instead.',
        z.object({ email: z.email(), redirectTo: z.string().optional().describe('Unused by this product’s emails; refused when not of this site.') }),
        z.object({ status: z.boolean(), message: z.string() }),
        'Asked; the same answer for every email.',
        { 429: 'Too many requests for this email or from this address; `Retry-After` says when to try again.' },
      ),
    },
    '/api/auth/reset-password/{token}': { get: resetLinkOperation() },
    '/api/auth/reset-password': {
      post: operation(
        true,
        'Set a new password with a reset link’s token',
        'Uses the token up, ends every session of the account and emails its owner that the password changed.',
        z.object({ token: z.string(), newPassword: z.string().min(minPasswordLength).max(128) }),
        z.object({ status: z.boolean() }),
        'The password is changed; every session of the account has ended.',
        { 400: 'The token has expired, was used already or was never issued (code `INVALID_TOKEN`), or the password is too short or too long.', 503: busy },
      ),
    },
    '/api/auth/change-password': {
      post: operation(
        true,
        'Change the caller’s password (Settings)',
        'Needs the session cookie and the current password. Ends every other session of the account (this one stays) and emails the owner that the password changed. An account that signs in with Google only has no password to change (400).',
        z.object({ currentPassword: z.string().min(1), newPassword: z.string().min(minPasswordLength).max(128) }),
        z.object({ token: z.string().nullable(), user }),
        'Changed; every other session has ended.',
        { 401: 'No session.', 503: busy },
      ),
    },
    '/api/auth/sign-out': {
      post: operation(true, 'Sign out', 'Ends the session of the cookie sent and clears the cookie.', undefined, z.object({ success: z.boolean() }), 'Signed out (also when there was no session).'),
    },
    '/api/auth/send-verification-email': {
      post: operation(
        true,
        'Send a new link that confirms an email address',
        'Signed in: the caller’s own email (400 once it is confirmed, or for another address). Signed out: answers the same whether or not ' +
          'an unconfirmed account uses the email, and only such an account is sent the link. Limited per account and per client address.',
        z.object({ email: z.email(), callbackURL: z.string().optional().describe('Ignored: the link always ends on the web app’s /confirm-email page.') }),
        z.object({ status: z.boolean() }),
        'Sent, or nothing to send (signed out).',
        { 429: 'Too many confirmation emails for this account or from this address; `Retry-After` says when to try again.' },
      ),
    },
    '/api/auth/verify-email': { get: verifyEmailOperation() },
    ...twoFactorDocument(),
    '/api/auth/get-session': {
      get: operation(
        false,
        'The caller’s session and person',
        'Answers `null` without a session.',
        undefined,
        z.object({ session, user }).nullable(),
        'The session and its person, or null.',
      ),
    },
  };
}

/** The link sent by email: a redirect to the web app's page, or JSON when called without `callbackURL`. */
function verifyEmailOperation() {
  const described = operation(
    false,
    'Confirm an email address with the link’s token',
    'The link sent by email. With its `callbackURL` (as sent) it confirms the address and redirects to the confirmation page, ' +
      'signing nobody in; a token that is expired, forged or for no account redirects there with `?error=`.',
    undefined,
    z.object({ status: z.boolean(), user: z.null() }),
    'Confirmed (no `callbackURL`).',
    { 401: 'The token is expired, forged or for no account (no `callbackURL`).', 403: 'The `callbackURL` is not on this site (nothing is confirmed).' },
  );
  return {
    ...described,
    parameters: [
      { name: 'token', in: 'query', required: true, schema: { type: 'string' } },
      { name: 'callbackURL', in: 'query', required: false, schema: { type: 'string' } },
    ],
    responses: { ...described.responses, 302: { description: 'To the `callbackURL`, with `?error=` when the token was refused.' } },
  };
}

/** The reset link itself (password-reset.ts): better-auth checks its token, spending nothing, and redirects to the web app's page. */
function resetLinkOperation() {
  return {
    tags: ['auth'],
    summary: 'Open a password reset link',
    description:
      'The link sent by email. Redirects to the `callbackURL` (the `/reset-password` page) with `?token=` while the token works, ' +
      'or with `?error=INVALID_TOKEN` once it was used or has expired, so the page says so at once. Uses nothing up.\n\n**Access:** anyone.',
    'x-access': 'public',
    parameters: [
      { name: 'token', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'callbackURL', in: 'query', required: true, schema: { type: 'string' } },
    ],
    responses: {
      302: { description: 'To the `callbackURL`, with `?token=` or `?error=INVALID_TOKEN`.' },
      ...refusals(false, { 400: 'No `callbackURL`.', 403: 'The `callbackURL` is not on this site.' }),
    },
  };
}

/** better-auth's twoFactor calls (two-factor.ts): setting it up and taking it down with the password, and the codes. */
function twoFactorDocument() {
  const session = 'signed-in people (session cookie)';
  const password = z.object({ password: z.string().describe('The account’s current password.') });
  const wrongPassword = 'The password is wrong (code `INVALID_PASSWORD`; a Google-only account has none), or the request is not valid.';
  const codes = z.array(z.string()).length(10).describe('Ten single-use backup codes, shown only in this answer.');
  const code = (what: string) =>
    operation(
      true,
      `Give ${what}`,
      'The second step of a password sign-in (with its pending sign-in cookie), or the setup’s first code (with the session). ' +
        '`trustDevice` remembers this browser for 30 days. Five wrong codes for an account, or twenty from one client address, ' +
        'lock codes for 15 minutes.',
      z.object({ code: z.string(), trustDevice: z.boolean().optional() }),
      z.object({ token: z.string(), user }),
      'Right: signed in, or the setup confirmed and two-factor sign-in on; the answer sets a new session cookie.',
      {
        401: 'A wrong code (code `INVALID_CODE` or `INVALID_BACKUP_CODE`), or no session nor pending sign-in.',
        409: 'The same backup code was used at the same moment; try again.',
        429: 'Too many wrong codes for this account or from this address; `Retry-After` says when to try again.',
      },
      `${session}, or a sign-in waiting for its code`,
    );
  const withPassword = (summary: string, description: string, answer: z.ZodType, answerText: string, extra: z.ZodRawShape = {}) =>
    operation(true, summary, description, password.extend(extra), answer, answerText, { 400: wrongPassword, 401: 'No session.', 403: 'Not from this site, or a session too old for this change (sign in again).', 503: busy }, session);
  return {
    '/api/auth/two-factor/enable': {
      post: withPassword(
        'Begin turning two-factor sign-in on',
        'Answers the `otpauth://` address for an authenticator app (a QR code) and ten backup codes; it is on once `verify-totp` confirms a first code.',
        z.object({ method: z.literal('totp'), totpURI: z.string(), backupCodes: codes }),
        'Begun: scan the address, then confirm a code.',
        { method: z.literal('totp').optional(), issuer: z.string().optional() },
      ),
    },
    '/api/auth/two-factor/disable': {
      post: withPassword('Turn two-factor sign-in off', 'Forgets the app’s secret and the backup codes; the answer sets a new session cookie.', z.object({ status: z.boolean() }), 'Off.'),
    },
    '/api/auth/two-factor/generate-backup-codes': {
      post: withPassword('New backup codes', 'Replaces every backup code: the old ones stop working.', z.object({ status: z.literal(true), backupCodes: codes }), 'The new codes.'),
    },
    '/api/auth/two-factor/verify-totp': { post: code('the authenticator app’s code') },
    '/api/auth/two-factor/verify-backup-code': { post: code('a backup code') },
  };
}
