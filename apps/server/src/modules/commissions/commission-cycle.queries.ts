import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

// SQL of the end of the commission cycle (decision 032): set-based statements only. The period row
// is the lock every step takes (FOR UPDATE), so stamping, closing and the line trigger of migration
// 0004 serialise on it.

export interface PeriodRow extends Record<string, unknown> {
  id: number;
  start_date: string;
  end_date: string;
  paid_date: string | null;
  is_active: boolean;
  closed_at: Date | null;
  closed_by: number | null;
  banking_exported_at: Date | null;
}

const periodColumns = sql`id, start_date::text, end_date::text, paid_date::text, is_active, closed_at, closed_by,
  banking_exported_at`;

export async function setCommissionFreeze(tx: Executor, on: boolean, userId: number): Promise<unknown> {
  const before = await tx.execute<{ value: unknown }>(
    sql`select value from app_settings where key = 'commission_freeze' for update`,
  );
  await tx.execute(sql`
    insert into app_settings (key, value, updated_by_user_id, updated_at)
    values ('commission_freeze', ${JSON.stringify(on)}::jsonb, ${userId}, now())
    on conflict (key) do update set value = excluded.value, updated_by_user_id = excluded.updated_by_user_id,
      updated_at = now()`);
  return before.rows[0]?.value ?? null;
}

