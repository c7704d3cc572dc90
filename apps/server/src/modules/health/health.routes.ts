import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';

const Health = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
  version: z.string(),
});

export const healthRoutes =
  (db: Database, version: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['platform'],
          summary: 'Liveness with a database round trip',
          response: { 200: Health, 503: Health },
        },
      },
      async (_request, reply) => {
        try {
          await db.$client.query('select 1');
          return { status: 'ok' as const, database: 'ok' as const, version };
        } catch {
          return reply.status(503).send({ status: 'unavailable', database: 'unreachable', version });
        }
      },
    );
  };
