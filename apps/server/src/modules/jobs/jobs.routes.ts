import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { actorCan } from '../../platform/permissions.ts';

export const JobProgressResponse = z.object({
  id: z.uuid(),
  queue: z.string(),
  state: z.enum(['queued', 'running', 'completed', 'failed']),
  stage: z.string(),
  percent: z.number().int().min(0).max(100),
  message: z.string().nullable(),
  result: z.unknown(),
  startedByUserId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const jobsRoutes =
  (jobs: Jobs, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/jobs/:id',
      {
        preHandler: guards.signedIn,
        schema: {
          tags: ['jobs'],
          summary:
            'Progress of a job (its state, stage, percent, message and result): for who started it, or whoever may use the screen that shows it',
          params: z.object({ id: z.uuid() }),
          response: { 200: JobProgressResponse },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const row = await jobs.get(request.params.id);
        if (!row) throw notFound('Job not found', 'JOB_NOT_FOUND');
        // A result may name people (an import's rejected rows): not every admin's to read (decision 059).
        const followers = jobs.followersOf(row.queue);
        const follows = followers !== undefined && actorCan(actor, followers.action, followers.subject);
        if (row.startedByUserId !== actor.user.id && !follows) throw forbidden();
        return {
          id: row.jobId,
          queue: row.queue,
          state: row.state as 'queued',
          stage: row.stage,
          percent: row.percent,
          message: row.message,
          result: row.result ?? null,
          startedByUserId: row.startedByUserId,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        };
      },
    );
  };