export async function findPeriod(db: Executor, id: number, lock = false): Promise<PeriodRow | undefined> {
  const result = await db.execute<PeriodRow>(
    sql`select ${periodColumns} from commissions_period_index where id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  return result.rows[0];
}

/** The period's payout has gone to the bank: its first export's time is kept. */
export async function markBankingExported(tx: Executor, periodId: number): Promise<void> {
  await tx.execute(sql`
    update commissions_period_index set banking_exported_at = coalesce(banking_exported_at, now()) where id = ${periodId}`);
}

export async function findActivePeriod(db: Executor, lock = false): Promise<PeriodRow | undefined> {
  const result = await db.execute<PeriodRow>(
    sql`select ${periodColumns} from commissions_period_index where is_active limit 1 ${lock ? sql`for update` : sql``}`,
  );
  return result.rows[0];
}

export async function findLatestClosedPeriod(db: Executor, exceptId: number | null): Promise<PeriodRow | undefined> {
  const result = await db.execute<PeriodRow>(sql`
    select ${periodColumns} from commissions_period_index
     where closed_at is not null and id <> ${exceptId ?? -1}
     order by end_date desc, id desc limit 1`);
  return result.rows[0];
}

export async function latestPeriodEnd(db: Executor): Promise<string | null> {
  const result = await db.execute<{ end_date: string | null }>(
    sql`select max(end_date)::text as end_date from commissions_period_index`,
  );
  return result.rows[0]?.end_date ?? null;
}

export async function countStampedLines(db: Executor, periodIds: number[]): Promise<Map<number, number>> {
  if (!periodIds.length) return new Map();
  const result = await db.execute<{ period_id: number; lines: number }>(sql`
    select commissions_period_id as period_id, count(*)::int as lines from commission_lines
     where commissions_period_id = any(${sql.param(periodIds)}::int[])
     group by commissions_period_id`);
  return new Map(result.rows.map((row) => [row.period_id, row.lines]));
}

export async function countUnstampedLines(db: Executor): Promise<{ unstamped: number; held: number }> {
  const result = await db.execute<{ unstamped: number; held: number }>(sql`
    select count(*)::int as unstamped, count(*) filter (where is_held)::int as held
      from commission_lines where commissions_period_id is null`);
  return result.rows[0] ?? { unstamped: 0, held: 0 };
}

/** Makes the one active period inactive (a closed period keeps its row) and opens the next. */
export async function openPeriod(
  tx: Executor,
  values: { startDate: string; endDate: string; paidDate: string },
): Promise<PeriodRow> {
  await tx.execute(sql`update commissions_period_index set is_active = false where is_active`);
  const result = await tx.execute<PeriodRow>(sql`
    insert into commissions_period_index (start_date, end_date, paid_date, is_active)
    values (${values.startDate}, ${values.endDate}, ${values.paidDate}, true)
    returning ${periodColumns}`);
  return result.rows[0]!;
}

// ---- Runs ----

export async function findUnfinishedRun(
  db: Executor,
  periodId: number,
  stepName: string,
): Promise<{ id: number } | undefined> {
  const result = await db.execute<{ id: number }>(sql`
    select id from commission_runs
     where commissions_period_id = ${periodId} and step_name = ${stepName} and status in ('queued', 'running')
     limit 1`);
  return result.rows[0];
}

export async function insertRun(
  tx: Executor,
  values: { stepName: string; periodId: number; startedBy: number },
): Promise<number> {
  const result = await tx.execute<{ id: number }>(sql`
    insert into commission_runs (step_name, commissions_period_id, started_by, status)
    values (${values.stepName}, ${values.periodId}, ${values.startedBy}, 'queued') returning id`);
  return result.rows[0]!.id;
}

export async function findRun(db: Executor, id: number) {
  const result = await db.execute<{
    id: number;
    step_name: string;
    commissions_period_id: number;
    status: string;
    started_by: number | null;
  }>(sql`select id, step_name, commissions_period_id, status, started_by from commission_runs where id = ${id}`);
  return result.rows[0];
}

export async function setRunJob(tx: Executor, id: number, jobId: string): Promise<void> {
  await tx.execute(sql`update commission_runs set job_id = ${jobId} where id = ${id}`);
}

export async function markRun(
  db: Executor,
  id: number,
  values: { status: 'running' | 'completed' | 'failed'; linesCount?: number; ordersCount?: number; error?: string },
): Promise<void> {
  await db.execute(sql`
    update commission_runs set status = ${values.status},
      started_at = case when ${values.status} = 'running' then now() else started_at end,
      finished_at = case when ${values.status} in ('completed', 'failed') then now() else finished_at end,
      lines_count = coalesce(${values.linesCount ?? null}::int, lines_count),
      orders_count = coalesce(${values.ordersCount ?? null}::int, orders_count),
      error = ${values.error ?? null}
    where id = ${id}`);
}

// ---- Stamping and closing ----

/** Attaches every unstamped line that is not held to the period; held lines stay unstamped and roll over. */
export async function stampLines(tx: Executor, periodId: number): Promise<{ lines: number; orders: number }> {
  const result = await tx.execute<{ lines: number; orders: number }>(sql`
    with stamped as (
      update commission_lines set commissions_period_id = ${periodId}
       where commissions_period_id is null and not is_held
      returning orders_import_id)
    select count(*)::int as lines, count(distinct orders_import_id)::int as orders from stamped`);
  return result.rows[0] ?? { lines: 0, orders: 0 };
}

/**
 * Records every order paid in the period (a positive, non-reversal line) with the paid date. An
 * order already recorded by an earlier period keeps its first record.
 */
export async function recordPaidOrders(tx: Executor, period: { id: number; paidDate: string }): Promise<number> {
  const result = await tx.execute(sql`
    insert into orders_commission_paid (orders_import_id, paid_date, commissions_period_id)
    select distinct l.orders_import_id, ${period.paidDate}::date, ${period.id}::int
      from commission_lines l
     where l.commissions_period_id = ${period.id} and l.source <> 'reversal'
    on conflict (orders_import_id) do nothing`);
  return result.rowCount ?? 0;
}

export async function markPeriodClosed(tx: Executor, periodId: number, userId: number | null): Promise<void> {
  await tx.execute(
    sql`update commissions_period_index set closed_at = now(), closed_by = ${userId} where id = ${periodId}`,
  );
}

// ---- Closure summary ----

export async function closureTotals(db: Executor, periodId: number) {
  const result = await db.execute<{ role: string; order_count: number; total_amount: string; payees: number }>(sql`
    select role, count(distinct orders_import_id)::int as order_count, coalesce(sum(amount_cents), 0)::text as total_amount,
           count(distinct payee_users_master_id)::int as payees
      from commission_lines where commissions_period_id = ${periodId}
     group by role`);
  const payees = await db.execute<{ payees: number }>(sql`
    select count(distinct payee_users_master_id)::int as payees from commission_lines
     where commissions_period_id = ${periodId}`);
  return { byRole: result.rows, payeeCount: payees.rows[0]?.payees ?? 0 };
}

// ---- Banking export ----

export interface PayoutRow extends Record<string, unknown> {
  payee_id: number;
  first_name: string | null;
  surname: string | null;
  phone: string | null;
  e_wallet_link: string | null;
  bank: string | null;
  branch_code: string | null;
  account_number: string | null;
  account_type: string | null;
  total_cents: string;
}

/**
 * One page of the period's payees with a positive total, by payee id, with their latest banking row.
 * `payment` picks the payees of one payment type (bank or eWallet).
 */
export async function payoutsPage(
  db: Executor,
  periodId: number,
  payment: string,
  paging: { after: number; limit: number },
): Promise<PayoutRow[]> {
  const result = await db.execute<PayoutRow>(sql`
    with totals as (
      select payee_users_master_id as payee_id, sum(amount_cents) as total_cents
        from commission_lines
       where commissions_period_id = ${periodId} and payee_users_master_id > ${paging.after}
       group by payee_users_master_id
      having sum(amount_cents) > 0)
    select t.payee_id, u.first_name, u.surname, u.phone, u.e_wallet_link,
           b.bank, b.branch_code, b.account_number, at.name as account_type, t.total_cents::text
      from totals t
      join users_master u on u.id = t.payee_id
      left join lateral (select bank, branch_code, account_number, account_type from banking_details bd
                          where bd.user_id = t.payee_id order by bd.id desc limit 1) b on true
      left join refs_bank_account_type at on at.id = b.account_type
     where u.refs_payment_type = ${payment}
     order by t.payee_id
     limit ${paging.limit}`);
  return result.rows;
}

export async function countPayouts(db: Executor, periodId: number, payment: string) {
  const result = await db.execute<{ payees: number; total_cents: string }>(sql`
    with totals as (
      select payee_users_master_id as payee_id, sum(amount_cents) as total_cents
        from commission_lines where commissions_period_id = ${periodId}
       group by payee_users_master_id having sum(amount_cents) > 0)
    select count(*)::int as payees, coalesce(sum(t.total_cents), 0)::text as total_cents
      from totals t join users_master u on u.id = t.payee_id
     where u.refs_payment_type = ${payment}`);
  return result.rows[0] ?? { payees: 0, total_cents: '0' };
}

// ---- Reversals ----

export interface LineRow extends Record<string, unknown> {
  id: number;
  commissions_period_id: number | null;
  orders_import_id: number;
  payee_users_master_id: number;
  role: string;
  leader_level: number | null;
  amount_cents: number;
  source: string;
  period_closed_at: Date | null;
}

/** The lines of a period for one order number, each with the cents its reversals already take back. */
export async function periodLinesOfOrder(db: Executor, periodId: number, orderNumber: string) {
  const result = await db.execute<{
    id: number;
    order_number: string;
    payee_id: number;
    first_name: string | null;
    surname: string | null;
    role: 'agent' | 'leader';
    leader_level: number | null;
    amount_cents: number;
    source: 'calculated' | 'import' | 'reversal';
    reversed_cents: number;
  }>(sql`
    select l.id, o.order_number, l.payee_users_master_id as payee_id, u.first_name, u.surname, l.role,
           l.leader_level, l.amount_cents, l.source,
           (select coalesce(-sum(r.amount_cents), 0)::int from commission_lines r
             where r.reversal_of_line_id = l.id) as reversed_cents
      from commission_lines l
      join orders_import o on o.id = l.orders_import_id
      join users_master u on u.id = l.payee_users_master_id
     where l.commissions_period_id = ${periodId} and o.order_number = ${orderNumber}
     order by l.role, l.leader_level nulls first, l.id
     limit 100`);
  return result.rows;
}

/**
 * The line to reverse, locked: parallel reversals of one line wait here, and each then reads (a new
 * statement, a new snapshot) what the earlier ones took back.
 */
export async function findLineForReversal(tx: Executor, lineId: number): Promise<LineRow | undefined> {
  const result = await tx.execute<LineRow>(sql`
    select l.id, l.commissions_period_id, l.orders_import_id, l.payee_users_master_id, l.role, l.leader_level,
           l.amount_cents, l.source, p.closed_at as period_closed_at
      from commission_lines l
      left join commissions_period_index p on p.id = l.commissions_period_id
     where l.id = ${lineId}
     for update of l`);
  return result.rows[0];
}

/** Whom a reversal is told to: the payee's name and contact, and the order's number. */
export async function reversalNoticeFacts(tx: Executor, line: LineRow) {
  const result = await tx.execute<{
    first_name: string | null;
    email: string | null;
    phone: string | null;
    order_number: string;
  }>(sql`
    select u.first_name, u.email, u.phone, o.order_number
      from users_master u, orders_import o
     where u.id = ${line.payee_users_master_id} and o.id = ${line.orders_import_id}`);
  return result.rows[0];
}

/** Cents the line's reversals already take back (positive). Read under the line's lock. */
export async function reversedCentsOf(tx: Executor, lineId: number): Promise<number> {
  const result = await tx.execute<{ cents: number }>(
    sql`select coalesce(-sum(amount_cents), 0)::int as cents from commission_lines where reversal_of_line_id = ${lineId}`,
  );
  return result.rows[0]?.cents ?? 0;
}

/** The reversal line: unstamped, so the next stamping puts it in the open period. */
export async function insertReversal(tx: Executor, line: LineRow, amountCents: number): Promise<number> {
  const result = await tx.execute<{ id: number }>(sql`
    insert into commission_lines (orders_import_id, payee_users_master_id, role, leader_level, amount_cents, source,
                                  reversal_of_line_id)
    values (${line.orders_import_id}, ${line.payee_users_master_id}, ${line.role}, ${line.leader_level},
            ${amountCents}, 'reversal', ${line.id})
    returning id`);
  return result.rows[0]!.id;
}

// ---- Sales report ----

export async function salesByProduct(db: Executor, period: { id: number; startDate: string; endDate: string }) {
  const result = await db.execute<{
    supplier_id: number;
    supplier_name: string;
    product: string;
    order_count: number;
    commission_cents: string;
  }>(sql`
    with orders as (
      -- Every supplier named, so the range is read from the (supplier, activation date) index (there
      -- is no index on the activation date alone, decision 043).
      select o.id, o.suppliers_master_id, coalesce(p.display_name, o.product, 'Unknown product') as product
        from orders_import o
        left join products_master p on p.id = o.products_master_id
       where o.suppliers_master_id = any (array(select id from suppliers_master))
         and o.supplier_activation_date between ${period.startDate}::date and ${period.endDate}::date),
    paid as (
      select orders_import_id, sum(amount_cents) as cents from commission_lines
       where commissions_period_id = ${period.id} group by orders_import_id)
    select s.id as supplier_id, s.supplier_name, o.product, count(*)::int as order_count,
           coalesce(sum(paid.cents), 0)::text as commission_cents
      from orders o
      join suppliers_master s on s.id = o.suppliers_master_id
      left join paid on paid.orders_import_id = o.id
     group by s.id, s.supplier_name, o.product
     order by s.supplier_name, order_count desc, o.product`);
  return result.rows;
}
