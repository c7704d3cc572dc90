import {
  FibreImportQuery,
  FibreImportRequest,
  FibreImportStarted,
  FibreImportStatus,
  FibreSupplierOptions,
  FibreSupplierQuery,
} from '@portal/domain/orders/fibre-import';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import {
  FIBRE_IMPORT_QUEUE,
  type FibreImportDeps,
  fibreImportStatus,
  runFibreImport,
  startFibreImport,
  supplierChoices,
} from './fibre-import.service.ts';

const tags = ['imports'];

/** The fibre activity import (spec 3 §2.10): admins with the Commissions flag. */
export const fibreImportRoutes =
  (deps: FibreImportDeps, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    deps.jobs.define<{ importId: number }>(
      FIBRE_IMPORT_QUEUE,
      (data, progress) => runFibreImport(deps, data, progress),
      { expireInSeconds: 30 * 60, followedBy: { action: 'import', subject: 'orders' } },
    );
    const preHandler = [guards.notWaiting, guards.allowed('import', 'orders')];

    app.get(
      '/api/imports/fibre-activity/suppliers',
      {
        preHandler,
        schema: {
          tags,
          summary: 'The suppliers of a product type, to import its fibre activity for',
          querystring: FibreSupplierQuery,
          response: { 200: FibreSupplierOptions },
        },
      },
      (request) => supplierChoices(deps.db, request.query.productTypeId),
    );

    app.post(
      '/api/imports/fibre-activity',
      {
        preHandler,
        schema: {
          tags,
          summary:
            'Start importing an uploaded fibre activity CSV (purpose fibre_activity) for a supplier and product type',
          body: FibreImportRequest,
          response: { 202: FibreImportStarted },
        },
      },
      async (request, reply) => reply.status(202).send(await startFibreImport(deps, actorOf(request), request.body)),
    );

    app.get(
      '/api/imports/fibre-activity/:id',
      {
        preHandler,
        schema: {
          tags,
          summary: 'A fibre activity import: status, stage, counts and a page of its rejected rows (line, reason)',
          params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
          querystring: FibreImportQuery,
          response: { 200: FibreImportStatus },
        },
      },
      (request) => fibreImportStatus(deps.db, request.params.id, request.query),
    );
  };
