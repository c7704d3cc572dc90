// `npm run bench:commissions`: the commission calculation benchmark (issue 15, decision 031) in its
// own database `portal_bench_commissions` on BENCH_DATABASE_URL's server (default TEST_DATABASE_URL's).
// Seeds the ~98k-user tree of the selling benchmark (half the dealers leaders), one deal whose
// products pay every tier and level, and BENCH_COMMISSION_ORDERS orders (default 1 050 000, about
// 1M eligible once the unattributed ones are left out), all activated and none paid. Then, in the
// same run: the agent and leader steps as the job runs them (one transaction each, with the
// training gate, exceptions and traceability) beside ONE bare INSERT … SELECT of the same lines
// into a copy of commission_lines with the same indexes; and the preview (a page of lines with
// totals, the exceptions page, the totals per payee). Figures go to docs/benchmarks.md by hand.
import os from 'node:os';
import pg from 'pg';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { createProduct, createProductType, createSupplier } from '../../apps/server/src/db/seed/factories.ts';
import { insertRun } from '../../apps/server/src/modules/commissions/commission-calc.queries.ts';
import { runStep } from '../../apps/server/src/modules/commissions/commission-calc.service.ts';
import {
  previewExceptions,
  previewLines,
  previewTotals,
} from '../../apps/server/src/modules/commissions/commission-preview.service.ts';
import type { Jobs } from '../../apps/server/src/platform/jobs.ts';
import { seedLargeHierarchy } from './seed-large.ts';
import { seedOrders } from './seed-orders.ts';

