import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import type { Pool } from 'pg';
import { waitWords } from '../errors.ts';
import { clientAddress } from './client-address.ts';
import {
  CODES_PER_ACCOUNT,
  CODES_PER_ADDRESS,
  RateLimits,
  RESET_PER_ADDRESS,
  RESET_PER_EMAIL,
  SIGN_IN_PER_ACCOUNT,
  SIGN_IN_PER_ADDRESS,
  SIGN_UP_PER_ADDRESS,
} from './rate-limits.ts';
import { CODE_CHECKS, TWO_FACTOR_CHALLENGE_COOKIE } from './two-factor.ts';

type AuthContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The counters of one attempt, by its request: the code limits find the account before the check, which may use up what named it. */
const counted = new WeakMap<Request, { account: string; address: string }>();

/**
 * better-auth's `hooks`: the limits on e-mail sign-in, two-factor codes, sign-up and password reset requests, and a password change that ends
 * every other session and is told to the owner (`onPasswordChange`: an account email). They run inside better-auth's dispatch and go by `ctx.path`, the path of the
 * endpoint better-auth actually runs, so no spelling of the request's address (`/x/../sign-in`,
 * `%2e`, a query string) reaches an endpoint without them: a limit keyed on the request's address
 * would be walked around by spelling that address differently.
 *
 * Only requests from an HTTP client are limited: routes.ts runs them with their client address
 * (client-address.ts); better-auth called by the server itself has none.
 */
export function authHooks(pool: Pool, onPasswordChange?: (user: { id: string; name: string }) => Promise<void>) {
  const limits = new RateLimits(pool);

  const before = createAuthMiddleware(async (ctx) => {
    if (ctx.path === '/change-password') {
      // The point of changing a password is usually that someone else may know the old one.
      return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
    }
    const address = clientAddress();
    if (address === undefined) return;
    if (ctx.path === '/sign-in/email') {
      const keys = signInKeys(ctx.body, address);
      if (!keys) return;
      const minutes = await limits.take([
        { key: keys.account, limit: SIGN_IN_PER_ACCOUNT },
        { key: keys.address, limit: SIGN_IN_PER_ADDRESS },
      ]);
      if (minutes > 0) throw tooMany(`Too many failed sign-in attempts. Try again in ${waitWords(minutes)}.`, minutes);
    } else if (CODE_CHECKS.has(ctx.path)) {
      // Per account from anywhere: six digits must not be guessed from many addresses at once.
      const keys = await codeKeys(ctx, address);
      if (!keys || !ctx.request) return;
      const minutes = await limits.take([
        { key: keys.account, limit: CODES_PER_ACCOUNT },
        { key: keys.address, limit: CODES_PER_ADDRESS },
      ]);
      if (minutes > 0) throw tooMany(`Too many wrong codes. Try again in ${waitWords(minutes)}.`, minutes);
      counted.set(ctx.request, keys);
    } else if (ctx.path === '/sign-up/email') {
      const minutes = await limits.take([{ key: `sign-up:${address}`, limit: SIGN_UP_PER_ADDRESS }]);
      if (minutes > 0) throw tooMany(`Too many accounts created from your network. Try again in ${waitWords(minutes)}.`, minutes);
    } else if (ctx.path === '/request-password-reset') {
      // Each request sends an email: limited per mailbox (nobody floods someone's inbox) and per
      // address (nobody walks a list of e-mails). Every request counts, whatever the account.
      const email = emailOf(ctx.body);
      if (email === undefined) return;
      const minutes = await limits.take([
        { key: `reset:${email}`, limit: RESET_PER_EMAIL },
        { key: `reset:${address}`, limit: RESET_PER_ADDRESS },
      ]);
      if (minutes > 0) throw tooMany(`Too many password reset requests. Try again in ${waitWords(minutes)}.`, minutes);
    }
  });

  const after = createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned;
    if (ctx.path === '/change-password') {
      const user = (returned as { user?: { id: string; name: string } } | undefined)?.user;
      if (!isAPIError(returned) && user && onPasswordChange) await onPasswordChange(user);
      return;
    }
    // A sign-in or a code was counted before it ran; only a refused password or code (401) stays counted.
    const address = clientAddress();
    if (address === undefined) return;
    const keys = ctx.path === '/sign-in/email' ? signInKeys(ctx.body, address) : CODE_CHECKS.has(ctx.path) && ctx.request ? counted.get(ctx.request) : undefined;
    if (!keys) return;
    if (!isAPIError(returned)) {
      // A success clears this account's failures, not the address's own count: signing in to one's
      // own account between guesses must not reset a spraying attacker.
      await limits.forget([keys.account]);
      await limits.giveBack([keys.address]);
    } else if (returned.statusCode !== 401) {
      await limits.giveBack([keys.account, keys.address]);
    }
  });

  return { before, after };
}

/** The counters of one e-mail sign-in, or none when there is no e-mail to sign in with (better-auth answers 400). */
function signInKeys(body: unknown, address: string) {
  const email = emailOf(body);
  if (email === undefined) return undefined;
  return { account: `sign-in:${email}|${address}`, address: `sign-in:${address}` };
}

/**
 * The counters of one code check: the account whose sign-in waits for the code (better-auth's
 * challenge cookie), or the signed-in account confirming its setup; none when neither is there
 * (better-auth answers 401).
 */
async function codeKeys(ctx: AuthContext, address: string) {
  const challenge = await ctx.getSignedCookie(ctx.context.createAuthCookie(TWO_FACTOR_CHALLENGE_COOKIE).name, ctx.context.secret);
  const pending = challenge ? await ctx.context.internalAdapter.findVerificationValue(challenge) : null;
  const userId = pending?.value ?? (await getSessionFromCtx(ctx))?.user.id;
  if (!userId) return undefined;
  return { account: `two-factor:${userId}`, address: `two-factor:${address}` };
}

/** The request's e-mail as better-auth looks it up (trimmed, lower case), or none when there is none (a 400). */
function emailOf(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
}

/** A 429 with its Retry-After, in better-auth's own refusal (routes.ts answers it in the contract's shape). */
export function tooMany(message: string, minutes: number) {
  return new APIError('TOO_MANY_REQUESTS', { message, code: 'TOO_MANY_REQUESTS' }, { 'retry-after': String(minutes * 60) });
}
