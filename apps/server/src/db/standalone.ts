import path from 'node:path';
import type { Logger } from 'pino';
import type { Settings } from '../config.ts';
import { createLogger } from '../platform/logging.ts';
import { assertReachable, createDatabase, type Database } from './client.ts';
import { startEmbeddedDatabase } from './embedded.ts';
import { runMigrations } from './migrate.ts';

/** For command-line tasks: the configured or embedded database, migrated, stopped cleanly afterwards. */
export async function runStandalone(
  settings: Settings,
  work: (db: Database, log: Logger) => Promise<void>,
): Promise<void> {
  // The same JSON lines as the server, so a container's log collector reads tasks alike.
  const log = createLogger(settings);
  const embedded = settings.DATABASE_URL
    ? undefined
    : await startEmbeddedDatabase({ dir: path.join(settings.dataDir, 'pg'), port: settings.EMBEDDED_PG_PORT });
  const url = settings.DATABASE_URL ?? embedded!.url;
  const db = createDatabase(url, { max: 4 });
  try {
    await assertReachable(db, url);
    await runMigrations(db);
    await work(db, log);
  } catch (error) {
    log.fatal(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await db.$client.end();
    await embedded?.stop();
  }
}
