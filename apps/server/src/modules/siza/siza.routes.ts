import {
  SIZA_ROUTES as R,
  SizaAnswer,
  SizaCleared,
  SizaHistory,
  SizaHistoryQuery,
  SizaQuestionRequest,
} from '@portal/domain/siza/siza';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import { askSiza, clearSiza, type SizaDeps, sizaHistory } from './siza.service.ts';

const tags = ['siza'];

/**
 * Ask Siza (spec 2; decision 030). Every signed-in user, the waiting state included: Siza helps
 * with the training that ends it, and answers only from modules the user may see. Each user
 * reads and clears only their own conversation.
 */
export const sizaRoutes =
  (deps: SizaDeps, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    app.get(
      R.chat,
      {
        preHandler: guards.signedIn,
        schema: {
          tags,
          summary: 'Ask Siza: the signed-in user’s conversation, oldest first (a page older than `before`)',
          querystring: SizaHistoryQuery,
          response: { 200: SizaHistory },
        },
      },
      (request) => sizaHistory(db, actorOf(request), request.query),
    );
    app.delete(
      R.chat,
      {
        preHandler: guards.signedIn,
        schema: {
          tags,
          summary: 'Ask Siza: Clear (removes the user’s questions and answers)',
          response: { 200: SizaCleared },
        },
      },
      (request) => clearSiza(db, actorOf(request)),
    );
    app.post(
      R.questions,
      {
        preHandler: guards.signedIn,
        schema: {
          tags,
          summary:
            'Ask Siza: answers from the training content the user may see, citing the modules (429 over the hourly limit)',
          body: SizaQuestionRequest,
          response: { 200: SizaAnswer },
        },
      },
      (request) => askSiza(deps, actorOf(request).user, request.body.question, request.log),
    );
  };
