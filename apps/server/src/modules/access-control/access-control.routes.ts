import {
  AccessControlPage,
  AccessControlQuery,
  SetFeatureAccessRequest,
} from '@portal/domain/access-control/access-control';
import { Feature } from '@portal/domain/accounts/me';
import { RowIdParam } from '@portal/domain/platform/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import { type AccessControlDeps, getAccessPage, setFeatureAccess } from './access-control.service.ts';

export const accessControlRoutes =
  (deps: AccessControlDeps, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    // Not in the waiting state: an admin marked inactive or deleted grants no flag to anyone.
    const preHandler = [guards.notWaiting, guards.allowed('update', 'feature-access')];
    app.get(
      '/api/access-control',
      {
        preHandler,
        schema: {
          tags: ['access-control'],
          summary: 'Dealers with their feature flags (admins with the Access Control flag)',
          querystring: AccessControlQuery,
          response: { 200: AccessControlPage },
        },
      },
      (request) => getAccessPage(db, request.query),
    );

    app.put(
      '/api/access-control/:userId',
      {
        preHandler,
        schema: {
          tags: ['access-control'],
          summary: 'Grant (True) or remove (False) one feature of an admin',
          params: z.object({ userId: RowIdParam }),
          body: SetFeatureAccessRequest,
          response: { 200: z.object({ features: z.array(Feature), changed: z.boolean() }) },
        },
      },
      (request) => setFeatureAccess(deps, actorOf(request), request.params.userId, request.body, request),
    );
  };
