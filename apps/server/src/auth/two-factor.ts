import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import { CODE_NEEDED } from './google-done.ts';

/** How long `Remember this device for 30 days` spares a browser the code (better-auth's trusted device). */
export const TRUST_DEVICE_DAYS = 30;

/**
 * The cookie better-auth sets between a correct password and its code, naming the pending sign-in
 * (the plugin's TWO_FACTOR_COOKIE_NAME, which it does not export). The code limits read whose
 * sign-in it is (auth-limits.ts).
 */
export const TWO_FACTOR_CHALLENGE_COOKIE = 'two_factor';

/** The calls that check a code: an authenticator app's, or a backup code. */
export const CODE_CHECKS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

/** The plugin's calls this product does not offer: codes sent by email or text message (only an authenticator app and backup codes). */
export const UNOFFERED_TWO_FACTOR_PATHS = ['/two-factor/send-otp', '/two-factor/verify-otp'];

/**
 * Two-factor sign-in with an authenticator app (TOTP, six digits, 30 seconds) and ten single-use
 * backup codes, all better-auth's twoFactor plugin: turning it on asks for the password and is
 * confirmed with a first code; a sign-in of such an account, with the password or with Google,
 * ends in a pending sign-in instead of a session until a code is given (decision 033).
 * Secret and backup codes are stored encrypted under the auth secret (migration 0027).
 */
export function twoFactorSignIn() {
  const plugin = twoFactorPlugin();
  // The plugin's one hook: its challenge of the session a password sign-in has just made.
  const challenge = plugin.hooks.after[0]!.handler;
  return {
    ...plugin,
    hooks: { after: [...plugin.hooks.after, { matcher: (ctx: { path?: string }) => ctx.path === '/callback/:id', handler: oauthChallenge(challenge) }] },
  };
}

type Challenge = ReturnType<typeof twoFactorPlugin>['hooks']['after'][number]['handler'];

/**
 * The plugin's own challenge of a new session, run on the OAuth callback too: the plugin runs it
 * after a password sign-in only. It deletes the session the callback made and its cookie, and sets
 * the pending sign-in's cookie and rows exactly as for a password (or, on a browser remembered at a
 * code, renews that instead and keeps the session). Its answer, `twoFactorRedirect`, would be a
 * JSON body where the callback answers a redirect: the callback still redirects where it was going
 * (the completion page, google-done.ts), told by `?code_needed=1` that the code comes next.
 */
function oauthChallenge(challenge: Challenge) {
  return createAuthMiddleware(async (ctx) => {
    const ended = ctx.context.returned;
    const signedIn = ctx.context.newSession;
    // A sign-in ends in a redirect with a new session; a refusal or the linking of an identity has none.
    const target = isAPIError(ended) && signedIn ? new Headers(ended.headers).get('location') : null;
    if (!target || !signedIn) return;
    // The account as it is now: linking Google to an account nobody had confirmed ended a squatter's
    // second factor with their password (google-linking.ts) after better-auth had read the user.
    const user = await ctx.context.internalAdapter.findUserById(signedIn.user.id);
    if (!user) return;
    ctx.context.setNewSession({ ...signedIn, user });
    const asked = (await challenge({ ...ctx, returnHeaders: true })) as { headers?: Headers; response?: { twoFactorRedirect?: boolean } };
    for (const cookie of asked.headers?.getSetCookie() ?? []) ctx.responseHeaders.append('set-cookie', cookie);
    if (asked.response?.twoFactorRedirect !== true) return;
    const codeNeeded = new URL(target, ctx.context.baseURL);
    codeNeeded.searchParams.set(CODE_NEEDED, '1');
    throw ctx.redirect(codeNeeded.href);
  });
}

function twoFactorPlugin() {
  return twoFactor({
    issuer: 'Second Gear',
    trustDeviceMaxAge: TRUST_DEVICE_DAYS * 24 * 60 * 60,
    // Wrong codes are limited by our own counters, per account and per client address, with a 429
    // that says when to try again (auth-limits.ts); better-auth's lock would say only "later".
    accountLockout: { enabled: false },
    schema: {
      user: { fields: { twoFactorEnabled: 'two_factor_enabled' } },
      twoFactor: {
        modelName: 'two_factors',
        fields: {
          userId: 'user_id',
          backupCodes: 'backup_codes',
          failedVerificationCount: 'failed_verification_count',
          lockedUntil: 'locked_until',
        },
      },
    },
  });
}
