import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { twoFactorStatus, twoFactorStatusQuery } from '@second-gear/contract';
import { actorOf, requireUser } from './guards.ts';
import { adminNeedsTwoFactor } from './admin-two-factor.ts';

/**
 * `GET /api/two-factor`: the caller's two-factor sign-in as Settings shows it, and whether the
 * admin pages send them to its setup first. Turning it on and off, codes and backup codes are
 * better-auth's calls under /api/auth/two-factor/ (two-factor.ts).
 */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/two-factor',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary: 'The caller’s two-factor sign-in: on or off, required (admins), and whether the account has a password it guards',
        querystring: twoFactorStatusQuery,
        response: { 200: twoFactorStatus },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const { rows } = await app.pg.query<{ password: boolean }>(
        `select exists (select 1 from accounts where user_id = $1 and provider_id = 'credential' and password is not null) as password`,
        [actor.id],
      );
      return { enabled: actor.twoFactorEnabled, required: adminNeedsTwoFactor(app.config, actor), passwordSignIn: rows[0]!.password };
    },
  );
};
