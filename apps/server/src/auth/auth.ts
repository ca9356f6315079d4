import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins';
import type { Pool } from 'pg';
import { z } from 'zod';
import { accountName, minPasswordLength, photoUrl, signUpRole } from '@second-gear/contract';
import { authHooks } from './auth-limits.ts';
import { GOOGLE_PROVIDER_ID, type GoogleOAuth } from './google.ts';
import { endUnverifiedPassword, onlyVerifiedGoogleEmails } from './google-linking.ts';
import { boundedPasswordHashing, HASHING } from './password-hashing.ts';
import type { SendAccountEmail } from './account-email.ts';
import { emailConfirmation } from './email-confirmation.ts';
import { CLIENT_ADDRESS_HEADER } from './client-address.ts';
import { contextsOnlyDuringCalls } from './call-contexts.ts';
import { passwordChanged, passwordResetEmails, RESET_LINK_SECONDS } from './password-reset.ts';
import { twoFactorSignIn, UNOFFERED_TWO_FACTOR_PATHS } from './two-factor.ts';

/** What better-auth does not bound itself: the database refuses longer values, which must be a 400, not a 500. */
const userProfile = z.object({ name: accountName, image: photoUrl.nullish() });

export interface AuthOptions {
  pool: Pool;
  secret: string;
  publicUrl: string;
  /** Origins allowed to post to /api/auth (Config.trustedOrigins); default: the public origin only. */
  trustedOrigins?: string[];
  /** The OpenID Connect provider behind CONTINUE WITH GOOGLE (see googleOAuth); none: the button answers an error. */
  google?: GoogleOAuth;
  /** Password hashes at once and waiting in this process (default HASHING; tests make it small). */
  passwordHashing?: typeof HASHING;
  /** Where account emails go (the outbox: modules/notifications/account-email.ts); none: no password reset. */
  sendAccountEmail?: SendAccountEmail;
}

/**
 * better-auth owns passwords, sessions and accounts. Its tables are created by our own versioned
 * migration (0001), with snake_case columns mapped here, so that one migration lock covers them.
 * The user record (`POST /users`, docs/product.md) *is* better-auth's user row (role and verification are
 * additional fields), so an account and its role are written in the same transaction.
 */
