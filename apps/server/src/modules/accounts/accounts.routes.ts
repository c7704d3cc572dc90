import { MeResponse } from '@portal/domain/accounts/me';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import { currentUserOf } from './accounts.service.ts';

export const accountsRoutes =
  (guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/me',
      {
        preHandler: guards.signedIn,
        schema: {
          tags: ['accounts'],
          summary: 'The signed-in user with role, feature flags and waiting state',
          response: { 200: MeResponse },
        },
      },
      async (request) => ({ user: currentUserOf(actorOf(request)) }),
    );
  };
