import {
  Availability,
  AvailabilityQuery,
  CreateUserRequest,
  CreateUserResponse,
  ManagerOptions,
  ManagerOptionsQuery,
  OnboardingOptions,
} from '@portal/domain/people/new-user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import {
  availability,
  createUser,
  managerOptions,
  type OnboardingDeps,
  onboardingOptions,
} from './onboarding.service.ts';

/** The Create New User wizard's server side: leaders and admins who are not in the waiting state. */
export const onboardingRoutes =
  (deps: OnboardingDeps, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    const preHandler = [guards.allowed('create', 'user'), guards.notWaiting];

    app.post(
      '/api/people',
      {
        preHandler,
        schema: {
          tags: ['onboarding'],
          summary:
            'Create a user (the wizard): sign-in identity and dealer in one transaction, status 1, submitted by the caller; answers the Z-code and the temporary password once',
          body: CreateUserRequest,
          response: { 201: CreateUserResponse },
        },
      },
      async (request, reply) => {
        const created = await createUser(deps, actorOf(request), request.body, request);
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/api/people/availability',
      {
        preHandler,
        schema: {
          tags: ['onboarding'],
          summary: 'Whether an ID/passport number, phone or e-mail is still free (letter case ignored)',
          querystring: AvailabilityQuery,
          response: { 200: Availability },
        },
      },
      (request) => availability(deps.db, request.query),
    );

    app.get(
      '/api/onboarding/options',
      {
        preHandler,
        schema: {
          tags: ['onboarding'],
          summary: 'Product types, suppliers with their product types, deals and the default manager for the wizard',
          response: { 200: OnboardingOptions },
        },
      },
      (request) => onboardingOptions(deps.db, actorOf(request)),
    );

    app.get(
      '/api/onboarding/managers',
      {
        preHandler,
        schema: {
          tags: ['onboarding'],
          summary: 'Active users the caller may choose as manager (a leader: their own downstream), by name or Z-code',
          querystring: ManagerOptionsQuery,
          response: { 200: ManagerOptions },
        },
      },
      (request) => managerOptions(deps.db, actorOf(request), request.query),
    );
  };
