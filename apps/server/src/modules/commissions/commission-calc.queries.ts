import { LIFECYCLE } from '@portal/domain/accounts/waiting';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appSettings, commissionRuns, commissionsPeriodIndex } from '../../db/schema/index.ts';
import { stoppedReason } from './commission-runs.queries.ts';

// SQL of the calculation half of the cycle (DECISIONS "Commissions" 1–6; decision 031). Every step
// is a handful of set-based statements inside ONE transaction that first takes the commissions
// lock: eligible orders are staged once into a TEMP table, the closure table gives every dealer's
// leader chain in one statement, and lines are inserted with INSERT … SELECT. No loop per order.

export type CommissionRunRow = typeof commissionRuns.$inferSelect;

/** Every step that writes lines takes this lock first: two steps never interleave their writes. */
export async function lockCommissionLines(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('commission_lines'))`);
}

/**
 * The same lock shared, without waiting: held by a change to one order's dealer (Order Override),
 * so it never interleaves with a step that has staged the orders with their old dealers. Shared,
 * so two reassignments do not refuse each other.
 */
export async function tryShareCommissionLines(tx: Executor): Promise<boolean> {
  const result = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock_shared(hashtext('commission_lines')) as locked`,
  );
  return Boolean(result.rows[0]?.locked);
}

/**
 * Before an order changes dealer: its lines are locked and read first (a stamping that touched them
 * has committed, or waits for this transaction), then, unless one is stamped to a period (in a
 * payout), its unstamped calculated lines are dropped: the next calculation writes them for the new
 * dealer, so stamping cannot pay the old one. Returns whether one is stamped, and how many went.
 */
export async function releaseOrderLines(tx: Executor, orderId: number): Promise<{ stamped: boolean; dropped: number }> {
  const lines = await tx.execute<{ commissions_period_id: number | null }>(sql`
    select commissions_period_id from commission_lines
     where orders_import_id = ${orderId} and source <> 'reversal'
       for update`);
  if (lines.rows.some((row) => row.commissions_period_id !== null)) return { stamped: true, dropped: 0 };
  const dropped = await tx.execute(sql`
    delete from commission_lines
     where orders_import_id = ${orderId} and source = 'calculated' and commissions_period_id is null`);
  return { stamped: false, dropped: dropped.rowCount ?? 0 };
}

export async function findPeriod(db: Executor, id: number) {
  const [row] = await db.select().from(commissionsPeriodIndex).where(eq(commissionsPeriodIndex.id, id));
  return row;
}

export async function findActivePeriod(db: Executor) {
  const [row] = await db
    .select()
    .from(commissionsPeriodIndex)
    .where(eq(commissionsPeriodIndex.isActive, true))
    .limit(1);
  return row;
}

/** The training gate (DECISIONS "Commissions" 5): a setting, on unless stored as false / {enabled:false}. */
export async function trainingGateOn(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, 'commission_training_gate'));
  const value = row?.value as unknown;
  if (value === false) return false;
  if (value && typeof value === 'object' && (value as { enabled?: unknown }).enabled === false) return false;
  return true;
}

export async function insertRun(db: Executor, values: typeof commissionRuns.$inferInsert) {
  const [row] = await db.insert(commissionRuns).values(values).returning();
  return row!;
}

export async function updateRun(db: Executor, id: number, values: Partial<typeof commissionRuns.$inferInsert>) {
  await db.update(commissionRuns).set(values).where(eq(commissionRuns.id, id));
}

export async function findRun(db: Executor, id: number): Promise<CommissionRunRow | undefined> {
  const [row] = await db.select().from(commissionRuns).where(eq(commissionRuns.id, id));
  return row;
}

/**
 * The latest run of each step (of the period, when given). A run that has stopped (its process died
 * while running, or its queued job is gone) reads as failed with the reason, so the page offers to
 * run it again (decisions 035, 046).
 */
