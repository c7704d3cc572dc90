import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any constant the product's other advisory locks do not use: "portal migrations". */
const MIGRATION_LOCK = 7_301_554_001;

/**
 * Applies every committed migration not yet applied; safe to run on every start. Instances starting
 * together take turns under a PostgreSQL advisory lock: the first applies, the others then find
 * nothing left to do (without it two could run the same migration and one would fail).
 */
export async function runMigrations(db: Database): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(db, { migrationsFolder, migrationsSchema: 'drizzle' });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
