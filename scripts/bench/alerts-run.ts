// `node --import tsx scripts/bench/alerts-run.ts`: the alerts rows of the benchmark on their own
// (own database `portal_bench_alerts` on BENCH_DATABASE_URL's server), so they can be measured
// without the whole `npm run bench`. The same rows are part of run.ts.
import { benchAlerts } from './alerts.ts';
import { runModuleBench } from './bench-server.ts';

await runModuleBench({ database: 'portal_bench_alerts', port: process.env.BENCH_PORT ?? '3191' }, (session) =>
  benchAlerts({
    db: session.db,
    origin: session.origin,
    adminCookie: session.admin.cookie,
    userCookie: session.agent.cookie,
    userId: session.agent.id,
  }),
);
