import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Database, pingDatabase } from '../../db/client.ts';

const Health = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
  version: z.string(),
});

const Live = z.object({ status: z.literal('ok'), version: z.string() });

/** A database round trip bounded in time, so a hung pool answers "unavailable" instead of hanging. */
async function databaseAnswers(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      pingDatabase(db),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), 3000);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `live`: the process answers (a restart is the cure when it does not). `ready`: it can serve, so
 * the database answers (take it out of rotation when not). `/api/health` is `ready` under its older
 * name, kept for monitors that already call it.
 */
export const healthRoutes =
  (db: Database, version: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health/live',
      {
        schema: {
          tags: ['platform'],
          summary: 'Liveness: the process answers (no database call)',
          response: { 200: Live },
        },
      },
      async () => ({ status: 'ok' as const, version }),
    );

    for (const url of ['/api/health', '/api/health/ready']) {
      app.get(
        url,
        {
          schema: {
            tags: ['platform'],
            summary: 'Readiness: answers 200 after a database round trip, 503 without one',
            response: { 200: Health, 503: Health },
          },
        },
        async (_request, reply) => {
          if (await databaseAnswers(db)) return { status: 'ok' as const, database: 'ok' as const, version };
          return reply.status(503).send({ status: 'unavailable', database: 'unreachable', version });
        },
      );
    }
  };
