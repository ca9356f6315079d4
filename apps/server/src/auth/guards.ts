import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Role } from '@second-gear/contract';
import { AppError } from '../errors.ts';
import type { Actor } from './actor.ts';
import { cookieValue } from './session-cache.ts';
import { adminNeedsTwoFactor, TWO_FACTOR_FIRST } from './admin-two-factor.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/**
 * The person behind the request's session cookie, or null. A cookie seen before is answered from the
 * session cache (session-cache.ts), which every ended session, deleted or changed user clears in
 * every process; otherwise better-auth checks the cookie's signature and reads session and user.
 */
export async function loadActor(req: FastifyRequest): Promise<Actor | null> {
  const { sessions, sessionCookieName } = req.server;
  const key = cookieValue(req.headers.cookie, sessionCookieName);
  if (!key) return null;
  const cached = sessions.get(key);
  if (cached) return cached;
  const ticket = sessions.ticket();
  const found = await req.server.auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
  if (!found) return null;
  const u = found.user as typeof found.user & { role: Role; verified: boolean; twoFactorEnabled?: boolean | null; timeZone?: string | null; locale?: string | null };
  // Frozen: the cache hands this very object to every later request of the session.
  const actor: Actor = Object.freeze({
    id: u.id,
    name: u.name,
    email: u.email,
    image: u.image ?? null,
    role: u.role,
    verified: u.verified,
    emailConfirmed: u.emailVerified,
    twoFactorEnabled: u.twoFactorEnabled === true,
    clock: { timeZone: u.timeZone ?? null, locale: u.locale ?? null },
  });
  sessions.set(key, { actor, expiresAt: new Date(found.session.expiresAt).getTime() }, ticket);
  return actor;
}

/** Who a guard lets through: any signed-in person, or only these roles. */
export type GuardAccess = 'signed-in' | readonly Role[];

const guards = new WeakMap<object, GuardAccess>();

/**
 * The access of a route's `onRequest` hook if it is one of the guards below, else undefined. The API
 * document reads it (http/openapi.ts) to list the route's 401/403 and its session requirement, so
 * the document says what the guard enforces, by construction.
 */
export function guardAccess(hook: unknown): GuardAccess | undefined {
  return typeof hook === 'function' ? guards.get(hook) : undefined;
}

export async function requireUser(req: FastifyRequest, _reply: FastifyReply) {
  req.actor = await loadActor(req);
  if (!req.actor) throw new AppError('UNAUTHORIZED', 'Please log in to continue.');
}
guards.set(requireUser, 'signed-in');

export const roleNames: Record<Role, string> = { admin: 'admins', seller: 'sellers', buyer: 'buyers' };

/**
 * Route option: `onRequest: requireRole('seller')`. An admin who must turn on two-factor sign-in
 * first (admin-two-factor.ts) is refused every call an admin makes as an admin.
 */
export function requireRole(...allowed: Role[]) {
  const guard = async function (req: FastifyRequest, reply: FastifyReply) {
    await requireUser(req, reply);
    const actor = req.actor!;
    if (!allowed.includes(actor.role)) {
      throw new AppError('FORBIDDEN', `Only ${allowed.map((r) => roleNames[r]).join(' and ')} can do this.`);
    }
    if (adminNeedsTwoFactor(req.server.config, actor)) throw new AppError('FORBIDDEN', TWO_FACTOR_FIRST);
  };
  guards.set(guard, allowed);
  return guard;
}

/** The actor, for handlers behind requireUser/requireRole. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw new AppError('UNAUTHORIZED', 'Please log in to continue.');
  return req.actor;
}

/**
 * What reaches other people (a message, a saved search's alert emails) waits for a confirmed email:
 * until then the address may be someone else's (docs/security.md, "Confirmed email"). `toDo` ends
 * the refusal's sentence: "Confirm your email address to send messages."
 */
export function assertConfirmedEmail(actor: Actor, toDo: string) {
  if (!actor.emailConfirmed) throw new AppError('FORBIDDEN', `Confirm your email address to ${toDo}.`);
}

/** An `email` in a path or query must be the caller's own, unless the caller is an admin. */
export function assertOwnEmail(actor: Actor, email: string, { adminMayAsk = false } = {}) {
  if (email.toLowerCase() === actor.email) return;
  if (adminMayAsk && actor.role === 'admin') return;
  throw new AppError('FORBIDDEN', 'You can only ask about your own account.');
}
