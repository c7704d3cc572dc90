import {
  ApplicationCreated,
  AvailabilityQuery,
  AvailableCredit,
  AvailableSupport,
  CreditApplicationPage,
  NewCreditApplication,
  NewSupportApplication,
  SupportApplicationPage,
} from '@portal/domain/finance';
import { RowIdParam } from '@portal/domain/platform/ids';
import { PageQuery } from '@portal/domain/platform/problem';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import {
  availableCredit,
  availableSupport,
  createCreditApplication,
  createSupportApplication,
  creditApplications,
  type FinanceDeps,
  supportApplications,
} from './finance.service.ts';

const tags = ['finance'];
const params = z.object({ id: RowIdParam });

/**
 * Support and credit applications (spec 3 §2.16, §7.4; decision 033): admins with Users
 * Management, on any dealer (the service checks the rule again on that dealer).
 */
export const financeRoutes =
  (deps: FinanceDeps, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    // Not in the waiting state either: an admin marked inactive or deleted keeps no say over money.
    const read = [guards.notWaiting, guards.allowed('read', 'finance-application')];
    const create = [guards.notWaiting, guards.allowed('create', 'finance-application')];

    app.get(
      '/api/support/available-support',
      {
        preHandler: read,
        schema: {
          tags,
          summary: 'The support a dealer may still apply for: their tier’s ceiling minus pending support',
          querystring: AvailabilityQuery,
          response: { 200: AvailableSupport },
        },
      },
      (request) => availableSupport(db, actorOf(request), request.query.user_id),
    );

    app.get(
      '/api/support/available-credit',
      {
        preHandler: read,
        schema: {
          tags,
          summary: 'Available credit: the tier’s maximum credit, months and monthly payment, minus outstanding credit',
          querystring: AvailabilityQuery,
          response: { 200: AvailableCredit },
        },
      },
      (request) => availableCredit(db, actorOf(request), request.query.user_id),
    );

    app.get(
      '/api/people/:id/support-applications',
      {
        preHandler: read,
        schema: {
          tags,
          summary: 'A dealer’s support applications, newest first',
          params,
          querystring: PageQuery,
          response: { 200: SupportApplicationPage },
        },
      },
      (request) =>
        supportApplications(db, actorOf(request), request.params.id, request.query.page, request.query.pageSize),
    );

    app.post(
      '/api/people/:id/support-applications',
      {
        preHandler: create,
        schema: {
          tags,
          summary: 'New Support Application: one to five items; the finance chat is told in the same transaction',
          params,
          body: NewSupportApplication,
          response: { 201: ApplicationCreated },
        },
      },
      async (request, reply) => {
        const created = await createSupportApplication(
          deps,
          actorOf(request),
          request.params.id,
          request.body,
          request,
        );
        return reply.code(201).send(created);
      },
    );

    app.get(
      '/api/people/:id/credit-applications',
      {
        preHandler: read,
        schema: {
          tags,
          summary: 'A dealer’s credit applications, newest first',
          params,
          querystring: PageQuery,
          response: { 200: CreditApplicationPage },
        },
      },
      (request) =>
        creditApplications(db, actorOf(request), request.params.id, request.query.page, request.query.pageSize),
    );

    app.post(
      '/api/people/:id/credit-applications',
      {
        preHandler: create,
        schema: {
          tags,
          summary:
            'New Credit Application: within the available credit; the finance chat is told in the same transaction',
          params,
          body: NewCreditApplication,
          response: { 201: ApplicationCreated },
        },
      },
      async (request, reply) => {
        const created = await createCreditApplication(deps, actorOf(request), request.params.id, request.body, request);
        return reply.code(201).send(created);
      },
    );
  };