export async function latestRuns(db: Executor, steps: readonly string[], periodId?: number) {
  const reason = await stoppedReason(db, 'r');
  const result = await db.execute<{ id: number; status: string; stopped: string | null }>(sql`
    select distinct on (step_name) r.id, r.status, ${reason} as stopped from commission_runs r
     where r.step_name in (${sql.join(
       steps.map((step) => sql`${step}`),
       sql`, `,
     )})
       ${periodId ? sql`and (r.commissions_period_id = ${periodId} or r.commissions_period_id is null)` : sql``}
     order by r.step_name, r.created_at desc, r.id desc`);
  const ids = result.rows.map((row) => row.id);
  if (!ids.length) return [];
  const stopped = new Map(result.rows.filter((row) => row.stopped).map((row) => [row.id, row]));
  const rows = await db
    .select()
    .from(commissionRuns)
    .where(inArray(commissionRuns.id, ids))
    .orderBy(desc(commissionRuns.id));
  return rows.map((row) => {
    const seen = stopped.get(row.id);
    // Only while the row still has the status it was judged in (it may have moved on since).
    return seen?.stopped && seen.status === row.status ? { ...row, status: 'failed', error: seen.stopped } : row;
  });
}

/** Runs of this step not finished yet (queued with a live job, or running with their step alive). */
export async function activeRuns(db: Executor, step: string) {
  const reason = await stoppedReason(db, 'r');
  const result = await db.execute<{ id: number }>(sql`
    select r.id from commission_runs r
     where r.step_name = ${step} and r.status in ('queued', 'running') and ${reason} is null`);
  return result.rows;
}

// ---------------------------------------------------------------------------------------------
// Training gate

/**
 * TEMP table of the payees whose university status is 102 (a relevant compulsory module not
 * passed), the rule of spec 1 §4 / decision 004 written as one statement over all dealers (the
 * per-user status in modules/university is one query per user). Empty when the gate is off.
 */
export async function stageHeldPayees(tx: Executor, gateOn: boolean): Promise<void> {
  await tx.execute(sql`drop table if exists commission_held_payees`);
  await tx.execute(sql`
    create temp table commission_held_payees on commit drop as
    select u.id from users_master u
     where ${gateOn} and not u.is_admin
       and exists (
         select 1 from training_master m
          where m.active and not m.is_deleted and m.is_compulsory
            and (not exists (select 1 from training_supplier_index ts
                              where ts.training_master_id = m.id and ts.is_active)
                 or exists (select 1 from training_supplier_index ts
                              join users_supplier_index us on us.supplier_id = ts.suppliers_master_id and us.user_id = u.id
                             where ts.training_master_id = m.id and ts.is_active))
            and (not exists (select 1 from training_refs_product_type_index tp
                              where tp.training_master_id = m.id and tp.is_active)
                 or exists (select 1 from training_refs_product_type_index tp
                              join users_product_type_index up
                                on up.product_type_id = tp.refs_product_type_id and up.user_id = u.id
                             where tp.training_master_id = m.id and tp.is_active))
            and (coalesce(m.training_types, 1) <= 1
                 or (u.is_leader and (m.refs_structure_level_id is null
                     or coalesce(u.refs_max_structure_level_id, u.structure_level, 1) >= m.refs_structure_level_id)))
            and not exists (select 1 from training_user_attempt_index a
                             where a.module_id = m.id and a.users_master_id = u.id and a.pass))`);
  await tx.execute(sql`alter table commission_held_payees add primary key (id)`);
  await tx.execute(sql`analyze commission_held_payees`);
}

/**
 * Held lines roll over: every unstamped line (whatever its period of origin) is held exactly while
 * its payee is in the held set. Touches only lines whose flag changes, and reads only the lines of
 * the payees that can have one: those held now, and those with held lines (the preview's totals
 * summary, kept exact by triggers, names them), through the (period, payee) index, instead of
 * scanning every unstamped line (decision 042).
 */
