import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

// SQL of the preview (DECISIONS "Commissions" 6; decision 031): what stamping would attach, i.e.
// the unstamped lines (held ones included, flagged), the exceptions of the latest agent and leader
// runs and of the imports since the last close, and the totals per payee. Server-paged. Totals are
// read from commission_unstamped_totals, which triggers keep in step with the lines (decision 041);
// a page of lines walks commission_lines_unstamped_order_idx. Lines are read through the view
// commission_lines_traced, which puts each line's rate column and rule into words (decision 042).

export interface PreviewFilter {
  role?: 'agent' | 'leader' | undefined;
  source?: 'calculated' | 'import' | 'reversal' | undefined;
  held?: boolean | undefined;
  payee?: number | undefined;
  order?: string | undefined;
}

function lineWhere(filter: PreviewFilter): SQL {
  const parts: SQL[] = [sql`l.commissions_period_id is null`];
  if (filter.role) parts.push(sql`l.role = ${filter.role}`);
  if (filter.source) parts.push(sql`l.source = ${filter.source}`);
  if (filter.held !== undefined) parts.push(sql`l.is_held = ${filter.held}`);
  if (filter.payee) parts.push(sql`l.payee_users_master_id = ${filter.payee}`);
  if (filter.order) parts.push(sql`o.order_number = ${filter.order}`);
  return sql.join(parts, sql` and `);
}

export interface PreviewLineRow {
  id: number;
  order_id: number;
  order_number: string;
  supplier_name: string;
  payee_id: number;
  first_name: string;
  surname: string;
  role: 'agent' | 'leader';
  leader_level: number | null;
  amount_cents: number;
  source: 'calculated' | 'import' | 'reversal';
  is_held: boolean;
  deals_master_id: number | null;
  products_master_id: number | null;
  rate_column: string | null;
  rule: string | null;
}

export async function previewLinePage(db: Executor, filter: PreviewFilter, page: { limit: number; offset: number }) {
  const result = await db.execute<PreviewLineRow & Record<string, unknown>>(sql`
    select l.id, l.orders_import_id as order_id, o.order_number, s.supplier_name,
           l.payee_users_master_id as payee_id, u.first_name, u.surname, l.role, l.leader_level,
           l.amount_cents, l.source, l.is_held, l.deals_master_id, l.products_master_id, l.rate_column, l.rule
      from commission_lines_traced l
      join orders_import o on o.id = l.orders_import_id
      join suppliers_master s on s.id = o.suppliers_master_id
      join users_master u on u.id = l.payee_users_master_id
     where ${lineWhere(filter)}
     order by l.orders_import_id, l.role, l.leader_level nulls first, l.id
     limit ${page.limit} offset ${page.offset}`);
  return result.rows;
}

export async function previewLineTotals(db: Executor, filter: PreviewFilter) {
  type Totals = { lines: number; amount_cents: number; held_lines: number; held_cents: number };
  if (!filter.order) {
    // Every other filter is a key of the summary the triggers keep (decision 041): no line is read.
    const parts: SQL[] = [sql`true`];
    if (filter.role) parts.push(sql`t.role = ${filter.role}`);
    if (filter.source) parts.push(sql`t.source = ${filter.source}`);
    if (filter.held !== undefined) parts.push(sql`t.is_held = ${filter.held}`);
    if (filter.payee) parts.push(sql`t.payee_users_master_id = ${filter.payee}`);
    const result = await db.execute<Totals>(sql`
      select coalesce(sum(t.lines), 0)::int as lines, coalesce(sum(t.amount_cents), 0)::float8 as amount_cents,
             coalesce(sum(t.lines) filter (where t.is_held), 0)::int as held_lines,
             coalesce(sum(t.amount_cents) filter (where t.is_held), 0)::float8 as held_cents
        from commission_unstamped_totals t
       where ${sql.join(parts, sql` and `)}`);
    return result.rows[0]!;
  }
  const result = await db.execute<Totals>(sql`
    select count(*)::int as lines, coalesce(sum(l.amount_cents), 0)::bigint::float8 as amount_cents,
           count(*) filter (where l.is_held)::int as held_lines,
           coalesce(sum(l.amount_cents) filter (where l.is_held), 0)::float8 as held_cents
      from commission_lines l
      join orders_import o on o.id = l.orders_import_id
     where ${lineWhere(filter)}`);
  return result.rows[0]!;
}

/** Exceptions: the latest completed agent and leader runs, and the imports since the last close. */
const EXCEPTION_SCOPE = sql`
  with latest as (
    select distinct on (step_name) id, step_name from commission_runs
     where step_name in ('agent_commissions', 'leader_commissions') and status = 'completed'
     order by step_name, id desc
  ), since as (
    select coalesce(max(closed_at), '-infinity'::timestamptz) as at from commissions_period_index
  ), scoped as (
    select e.id, latest.step_name as source, e.orders_import_id, e.line, e.reason, e.created_at
      from commission_exceptions e join latest on latest.id = e.commission_run_id
    union all
    select e.id, 'import', e.orders_import_id, e.line, e.reason, e.created_at
      from commission_exceptions e
      join commission_imports i on i.id = e.commission_import_id and i.status = 'completed'
     where i.created_at > (select at from since)
  )`;

export async function previewExceptionPage(db: Executor, page: { limit: number; offset: number }) {
  const result = await db.execute<{
    id: number;
    source: 'agent_commissions' | 'leader_commissions' | 'import';
    orders_import_id: number | null;
    order_number: string | null;
    line: number | null;
    reason: string;
    created_at: string;
  }>(sql`
    ${EXCEPTION_SCOPE}
    select x.id, x.source, x.orders_import_id, o.order_number, x.line, x.reason, x.created_at::text
      from scoped x left join orders_import o on o.id = x.orders_import_id
     order by case x.source when 'import' then 0 when 'agent_commissions' then 1 else 2 end, x.id
     limit ${page.limit} offset ${page.offset}`);
  return result.rows;
}

export async function previewExceptionCount(db: Executor): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`${EXCEPTION_SCOPE} select count(*)::int as n from scoped`);
  return result.rows[0]?.n ?? 0;
}

export async function previewPayeeTotals(db: Executor, limit: number) {
  const result = await db.execute<{
    payee_id: number;
    first_name: string;
    surname: string;
    agent_cents: number;
    leader_cents: number;
    held_cents: number;
    total_cents: number;
    lines: number;
  }>(sql`
    select t.*, u.first_name, u.surname from (
      select payee_users_master_id as payee_id,
             coalesce(sum(amount_cents) filter (where role = 'agent'), 0)::float8 as agent_cents,
             coalesce(sum(amount_cents) filter (where role = 'leader'), 0)::float8 as leader_cents,
             coalesce(sum(amount_cents) filter (where is_held), 0)::float8 as held_cents,
             sum(amount_cents)::float8 as total_cents,
             sum(lines)::int as lines
        from commission_unstamped_totals
       group by payee_users_master_id
       order by sum(amount_cents) desc, payee_users_master_id
       limit ${limit}) t
      join users_master u on u.id = t.payee_id
     order by t.total_cents desc, t.payee_id`);
  return result.rows;
}

export async function previewOverall(db: Executor) {
  const result = await db.execute<{ payees: number; total_cents: number }>(sql`
    select count(distinct payee_users_master_id)::int as payees, coalesce(sum(amount_cents), 0)::float8 as total_cents
      from commission_unstamped_totals`);
  return result.rows[0]!;
}
