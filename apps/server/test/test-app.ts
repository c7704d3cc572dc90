import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { type AppDependencies, buildApp } from '../src/app.ts';
import { loadSettings, type Settings } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { createFakeClock, type FakeClock } from '../src/platform/clock.ts';
import type { EventHub } from '../src/platform/events.ts';
import type { Jobs } from '../src/platform/jobs.ts';
import type { FileStorage } from '../src/platform/storage.ts';
import { createServices } from '../src/services.ts';
import { adminQuery, createThrowawayDatabase, withDatabase } from './test-database.ts';

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  settings: Settings;
  /** Local storage in a temporary folder of this test file, removed by close(). */
  storage: FileStorage;
  /** pg-boss on this file's database; started by the first enqueue (or jobs.start()). */
  jobs: Jobs;
  /** Listening on this file's database. */
  events: EventHub;
  /**
   * The clock of the limits, one-time pins and session rules: starts at the real time and stands
   * still until a test moves it (`ctx.clock.advance(16 * MINUTE)`).
   */
  clock: FakeClock;
  /** Everything the app was built from (auth, pins, …), e.g. for guards of a test's own routes. */
  services: AppDependencies;
  /** Signs in by e-mail and returns the session cookie for later requests. */
  signIn(email: string, password?: string, options?: { rememberMe?: boolean }): Promise<string>;
  close(): Promise<void>;
}

export const TEST_ORIGIN = 'http://localhost:3000';

/** A copy of the migrated template database and the whole app over it, for one test file. */
export async function createTestContext(
  overrides: Record<string, string> = {},
  options: {
    /** Where the app's log goes (with LOG_LEVEL in `overrides`). */
    logStream?: DestinationStream;
    /** Adds a test's own routes before the app is ready. */
    extend?: (app: FastifyInstance) => void;
    /** A built web app to serve (the static handler's tests). */
    webDistDir?: string;
    /** The database to copy instead of the migrated template (see createFileDatabase). */
    template?: string;
  } = {},
): Promise<TestContext> {
  const adminUrl = inject('testAdminUrl');
  const name = await createFileDatabase(options.template);
  const url = withDatabase(adminUrl, name);
  const storageDir = await mkdtemp(path.join(os.tmpdir(), 'portal-files-'));
  const settings = loadSettings({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    // Every request here comes from one address; tests of the limits set their own.
    AUTH_SIGN_IN_PER_MINUTE: '10000',
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '10000',
    RATE_LIMIT_CODES_PER_HOUR: '10000',
    RATE_LIMIT_AVAILABILITY_PER_MINUTE: '10000',
    RATE_LIMIT_UPLOADS_PER_MINUTE: '10000',
    RATE_LIMIT_EXPORTS_PER_HOUR: '10000',
    RATE_LIMIT_PASSWORD_CHANGES_PER_HOUR: '10000',
    RATE_LIMIT_NEW_TICKETS_PER_HOUR: '10000',
    STORAGE_DRIVER: 'local',
    STORAGE_DIR: storageDir,
    ...overrides,
  });
  const db = createDatabase(url, { max: 5 });
  const clock = createFakeClock();
  const services = createServices({
    clock,
    settings,
    db,
    url,
    secret: settings.AUTH_SECRET!,
    jobs: { pollingIntervalSeconds: 0.5, stopTimeoutMs: 1000, boss: { schedule: false } },
    events: { initialDelayMs: 50, maxDelayMs: 500 },
  });
  const { storage, jobs, events } = services;
  await events.start();
  const app = await buildApp({
    ...services,
    webDistDir: options.webDistDir ?? '/nonexistent',
    logStream: options.logStream,
  });
  options.extend?.(app);
  await app.ready();

  return {
    app,
    db,
    settings,
    storage,
    jobs,
    events,
    clock,
    services,
    async signIn(email, password = DEMO_PASSWORD, options = {}) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email, password, ...options },
      });
      if (response.statusCode !== 200)
        throw new Error(`sign-in failed for ${email}: ${response.statusCode} ${response.body}`);
      return sessionCookie(response);
    },
    async close() {
      await app.close();
      await jobs.stop();
      await events.stop();
      await db.$client.end();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

/**
 * A copy of the migrated template database (or of `template`) for this file, named so the run's
 * teardown drops it; returns its name. Files that need the same costly data in several apps (the
 * demo seed) arrange it once in one and copy that.
 */
export async function createFileDatabase(template = inject('testTemplateDatabase')): Promise<string> {
  const base = inject('testTemplateDatabase').replace('portal_template', 'portal_file');
  const name = `${base}_${Math.random().toString(36).slice(2, 8)}`;
  await createThrowawayDatabase(inject('testAdminUrl'), name, template);
  return name;
}

export function sessionCookie(response: LightMyRequestResponse): string {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const session = cookies.find((cookie) => cookie.includes('session_token='));
  if (!session) throw new Error('no session cookie in the response');
  return session.split(';')[0]!;
}

/**
 * A second instance of the app over the same database as `ctx` (its own pool, services and
 * in-process state, the same settings and clock), as a second process behind a load balancer.
 */
export async function createSecondInstance(
  ctx: TestContext,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const url = ctx.settings.DATABASE_URL!;
  const db = createDatabase(url, { max: 5 });
  const services = createServices({
    clock: ctx.clock,
    settings: ctx.settings,
    db,
    url,
    secret: ctx.settings.AUTH_SECRET!,
    jobs: { pollingIntervalSeconds: 0.5, stopTimeoutMs: 1000, boss: { schedule: false } },
    events: { initialDelayMs: 50, maxDelayMs: 500 },
  });
  const app = await buildApp({ ...services, webDistDir: '/nonexistent' });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await services.jobs.stop();
      await services.events.stop();
      await db.$client.end();
    },
  };
}
