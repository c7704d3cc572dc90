import { RicaRequest, RicaResponse } from '@portal/domain/rica/rica';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import type { RicaAdapter } from '../../platform/rica.ts';
import { registerSim } from './rica.service.ts';

export const ricaRoutes =
  (db: Database, adapter: RicaAdapter, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/rica',
      {
        preHandler: [guards.notWaiting, guards.allowed('register', 'rica')],
        schema: {
          tags: ['rica'],
          summary: 'Register a SIM card (RICA) through the configured adapter (leaders and admins)',
          body: RicaRequest,
          response: { 200: RicaResponse },
        },
      },
      (request) => registerSim(db, adapter, actorOf(request), request.body, request),
    );
  };
