import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Settings } from '../config.ts';
import type { Database } from '../db/client.ts';
import { authAccount, authRateLimit, authSession, authUser, authVerification } from '../db/schema/index.ts';
import { problem } from './errors.ts';
import type { Mailer } from './mail.ts';
import { hashPassword, verifyPassword } from './password.ts';

/** better-auth reads the client address from this header only; we overwrite it with Fastify's request.ip. */
export const CLIENT_IP_HEADER = 'x-portal-client-ip';

const SESSION_HOURS = 12;

export function createAuth(options: { settings: Settings; db: Database; secret: string; mailer: Mailer }) {
  const { settings, db, secret, mailer } = options;
  return betterAuth({
    appName: 'Dealer Portal',
    baseURL: settings.publicUrl,
    basePath: '/api/auth',
    secret,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: authUser,
        session: authSession,
        account: authAccount,
        verification: authVerification,
        rateLimit: authRateLimit,
      },
    }),
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
      async sendResetPassword({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: 'Reset your password',
          text: `Hello ${user.name},\n\nUse this link to set a new password. It works once and expires in 1 hour:\n${url}\n\nIf you did not ask for this, ignore this e-mail.`,
        });
      },
    },
    session: {
      expiresIn: SESSION_HOURS * 60 * 60,
      updateAge: 15 * 60,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: settings.AUTH_SIGN_IN_PER_MINUTE },
        '/request-password-reset': { window: 60, max: 10 },
        '/change-password': { window: 60, max: 10 },
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
]);

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
  return headers;
}

export function registerAuthRoutes(app: FastifyInstance, auth: Auth, settings: Settings): void {
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
      const body = request.method === 'POST' ? JSON.stringify(request.body ?? {}) : undefined;
      const headers = toWebHeaders(request);
      if (body !== undefined) headers.set('content-type', 'application/json');
      const response = await auth.handler(new Request(url, { method: request.method, headers, body }));
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      if (!response.body) return reply.send(null);
      if (path === '/sign-in/email' && response.ok) {
        // The session lives in the HttpOnly cookie; the raw token must not reach page scripts.
        const { token: _token, ...rest } = (await response.json()) as Record<string, unknown>;
        return reply.send(rest);
      }
      return reply.send(Buffer.from(await response.arrayBuffer()));
    },
  });
}