export function createAuth({ pool, secret, publicUrl, trustedOrigins = [publicUrl], google, passwordHashing = HASHING, sendAccountEmail }: AuthOptions) {
  const auth = betterAuth({
    appName: 'Second Gear',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    database: pool,
    trustedOrigins,
    telemetry: { enabled: false },
    logger: { log: authLog(google?.kind === 'test-idp') },
    // Sign-in and sign-up are limited by our own hooks, counted in PostgreSQL (auth-limits.ts), which
    // hold across app processes; better-auth's in-memory limiter would not.
    rateLimit: { enabled: false },
    hooks: authHooks(pool, sendAccountEmail && ((user) => passwordChanged(publicUrl, sendAccountEmail, user, 'settings'))),
    emailAndPassword: {
      enabled: true,
      minPasswordLength,
      maxPasswordLength: 128,
      autoSignIn: true,
      password: boundedPasswordHashing(passwordHashing),
      // A reset link works once, for an hour, and its use signs the account out everywhere: whoever
      // may have known the old password loses the sessions it opened (password-reset.ts).
      ...(sendAccountEmail ? passwordResetEmails(pool, publicUrl, sendAccountEmail) : {}),
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
    },
    // A password sign-up is sent a link that confirms its email; signing in never waits for it
    // (no requireEmailVerification). Without account emails there is nothing to confirm with.
    ...(sendAccountEmail ? { emailVerification: emailConfirmation(pool, publicUrl, sendAccountEmail) } : {}),
    // Paths the product does not offer over HTTP: a profile change would bypass the role rules, and
    // Settings' own routes (modules/settings) ask better-auth for an email change and for the sessions
    // after their own checks and limits. Listing the sessions would hand every session's token to the
    // page's scripts, undoing the HttpOnly cookie; a session is ended by its id there instead.
    disabledPaths: ['/update-user', '/change-email', '/delete-user', '/link-social', '/unlink-account', '/list-sessions', '/revoke-session', ...UNOFFERED_TWO_FACTOR_PATHS],
    advanced: {
      // better-auth skips its Origin (CSRF) check whenever NODE_ENV=test; keep it on so that the
      // tests exercise the check production relies on.
      disableOriginCheck: false,
      cookiePrefix: 'second-gear',
      useSecureCookies: publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // A session's address (shown in Settings' Signed-in devices) is the one routes.ts settled on.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
      additionalFields: {
        role: { type: 'string', required: false, input: true, defaultValue: 'buyer' },
        verified: { type: 'boolean', required: false, input: false, defaultValue: false },
        // The clock the web app writes this person's dates in (issue 47); set in Settings, or taken
        // from the browser once while the account has none (PATCH /api/me/profile), never at sign-up.
        timeZone: { type: 'string', required: false, input: false, fieldName: 'time_zone' },
        locale: { type: 'string', required: false, input: false },
      },
      // Google identities are used only with a verified email (google-linking.ts).
      validateUserInfo: onlyVerifiedGoogleEmails,
      // The link goes to the new address (email-confirmation.ts); the account keeps its email until
      // it is opened. No confirmation by the old address first: it is told instead (modules/settings).
      changeEmail: { enabled: true },
    },
    session: {
      modelName: 'sessions',
      fields: {
        expiresAt: 'expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        userId: 'user_id',
      },
    },
    account: {
      modelName: 'accounts',
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
      // A Google identity whose email Google verified and which is already a Second Gear account
      // signs in to that account (one user, two linked accounts) instead of failing or creating a
      // second user. Google is not a "trusted provider": better-auth itself then refuses to link an
      // identity whose email is not verified. An account made with a password has a verified email
      // only once its confirmation link was opened (email-confirmation.ts), hence
      // requireLocalEmailVerified: false; linking into an unconfirmed one ends its password and
      // sessions (databaseHooks.account below, decision 009).
      accountLinking: { enabled: true, requireLocalEmailVerified: false },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
    },
    // OAuth errors whose state could not be read (no redirect target of their own) end on the page
    // that tells the opener window, or the login page, what happened.
    onAPIError: {
      errorURL: `${publicUrl}/api/auth/google/done`,
      // An error that is not one of better-auth's own answers (the database away) reaches the app's
      // error handler, which answers it as every route does (a 503 while the database is down);
      // better-auth's own handling would answer a bare 500.
      throw: true,
    },
    plugins: [
      twoFactorSignIn(),
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  name: 'Google',
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  discoveryUrl: google.discoveryUrl,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  // Only ID tokens checked against the provider's keys, issuer, audience and nonce.
                  requireIdTokenVerification: true,
                  // The test provider asks every time, so that another test person can sign in.
                  prompt: google.kind === 'test-idp' ? 'login' : 'select_account',
                },
              ],
            }),
          ]
        : []),
    ],
    databaseHooks: {
      account: {
        create: {
          after: async (account) => {
            if (account.providerId === GOOGLE_PROVIDER_ID) await endUnverifiedPassword(pool, account.userId);
          },
        },
      },
      user: {
        update: {
          // An email change's link was opened at the new address: that proves the address, whatever
          // the old one's state; and it is refused if another account took the address meanwhile.
          // The address's copies on the account's cars, bookings, payments and waiting emails follow
          // in the update's own statement (trigger users_email_copies, migration 0034): this hook's
          // `after` would run only once the update has committed.
          before: async (user, ctx) => {
            if (ctx?.path !== '/verify-email' || typeof user.email !== 'string') return;
            const { rowCount } = await pool.query('select 1 from users where email = $1', [user.email]);
            if (rowCount) throw new APIError('CONFLICT', { message: 'Another account uses this email now.' });
            return { data: { ...user, emailVerified: true } };
          },
        },
        create: {
          // The role comes from the sign-up form as 'Buyer' or 'Seller'; anything else (an attempt
          // to become Admin included) is refused. Sign-ins through Google register buyers.
          before: async (user, ctx) => {
            const profile = userProfile.safeParse(user);
            if (!profile.success) throw new APIError('BAD_REQUEST', { message: profile.error.issues[0]!.message });
            const chosen = (user as { role?: unknown }).role;
            if (ctx?.path === '/sign-up/email' || (chosen !== undefined && chosen !== 'buyer')) {
              const parsed = signUpRole.safeParse(chosen);
              if (!parsed.success) throw new APIError('BAD_REQUEST', { message: 'User Role must be Buyer or Seller' });
              return { data: { ...user, role: parsed.data.toLowerCase(), verified: false } };
            }
            return { data: { ...user, role: 'buyer', verified: false } };
          },
        },
      },
    },
  });
  return contextsOnlyDuringCalls(auth);
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * better-auth's log lines, with only the name and message of the errors it attaches: the objects
 * carry parts of the request (a failed OAuth callback attaches its `state`), which stay out of logs.
 *
 * `quietDiscovery`: the built-in test identity provider is served by this very server, so its
 * discovery document cannot be fetched while the server is not listening yet (demo data is seeded
 * before). better-auth then retries discovery on the first Google sign-in; those two lines are
 * expected, not errors.
 */
function authLog(quietDiscovery: boolean) {
  return (level: 'debug' | 'info' | 'warn' | 'error' | 'success', message: string, ...args: unknown[]) => {
    if (quietDiscovery && /^(Discovery fetch failed for "google"|Provider "google": discovery left no usable)/.test(message)) return;
    const reasons = args.filter((a): a is Error => a instanceof Error).map((e) => `${e.name}: ${e.message}`);
    const line = [`[Better Auth]: ${message}`, ...reasons].join(' — ');
    if (level === 'error') console.error(line);
    else if (level === 'warn') console.warn(line);
    else if (level !== 'debug') console.log(line);
  };
}
