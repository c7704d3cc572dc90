import { tooManySignInAttemptsMessage } from '@portal/domain/accounts/limits';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Settings } from '../config.ts';
import type { Database, Executor } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { problem } from './errors.ts';
import { lockUntilCommit } from './locks.queries.ts';
import type { Mailer } from './mail.ts';
import type { OneTimePins } from './one-time-pins.ts';
import { countMessagesSince } from './outbox.queries.ts';
import { recordOwnPasswordChange } from './own-password.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { phoneSignIn } from './phone-sign-in.ts';
import type { SessionPolicy } from './sessions.ts';
import { signInIdentityStore } from './sign-in-identity.queries.ts';
import type { SignInLimiter, SignInReservation } from './sign-in-limits.ts';
import { assertStepUpOpen, recordStepUpFailure } from './step-up.ts';

/** better-auth reads the client address from this header only; we overwrite it with Fastify's request.ip. */
export const CLIENT_IP_HEADER = 'x-portal-client-ip';
/** Fastify's request id, for the audit rows written from better-auth's callbacks; always overwritten. */
export const REQUEST_ID_HEADER = 'x-portal-request-id';

const SESSION_HOURS = 12;
/** Reset links mailed per account within RESET_EMAIL_WINDOW_MS; more requests send nothing. */
const RESET_EMAILS_PER_WINDOW = 3;
const RESET_EMAIL_WINDOW_MS = 15 * 60 * 1000;
const RESET_SUBJECT = 'Reset your password';

