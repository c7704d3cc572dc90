import { MeResponse } from '@portal/domain/accounts/me';
import { UpdatePasswordRequest, UpdatePasswordResult } from '@portal/domain/accounts/password';
import {
  VerificationResult,
  VerificationSent,
  VerifyEmailRequest,
  VerifyPhoneRequest,
} from '@portal/domain/accounts/verification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import { type AccountsDeps, currentUserOf, updateOwnPassword } from './accounts.service.ts';
import {
  resendPhoneCode,
  resendVerificationEmail,
  verifyEmailOrPending,
  verifyPhoneOrPending,
} from './pending-contact.service.ts';

export const accountsRoutes =
  (guards: AccessGuards, deps: AccountsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/me',
      {
        preHandler: guards.signedInWithUniversity,
        schema: {
          tags: ['accounts'],
          summary: 'The signed-in user with role, feature flags, waiting state and university status',
          response: { 200: MeResponse },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const universityStatus = (await guards.universityStatusOf(actor)) ?? null;
        return { user: currentUserOf(actor, { universityStatus }) };
      },
    );

    app.post(
      '/api/accounts/password',
      {
        preHandler: guards.signedIn,
        schema: {
          tags: ['accounts'],
          summary: "Sets the signed-in user's password (the current one is needed) and ends their other sessions",
          body: UpdatePasswordRequest,
          response: { 200: UpdatePasswordResult },
        },
      },
      async (request) => updateOwnPassword(deps, actorOf(request), request.body, request),
    );

    app.post(
      '/api/accounts/verification-email',
      {
        preHandler: guards.signedIn,
        schema: {
          tags: ['accounts'],
          summary:
            'E-mails a /verify-email/{verificationId} link (valid 24 hours) to the own address, or the pending new one',
          response: { 200: VerificationSent },
        },
      },
      async (request) => resendVerificationEmail(deps, actorOf(request)),
    );

    app.post(
      '/api/accounts/verify-email',
      {
        preHandler: guards.signedIn,
        schema: {
          tags: ['accounts'],
          summary:
            'Checks an e-mailed verification id of the signed-in user: marks the e-mail verified, or makes the pending new one current',
          body: VerifyEmailRequest,
          response: { 200: VerificationResult },
        },
      },
      async (request) => verifyEmailOrPending(deps, actorOf(request), request.body.verificationId, request),
    );

    app.post(
      '/api/accounts/verify-phone/send-code',
      {
        preHandler: guards.signedIn,
        schema: {
          tags: ['accounts'],
          summary: 'Sends a one-time pin by SMS to the own phone, or the pending new one (3 per 15 minutes)',
          response: { 200: VerificationSent },
        },
      },
      async (request) => resendPhoneCode(deps, actorOf(request)),
    );

    app.post(
      '/api/accounts/verify-phone',
      {
        preHandler: guards.signedIn,
        schema: {
          tags: ['accounts'],
          summary: 'Checks the one-time pin: marks the own phone verified, or makes the pending new one current',
          body: VerifyPhoneRequest,
          response: { 200: VerificationResult },
        },
      },
      async (request) => verifyPhoneOrPending(deps, actorOf(request), request.body.code, request),
    );
  };
