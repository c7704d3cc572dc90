// `node --import tsx scripts/bench/tickets-run.ts`: the ticket rows of the benchmark on their own
// (own database `portal_bench_tickets` on BENCH_DATABASE_URL's server), so they can be measured
// without the whole `npm run bench`. The same rows are part of run.ts. BENCH_TICKETS_DB names the
// database instead (helpers sharing a server each use their own).
import os from 'node:os';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadSettings } from '../../apps/server/src/config.ts';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { createUser } from '../../apps/server/src/db/seed/factories.ts';
import { createServices } from '../../apps/server/src/services.ts';
import { printTable } from './measure.ts';
import { seedLargeHierarchy } from './seed-large.ts';
import { benchTickets } from './tickets.ts';

const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) throw new Error('set BENCH_DATABASE_URL (a PostgreSQL server this script may create a database on)');
const NAME = process.env.BENCH_TICKETS_DB ?? 'portal_bench_tickets';
if (!/^\w+$/.test(NAME)) throw new Error('BENCH_TICKETS_DB: letters, digits and _ only');
const load = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;
const PASSWORD = 'Bench1234!';
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${NAME}`);
await admin.end();
const url = new URL(adminUrl);
url.pathname = `/${NAME}`;
const db = createDatabase(url.toString(), { max: 10 });
try {
  await runMigrations(db);
  const { total } = await seedLargeHierarchy(db);
  console.log(`${total} users seeded`);
  const port = process.env.BENCH_PORT ?? '3192';
  const settings = loadSettings({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url.toString(),
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    AUTH_SIGN_IN_PER_MINUTE: '100000',
    OUTBOX_TRANSPORT_ALLOWED: 'true',
  });
  const services = createServices({ settings, db, url: url.toString(), secret: settings.AUTH_SECRET! });
  const app = await buildApp({ ...services, webDistDir: '/nonexistent' });
  await app.listen({ host: '127.0.0.1', port: settings.PORT });
  const origin = settings.publicUrl;
  const signIn = async (email: string) => {
    const answer = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (!answer.ok) throw new Error(`sign-in failed: ${answer.status}`);
    return answer.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  };
  const adminUser = await createUser(db, { isAdmin: true, password: PASSWORD });
  const agent = await createUser(db, { password: PASSWORD });
  console.log(`measuring; ${load()}`);
  const rows = await benchTickets({
    db,
    origin,
    adminCookie: await signIn(adminUser.email!),
    adminId: adminUser.id,
    dealerCookie: await signIn(agent.email!),
    dealerId: agent.id,
  });
  printTable(rows);
  console.log(`done; ${load()}`);
  await app.close();
} finally {
  await db.$client.end();
  // BENCH_KEEP=1 leaves the database for EXPLAIN ANALYZE afterwards.
  if (process.env.BENCH_KEEP) process.exit(0);
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  await cleanup.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await cleanup.end();
}
