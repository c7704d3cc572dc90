import { ReferenceLists } from '@portal/domain/reference/reference-lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { AccessGuards } from '../../platform/access.ts';
import { findReferenceLists } from './reference.queries.ts';

export const referenceRoutes =
  (db: Database, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/reference-lists',
      {
        preHandler: guards.signedIn,
        schema: {
          tags: ['reference'],
          summary: 'The shared option lists: banks with branch codes, provinces, countries (ZAF first), sizes, …',
          response: { 200: ReferenceLists },
        },
      },
      async (_request, reply) => {
        // They change with a release, not while a page is open.
        reply.header('cache-control', 'private, max-age=3600');
        return findReferenceLists(db);
      },
    );
  };
