import fastifyRateLimit from '@fastify/rate-limit';
import { tooManyRequestsMessage } from '@portal/domain/accounts/limits';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Settings } from '../config.ts';
import { AppError } from './errors.ts';

// Request limits per client address (issue 9), with @fastify/rate-limit: sign-in, code sending,
// availability checks, uploads, exports, the own password change and new tickets. Keyed by Fastify's
// `request.ip` (it believes X-Forwarded-For only under TRUST_PROXY), counted in this process's
// memory before any handler runs, so a refused request costs no database work. The account-level
// rules (platform/sign-in-limits.ts, the pin limits of platform/one-time-pins.ts) and better-auth's
// own limiter stay as they are: these limits are the coarse first layer in front of them.
// The table lives here rather than on each route so every limit can be read in one place.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

type Family = 'signIn' | 'codes' | 'availability' | 'uploads' | 'exports' | 'passwordChange' | 'newTickets';

/** `METHOD path` of a request (better-auth's paths under /api/auth) or of its route → its family. */
const FAMILY_OF = new Map<string, Family>([
  ['POST /api/auth/sign-in/email', 'signIn'],
  ['POST /api/auth/phone-sign-in/verify', 'signIn'],
  ['POST /api/auth/request-password-reset', 'signIn'],
  ['POST /api/auth/reset-password', 'signIn'],
  ['POST /api/accounts/verify-phone', 'signIn'],
  ['POST /api/accounts/verify-email', 'signIn'],
  ['POST /api/auth/phone-sign-in/send-code', 'codes'],
  ['POST /api/accounts/verify-phone/send-code', 'codes'],
  ['POST /api/accounts/verification-email', 'codes'],
  ['GET /api/profile/contact-availability', 'availability'],
  ['GET /api/people/availability', 'availability'],
  ['POST /api/people/:id/edit-user/check', 'availability'],
  ['POST /api/files', 'uploads'],
  // Each new ticket e-mails the supplier's contacts text the dealer typed: not a relay (decision 059).
  ['POST /api/tickets/sales_assist', 'newTickets'],
  ['POST /api/tickets/agent_support', 'newTickets'],
  ['GET /api/teams/export', 'exports'],
  // Streamed whole files (a year of a dealer's orders, a supplier's agent list) in one request.
  ['GET /api/orders/report/export', 'exports'],
  ['GET /api/imports/sadv-agents/suppliers/:supplierId/export', 'exports'],
  ['POST /api/accounts/password', 'passwordChange'],
  ['POST /api/auth/change-password', 'passwordChange'],
  // Step-up of the commission cycle: each try is a password guess.
  ['POST /api/commissions/close-commissions-period', 'passwordChange'],
  ['POST /api/commissions/export-banking-details', 'passwordChange'],
  ['POST /api/commissions/reverse-line', 'passwordChange'],
]);

function familyOf(request: FastifyRequest): Family | undefined {
  const route = request.routeOptions.url;
  if (route === '/api/auth/*') return FAMILY_OF.get(`${request.method} ${request.url.split('?')[0]}`);
  if (!route) return undefined;
  const family = FAMILY_OF.get(`${request.method} ${route}`);
  // An export is counted when it starts; its later pages (keyed by the cursor) are free.
  if (family === 'exports' && /[?&]cursor=[^&]/.test(request.url)) return undefined;
  return family;
}

export function limitsOf(settings: Settings): Record<Family, { max: number; timeWindow: number }> {
  return {
    signIn: { max: settings.RATE_LIMIT_SIGN_IN_PER_MINUTE, timeWindow: MINUTE_MS },
    codes: { max: settings.RATE_LIMIT_CODES_PER_HOUR, timeWindow: HOUR_MS },
    availability: { max: settings.RATE_LIMIT_AVAILABILITY_PER_MINUTE, timeWindow: MINUTE_MS },
    uploads: { max: settings.RATE_LIMIT_UPLOADS_PER_MINUTE, timeWindow: MINUTE_MS },
    exports: { max: settings.RATE_LIMIT_EXPORTS_PER_HOUR, timeWindow: HOUR_MS },
    passwordChange: { max: settings.RATE_LIMIT_PASSWORD_CHANGES_PER_HOUR, timeWindow: HOUR_MS },
    newTickets: { max: settings.RATE_LIMIT_NEW_TICKETS_PER_HOUR, timeWindow: HOUR_MS },
  };
}

export async function registerRateLimits(app: FastifyInstance, settings: Settings): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: (request) => request.ip,
    // 429 in problem details, through the error handler (which also sets Retry-After).
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError('TOO_MANY_REQUESTS', 429, tooManyRequestsMessage(seconds), undefined, seconds);
    },
  });
  const limiters = new Map<Family, (request: FastifyRequest, reply: FastifyReply) => Promise<void>>();
  for (const [family, limit] of Object.entries(limitsOf(settings)) as [Family, { max: number; timeWindow: number }][]) {
    // Each family counts in its own store: a burst of availability checks never blocks sign-in.
    limiters.set(family, app.rateLimit({ ...limit, groupId: family }) as never);
  }
  app.addHook('onRequest', async (request, reply) => {
    const family = familyOf(request);
    if (family) await limiters.get(family)!(request, reply);
  });
}
