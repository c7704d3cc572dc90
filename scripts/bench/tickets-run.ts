// `node --import tsx scripts/bench/tickets-run.ts`: the ticket rows of the benchmark on their own
// (own database `portal_bench_tickets` on BENCH_DATABASE_URL's server), so they can be measured
// without the whole `npm run bench`. The same rows are part of run.ts. BENCH_TICKETS_DB names the
// database instead (helpers sharing a server each use their own).
import { runModuleBench } from './bench-server.ts';
import { benchTickets } from './tickets.ts';

const NAME = process.env.BENCH_TICKETS_DB ?? 'portal_bench_tickets';
if (!/^\w+$/.test(NAME)) throw new Error('BENCH_TICKETS_DB: letters, digits and _ only');
await runModuleBench(
  {
    database: NAME,
    port: process.env.BENCH_PORT ?? '3192',
    settings: { OUTBOX_TRANSPORT_ALLOWED: 'true' },
    // BENCH_KEEP=1 leaves the database for EXPLAIN ANALYZE afterwards.
    keep: Boolean(process.env.BENCH_KEEP),
  },
  (session) =>
    benchTickets({
      db: session.db,
      origin: session.origin,
      adminCookie: session.admin.cookie,
      adminId: session.admin.id,
      dealerCookie: session.agent.cookie,
      dealerId: session.agent.id,
    }),
);
