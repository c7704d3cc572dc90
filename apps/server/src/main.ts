import path from 'node:path';
import { buildApp } from './app.ts';
import { loadSettings, resolveAuthSecret, SettingsError } from './config.ts';
import { assertReachable, createDatabase, type Database } from './db/client.ts';
import { type EmbeddedDatabase, EmbeddedDatabaseError, startEmbeddedDatabase } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { DEMO_PASSWORD, DEMO_PERSONAS, isDatabaseEmpty, seedDemo } from './db/seed/demo.ts';
import { createServices } from './services.ts';

/** Things to undo on the way out, last started first. */
const stops: Array<() => Promise<unknown>> = [];
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    for (const stop of stops.reverse()) {
      await stop().catch((error) => console.error(`while stopping: ${error instanceof Error ? error.message : error}`));
    }
  }
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`${signal} received, stopping`);
    void shutdown(0);
  });
}

/** Between start-up steps: a signal that arrived during the last step stops us here. */
function checkpoint(): void {
  if (stopping) throw new Error('stopped during start-up');
}

async function start(): Promise<void> {
  const settings = loadSettings();
  const secret = resolveAuthSecret(settings);

  let embedded: EmbeddedDatabase | undefined;
  let url = settings.DATABASE_URL;
  if (!url) {
    console.log(
      `starting embedded PostgreSQL on port ${settings.EMBEDDED_PG_PORT} (data in ${path.join(settings.dataDir, 'pg')})`,
    );
    embedded = await startEmbeddedDatabase({ dir: path.join(settings.dataDir, 'pg'), port: settings.EMBEDDED_PG_PORT });
    stops.push(() => embedded!.stop());
    url = embedded.url;
  }
  checkpoint();

  const db: Database = createDatabase(url);
  stops.push(() => db.$client.end());
  await assertReachable(db, url);
  await runMigrations(db);
  checkpoint();

  const shouldSeed =
    settings.SEED_DEMO === 'always' ||
    (settings.SEED_DEMO === 'auto' && embedded !== undefined && (await isDatabaseEmpty(db)));
  if (shouldSeed) {
    console.log('seeding demo data');
    await seedDemo(db);
  }
  checkpoint();

  const services = createServices({
    settings,
    db,
    url,
    secret,
    jobs: { logger: console },
    events: { logger: console },
  });
  await services.events.start();
  stops.push(() => services.events.stop());
  await services.jobs.start();
  stops.push(() => services.jobs.stop());
  checkpoint();

  const app = await buildApp(services);
  stops.push(() => app.close());
  try {
    await app.listen({ host: settings.HOST, port: settings.PORT });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new SettingsError(`port ${settings.PORT} is in use (set PORT to another port)`);
    }
    throw error;
  }
  checkpoint();

  console.log(`\nDealer Portal is running at ${settings.publicUrl}  (API docs: ${settings.publicUrl}/api/docs)`);
  if (embedded) {
    console.log(`demo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const persona of DEMO_PERSONAS) console.log(`  ${persona.email.padEnd(24)} ${persona.description}`);
  }
}

start().catch(async (error) => {
  const known =
    error instanceof SettingsError ||
    error instanceof EmbeddedDatabaseError ||
    /cannot reach the database/.test(String(error?.message));
  if (stopping) return;
  console.error(known ? `error: ${error.message}` : error);
  await shutdown(1);
});
