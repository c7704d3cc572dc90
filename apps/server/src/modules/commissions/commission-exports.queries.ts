import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

// SQL of the Export Data tab (spec 3 §7.3; decision 032). Every export reads in keyset pages (`key`
// greater than the last one sent), so a file of any size streams without the table in memory.

export interface ExportPage {
  after: number;
  limit: number;
}

export type KeyedRow = Record<string, unknown> & { key: number };

export async function commissionLinesPage(
  db: Executor,
  periodId: number,
  role: 'agent' | 'leader',
  page: ExportPage,
): Promise<KeyedRow[]> {
  const result = await db.execute<KeyedRow>(sql`
    select l.id as key, o.order_number, s.supplier_name, coalesce(p.display_name, o.product) as product,
           o.supplier_activation_date::text as activation_date, l.payee_users_master_id as payee_id,
           u.first_name, u.surname, u.refs_user_tier_id as tier, l.leader_level, l.amount_cents, l.source,
           l.reversal_of_line_id
      from commission_lines l
      join orders_import o on o.id = l.orders_import_id
      join suppliers_master s on s.id = o.suppliers_master_id
      left join products_master p on p.id = o.products_master_id
      join users_master u on u.id = l.payee_users_master_id
     where l.commissions_period_id = ${periodId} and l.role = ${role} and l.id > ${page.after}
     order by l.id
     limit ${page.limit}`);
  return result.rows;
}

/** Payees of the period with their total and where it is paid; the account number masked. */
export async function bankingReportPage(db: Executor, periodId: number, page: ExportPage): Promise<KeyedRow[]> {
  const result = await db.execute<KeyedRow>(sql`
    with totals as (
      select payee_users_master_id as payee_id, sum(amount_cents) as total_cents, count(*) as lines
        from commission_lines
       where commissions_period_id = ${periodId} and payee_users_master_id > ${page.after}
       group by payee_users_master_id)
    select t.payee_id as key, u.first_name, u.surname, u.refs_payment_type as payment_type, b.bank,
           right(b.account_number, 4) as account_last4, t.lines::int as lines, t.total_cents::text as total_cents
      from totals t
      join users_master u on u.id = t.payee_id
      left join lateral (select bank, account_number from banking_details bd
                          where bd.user_id = t.payee_id order by bd.id desc limit 1) b on true
     order by t.payee_id
     limit ${page.limit}`);
  return result.rows;
}

const dealerColumns = sql`u.id as key, u.first_name, u.surname, u.email, u.phone, st.name as status,
  ut.type as user_type, u.refs_user_tier_id as tier, u.is_leader, u.parent_id, u.structure_level,
  u.created_at::text as created_at`;

/** Dealers (not admins) by id. */
export async function dealersPage(db: Executor, page: ExportPage & { offset?: number }): Promise<KeyedRow[]> {
  const result = await db.execute<KeyedRow>(sql`
    select ${dealerColumns}
      from users_master u
      join refs_user_lifecycle_status st on st.id = u.refs_user_lifecycle_status_id
      join refs_user_type ut on ut.id = u.refs_type_id
     where not u.is_admin and u.id > ${page.after}
     order by u.id
     limit ${page.limit} offset ${page.offset ?? 0}`);
  return result.rows;
}

export async function countDealers(db: Executor): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from users_master where not is_admin`,
  );
  return result.rows[0]?.count ?? 0;
}

export async function advancesPage(db: Executor, page: ExportPage): Promise<KeyedRow[]> {
  const result = await db.execute<KeyedRow>(sql`
    select c.id as key, c.users_master_id as payee_id, c.agent_name, c.agent_surname, c.credit_type,
           c.request_value_cents, c.monthly_payment_cents, c.months, c.outstanding_amount_cents, c.settled,
           c.created_at::text as created_at
      from credit_applications c
     where c.id > ${page.after}
     order by c.id
     limit ${page.limit}`);
  return result.rows;
}

export async function contractsPage(db: Executor, page: ExportPage): Promise<KeyedRow[]> {
  const result = await db.execute<KeyedRow>(sql`
    select c.id as key, c.users_master_id as payee_id, u.first_name, u.surname, c.document_name, c.status,
           c.product_codes::text as product_codes, c.signed_at::text as signed_at, c.created_at::text as created_at
      from dealer_contracts c
      join users_master u on u.id = c.users_master_id
     where c.id > ${page.after}
     order by c.id
     limit ${page.limit}`);
  return result.rows;
}
