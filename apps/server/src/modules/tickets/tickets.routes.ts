import { LeadPage, MyListQuery } from '@portal/domain/orders/my-lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import { myLeads } from './tickets.service.ts';

export const ticketsRoutes =
  (db: Database, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/leads/mine',
      {
        preHandler: guards.notWaiting,
        schema: {
          tags: ['tickets'],
          summary: 'Lead Management: the signed-in dealer’s sales-assist leads, paged, with search',
          querystring: MyListQuery,
          response: { 200: LeadPage },
        },
      },
      (request) => myLeads(db, actorOf(request), request.query),
    );
  };
