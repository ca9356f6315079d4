import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteResult, idParam, newSavedSearch, savedSearch, savedSearchEdit, savedSearchLimits } from '@second-gear/contract';
import { actorOf, requireUser } from '../../auth/guards.ts';
import { refusal } from '../../http/openapi.ts';
import { nearOf } from '../search/near.ts';
import { createSavedSearch, deleteSavedSearch, editSavedSearch, listSavedSearches } from './service.ts';

/** Saved searches (My Alerts), for whoever may search: each person's own only. */
export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/alerts',
    {
      onRequest: requireUser,
      schema: { tags: ['alerts'], summary: 'The caller’s saved searches, in the order they were saved', response: { 200: z.array(savedSearch) } },
    },
    async (req) => listSavedSearches(app.pg, actorOf(req)),
  );

  app.post(
    '/alerts',
    {
      onRequest: requireUser,
      schema: {
        tags: ['alerts'],
        summary: 'Save a search: its filters, a name and how often to tell of new matching cars',
        description: 'Only cars listed from now on are told, each at most once. Refused (403) until the caller has confirmed their email address, and (400) with a `near` that is no US ZIP code, as the search refuses it.',
        body: newSavedSearch,
        response: { 201: savedSearch, 409: refusal(`The caller has ${savedSearchLimits.perPerson} saved searches already.`) },
      },
    },
    async (req, reply) => {
      // A Near the search would refuse is refused here, rather than saved as a search that never finds a car.
      nearOf(req.body.filters);
      return reply.status(201).send(await createSavedSearch(app.pg, actorOf(req), req.body));
    },
  );

  app.patch(
    '/alerts/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['alerts'],
        summary: 'Rename a saved search, change how often it tells, pause or resume it',
        description: 'A resumed search tells only of cars listed after it was resumed.',
        params: idParam,
        body: savedSearchEdit,
        response: { 200: savedSearch },
      },
    },
    async (req) => editSavedSearch(app.pg, actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/alerts/:id',
    {
      onRequest: requireUser,
      schema: { tags: ['alerts'], summary: 'Delete a saved search', params: idParam, response: { 200: deleteResult } },
    },
    async (req) => deleteSavedSearch(app.pg, actorOf(req), req.params.id),
  );
};
