// `npm run bench`: seeds ~100k users in a 10-level hierarchy and measures the hot paths through the
// real HTTP API beside the bare SQL of the same work. Figures go to docs/benchmarks.md by hand.
import { buildApp } from '../../apps/server/src/app.ts';
import { loadSettings } from '../../apps/server/src/config.ts';
import { createUser } from '../../apps/server/src/db/seed/factories.ts';
import { createServices } from '../../apps/server/src/services.ts';
import { openBenchDatabase } from './bench-database.ts';
import { measure, printTable, type Row } from './measure.ts';
import { seedLargeHierarchy } from './seed-large.ts';

const started = Date.now();
const bench = await openBenchDatabase();
try {
  console.log('seeding the large hierarchy…');
  const { root, branches, total } = await seedLargeHierarchy(bench.db);
  console.log(`${total} users in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const settings = loadSettings({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: bench.url,
    PORT: process.env.BENCH_PORT ?? '3190',
    PUBLIC_URL: `http://127.0.0.1:${process.env.BENCH_PORT ?? '3190'}`,
    HOST: '127.0.0.1',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    AUTH_SIGN_IN_PER_MINUTE: '100000',
  });
  const services = createServices({ settings, db: bench.db, url: bench.url, secret: settings.AUTH_SECRET! });
  const app = await buildApp({ ...services, webDistDir: '/nonexistent' });
  await app.listen({ host: '127.0.0.1', port: settings.PORT });
  const origin = settings.publicUrl;

  const leader = await createUser(bench.db, { parentId: branches[0], isLeader: true, password: 'Bench1234!' });
  const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: leader.email, password: 'Bench1234!' }),
  });
  if (!signIn.ok) throw new Error(`bench sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  const rows: Row[] = [];
  rows.push({
    name: 'current user (GET /api/me)',
    api: await measure(300, () => fetch(`${origin}/api/me`, { headers: { cookie } }).then((r) => r.json())),
    sql: await measure(300, () =>
      bench.db.$client.query(
        `SELECT u.*, f.name FROM auth_session s JOIN users_master u ON u.auth_id = s.user_id
           LEFT JOIN users_access_index a ON a.user_master_id = u.id LEFT JOIN features_master f ON f.id = a.features_master_id
          WHERE s.token = $1`,
        [decodeURIComponent(cookie.split('=')[1]!.split('.')[0]!)],
      ),
    ),
    target: 'p95 < 20 ms',
  });

  rows.push({
    name: `downstream count of a ${9841}-person branch (closure)`,
    sql: await measure(200, (i) =>
      bench.db.$client.query('SELECT count(*) FROM users_hierarchy_closure WHERE ancestor_id = $1 AND depth > 0', [
        branches[i % branches.length],
      ]),
    ),
  });

  // Moving a whole 9 841-person branch under another level-2 leader and back: the closure trigger
  // rewrites every pair between the branch and its old and new ancestors.
  const [a, b] = [branches[1]!, branches[2]!];
  rows.push({
    name: 'move a 9 841-person branch (parent change)',
    sql: await measure(10, async (i) => {
      const target = i % 2 === 0 ? b : root;
      await bench.db.$client.query('UPDATE users_master SET parent_id = $1 WHERE id = $2', [target, a]);
    }),
    target: 'under 600 ms',
  });

  printTable(rows);
  await app.close();
} finally {
  await bench.close();
}
console.log(`\nbench finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
