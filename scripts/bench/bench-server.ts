import os from 'node:os';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadSettings } from '../../apps/server/src/config.ts';
import { createDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { createUser } from '../../apps/server/src/db/seed/factories.ts';
import { createServices } from '../../apps/server/src/services.ts';
import { printTable, type Row } from './measure.ts';
import { seedLargeHierarchy } from './seed-large.ts';

const PASSWORD = 'Bench1234!';

/** The machine's load beside each figure: on a shared machine absolute times mean little alone. */
export const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;

export interface BenchSession {
  db: Database;
  origin: string;
  admin: { id: number; cookie: string };
  agent: { id: number; cookie: string };
}

/**
 * The API over a bench database, in production mode on 127.0.0.1:`port` (sign-ins unthrottled),
 * its services (storage, jobs) and a sign-in that returns the session's cookie header.
 */
export async function startBenchApi(db: Database, url: string, port: string, settings: Record<string, string> = {}) {
  const loaded = loadSettings({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    AUTH_SIGN_IN_PER_MINUTE: '100000',
    ...settings,
  });
  const services = createServices({ settings: loaded, db, url, secret: loaded.AUTH_SECRET! });
  const app = await buildApp({ ...services, webDistDir: '/nonexistent' });
  await app.listen({ host: '127.0.0.1', port: loaded.PORT });
  const origin = loaded.publicUrl;
  const signIn = async (email: string, password = PASSWORD) => {
    const answer = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email, password }),
    });
    if (!answer.ok) throw new Error(`bench sign-in failed: ${answer.status} ${await answer.text()}`);
    return answer.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  };
  return { app, services, origin, signIn };
}

/**
 * One module's rows of the benchmark on their own: a fresh database `database` on
 * BENCH_DATABASE_URL's server with the large hierarchy, the API listening on `port`, an admin and an
 * agent signed in; prints the rows `measure` returns with the load before and after, then drops the
 * database (unless `keep`, for EXPLAIN ANALYZE afterwards).
 */
export async function runModuleBench(
  options: { database: string; port: string; settings?: Record<string, string>; keep?: boolean },
  measure: (session: BenchSession) => Promise<Row[]>,
): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) throw new Error('set BENCH_DATABASE_URL (a PostgreSQL server this script may create a database on)');
  const { database, port } = options;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const db = createDatabase(url.toString(), { max: 10 });
  try {
    await runMigrations(db);
    const { total } = await seedLargeHierarchy(db);
    console.log(`${total} users seeded`);
    const { app, origin, signIn } = await startBenchApi(db, url.toString(), port, options.settings);
    const adminUser = await createUser(db, { isAdmin: true, password: PASSWORD });
    const agent = await createUser(db, { password: PASSWORD });
    console.log(`measuring; ${loadAverage()}`);
    const rows = await measure({
      db,
      origin,
      admin: { id: adminUser.id, cookie: await signIn(adminUser.email!) },
      agent: { id: agent.id, cookie: await signIn(agent.email!) },
    });
    printTable(rows);
    console.log(`done; ${loadAverage()}`);
    await app.close();
  } finally {
    await db.$client.end();
    if (!options.keep) {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await cleanup.end();
    }
  }
}
