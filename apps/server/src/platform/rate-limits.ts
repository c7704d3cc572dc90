import fastifyRateLimit from '@fastify/rate-limit';
import { tooManyRequestsMessage } from '@portal/domain/accounts/limits';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Settings } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';
import type { Jobs } from './jobs.ts';
import { countRequest, pruneRequestCounters } from './rate-limits.queries.ts';

// Request limits per client address (issue 9), with @fastify/rate-limit: sign-in, code sending,
// availability checks, uploads, exports, the own password change, the commission step-ups and new
// tickets. Keyed by Fastify's `request.ip` (it believes X-Forwarded-For only under TRUST_PROXY) and
// counted before any handler runs, in PostgreSQL (request_limit_counters, decision 079) so every
// instance of the portal shares one count: one upsert per counted request. An address refused is
// then refused by this process from memory until its window ends, so a refused flood costs no
// database work. The account-level rules (platform/sign-in-limits.ts, the pin limits of
// platform/one-time-pins.ts) and better-auth's own limiter stay as they are: these limits are the
// coarse first layer in front of them.
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

/** Most refused addresses one process remembers per family; past it, the oldest are forgotten. */
const REFUSED_MEMORY = 10_000;
export const REQUEST_COUNTERS_PRUNE_QUEUE = 'request-limits.prune';
/** Hourly: a row outlives its window by at most an hour. */
export const REQUEST_COUNTERS_PRUNE_CRON = '17 * * * *';

type StoreResult = { current: number; ttl: number };

/**
 * A @fastify/rate-limit store over request_limit_counters: the family is the plugin's `groupId`
 * (each family's limiter is a child store). In front of the table, the addresses this process saw
 * refused, until their window ends (by the app's clock): the shared count only grows within a
 * window, so answering them from memory refuses exactly what the database would. A database error
 * is logged and fails the request (500), never lets it through uncounted.
 */
function sharedStore(db: Database, clock: Clock, log: FastifyBaseLogger) {
  return class SharedCountStore {
    readonly family: string;
    readonly refusedUntil = new Map<string, number>();
    constructor(options: { groupId?: string }) {
      this.family = options.groupId ?? 'global';
    }
    incr(key: string, callback: (error: Error | null, result?: StoreResult) => void, timeWindow: number, max: number) {
      const now = clock.now().getTime();
      const refusedUntil = this.refusedUntil.get(key);
      if (refusedUntil !== undefined && refusedUntil > now) {
        callback(null, { current: max + 1, ttl: refusedUntil - now });
        return;
      }
      if (refusedUntil !== undefined) this.refusedUntil.delete(key);
      countRequest(db, this.family, key, timeWindow).then(
        ({ count, ttlMs }) => {
          if (count > max) this.remember(key, now + ttlMs);
          callback(null, { current: count, ttl: ttlMs });
        },
        (error: Error) => {
          log.error({ err: error, family: this.family }, 'request limit count failed');
          callback(error);
        },
      );
    }
    child(options: { groupId?: string }) {
      return new SharedCountStore(options);
    }
    private remember(key: string, until: number) {
      if (this.refusedUntil.size >= REFUSED_MEMORY) {
        const oldest = this.refusedUntil.keys().next().value;
        if (oldest !== undefined) this.refusedUntil.delete(oldest);
      }
      this.refusedUntil.set(key, until);
    }
  };
}

export async function registerRateLimits(
  app: FastifyInstance,
  settings: Settings,
  deps: { db: Database; jobs: Jobs; clock: Clock },
): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: (request) => request.ip,
    store: sharedStore(deps.db, deps.clock, app.log) as never,
    // 429 in problem details, through the error handler (which also sets Retry-After).
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError('TOO_MANY_REQUESTS', 429, tooManyRequestsMessage(seconds), undefined, seconds);
    },
  });
  const limiters = new Map<Family, (request: FastifyRequest, reply: FastifyReply) => Promise<void>>();
  for (const [family, limit] of Object.entries(limitsOf(settings)) as [Family, { max: number; timeWindow: number }][]) {
    // Each family counts on its own rows: a burst of availability checks never blocks sign-in.
    limiters.set(family, app.rateLimit({ ...limit, groupId: family }) as never);
  }
  app.addHook('onRequest', async (request, reply) => {
    const family = familyOf(request);
    if (family) await limiters.get(family)!(request, reply);
  });
  // Rows whose window ended are deleted in one statement; a row comes back at the address's next request.
  deps.jobs.define(REQUEST_COUNTERS_PRUNE_QUEUE, () => pruneRequestCounters(deps.db), { expireInSeconds: 5 * 60 });
  deps.jobs.schedule(REQUEST_COUNTERS_PRUNE_QUEUE, REQUEST_COUNTERS_PRUNE_CRON);
}
