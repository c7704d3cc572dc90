import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppDependencies } from './app-dependencies.ts';
import { accessControlRoutes } from './modules/access-control/access-control.routes.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { profileRoutes } from './modules/accounts/profile.routes.ts';
import { alertsRoutes } from './modules/alerts/alerts.routes.ts';
import { approvalsRoutes } from './modules/approvals/approvals.routes.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { dealsRoutes } from './modules/catalogue/deals.routes.ts';
import { commissionCalcRoutes } from './modules/commissions/commission-calc.routes.ts';
import { commissionCycleRoutes } from './modules/commissions/commission-cycle.routes.ts';
import { contractsRoutes } from './modules/contracts/contracts.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { financeRoutes } from './modules/finance/finance.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { linksRoutes } from './modules/links/links.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { agentListImportRoutes } from './modules/orders/agent-list-import.routes.ts';
import { fibreImportRoutes } from './modules/orders/fibre-import.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { outboxRoutes } from './modules/outbox/outbox.routes.ts';
import { peopleRoutes } from './modules/people/people.routes.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { ricaRoutes } from './modules/rica/rica.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { sizaRoutes } from './modules/siza/siza.routes.ts';
import { createSizaRephraser } from './modules/siza/siza-llm.ts';
import { suppliersRoutes } from './modules/suppliers/suppliers.routes.ts';
import { teamsRoutes } from './modules/teams/teams.routes.ts';
import { ticketsRoutes } from './modules/tickets/tickets.routes.ts';
import { trainingAdminRoutes } from './modules/training-admin/training-admin.routes.ts';
import { universityRoutes } from './modules/university/university.routes.ts';
import { actorUniversityStatus } from './modules/university/university.service.ts';
import { type AccessGuards, createAccessGuards } from './platform/access.ts';
import { registerAuthRoutes } from './platform/auth.ts';
import { API_COMPRESSION } from './platform/compression.ts';
import { answerFrameworkError, registerErrorHandling } from './platform/errors.ts';
import { loggerOptions } from './platform/logging.ts';
import { registerOriginCheck } from './platform/origin.ts';
import { registerRateLimits } from './platform/rate-limits.ts';
import { strictBodyValidatorCompiler } from './platform/request-validation.ts';
import { responseSerializerCompiler } from './platform/response-serializer.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { registerWebApp } from './platform/web-app.ts';

export type { AppDependencies } from './app-dependencies.ts';

export const VERSION = '2.0.0';

/** The access guards over the app's parts (also used by tests that register their own routes). */
export function createGuards(deps: Pick<AppDependencies, 'db' | 'auth' | 'sessions'>): AccessGuards {
  return createAccessGuards(deps.db, deps.auth, {
    sessions: deps.sessions,
    university: actorUniversityStatus(deps.db),
  });
}

export const defaultWebDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the HTTP app from its parts; no I/O of its own, so tests build it over a test database. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { settings, db, auth } = deps;
  const app = Fastify({
    trustProxy: settings.trustProxy,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    logger: loggerOptions(settings, deps.logStream),
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(strictBodyValidatorCompiler);
  // Answers are written by a function built from the route's response schema (decision 050).
  app.setSerializerCompiler(responseSerializerCompiler);
  // Hooks on every request are written with callbacks, not async: an async hook costs a promise and
  // a turn of the microtask queue per request, which the small answers feel (decision 049).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  await registerSecurityHeaders(app, settings);
  await registerRateLimits(app, settings, { db, jobs: deps.jobs, clock: deps.clock });

  // API answers over 1 KiB go out brotli or gzip at their cheapest settings (platform/compression.ts);
  // the web app's files come compressed from the build (platform/web-app.ts). SSE is hijacked, so never buffered.
  // A GET or HEAD has no body to inflate: without this the plugin's request-decompression hook runs
  // on every read only to find no content-encoding, and it was a measurable share of a small
  // answer's CPU. Added before the plugin, so its own onRoute hook sees the choice.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.decompress === undefined && methods.every((method) => method === 'GET' || method === 'HEAD')) {
      route.decompress = false;
    }
  });
  await app.register(fastifyCompress, API_COMPRESSION);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Dealer Portal API', version: VERSION },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'portal.session_token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandling(app);
  registerOriginCheck(app, [settings.publicUrl, 'http://localhost:5173']);
  registerAuthRoutes(app, auth, settings, {
    limiter: deps.signInLimiter,
    sessions: deps.sessions,
    stepUp: { db, clock: deps.clock },
  });

  const guards = createGuards(deps);
  await app.register(healthRoutes(db, VERSION));
  await app.register(accountsRoutes(guards, deps));
  await app.register(profileRoutes(deps, guards));
  await app.register(referenceRoutes(db, guards));
  await app.register(documentsRoutes());
  await app.register(outboxRoutes(db, guards));
  await app.register(filesRoutes({ db, storage: deps.storage }, guards));
  await app.register(jobsRoutes(deps.jobs, guards));
  await app.register(eventsRoutes(deps.events, guards));
  await app.register(accessControlRoutes({ db, clock: deps.clock }, guards));
  await app.register(ricaRoutes(db, deps.rica, guards));
  await app.register(peopleRoutes(deps, guards));
  await app.register(onboardingRoutes(deps, guards));
  await app.register(approvalsRoutes(deps, guards));
  await app.register(teamsRoutes({ db, clock: deps.clock }, guards));
  await app.register(alertsRoutes(deps, guards));
  await app.register(ordersRoutes(db, guards));
  await app.register(universityRoutes(db, guards));
  await app.register(fibreImportRoutes({ db, jobs: deps.jobs, storage: deps.storage }, guards));
  await app.register(agentListImportRoutes({ db, jobs: deps.jobs, storage: deps.storage }, guards));
  await app.register(commissionCalcRoutes({ db, jobs: deps.jobs, storage: deps.storage }, guards));
  await app.register(
    commissionCycleRoutes({ db, jobs: deps.jobs, notices: { mailer: deps.mailer, sms: deps.sms } }, guards),
  );
  await app.register(ticketsRoutes({ db, mailer: deps.mailer, clock: deps.clock }, guards));
  await app.register(
    financeRoutes(
      { db, financeChat: deps.financeChat, settings: deps.settings, notices: { mailer: deps.mailer, sms: deps.sms } },
      guards,
    ),
  );
  await app.register(linksRoutes(db, guards));
  await app.register(trainingAdminRoutes({ db, notices: { mailer: deps.mailer, sms: deps.sms } }, guards));
  await app.register(dealsRoutes(db, guards));
  await app.register(settingsRoutes(db, guards));
  await app.register(
    sizaRoutes(
      {
        db,
        clock: deps.clock,
        rephraser: createSizaRephraser(settings),
        questionsPerHour: settings.SIZA_QUESTIONS_PER_HOUR,
      },
      guards,
    ),
  );
  await app.register(catalogueRoutes(db, guards));
  await app.register(suppliersRoutes(db, guards));
  await app.register(
    contractsRoutes(
      {
        db,
        storage: deps.storage,
        mailer: deps.mailer,
        sms: deps.sms,
        outbox: deps.outbox,
        clock: deps.clock,
        esign: deps.esign,
        settings,
        jobs: deps.jobs,
      },
      guards,
    ),
  );

  await registerWebApp(app, deps.webDistDir ?? defaultWebDistDir);
  return app;
}
