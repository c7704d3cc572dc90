import { tooManyCodesMessage, tooManyWrongPinsMessage } from '@portal/domain/accounts/limits';
import { NUMBER_NOT_FOUND, PhoneSignInCodeRequest, PhoneSignInRequest } from '@portal/domain/accounts/phone-sign-in';
import { INCORRECT_PIN } from '@portal/domain/accounts/verification';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { type OneTimePins, PinLockedError, PinSendLimitError } from './one-time-pins.ts';
import { findIdentityByPhone } from './sign-in-identity.queries.ts';

// Phone sign-in as a better-auth plugin, so better-auth makes the session and its cookie exactly
// as for e-mail sign-in (same cookie, same create hook, same rate limiter):
//   POST /api/auth/phone-sign-in/send-code { phone }            → { sent: true } | 404 'Number not found'
//   POST /api/auth/phone-sign-in/verify    { phone, code, rememberMe? } → session cookie | 400 INCORRECT_PIN
// It never creates a user: only numbers of dealers with a sign-in identity get a code.

/** Loose on purpose: the domain schemas below give the spec's messages instead of better-call's. */
const SendCodeBody = z.object({ phone: z.unknown() });
const VerifyBody = z.object({ phone: z.unknown(), code: z.unknown(), rememberMe: z.unknown().optional() });

export function tooManyCodes(error: PinSendLimitError): APIError {
  return new APIError(
    'TOO_MANY_REQUESTS',
    {
      code: 'TOO_MANY_CODES',
      message: tooManyCodesMessage(error.retryAfterSeconds),
      retryAfterSeconds: error.retryAfterSeconds,
    },
    { 'Retry-After': String(error.retryAfterSeconds) },
  );
}

/** 429 while the number is locked for sign-in by pin (too many wrong pins within an hour). */
export function pinLocked(error: PinLockedError): APIError {
  return new APIError(
    'TOO_MANY_REQUESTS',
    {
      code: 'PIN_LOCKED',
      message: tooManyWrongPinsMessage(error.retryAfterSeconds),
      retryAfterSeconds: error.retryAfterSeconds,
    },
    { 'Retry-After': String(error.retryAfterSeconds) },
  );
}

export function phoneSignIn(options: { db: Database; pins: OneTimePins }) {
  const { db, pins } = options;

  const identityByPhone = (phone: string) => findIdentityByPhone(db, phone);

  const incorrectPin = () => new APIError('BAD_REQUEST', { code: 'INCORRECT_PIN', message: INCORRECT_PIN });

  return {
    id: 'portal-phone-sign-in',
    endpoints: {
      phoneSignInSendCode: createAuthEndpoint(
        '/phone-sign-in/send-code',
        { method: 'POST', body: SendCodeBody },
        async (ctx) => {
          const parsed = PhoneSignInCodeRequest.safeParse(ctx.body);
          if (!parsed.success) {
            throw new APIError('BAD_REQUEST', {
              code: 'VALIDATION_FAILED',
              message: parsed.error.issues[0]?.message ?? NUMBER_NOT_FOUND,
            });
          }
          const { phone } = parsed.data;
          const authId = await identityByPhone(phone);
          if (!authId) throw new APIError('NOT_FOUND', { code: 'NUMBER_NOT_FOUND', message: NUMBER_NOT_FOUND });
          try {
            await pins.send({ phone, purpose: 'sign_in', authId });
          } catch (error) {
            if (error instanceof PinSendLimitError) throw tooManyCodes(error);
            if (error instanceof PinLockedError) throw pinLocked(error);
            throw error;
          }
          return ctx.json({ sent: true as const });
        },
      ),
      phoneSignInVerify: createAuthEndpoint(
        '/phone-sign-in/verify',
        { method: 'POST', body: VerifyBody },
        async (ctx) => {
          const parsed = PhoneSignInRequest.safeParse(ctx.body);
          if (!parsed.success) throw incorrectPin();
          const { phone, code, rememberMe } = parsed.data;
          let pin: Awaited<ReturnType<OneTimePins['verify']>>;
          try {
            pin = await pins.verify({ phone, purpose: 'sign_in', code });
          } catch (error) {
            if (error instanceof PinLockedError) throw pinLocked(error);
            throw error;
          }
          if (!pin?.authId) throw incorrectPin();
          const user = await ctx.context.internalAdapter.findUserById(pin.authId);
          if (!user) throw incorrectPin();
          const dontRememberMe = rememberMe === false;
          const session = await ctx.context.internalAdapter.createSession(user.id, dontRememberMe);
          if (!session) {
            throw new APIError('INTERNAL_SERVER_ERROR', {
              code: 'SESSION_FAILED',
              message: 'Could not start a session.',
            });
          }
          await setSessionCookie(ctx, { session, user }, dontRememberMe);
          // Like e-mail sign-in here: the token stays in the HttpOnly cookie only.
          return ctx.json({ user: { id: user.id, email: user.email, name: user.name } });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
