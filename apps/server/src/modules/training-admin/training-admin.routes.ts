import { RowIdParam } from '@portal/domain/platform/ids';
import {
  ContentRequest,
  MarkFailedRequest,
  MarksQuery,
  ModuleContent,
  ModuleRequest,
  ModulesQuery,
  TrainingMarkPage,
  TrainingModule,
  TrainingModuleOptions,
  TrainingModulePage,
} from '@portal/domain/university/training-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import type { NoticeDeps } from '../../platform/notices.ts';
import {
  createModule,
  deleteModule,
  editModule,
  listModules,
  markAttemptFailed,
  moduleContent,
  moduleMarks,
  moduleOptions,
  saveModuleContent,
} from './training-admin.service.ts';

const tags = ['training-admin'];
const IdParams = z.object({ id: RowIdParam });
const Ok = z.object({ ok: z.literal(true) });

/** '/training-modules', '/training-content/{id}/{name}' and '/training-marks/{id}/{name}': every admin (spec 3 §2.1). */
export const trainingAdminRoutes =
  ({ db, notices }: { db: Database; notices: NoticeDeps }, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = [guards.notWaiting, guards.allowed('manage', 'training-module')];
    app.get(
      '/api/training-modules',
      {
        preHandler: admin,
        schema: {
          tags,
          summary: 'Modules by status, product type and supplier, paged (spec 3 §2.5)',
          querystring: ModulesQuery,
          response: { 200: TrainingModulePage },
        },
      },
      (request) => listModules(db, request.query),
    );
    app.get(
      '/api/training-modules/options',
      {
        preHandler: admin,
        schema: {
          tags,
          summary: "The module dialog's lists: product types, suppliers, structure levels, categories",
          response: { 200: TrainingModuleOptions },
        },
      },
      () => moduleOptions(db),
    );
    app.post(
      '/api/training-modules',
      {
        preHandler: admin,
        schema: { tags, summary: 'Creates a module', body: ModuleRequest, response: { 201: TrainingModule } },
      },
      async (request, reply) => reply.status(201).send(await createModule(db, actorOf(request), request.body, request)),
    );
    app.put(
      '/api/training-modules/:id',
      {
        preHandler: admin,
        schema: {
          tags,
          summary: "Edits a module's fields, product types and suppliers",
          params: IdParams,
          body: ModuleRequest,
          response: { 200: TrainingModule },
        },
      },
      (request) => editModule(db, actorOf(request), request.params.id, request.body, request),
    );
    app.delete(
      '/api/training-modules/:id',
      {
        preHandler: admin,
        schema: { tags, summary: 'Deletes a module (soft)', params: IdParams, response: { 200: Ok } },
      },
      (request) => deleteModule(db, actorOf(request), request.params.id, request),
    );
    app.get(
      '/api/training-modules/:id/content',
      {
        preHandler: admin,
        schema: {
          tags,
          summary: 'The content editor: videos, files, questions (answers included), marks and threshold',
          params: IdParams,
          response: { 200: ModuleContent },
        },
      },
      (request) => moduleContent(db, request.params.id),
    );
    app.put(
      '/api/training-modules/:id/content',
      {
        preHandler: admin,
        schema: {
          tags,
          summary: "'Save Changes': the module's content replaced in one transaction (spec 3 §5.2 rules)",
          params: IdParams,
          body: ContentRequest,
          response: { 200: ModuleContent },
        },
      },
      (request) => saveModuleContent(db, actorOf(request), request.params.id, request.body, request),
    );
    app.get(
      '/api/training-marks',
      {
        preHandler: admin,
        schema: {
          tags,
          summary: "A module's attempts, newest first, 10 a page (spec 3 §2.7)",
          querystring: MarksQuery,
          response: { 200: TrainingMarkPage },
        },
      },
      (request) => moduleMarks(db, request.query),
    );
    app.post(
      '/api/training-marks/:id/fail',
      {
        preHandler: admin,
        schema: {
          tags,
          summary:
            "Marks a passed attempt as failed, with a reason (the learner must retake the module and is told; never one's own, nor an admin's holding a flag the actor lacks)",
          params: IdParams,
          body: MarkFailedRequest,
          response: { 200: Ok },
        },
      },
      (request) => markAttemptFailed({ db, notices }, actorOf(request), request.params.id, request.body, request),
    );
  };
