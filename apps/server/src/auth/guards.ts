import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Role } from '@second-gear/contract';
import { AppError } from '../errors.ts';

/** The signed-in person a service acts for; every service function takes one. */
export interface Actor {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: Role;
  verified: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/** Reads the session on every call (no cookie cache), so a deleted user or ended session is a 401 at once. */
export async function loadActor(req: FastifyRequest): Promise<Actor | null> {
  const found = await req.server.auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
  if (!found) return null;
  const u = found.user as typeof found.user & { role: Role; verified: boolean };
  return { id: u.id, name: u.name, email: u.email, image: u.image ?? null, role: u.role, verified: u.verified };
}

export async function requireUser(req: FastifyRequest, _reply: FastifyReply) {
  req.actor = await loadActor(req);
  if (!req.actor) throw new AppError('UNAUTHORIZED', 'Please log in to continue.');
}

const roleNames: Record<Role, string> = { admin: 'admins', seller: 'sellers', buyer: 'buyers' };

/** Route option: `preHandler: requireRole('seller')`. */
export function requireRole(...allowed: Role[]) {
  return async function (req: FastifyRequest, reply: FastifyReply) {
    await requireUser(req, reply);
    if (!allowed.includes(req.actor!.role)) {
      throw new AppError('FORBIDDEN', `Only ${allowed.map((r) => roleNames[r]).join(' and ')} can do this.`);
    }
  };
}

/** The actor, for handlers behind requireUser/requireRole. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw new AppError('UNAUTHORIZED', 'Please log in to continue.');
  return req.actor;
}

/** An `email` in a path or query must be the caller's own, unless the caller is an admin. */
export function assertOwnEmail(actor: Actor, email: string, { adminMayAsk = false } = {}) {
  if (email.toLowerCase() === actor.email) return;
  if (adminMayAsk && actor.role === 'admin') return;
  throw new AppError('FORBIDDEN', 'You can only ask about your own account.');
}
