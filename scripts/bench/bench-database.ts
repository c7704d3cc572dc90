import path from 'node:path';
import pg from 'pg';
import { createDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { startEmbeddedDatabase } from '../../apps/server/src/db/embedded.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';

/**
 * A scratch database for benchmarks: `portal_bench` on BENCH_DATABASE_URL's server when set,
 * else an embedded PostgreSQL under data/pg-bench. Recreated on every run.
 */
export async function openBenchDatabase(): Promise<{ db: Database; url: string; close(): Promise<void> }> {
  const admin = process.env.BENCH_DATABASE_URL;
  let adminUrl: string;
  let stopServer = async () => {};
  if (admin) {
    adminUrl = admin;
  } else {
    const embedded = await startEmbeddedDatabase({ dir: path.resolve('data/pg-bench'), port: 54359 });
    adminUrl = embedded.url;
    stopServer = () => embedded.stop();
  }
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query('DROP DATABASE IF EXISTS portal_bench WITH (FORCE)');
  await client.query('CREATE DATABASE portal_bench');
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = '/portal_bench';
  const db = createDatabase(url.toString(), { max: 10 });
  await runMigrations(db);
  return {
    db,
    url: url.toString(),
    async close() {
      await db.$client.end();
      await stopServer();
    },
  };
}
