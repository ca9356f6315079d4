import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSummary, dashboardSummaryQuery } from '@second-gear/contract';
import { actorOf, requireUser } from '../../auth/guards.ts';
import { dashboardSummaryOf } from './service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/summary',
    {
      onRequest: requireUser,
      schema: {
        tags: ['dashboard'],
        summary: 'The welcome page’s numbers: the caller’s own, for their role only',
        querystring: dashboardSummaryQuery,
        response: { 200: dashboardSummary },
      },
    },
    async (req) => dashboardSummaryOf(app.pg, actorOf(req)),
  );
};
