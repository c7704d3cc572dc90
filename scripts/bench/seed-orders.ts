import type { Database } from '../../apps/server/src/db/client.ts';
import { LEADERBOARD_BRANCH_MIN } from '../../apps/server/src/modules/orders/leaderboard.queries.ts';

/**
 * `count` orders over the last 13 months across `suppliers`, for the seeded users, set-based
 * (generate_series; nothing row by row). For speed the tables' secondary indexes are dropped and
 * rebuilt after the load, user triggers and foreign-key checks are off while loading (the rows are
 * valid by construction), and the leaderboard's monthly tables and the structure report's daily
 * table are rebuilt in one statement each, as migrations 0011 and 0014 do. Shape: 95 % attributed, 0.5 % overridden, 80 % paid, 60 % installed,
 * 50 % activated, a third of the activated with commission paid.
 */
export async function seedOrders(
  db: Database,
  input: { count: number; suppliers: number[]; productTypeId: number; firstUser: number; users: number },
): Promise<void> {
  const q = (text: string, params: unknown[] = []) => db.$client.query(text, params);
  const client = await db.$client.connect();
  try {
    const run = (text: string, params: unknown[] = []) => client.query(text, params);
    await run("SET maintenance_work_mem = '512MB'");
    await run('SET session_replication_role = replica');
    const tables = ['orders_import', 'orders_master', 'orders_admin_override', 'orders_commission_paid'];
    const { rows: indexes } = await run(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i
        WHERE i.tablename = ANY($1) AND NOT EXISTS (
          SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      [tables],
    );
    for (const index of indexes) await run(`DROP INDEX ${index.indexname}`);

    const { count, suppliers, productTypeId, firstUser, users } = input;
    // Dates: created in the last 395 days; each later milestone a few days after the one before,
    // never after today.
    await run(
      `INSERT INTO orders_import (suppliers_master_id, order_number, agent_identification, customer_status_1,
         customer_account_number, customer_name, customer_phone, customer_address, order_created_date,
         order_paid_date, order_installation_date, supplier_activation_date, external_reference, product,
         refs_product_type_id, region)
       SELECT ($1::int[])[1 + g % array_length($1::int[], 1)], 'B' || g, 'Z-' || ($3 + (g::bigint * 7919) % $4),
              CASE WHEN g % 10 < 8 THEN 'Paid' ELSE 'Placed' END,
              'ACC' || g, 'Customer ' || g, '82' || lpad((g % 10000000)::text, 7, '0'), g || ' Main Road',
              d.created,
              CASE WHEN g % 10 < 8 THEN least(current_date, d.created + 2) END,
              CASE WHEN g % 10 < 6 THEN least(current_date, d.created + 7) END,
              CASE WHEN g % 10 < 5 THEN least(current_date, d.created + 9) END,
              'PREM' || g, 'Fibre 50', $2, 'Gauteng'
         FROM generate_series(1, $5::int) g
        CROSS JOIN LATERAL (SELECT current_date - ((g * 31) % 395) AS created) d`,
      [suppliers, productTypeId, firstUser, users, count],
    );
    await run(
      `INSERT INTO orders_master (orders_import_id, users_master_id)
       SELECT id, substring(agent_identification from 3)::int FROM orders_import WHERE id % 20 <> 0`,
    );
    await run(
      `INSERT INTO orders_admin_override (orders_import_id, newly_assigned_agent)
       SELECT id, $1 + (id::bigint * 104729) % $2 FROM orders_import WHERE id % 200 = 1`,
      [firstUser, users],
    );
    await run(
      `INSERT INTO orders_commission_paid (orders_import_id, paid_date)
       SELECT id, supplier_activation_date + 20 FROM orders_import
        WHERE supplier_activation_date IS NOT NULL AND id % 3 = 0`,
    );
    await run('SET session_replication_role = DEFAULT');
    for (const index of indexes) await run(index.indexdef);
    // The ranks table follows the two monthly tables by trigger as they are filled again.
    await run('TRUNCATE leaderboard_monthly_ranks');
    await run('TRUNCATE leaderboard_monthly_sales');
    await run(
      `INSERT INTO leaderboard_monthly_sales (month, suppliers_master_id, users_master_id, sales, first_paid)
       SELECT date_trunc('month', o.order_paid_date)::date, o.suppliers_master_id,
              coalesce(ov.newly_assigned_agent, om.users_master_id), count(*)::int, min(o.order_paid_date)
         FROM orders_import o
         LEFT JOIN orders_master om ON om.orders_import_id = o.id
         LEFT JOIN orders_admin_override ov ON ov.orders_import_id = o.id
        WHERE o.order_paid_date IS NOT NULL AND coalesce(ov.newly_assigned_agent, om.users_master_id) IS NOT NULL
        GROUP BY 1, 2, 3`,
    );
    await run('TRUNCATE leaderboard_monthly_totals');
    await run(
      `INSERT INTO leaderboard_monthly_totals (month, users_master_id, sales, first_paid)
       SELECT month, users_master_id, sum(sales)::int, min(first_paid) FROM leaderboard_monthly_sales GROUP BY 1, 2`,
    );
    // The large branches' rank buckets (decision 037) are built again from the monthly tables.
    await run('TRUNCATE leaderboard_branches, leaderboard_branch_ranks');
    await run('SELECT leaderboard_branches_refresh($1)', [LEADERBOARD_BRANCH_MIN]);
    await run('TRUNCATE structure_daily_orders');
    await run(
      `INSERT INTO structure_daily_orders (users_master_id, day, suppliers_master_id, milestone, orders)
       SELECT coalesce(ov.newly_assigned_agent, om.users_master_id), m.day, o.suppliers_master_id, m.milestone,
              count(*)::int
         FROM orders_import o
         LEFT JOIN orders_master om ON om.orders_import_id = o.id
         LEFT JOIN orders_admin_override ov ON ov.orders_import_id = o.id
        CROSS JOIN LATERAL (VALUES (1::smallint, o.order_created_date), (2::smallint, o.order_paid_date),
                                   (3::smallint, o.order_installation_date), (4::smallint, o.supplier_activation_date))
                AS m(milestone, day)
        WHERE coalesce(ov.newly_assigned_agent, om.users_master_id) IS NOT NULL AND m.day IS NOT NULL
        GROUP BY 1, 2, 3, 4`,
    );
  } finally {
    client.release();
  }
  await q('VACUUM ANALYZE orders_import');
  await q('VACUUM ANALYZE orders_master');
  await q('VACUUM ANALYZE orders_admin_override');
  await q('VACUUM ANALYZE orders_commission_paid');
  await q('VACUUM ANALYZE leaderboard_monthly_sales');
  await q('VACUUM ANALYZE leaderboard_monthly_totals');
  await q('VACUUM ANALYZE leaderboard_monthly_ranks');
  await q('VACUUM ANALYZE leaderboard_branch_ranks');
  await q('VACUUM ANALYZE structure_daily_orders');
}
