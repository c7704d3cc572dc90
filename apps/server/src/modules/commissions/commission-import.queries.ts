import type { Writable } from 'node:stream';
import type { ImportPayout } from '@portal/domain/commissions/calculation';
import { eq, sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Executor } from '../../db/client.ts';
import { copyTextLine } from '../../db/copy.ts';
import { commissionImports } from '../../db/schema/index.ts';

// SQL of the payout imports (DECISIONS "Commissions" 4; decision 031). The file's payouts are
// COPYed into a TEMP staging table living only in the job's transaction, then matched to orders
// (by order number) and payees (by Z-code) in one statement; the matches become lines with source
// 'import' taking the place of the order's line they name (agent, or leader tier k), the rest
// exceptions with reasons.
// A payee is paid only while active or deactivated (as the calculation's agent), and a place of an
// order (agent, or leader tier k) already stamped to a payout takes no imported line beside it.

export type CommissionImportRow = typeof commissionImports.$inferSelect;

export async function insertCommissionImport(db: Executor, values: typeof commissionImports.$inferInsert) {
  const [row] = await db.insert(commissionImports).values(values).returning();
  return row!;
}

export async function findCommissionImport(db: Executor, id: number): Promise<CommissionImportRow | undefined> {
  const [row] = await db.select().from(commissionImports).where(eq(commissionImports.id, id));
  return row;
}

export async function updateCommissionImport(
  db: Executor,
  id: number,
  values: Partial<typeof commissionImports.$inferInsert>,
) {
  await db.update(commissionImports).set(values).where(eq(commissionImports.id, id));
}

export async function createImportStaging(tx: Executor): Promise<void> {
  await tx.execute(sql`drop table if exists commission_import_staging`);
  await tx.execute(sql`
    create temp table commission_import_staging (
      line integer not null,
      order_number text not null,
      paid_to text not null,
      payee_id integer,
      amount_cents bigint,
      tier integer,
      role text not null,
      raw jsonb not null
    ) on commit drop`);
}

export function importStagingLine(payout: ImportPayout): string {
  return copyTextLine([
    payout.line,
    payout.orderNumber,
    payout.paidTo,
    payout.payeeId,
    payout.amountCents,
    payout.tier,
    payout.role,
    JSON.stringify(payout.raw),
  ]);
}

export async function copyIntoImportStaging(
  client: PoolClient,
  feed: (into: Writable) => Promise<void>,
): Promise<number> {
  const copy = client.query(copyFrom('copy commission_import_staging from stdin'));
  await feed(copy);
  return copy.rowCount;
}

/**
 * Matches the staged payouts and applies them; returns the lines written and the exceptions kept.
 * A later line of the same file for the same place of an order (agent, or leader tier k) wins over an earlier one.
 */
export async function applyImport(
  tx: Executor,
  target: { importId: number },
): Promise<{ imported: number; exceptions: number }> {
  await tx.execute(sql`
    create temp table commission_import_rows on commit drop as
    with orders_by_number as (
      select order_number, min(id) as order_id, count(*)::int as n
        from orders_import
       where order_number in (select order_number from commission_import_staging)
       group by order_number
    ), matched as (
      select s.*, o.order_id, coalesce(o.n, 0) as n_orders, u.id as user_id,
             case when s.role = 'leader' then s.tier else 0 end as slot,
             row_number() over w as dup_rank, first_value(s.line) over w as kept_line,
             exists (select 1 from orders_commission_paid p where p.orders_import_id = o.order_id) as already_paid,
             u.refs_user_lifecycle_status_id as payee_status,
             exists (select 1 from commission_lines l
                      where l.orders_import_id = o.order_id and l.role::text = s.role
                        and coalesce(l.leader_level, 0) = (case when s.role = 'leader' then s.tier else 0 end)
                        and l.commissions_period_id is not null and l.source <> 'reversal') as place_stamped
        from commission_import_staging s
        left join orders_by_number o on o.order_number = s.order_number
        left join users_master u on u.id = s.payee_id
      window w as (partition by o.order_id, s.role, case when s.role = 'leader' then s.tier else 0 end
                   order by s.line desc)
    )
    select m.*, case
      when m.order_number = '' then 'No order number'
      when m.n_orders = 0 then 'Order ' || m.order_number || ' not found'
      when m.n_orders > 1 then 'Order number ' || m.order_number || ' matches ' || m.n_orders || ' orders of different suppliers'
      when m.payee_id is null then 'Paid-to "' || m.paid_to || '" is not a Z-code'
      when m.user_id is null then 'No dealer with Z-code Z-' || m.payee_id
      when m.amount_cents is null then 'The amount is not an amount in rand'
      when m.amount_cents <= 0 then 'The amount must be more than zero'
      when m.amount_cents > 2147483647 then 'The amount is too large'
      when m.role = 'leader' and (m.tier is null or m.tier not between 1 and 7) then 'The leader tier must be 1 to 7'
      when m.payee_status not in (2, 3) then
        'Dealer Z-' || m.payee_id || ' is in lifecycle status ' || m.payee_status || ' (only active or deactivated dealers are paid)'
      when m.already_paid then 'Commission has already been paid'
      when m.place_stamped then case when m.role = 'leader'
        then 'The tier ' || m.tier || ' leader commission of order ' || m.order_number || ' is already stamped to a payout'
        else 'The agent commission of order ' || m.order_number || ' is already stamped to a payout' end
      when m.dup_rank > 1 then 'Replaced by line ' || m.kept_line || ' of the same file'
      end as reason
      from matched m`);

  const exceptions = await tx.execute(sql`
    insert into commission_exceptions (commission_import_id, orders_import_id, reason, line, raw_row)
    select ${target.importId}, case when n_orders = 1 then order_id end, reason, line, raw
      from commission_import_rows where reason is not null order by line`);

  // An imported line replaces its payee's calculated line for the order, and takes its place (the
  // agent, or leader tier k) from the calculated line and an earlier file's line for someone else:
  // one payee per place, one line per payee (decision 055).
  await tx.execute(sql`
    delete from commission_lines l
     using commission_import_rows r
     where r.reason is null and l.commissions_period_id is null and l.orders_import_id = r.order_id
       and ((l.source = 'calculated' and l.payee_users_master_id = r.payee_id)
            or (l.role::text = r.role and coalesce(l.leader_level, 0) = r.slot
                and (l.source = 'calculated' or (l.source = 'import' and l.payee_users_master_id <> r.payee_id))))`);

  const lines = await tx.execute(sql`
    insert into commission_lines (
      orders_import_id, payee_users_master_id, role, leader_level, amount_cents, source, is_held,
      commission_import_id, import_line)
    select r.order_id, r.payee_id, r.role::commission_line_role, case when r.role = 'leader' then r.tier end, r.amount_cents::integer,
           'import', exists (select 1 from commission_held_payees h where h.id = r.payee_id),
           ${target.importId}, r.line
      from commission_import_rows r
     where r.reason is null
     order by r.line
    on conflict (orders_import_id, payee_users_master_id, role, (coalesce(leader_level, 0)), source)
      where source <> 'reversal'
    do update set amount_cents = excluded.amount_cents, is_held = excluded.is_held,
                  commission_import_id = excluded.commission_import_id,
                  import_line = excluded.import_line
      where commission_lines.commissions_period_id is null`);
  return { imported: lines.rowCount ?? 0, exceptions: exceptions.rowCount ?? 0 };
}
