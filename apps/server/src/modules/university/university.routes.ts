import {
  AttemptRequest,
  AttemptResult,
  Draw,
  DrawRequest,
  ModuleDetail,
  ModuleIdParams,
} from '@portal/domain/university/attempts';
import { ModuleListQuery, ModulePage, UNIVERSITY_ROUTES as R } from '@portal/domain/university/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { AccessGuards } from '../../platform/access.ts';
import { actorOf } from '../../platform/access.ts';
import { drawForLearner, learnerModule, learnerModules, submitAttempt } from './learning.service.ts';

const tags = ['university'];

/**
 * The learner's university (decision 028): every signed-in user, the waiting state included (a
 * user held at 102 must be able to pass the compulsory modules). The service decides relevance.
 */
export const universityRoutes =
  (db: Database, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      R.modules,
      {
        preHandler: guards.signedIn,
        schema: {
          tags,
          summary: 'University: the modules relevant to the signed-in user, filtered and paged, with progress',
          querystring: ModuleListQuery,
          response: { 200: ModulePage },
        },
      },
      (request) => learnerModules(db, actorOf(request), request.query),
    );
    app.get(
      R.module,
      {
        preHandler: guards.signedIn,
        schema: {
          tags,
          summary: 'Training attempt page: a module’s videos, files, languages and the user’s attempts',
          params: ModuleIdParams,
          response: { 200: ModuleDetail },
        },
      },
      (request) => learnerModule(db, actorOf(request), request.params.id),
    );
    app.post(
      R.draws,
      {
        preHandler: guards.signedIn,
        schema: {
          tags,
          summary: 'A new random draw of the module’s questions in a language (texts only; the server keeps the key)',
          params: ModuleIdParams,
          body: DrawRequest,
          response: { 200: Draw },
        },
      },
      (request) => drawForLearner(db, actorOf(request), request.params.id, request.body.language),
    );
    app.post(
      R.attempts,
      {
        preHandler: guards.signedIn,
        schema: {
          tags,
          summary: 'Submit answers to the current draw: scored by the server, stored with its snapshot',
          params: ModuleIdParams,
          body: AttemptRequest,
          response: { 200: AttemptResult },
        },
      },
      (request) => submitAttempt(db, actorOf(request), request.params.id, request.body, request),
    );
  };
