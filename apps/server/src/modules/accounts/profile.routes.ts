import {
  ContactAvailability,
  ContactAvailabilityQuery,
  ContactCancelRequest,
  ContactChangeRequest,
  ContactChangeResult,
  Profile,
  ProfileUpdateRequest,
} from '@portal/domain/accounts/profile';
import { VerificationSent } from '@portal/domain/accounts/verification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import type { AccountsDeps } from './accounts.service.ts';
import { cancelPendingContact } from './pending-contact.service.ts';
import { becomeLeader, changeContact, contactAvailability, getProfile, updateProfile } from './profile.service.ts';

/**
 * The signed-in user's own profile ('/profile', spec 1 §2.4–2.5). There is no user id in any path:
 * every route acts on the session's user only.
 */
export const profileRoutes =
  (deps: AccountsDeps, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/profile',
      {
        preHandler: guards.signedIn,
        schema: {
          tags: ['accounts'],
          summary: 'The own profile (account number masked), freeze state and leader eligibility',
          response: { 200: Profile },
        },
      },
      async (request) => getProfile(deps.db, actorOf(request).user.id, deps.clock.now()),
    );

    app.put(
      '/api/profile',
      {
        preHandler: guards.signedIn,
        schema: {
          tags: ['accounts'],
          summary: 'Saves the profile-edit subset (409 PROFILE_FROZEN during the commission freeze)',
          body: ProfileUpdateRequest,
          response: { 200: Profile },
        },
      },
      async (request) => updateProfile(deps, actorOf(request), request.body, request),
    );

    app.get(
      '/api/profile/contact-availability',
      {
        preHandler: guards.signedIn,
        schema: {
          tags: ['accounts'],
          summary: 'Whether an e-mail (case-insensitive) or phone is free; the own value counts as free',
          querystring: ContactAvailabilityQuery,
          response: { 200: ContactAvailability },
        },
      },
      async (request) => contactAvailability(deps.db, actorOf(request), request.query),
    );

    app.post(
      '/api/profile/contact',
      {
        preHandler: guards.signedIn,
        schema: {
          tags: ['accounts'],
          summary: 'Asks for a new own e-mail and/or phone: pending until the new one is verified (decision 069)',
          body: ContactChangeRequest,
          response: { 200: ContactChangeResult },
        },
      },
      async (request) => changeContact(deps, actorOf(request), request.body, request),
    );

    app.post(
      '/api/profile/contact/cancel',
      {
        preHandler: guards.signedIn,
        schema: {
          tags: ['accounts'],
          summary: 'Drops the own pending e-mail or phone change; the current one stays (decision 069)',
          body: ContactCancelRequest,
          response: { 200: VerificationSent },
        },
      },
      async (request) => cancelPendingContact(deps, actorOf(request), request.body.kind, request),
    );

    app.post(
      '/api/profile/become-leader',
      {
        preHandler: guards.signedIn,
        schema: {
          tags: ['accounts'],
          summary: "'Become A Leader': 403 for admins, tier 2 or lower, blocked or already leader",
          response: { 200: Profile },
        },
      },
      async (request) => becomeLeader(deps, actorOf(request), request),
    );
  };
