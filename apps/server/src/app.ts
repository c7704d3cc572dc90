import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Settings } from './config.ts';
import type { Database } from './db/client.ts';
import { accessControlRoutes } from './modules/access-control/access-control.routes.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { profileRoutes } from './modules/accounts/profile.routes.ts';
import { alertsRoutes } from './modules/alerts/alerts.routes.ts';
import { approvalsRoutes } from './modules/approvals/approvals.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { outboxRoutes } from './modules/outbox/outbox.routes.ts';
import { peopleRoutes } from './modules/people/people.routes.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { ricaRoutes } from './modules/rica/rica.routes.ts';
import { teamsRoutes } from './modules/teams/teams.routes.ts';
import { actorUniversityStatus } from './modules/university/university-status.queries.ts';
import { type AccessGuards, createAccessGuards } from './platform/access.ts';
import { type Auth, registerAuthRoutes } from './platform/auth.ts';
import type { Clock } from './platform/clock.ts';
import { registerErrorHandling } from './platform/errors.ts';
import type { EventHub } from './platform/events.ts';
import { MAX_UPLOAD_BYTES } from './platform/files.ts';
import type { Jobs } from './platform/jobs.ts';
import type { Mailer } from './platform/mail.ts';
import type { OneTimePins } from './platform/one-time-pins.ts';
import { registerOriginCheck } from './platform/origin.ts';
import type { RicaAdapter } from './platform/rica.ts';
import type { SessionPolicy } from './platform/sessions.ts';
import type { SignInLimiter } from './platform/sign-in-limits.ts';
import type { SmsSender } from './platform/sms.ts';
import type { FileStorage } from './platform/storage.ts';
import { registerWebApp } from './platform/web-app.ts';

export const VERSION = '2.0.0';

export interface AppDependencies {
  settings: Settings;
  db: Database;
  auth: Auth;
  mailer: Mailer;
  sms: SmsSender;
  storage: FileStorage;
  /** The job queue; buildApp only defines queues and enqueues, main/tests start and stop it. */
  jobs: Jobs;
  /** The realtime hub; its LISTEN connection is started by main/tests. */
  events: EventHub;
  /** SIM registration (RICA): recorded locally by default, the operator's API by settings. */
  rica: RicaAdapter;
  /** The time limits, one-time pins and session rules read (a fake one in tests). */
  clock: Clock;
  /** One-time pins by SMS: phone sign-in and phone verification. */
  pins: OneTimePins;
  /** Idle and absolute session expiry, remember-me, last seen. */
  sessions: SessionPolicy;
  /** Failed e-mail sign-ins per account and client address. */
  signInLimiter: SignInLimiter;
  /** Folder of the built web app; served when present. */
  webDistDir?: string;
}

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
    logger:
      settings.LOG_LEVEL === 'silent'
        ? false
        : {
            level: settings.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          },
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
  });

  // API answers over 1 KiB go out brotli or gzip (quality 4: cheap on the CPU); the web app's
  // files come compressed from the build (platform/web-app.ts). SSE is hijacked, so never buffered.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Dealer Portal API', version: VERSION },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'portal.session_token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });

  registerErrorHandling(app);
  registerOriginCheck(app, [settings.publicUrl, 'http://localhost:5173']);
  registerAuthRoutes(app, auth, settings, { limiter: deps.signInLimiter, sessions: deps.sessions });

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
  await app.register(accessControlRoutes(db, guards));
  await app.register(ricaRoutes(db, deps.rica, guards));
  await app.register(peopleRoutes(db, guards));
  await app.register(onboardingRoutes(deps, guards));
  await app.register(approvalsRoutes(deps, guards));
  await app.register(teamsRoutes(db, guards));
  await app.register(alertsRoutes(deps, guards));

  await registerWebApp(app, deps.webDistDir ?? defaultWebDistDir);
  return app;
}