export async function refreshHeldFlags(tx: Executor): Promise<number> {
  const result = await tx.execute(sql`
    update commission_lines l
       set is_held = not l.is_held
      from (select h.id from commission_held_payees h
            union
            select t.payee_users_master_id from commission_unstamped_totals t where t.is_held and t.lines > 0) p
     where l.payee_users_master_id = p.id
       and l.commissions_period_id is null and l.source <> 'reversal'
       and l.is_held <> exists (select 1 from commission_held_payees h where h.id = l.payee_users_master_id)`);
  return result.rowCount ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Eligible orders

/**
 * TEMP table of the period's eligible orders (DECISIONS 1: activated on or before the period end,
 * attributed, no commission paid), each with its dealer (override wins), the dealer's tier and
 * status, the dealer's deal for the order's supplier and product type (the newest active one when
 * several) and that deal row's rates. Returns the count. In order-number order, so that lines are
 * written in the order of their natural key (appended to its index rather than scattered over it).
 */
export async function stageEligibleOrders(tx: Executor, periodEnd: string): Promise<number> {
  // Hashing a million orders against the deals and the leader chains in memory rather than in
  // batches on disk; for this transaction only.
  await tx.execute(sql`set local work_mem = '256MB'`);
  await tx.execute(sql`drop table if exists commission_calc_orders`);
  const result = await tx.execute(sql`
    create temp table commission_calc_orders on commit drop as
    with dealer_deal as (
      select distinct on (udi.users_master_id, dm.suppliers_master_id, dm.refs_product_type_id)
             udi.users_master_id, dm.suppliers_master_id, dm.refs_product_type_id, dm.id as deal_id
        from users_deal_index udi
        join deals_master dm on dm.id = udi.deals_master_id and not dm.is_deleted
       where udi.is_active
       order by udi.users_master_id, dm.suppliers_master_id, dm.refs_product_type_id, dm.id desc
    )
    select oi.id as order_id,
           u.id as dealer_id,
           u.refs_user_tier_id as tier,
           u.refs_user_lifecycle_status_id as status,
           oi.products_master_id as product_id,
           dd.deal_id,
           (pdi.deals_master_id is not null) as in_deal,
           case u.refs_user_tier_id
             when 1 then pdi.deal_once_off_user_com_rate_1 when 2 then pdi.deal_once_off_user_com_rate_2
             when 3 then pdi.deal_once_off_user_com_rate_3 when 4 then pdi.deal_once_off_user_com_rate_4 end as agent_rate,
           pdi.deal_once_off_leader_com_rate_1 as leader_rate_1, pdi.deal_once_off_leader_com_rate_2 as leader_rate_2,
           pdi.deal_once_off_leader_com_rate_3 as leader_rate_3, pdi.deal_once_off_leader_com_rate_4 as leader_rate_4,
           pdi.deal_once_off_leader_com_rate_5 as leader_rate_5, pdi.deal_once_off_leader_com_rate_6 as leader_rate_6,
           pdi.deal_once_off_leader_com_rate_7 as leader_rate_7
      from orders_import oi
      left join orders_admin_override ov on ov.orders_import_id = oi.id
      left join orders_master om on om.orders_import_id = oi.id
      join users_master u on u.id = coalesce(ov.newly_assigned_agent, om.users_master_id)
      left join dealer_deal dd
        on dd.users_master_id = u.id and dd.suppliers_master_id = oi.suppliers_master_id
       and dd.refs_product_type_id = oi.refs_product_type_id
      left join products_deal_index pdi on pdi.deals_master_id = dd.deal_id and pdi.products_master_id = oi.products_master_id
     where oi.supplier_activation_date <= ${periodEnd}::date
       and not exists (select 1 from orders_commission_paid p where p.orders_import_id = oi.id)
     order by oi.id`);
  await tx.execute(sql`create index on commission_calc_orders (dealer_id)`);
  await tx.execute(sql`analyze commission_calc_orders`);
  return result.rowCount ?? 0;
}

/** Why the order's deal row is missing, or null when it exists. */
const DEAL_ROW_MISSING = sql`case
  when c.deal_id is null then 'Dealer Z-' || c.dealer_id || ' has no deal for this supplier and product type'
  when c.product_id is null then 'The order''s product is not matched to a catalogue product'
  when not c.in_deal then 'The product is not in deal ' || c.deal_id || ' of dealer Z-' || c.dealer_id
  end`;

// Against a TEMP copy of the places, not commission_lines itself: a statement inserting into
// commission_lines while probing it plans that probe for the table as it was (often empty), and a
// nested loop over a table growing under it is quadratic.
/** `slot`: the line's place in the order, 0 for the agent, k for the k-th leader. */
type Expr = ReturnType<typeof sql>;
const IMPORTED_FOR = (payee: Expr, slot: Expr) => sql`(exists (
  select 1 from commission_kept_pairs i where i.orders_import_id = c.order_id and i.payee_users_master_id = ${payee})
  or exists (select 1 from commission_imported_slots i where i.orders_import_id = c.order_id and i.slot = ${slot}))`;
const KEPT_FOR = (payee: Expr, slot: Expr) => sql`(${IMPORTED_FOR(payee, slot)}
  or exists (select 1 from commission_stamped_slots s where s.orders_import_id = c.order_id
              and (s.slot = ${slot} or s.payee_users_master_id = ${payee})))`;

/**
 * TEMP tables of what the step must not write a line for:
 * - (order, payee) pairs with an imported line (any role), and (order, slot) places of this role
 *   with one: it replaces the calculated line of its payee and takes its place from whoever the
 *   calculation names there (decision 055), or the supplier's payee and ours were both paid;
 * - (order, slot) places with a calculated line of this role stamped to a period not yet closed:
 *   that slot of the order is in a payout and stays as it is (a closed period's orders are paid, so
 *   never eligible). By slot, not payee: when the dealer or a leader above them changed after
 *   stamping, a line for the new payee would pay the same slot twice (decision 054). And by payee:
 *   a leader pushed down a level by a newcomer below them would be paid again at the new level
 *   (decision 055).
 * Excluding them up front lets the step insert plainly: ON CONFLICT … DO NOTHING probed the
 * natural key before every insert and cost half as much again as the insert (decision 042).
 */
export async function stageKeptPairs(tx: Executor, role: 'agent' | 'leader'): Promise<void> {
  await tx.execute(sql`drop table if exists commission_kept_pairs`);
  await tx.execute(sql`drop table if exists commission_imported_slots`);
  await tx.execute(sql`drop table if exists commission_stamped_slots`);
  await tx.execute(sql`
    create temp table commission_kept_pairs on commit drop as
    select distinct orders_import_id, payee_users_master_id from commission_lines
     where commission_import_id is not null and source = 'import'`);
  await tx.execute(sql`
    create temp table commission_imported_slots on commit drop as
    select distinct orders_import_id, coalesce(leader_level, 0) as slot from commission_lines
     where commission_import_id is not null and source = 'import' and role = ${role}`);
  await tx.execute(sql`
    create temp table commission_stamped_slots on commit drop as
    select distinct orders_import_id, coalesce(leader_level, 0) as slot, payee_users_master_id from commission_lines
     where commissions_period_id in (select id from commissions_period_index where closed_at is null)
       and source = 'calculated' and role = ${role}`);
  await tx.execute(sql`create index on commission_kept_pairs (orders_import_id, payee_users_master_id)`);
  await tx.execute(sql`create index on commission_imported_slots (orders_import_id, slot)`);
  await tx.execute(sql`create index on commission_stamped_slots (orders_import_id, slot)`);
  await tx.execute(sql`analyze commission_kept_pairs`);
  await tx.execute(sql`analyze commission_imported_slots`);
  await tx.execute(sql`analyze commission_stamped_slots`);
}

/** Unstamped calculated lines of one role for orders not yet paid: what a rerun replaces. */
async function deleteRecalculable(tx: Executor, role: 'agent' | 'leader'): Promise<void> {
  await tx.execute(sql`
    delete from commission_lines l
     where l.source = 'calculated' and l.role = ${role} and l.commissions_period_id is null
       and not exists (select 1 from orders_commission_paid p where p.orders_import_id = l.orders_import_id)`);
}

// ---------------------------------------------------------------------------------------------
// Agent lines (DECISIONS 2)

export async function writeAgentLines(tx: Executor, runId: number): Promise<number> {
  await deleteRecalculable(tx, 'agent');
  const result = await tx.execute(sql`
    insert into commission_lines (
      orders_import_id, payee_users_master_id, role, leader_level, amount_cents, source, is_held,
      commission_run_id, deals_master_id, products_master_id, dealer_users_master_id, dealer_tier)
    select c.order_id, c.dealer_id, 'agent', null, c.agent_rate * 100, 'calculated',
           exists (select 1 from commission_held_payees h where h.id = c.dealer_id),
           ${runId}, c.deal_id, c.product_id, c.dealer_id, c.tier
      from commission_calc_orders c
     where c.status in (2, 3) and c.in_deal and c.agent_rate > 0
       and not ${KEPT_FOR(sql`c.dealer_id`, sql`0`)}`);
  return result.rowCount ?? 0;
}

export async function writeAgentExceptions(tx: Executor, runId: number): Promise<number> {
  const result = await tx.execute(sql`
    insert into commission_exceptions (commission_run_id, orders_import_id, reason)
    select ${runId}, x.order_id, x.reason from (
      select c.order_id, case
        when c.status not in (2, 3) then
          'Dealer Z-' || c.dealer_id || ' is in lifecycle status ' || c.status || ' (only active or deactivated dealers are paid)'
        else coalesce(${DEAL_ROW_MISSING}, case
          when c.agent_rate is null then 'Dealer Z-' || c.dealer_id || ' has tier ' || c.tier || ', not 1 to 4'
          when c.agent_rate = 0 then 'Zero rate in deal_once_off_user_com_rate_' || c.tier || ' of deal ' || c.deal_id end)
        end as reason
        from commission_calc_orders c
       where not ${IMPORTED_FOR(sql`c.dealer_id`, sql`0`)}
    ) x
     where x.reason is not null
     order by x.order_id`);
  return result.rowCount ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Leader lines (DECISIONS 3)

/**
 * TEMP table: for each dealer with a deal row, the k-th leader above them (k = 1..7), from the
 * closure table: ancestors at depth ≥ 1 that are leaders with lifecycle status 2, numbered by
 * depth, so other ancestors are skipped without using up a level. One statement for all dealers.
 */
export async function stageDealerLeaders(tx: Executor): Promise<void> {
  await tx.execute(sql`drop table if exists commission_dealer_leaders`);
  await tx.execute(sql`
    create temp table commission_dealer_leaders on commit drop as
    select dealer_id, leader_id, depth, k from (
      select d.dealer_id, h.ancestor_id as leader_id, h.depth,
             row_number() over (partition by d.dealer_id order by h.depth) as k
        from (select distinct dealer_id from commission_calc_orders where in_deal) d
        join users_hierarchy_closure h on h.descendant_id = d.dealer_id and h.depth >= 1
        join users_master a on a.id = h.ancestor_id and a.is_leader and a.refs_user_lifecycle_status_id = 2
    ) ranked
     where k <= 7`);
  await tx.execute(sql`create index on commission_dealer_leaders (dealer_id)`);
  await tx.execute(sql`analyze commission_dealer_leaders`);
}

export async function writeLeaderLines(tx: Executor, runId: number): Promise<number> {
  await deleteRecalculable(tx, 'leader');
  const result = await tx.execute(sql`
    insert into commission_lines (
      orders_import_id, payee_users_master_id, role, leader_level, amount_cents, source, is_held,
      commission_run_id, deals_master_id, products_master_id, dealer_users_master_id, tree_depth)
    select c.order_id, l.leader_id, 'leader', l.k, r.rate * 100, 'calculated',
           exists (select 1 from commission_held_payees h where h.id = l.leader_id),
           ${runId}, c.deal_id, c.product_id, c.dealer_id, l.depth
      from commission_calc_orders c
      join commission_dealer_leaders l on l.dealer_id = c.dealer_id
      cross join lateral (select case l.k
        when 1 then c.leader_rate_1 when 2 then c.leader_rate_2 when 3 then c.leader_rate_3
        when 4 then c.leader_rate_4 when 5 then c.leader_rate_5 when 6 then c.leader_rate_6
        when 7 then c.leader_rate_7 end as rate) r
     where c.in_deal and r.rate > 0
       and not ${KEPT_FOR(sql`l.leader_id`, sql`l.k`)}`);
  return result.rowCount ?? 0;
}

/** Orders whose deal row is missing pay no leader either: listed with the reason. */
export async function writeLeaderExceptions(tx: Executor, runId: number): Promise<number> {
  const result = await tx.execute(sql`
    insert into commission_exceptions (commission_run_id, orders_import_id, reason)
    select ${runId}, c.order_id, 'No leader lines: ' || ${DEAL_ROW_MISSING}
      from commission_calc_orders c
     where not c.in_deal
     order by c.order_id`);
  return result.rowCount ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Post-import and structure levels

/**
 * Post-import (decision 031): orders still without a dealer are attributed by Z-code, else ID
 * number (the fibre import's rule), and orders without a catalogue product are matched through the
 * supplier's product matches (products_import). For one supplier or all.
 */
export async function attributeUnmatchedOrders(tx: Executor, supplierId: number | null): Promise<number> {
  const result = await tx.execute(sql`
    insert into orders_master (orders_import_id, users_master_id)
    select o.id, coalesce(by_code.id, by_id_number.id)
      from orders_import o
      left join users_master by_code
        on by_code.id = substring(o.agent_identification from '^\\s*(?:[zZ]-?)?([0-9]{1,9})\\s*$')::integer
      left join users_master by_id_number
        on upper(by_id_number.identification_no) = upper(btrim(o.agent_identification))
       -- An approved dealer's number only (decision 061): a request's is a claim until approved.
       and by_id_number.refs_user_lifecycle_status_id in (${LIFECYCLE.active}, ${LIFECYCLE.inactive})
     where coalesce(by_code.id, by_id_number.id) is not null
       ${supplierId ? sql`and o.suppliers_master_id = ${supplierId}` : sql``}
       and not exists (select 1 from orders_master m where m.orders_import_id = o.id)
     order by o.id
    on conflict (orders_import_id) do nothing`);
  return result.rowCount ?? 0;
}

export async function matchOrderProducts(tx: Executor, supplierId: number | null): Promise<number> {
  const result = await tx.execute(sql`
    update orders_import o
       set products_master_id = m.products_master_id, updated_at = now()
      from (select distinct on (suppliers_master_id, lower(product_name))
                   suppliers_master_id, lower(product_name) as name, products_master_id
              from products_import
             where products_master_id is not null
             order by suppliers_master_id, lower(product_name), id desc) m
     where o.products_master_id is null
       and m.suppliers_master_id = o.suppliers_master_id and m.name = lower(o.product)
       ${supplierId ? sql`and o.suppliers_master_id = ${supplierId}` : sql``}`);
  return result.rowCount ?? 0;
}

/** Structure level = depth below the root + 1, from the closure table; only changed rows written. */
export async function updateStructureLevels(tx: Executor): Promise<number> {
  const result = await tx.execute(sql`
    update users_master u
       set structure_level = s.level
      from (select descendant_id, (max(depth) + 1)::smallint as level
              from users_hierarchy_closure group by descendant_id) s
     where s.descendant_id = u.id and u.structure_level is distinct from s.level`);
  return result.rowCount ?? 0;
}