export function createAuth(options: {
  settings: Settings;
  db: Database;
  secret: string;
  mailer: Mailer;
  /** One-time pins for phone sign-in (platform/one-time-pins.ts). */
  pins: OneTimePins;
  /** Session rules: remember-me, last seen, 12-hour cap (platform/sessions.ts). */
  sessions: SessionPolicy;
}) {
  const { settings, db, secret, mailer, pins, sessions } = options;
  return betterAuth({
    appName: 'Dealer Portal',
    baseURL: settings.publicUrl,
    basePath: '/api/auth',
    secret,
    telemetry: { enabled: false },
    database: signInIdentityStore(db),
    user: { additionalFields: {} },
    emailAndPassword: {
      enabled: true,
      // People are created by the user wizard or by an admin, never by self sign-up.
      disableSignUp: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      password: { hash: hashPassword, verify: verifyPassword },
      // A password set by the e-mailed link is the owner's own: the audit shows it (never the
      // password) and a temporary password an admin knew is over.
      async onPasswordReset({ user }, request) {
        await recordOwnPasswordChange(db, user.id, 'user.password.reset_by_link', auditRequest(request?.headers));
      },
      async sendResetPassword({ user, token }) {
        // Straight to the web page that sets the new password (it posts the token to /reset-password).
        const url = `${settings.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await db.transaction(async (tx) => {
          // At most RESET_EMAILS_PER_WINDOW links per address in the window, counted in the outbox
          // under a lock on the address: nobody floods an inbox from our address. Over it nothing
          // is sent (the token made for it is never seen) and the answer stays the same, since it
          // must not tell whether the address has an account. The outbox stamps rows with the
          // database's clock, so the window is read on the real one.
          await lockUntilCommit(tx, `password-reset:${user.email}`);
          const since = new Date(Date.now() - RESET_EMAIL_WINDOW_MS);
          const mailed = await countMessagesSince(tx, {
            channel: 'email',
            recipient: user.email,
            subject: RESET_SUBJECT,
            since,
          });
          if (mailed >= RESET_EMAILS_PER_WINDOW) return;
          await mailer.send(
            {
              to: user.email,
              subject: RESET_SUBJECT,
              text: `Hello ${user.name},\n\nUse this link to set a new password. It works once and expires in 1 hour:\n${url}\n\nIf you did not ask for this, ignore this e-mail.`,
              secrets: [url, token],
            },
            tx,
          );
        });
      },
    },
    session: {
      expiresIn: SESSION_HOURS * 60 * 60,
      updateAge: 15 * 60,
      // Absolute: 12 hours after sign-in, never slid further (the idle rule is in platform/sessions.ts).
      disableSessionRefresh: true,
      additionalFields: {
        rememberMe: { type: 'boolean', required: false, input: false, defaultValue: true },
        lastSeenAt: { type: 'date', required: false, input: false },
      },
    },
    databaseHooks: {
      session: {
        create: {
          // Every new session: remember-me from the sign-in body (e-mail or phone), last seen now,
          // and an expiry 12 hours after sign-in. A password change replaces the session: the new
          // one keeps the old one's sign-in time and remember-me.
          async before(session, context) {
            const body = (context?.body ?? {}) as { rememberMe?: unknown };
            let rememberMe = body.rememberMe !== false;
            let signedInAt: Date | undefined;
            const previous =
              context?.path === '/change-password'
                ? (context.context.session?.session as { createdAt: Date; rememberMe?: boolean } | undefined)
                : undefined;
            if (previous) {
              rememberMe = previous.rememberMe !== false;
              signedInAt = new Date(previous.createdAt);
            }
            return { data: { ...session, ...sessions.creation({ rememberMe, signedInAt }) } };
          },
        },
      },
    },
    // Reset tokens are kept as a SHA-256 only: whoever reads the table gets no working link.
    verification: { storeIdentifier: 'hashed' },
    hooks: {
      // '/change-password' (the current password was checked): the same audit row as
      // POST /api/accounts/password, and a temporary password is over.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/change-password' || ctx.context.returned instanceof APIError) return;
        const authId = ctx.context.session?.user.id ?? ctx.context.newSession?.user.id;
        if (authId) await recordOwnPasswordChange(db, authId, 'user.password.update', auditRequest(ctx.headers));
      }),
    },
    plugins: [phoneSignIn({ db, pins })],
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: settings.AUTH_SIGN_IN_PER_MINUTE },
        '/request-password-reset': { window: 60, max: 10 },
        '/change-password': { window: 60, max: 10 },
        '/phone-sign-in/send-code': { window: 60, max: settings.AUTH_SIGN_IN_PER_MINUTE },
        '/phone-sign-in/verify': { window: 60, max: settings.AUTH_SIGN_IN_PER_MINUTE },
      },
    },
    trustedOrigins: [settings.publicUrl, 'http://localhost:5173'],
    advanced: {
      cookiePrefix: 'portal',
      useSecureCookies: settings.secureCookies,
      database: { generateId: 'uuid' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The request id and client address the auth route put on the headers, for an audit row. */
function auditRequest(headers: Headers | undefined): { id: string; ip: string } {
  return { id: headers?.get(REQUEST_ID_HEADER) ?? 'unknown', ip: headers?.get(CLIENT_IP_HEADER) ?? '' };
}

/**
 * The better-auth endpoints the product uses. Everything else better-auth offers (self sign-up,
 * update-user, account linking, …) stays closed so no client can reach a path we did not design for.
 */
const OPEN_AUTH_PATHS = new Set([
  'POST /sign-in/email',
  'POST /sign-out',
  'GET /get-session',
  'POST /request-password-reset',
  'POST /reset-password',
  'POST /change-password',
  'GET /list-sessions',
  'POST /phone-sign-in/send-code',
  'POST /phone-sign-in/verify',
]);

/** Paths that start a session: the session rules do not apply to the cookie they may carry. */
const SIGN_IN_PATHS = new Set(['/sign-in/email', '/phone-sign-in/send-code', '/phone-sign-in/verify']);

/** Answers that carry a new session token in the body; it is taken out (the cookie has it). */
const TOKEN_PATHS = new Set(['/sign-in/email', '/change-password', '/phone-sign-in/verify']);

function isOpenAuthPath(method: string, path: string): boolean {
  if (method === 'GET' && path.startsWith('/reset-password/')) return true;
  return OPEN_AUTH_PATHS.has(`${method} ${path}`);
}

/** Web-standard headers from a Fastify request, with the client address set from request.ip. */
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  headers.set(REQUEST_ID_HEADER, String(request.id));
  return headers;
}

/** Extra rules the auth route applies around better-auth (app.ts passes them). */
export interface AuthRouteRules {
  /** Failed e-mail sign-ins per account and client address (platform/sign-in-limits.ts). */
  limiter?: SignInLimiter;
  /** Idle and absolute session expiry for better-auth's own endpoints too. */
  sessions?: SessionPolicy;
  /** The step-up lock (platform/step-up.ts) for better-auth's `/change-password` too. */
  stepUp?: { db: Executor; clock: Clock };
}

function hasSessionCookie(request: FastifyRequest): boolean {
  return (request.headers.cookie ?? '').includes('session_token=');
}

function sendTooManyAttempts(reply: FastifyReply, retryAfterSeconds: number) {
  const message = tooManySignInAttemptsMessage(retryAfterSeconds);
  return reply
    .status(429)
    .header('retry-after', String(retryAfterSeconds))
    .type('application/problem+json')
    .send({ ...problem(429, 'TOO_MANY_ATTEMPTS', message, undefined, retryAfterSeconds), message });
}

/**
 * better-auth's error body (`{ code, message }`) as problem details, keeping `code` and `message`
 * for clients that read better-auth's shape.
 */
function asProblem(status: number, body: unknown): Record<string, unknown> {
  const given = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (typeof given.type === 'string' && typeof given.detail === 'string') return given;
  const message = typeof given.message === 'string' && given.message ? given.message : 'The request was refused.';
  const code = typeof given.code === 'string' && given.code ? given.code : `HTTP_${status}`;
  const retryAfterSeconds = typeof given.retryAfterSeconds === 'number' ? given.retryAfterSeconds : undefined;
  return { ...problem(status, code, message, undefined, retryAfterSeconds), message };
}

export function registerAuthRoutes(
  app: FastifyInstance,
  auth: Auth,
  settings: Settings,
  rules: AuthRouteRules = {},
): void {
  const { limiter, sessions, stepUp } = rules;
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, settings.publicUrl);
      const path = url.pathname.replace(/^\/api\/auth/, '');
      if (!isOpenAuthPath(request.method, path)) {
        return reply
          .status(404)
          .type('application/problem+json')
          .send(problem(404, 'NOT_FOUND', 'Not found'));
      }
      const payload =
        request.method === 'POST'
          ? { ...((request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>) }
          : undefined;
      // A password change always ends the user's other sessions.
      if (payload && path === '/change-password') payload.revokeOtherSessions = true;
      const body = payload === undefined ? undefined : JSON.stringify(payload);
      const headers = toWebHeaders(request);
      if (body !== undefined) headers.set('content-type', 'application/json');

      // An idle or too old session is ended before better-auth sees it.
      if (sessions && hasSessionCookie(request) && !SIGN_IN_PATHS.has(path)) {
        const found = await auth.api.getSession({ headers, query: { disableRefresh: true } });
        if (found) await sessions.admit(found.session);
      }

      // '/change-password' checks the current password: the same per-account lock as every other
      // step-up, so it is no password oracle for a stolen session either (decision 064).
      let stepUpOf: string | undefined;
      if (stepUp && request.method === 'POST' && path === '/change-password' && hasSessionCookie(request)) {
        const found = await auth.api.getSession({ headers, query: { disableRefresh: true } });
        stepUpOf = found?.user.id;
        if (stepUpOf) await assertStepUpOpen(stepUp.db, stepUpOf, 'currentPassword', stepUp.clock);
      }

      let reservation: SignInReservation | undefined;
      if (limiter && request.method === 'POST' && path === '/sign-in/email' && typeof payload?.email === 'string') {
        reservation = await limiter.reserve(payload.email, request.ip);
        if (!reservation.allowed) return sendTooManyAttempts(reply, reservation.retryAfterSeconds);
      }
      let response: Response;
      try {
        response = await auth.handler(new Request(url, { method: request.method, headers, body }));
      } catch (error) {
        if (reservation) await limiter!.release(reservation);
        throw error;
      }
      if (reservation) {
        if (response.status === 401) await limiter!.failed(reservation);
        else if (response.ok) await limiter!.succeeded(reservation);
        else await limiter!.release(reservation);
      }
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      if (!response.body) return reply.send(null);
      if (response.status >= 400 && response.headers.get('content-type')?.includes('json')) {
        const refusal = asProblem(response.status, await response.json());
        if (stepUp && stepUpOf && refusal.code === 'INVALID_PASSWORD') {
          await recordStepUpFailure(stepUp.db, stepUpOf, stepUp.clock);
        }
        return reply.type('application/problem+json').send(refusal);
      }
      if (TOKEN_PATHS.has(path) && response.ok) {
        // The session lives in the HttpOnly cookie; the raw token must not reach page scripts.
        const { token: _token, ...rest } = (await response.json()) as Record<string, unknown>;
        return reply.send(rest);
      }
      return reply.send(Buffer.from(await response.arrayBuffer()));
    },
  });
}