const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// BENCH_DATABASE_NAME lets parallel runs (one per helper) keep apart.
const NAME = process.env.BENCH_DATABASE_NAME ?? 'portal_bench_commissions';
const ORDERS = Number(process.env.BENCH_COMMISSION_ORDERS ?? 1_050_000);
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
const load = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}`;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const at = performance.now();
  const value = await work();
  return { ms: performance.now() - at, value };
}

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${NAME}`);
await admin.end();
const url = new URL(adminUrl);
url.pathname = `/${NAME}`;
const db = createDatabase(url.toString(), { max: 5 });
const q = (text: string, params: unknown[] = []) => db.$client.query(text, params);
try {
  await runMigrations(db);
  const { root, total } = await seedLargeHierarchy(db);
  // Half the dealers under the top two levels are leaders; tiers spread 1–4.
  await q(`UPDATE users_master SET is_leader = (id % 2 = 0), refs_user_tier_id = 1 + id % 4 WHERE structure_level > 2`);
  console.log(`${total} users in ${seconds()} s`);
  const fibre = await createProductType(db, 'Bench Fibre');
  const supplier = await createSupplier(db, { supplierName: 'Bench Supplier', productTypeIds: [fibre.id] });
  const products: number[] = [];
  for (let i = 0; i < 3; i++) {
    products.push((await createProduct(db, { suppliersMasterId: supplier.id, refsProductTypeId: fibre.id })).id);
  }
  const { rows: dealRows } = await q(
    `INSERT INTO deals_master (deal_name, suppliers_master_id, refs_product_type_id, refs_deal_type_id)
     VALUES ('Bench deal', $1, $2, 1) RETURNING id`,
    [supplier.id, fibre.id],
  );
  const dealId = dealRows[0].id as number;
  await q(
    `INSERT INTO products_deal_index (deals_master_id, products_master_id,
       deal_once_off_user_com_rate_1, deal_once_off_user_com_rate_2, deal_once_off_user_com_rate_3, deal_once_off_user_com_rate_4,
       deal_once_off_leader_com_rate_1, deal_once_off_leader_com_rate_2, deal_once_off_leader_com_rate_3,
       deal_once_off_leader_com_rate_4, deal_once_off_leader_com_rate_5, deal_once_off_leader_com_rate_6,
       deal_once_off_leader_com_rate_7)
     SELECT $1, p, 100 + p % 7, 150, 200, 250, 50, 40, 30, 20, 10, 5, 3 FROM unnest($2::int[]) p`,
    [dealId, products],
  );
  await q(`INSERT INTO users_deal_index (users_master_id, deals_master_id) SELECT id, $1 FROM users_master`, [dealId]);

  await seedOrders(db, {
    count: ORDERS,
    suppliers: [supplier.id],
    productTypeId: fibre.id,
    firstUser: root,
    users: total,
  });
  // Every order activated and unpaid, with a product of the deal: all attributed ones are eligible.
  await q(`TRUNCATE orders_commission_paid`);
  // With user triggers off, as seedOrders loads: the leaderboard and structure-report triggers
  // would otherwise re-aggregate a million updated orders (minutes), and the bench reads neither.
  const seedClient = await db.$client.connect();
  try {
    await seedClient.query('SET session_replication_role = replica');
    await seedClient.query(
      `UPDATE orders_import SET supplier_activation_date = order_created_date + 9,
              products_master_id = ($1::int[])[1 + id % 3]`,
      [products],
    );
    await seedClient.query('SET session_replication_role = DEFAULT');
  } finally {
    seedClient.release();
  }
  await q('VACUUM ANALYZE');
  const { rows: periodRows } = await q(
    `INSERT INTO commissions_period_index (start_date, end_date, is_active)
     SELECT min(supplier_activation_date), max(supplier_activation_date), true FROM orders_import RETURNING id, end_date`,
  );
  const periodId = periodRows[0].id as number;
  const periodEnd = periodRows[0].end_date as string;
  console.log(`${ORDERS} orders in ${seconds()} s`);

  // The bare statement: every agent and leader line in one INSERT … SELECT, no traceability,
  // no exceptions, no training gate, into a table with commission_lines' indexes.
  await q(
    `CREATE TABLE bench_bare_lines (LIKE commission_lines INCLUDING DEFAULTS INCLUDING INDEXES INCLUDING IDENTITY)`,
  );
  // In a transaction with the step's work_mem (SET LOCAL), so that only the writing differs.
  const bareClient = await db.$client.connect();
  const bare = await timed(async () => {
    await bareClient.query(`BEGIN`);
    await bareClient.query(`SET LOCAL work_mem = '256MB'`);
    const result = await bareClient.query(
      `INSERT INTO bench_bare_lines (orders_import_id, payee_users_master_id, role, leader_level, amount_cents, source)
       WITH eligible AS (
         SELECT oi.id, u.id AS dealer, u.refs_user_tier_id AS tier, u.refs_user_lifecycle_status_id AS status, pdi.*
           FROM orders_import oi
           LEFT JOIN orders_admin_override ov ON ov.orders_import_id = oi.id
           LEFT JOIN orders_master om ON om.orders_import_id = oi.id
           JOIN users_master u ON u.id = coalesce(ov.newly_assigned_agent, om.users_master_id)
           JOIN users_deal_index udi ON udi.users_master_id = u.id AND udi.is_active
           JOIN products_deal_index pdi ON pdi.deals_master_id = udi.deals_master_id AND pdi.products_master_id = oi.products_master_id
          WHERE oi.supplier_activation_date <= $1::date
            AND NOT EXISTS (SELECT 1 FROM orders_commission_paid p WHERE p.orders_import_id = oi.id)
       ), leaders AS (
         SELECT descendant_id AS dealer, ancestor_id AS leader, k FROM (
           SELECT h.descendant_id, h.ancestor_id, row_number() OVER (PARTITION BY h.descendant_id ORDER BY h.depth) AS k
             FROM users_hierarchy_closure h JOIN users_master a ON a.id = h.ancestor_id
            WHERE h.depth >= 1 AND a.is_leader AND a.refs_user_lifecycle_status_id = 2) r
          WHERE k <= 7
       )
       SELECT e.id, e.dealer, 'agent'::commission_line_role, NULL, 100 * CASE e.tier WHEN 1 THEN e.deal_once_off_user_com_rate_1
              WHEN 2 THEN e.deal_once_off_user_com_rate_2 WHEN 3 THEN e.deal_once_off_user_com_rate_3
              ELSE e.deal_once_off_user_com_rate_4 END, 'calculated'::commission_line_source
         FROM eligible e WHERE e.status IN (2, 3)
       UNION ALL
       SELECT e.id, l.leader, 'leader', l.k, 100 * (ARRAY[e.deal_once_off_leader_com_rate_1, e.deal_once_off_leader_com_rate_2,
              e.deal_once_off_leader_com_rate_3, e.deal_once_off_leader_com_rate_4, e.deal_once_off_leader_com_rate_5,
              e.deal_once_off_leader_com_rate_6, e.deal_once_off_leader_com_rate_7])[l.k], 'calculated'
         FROM eligible e JOIN leaders l ON l.dealer = e.dealer`,
      [periodEnd],
    );
    await bareClient.query('COMMIT');
    return result;
  });
  bareClient.release();
  console.log(`bare INSERT … SELECT: ${bare.value.rowCount} lines in ${(bare.ms / 1000).toFixed(1)} s (${load()})`);

  const deps = { db, jobs: {} as Jobs };
  const quiet = async () => {};
  const step = async (name: 'agent_commissions' | 'leader_commissions') => {
    const run = await insertRun(db, { stepName: name, commissionsPeriodId: periodId, status: 'queued' });
    return runStep(deps, { runId: run.id }, quiet);
  };
  const agent = await timed(() => step('agent_commissions'));
  const leader = await timed(() => step('leader_commissions'));
  const stepsMs = agent.ms + leader.ms;
  const lines = agent.value.lines + leader.value.lines;
  console.log(
    `steps: agent ${agent.value.lines} lines in ${(agent.ms / 1000).toFixed(1)} s, leader ${leader.value.lines} lines in ${(leader.ms / 1000).toFixed(1)} s; ` +
      `${agent.value.orders} eligible orders; total ${(stepsMs / 1000).toFixed(1)} s = ${(stepsMs / bare.ms).toFixed(2)}× the bare statement (${load()})`,
  );
  if (lines !== bare.value.rowCount) console.log(`WARNING: ${lines} lines from the steps, ${bare.value.rowCount} bare`);

  await q('ANALYZE commission_lines');
  const preview = await timed(() =>
    Promise.all([
      previewLines(db, { page: 1, pageSize: 50 }),
      previewLines(db, { page: 1, pageSize: 50, role: 'leader', held: false }),
      previewExceptions(db, { page: 1, pageSize: 50 }),
      previewTotals(db, { limit: 20 }),
    ]),
  );
  console.log(
    `preview (lines page + totals, filtered page, exceptions, payee totals): ${(preview.ms / 1000).toFixed(2)} s (${load()})`,
  );
  // Not timed: the summary the preview's totals read agrees with the lines themselves.
  const { rows: drift } = await q(
    `SELECT count(*)::int AS n FROM (
       SELECT payee_users_master_id, role, source, is_held, count(*)::int AS lines, sum(amount_cents)::bigint AS cents
         FROM commission_lines WHERE commissions_period_id IS NULL GROUP BY 1, 2, 3, 4) l
     FULL JOIN commission_unstamped_totals t USING (payee_users_master_id, role, source, is_held)
    WHERE l.lines IS DISTINCT FROM t.lines OR l.cents IS DISTINCT FROM t.amount_cents`,
  );
  console.log(
    drift[0].n === 0 ? 'payee totals summary agrees with the lines' : `WARNING: ${drift[0].n} summary rows differ`,
  );
  console.log(`done in ${seconds()} s`);
} finally {
  await db.$client.end();
}
