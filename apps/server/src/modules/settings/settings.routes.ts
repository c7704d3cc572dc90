import { RowIdParam } from '@portal/domain/platform/ids';
import {
  Banner,
  CurrentBanner,
  NewBannerRequest,
  NewServiceRequest,
  Service,
  ServiceList,
  StructureLevelList,
} from '@portal/domain/settings/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import {
  addBanner,
  addService,
  currentBanner,
  removeService,
  serviceList,
  structureLevels,
} from './settings.service.ts';

const tags = ['settings'];

/** '/settings' (spec 3 §2.1): every admin. */
export const settingsRoutes =
  (db: Database, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    const preHandler = guards.allowed('manage', 'settings');
    app.get(
      '/api/settings/levels',
      {
        preHandler,
        schema: { tags, summary: 'Leader levels: name, level, description', response: { 200: StructureLevelList } },
      },
      () => structureLevels(db),
    );
    app.get(
      '/api/settings/services',
      { preHandler, schema: { tags, summary: 'The service list', response: { 200: ServiceList } } },
      () => serviceList(db),
    );
    app.post(
      '/api/settings/services',
      { preHandler, schema: { tags, summary: 'Adds a service', body: NewServiceRequest, response: { 201: Service } } },
      async (request, reply) => reply.status(201).send(await addService(db, actorOf(request), request.body, request)),
    );
    app.delete(
      '/api/settings/services/:id',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Removes a service (kept, marked removed)',
          params: z.object({ id: RowIdParam }),
          response: { 200: z.object({ ok: z.literal(true) }) },
        },
      },
      (request) => removeService(db, actorOf(request), request.params.id, request),
    );
    app.get(
      '/api/settings/banner',
      { preHandler, schema: { tags, summary: 'The newest dashboard banner', response: { 200: CurrentBanner } } },
      () => currentBanner(db),
    );
    // The dashboard shows the newest banner to every dealer (spec 2 "Dashboard").
    app.get(
      '/api/dashboard/banner',
      {
        preHandler: guards.notWaiting,
        schema: { tags, summary: 'The newest dashboard banner, for the dashboard', response: { 200: CurrentBanner } },
      },
      () => currentBanner(db),
    );
    app.post(
      '/api/settings/banner',
      {
        preHandler,
        schema: {
          tags,
          summary: "Makes an uploaded image (purpose 'dash') the dashboard banner",
          body: NewBannerRequest,
          response: { 201: Banner },
        },
      },
      async (request, reply) => reply.status(201).send(await addBanner(db, actorOf(request), request.body, request)),
    );
  };
