import type { OrderReportType } from '@portal/domain/orders/order-report';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { inActorsDownstreamFactSql } from '../../platform/reach.queries.ts';

// The supplier page's order reports (DECISIONS "Orders"): one dealer's orders at one supplier.
// The dealer's orders are found through the attribution indexes (orders_master by dealer, the
// override by its agent; the override wins), so a report reads that dealer's rows only, never the
// whole table. Report types: order = created in the range; unpaid = created, not paid;
// uninstalled = paid, not installed; commission_not_paid = activated, no commission paid. A search
// replaces the range and looks through every date.

export interface OrderReportSqlFilter {
  userId: number;
  supplierId: number;
  report: OrderReportType;
  from: string;
  to: string;
  search: string | null;
}

export interface OrderReportDbRow {
  id: number;
  orderNumber: string;
  customerAccountNumber: string | null;
  customerName: string | null;
  customerAddress: string | null;
  customerPhone: string | null;
  customerEmail: string | null;
  createdDate: string;
  paidDate: string | null;
  installedDate: string | null;
  activatedDate: string | null;
  commissionPaidDate: string | null;
  customerStatus1: string | null;
  customerStatus2: string | null;
}

/** What the report's checks read: the asked-for dealer under the viewer, and the supplier's check row. */
export interface OrderReportChecks {
  downstream: boolean;
  /** The catalogue's supplier check row (`SupplierCheckRow`), null for no such supplier. */
  supplier: { id: number; supplierStatus: number; linked: boolean } | null;
}

/**
 * The report's reach and supplier checks as one JSON value for the actor's own statement
 * (decision 048, the pattern of decision 044): placeholder `dealerId` (null for the viewer's own
 * report) and the catalogue's supplier check (`supplierCheck`, given placeholder `supplierId`).
 * Neither reads an order. Never null (a JSON object), so the route always has its checks.
 */
export const orderReportChecksSql = (supplierCheck: (supplierId: SQLWrapper) => SQL) => sql`json_build_object(
    'downstream', ${inActorsDownstreamFactSql(sql.placeholder('dealerId'))},
    'supplier', ${supplierCheck(sql.placeholder('supplierId'))})`;

/** The dealer's orders: attributed to them and not reassigned, or reassigned to them. */
const dealersOrders = (userId: number) => sql`
  select om.orders_import_id as id
    from orders_master om
   where om.users_master_id = ${userId}
     and not exists (select 1 from orders_admin_override ov where ov.orders_import_id = om.orders_import_id)
  union all
  select ov.orders_import_id from orders_admin_override ov where ov.newly_assigned_agent = ${userId}`;

const inRange = (column: string, filter: OrderReportSqlFilter) =>
  sql`${sql.raw(column)} between ${filter.from}::date and ${filter.to}::date`;

/** The report type's condition; its date in the range unless searching. */
function reportCondition(filter: OrderReportSqlFilter): SQL {
  const searching = filter.search !== null;
  const dated = (column: string) => (searching ? sql`true` : inRange(column, filter));
  switch (filter.report) {
    case 'order':
      return dated('o.order_created_date');
    case 'unpaid':
      return sql`o.order_paid_date is null and ${dated('o.order_created_date')}`;
    case 'uninstalled':
      return sql`o.order_paid_date is not null and o.order_installation_date is null and ${dated('o.order_paid_date')}`;
    case 'commission_not_paid':
      return sql`o.supplier_activation_date is not null and cp.orders_import_id is null and ${dated('o.supplier_activation_date')}`;
  }
}

function searchCondition(search: string | null): SQL {
  if (search === null) return sql`true`;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // Phones are stored as 9 digits: '082 123' finds '82123…'.
  const digits = search.replace(/\D/g, '').replace(/^0/, '');
  const phone = digits.length >= 2 ? sql` or o.customer_phone like ${`%${digits}%`}` : sql``;
  return sql`(o.order_number ilike ${pattern} or o.customer_account_number ilike ${pattern}
              or o.customer_name ilike ${pattern} or o.customer_email ilike ${pattern}
              or o.customer_address ilike ${pattern}${phone})`;
}

const fromDealersOrders = (filter: OrderReportSqlFilter) => sql`
  from (${dealersOrders(filter.userId)}) mine
  join orders_import o on o.id = mine.id
  left join orders_commission_paid cp on cp.orders_import_id = o.id
 where o.suppliers_master_id = ${filter.supplierId}`;

/**
 * One page of the report, newest first: by offset (the grid) or after a row (the export's
 * keyset: order_created_date and id, descending).
 */
export async function findOrderReportRows(
  db: Executor,
  filter: OrderReportSqlFilter,
  page: { limit: number; offset?: number; after?: { createdDate: string; id: number } },
): Promise<OrderReportDbRow[]> {
  const after = page.after
    ? sql`and (o.order_created_date, o.id) < (${page.after.createdDate}::date, ${page.after.id})`
    : sql``;
  const result = await db.execute<{
    id: number;
    order_number: string;
    customer_account_number: string | null;
    customer_name: string | null;
    customer_address: string | null;
    customer_phone: string | null;
    customer_email: string | null;
    created_date: string;
    paid_date: string | null;
    installed_date: string | null;
    activated_date: string | null;
    commission_paid_date: string | null;
    customer_status_1: string | null;
    customer_status_2: string | null;
  }>(sql`
    select o.id, o.order_number, o.customer_account_number, o.customer_name, o.customer_address,
           o.customer_phone, o.customer_email,
           o.order_created_date::text as created_date, o.order_paid_date::text as paid_date,
           o.order_installation_date::text as installed_date, o.supplier_activation_date::text as activated_date,
           cp.paid_date::text as commission_paid_date, o.customer_status_1, o.customer_status_2
      ${fromDealersOrders(filter)}
       and ${reportCondition(filter)}
       and ${searchCondition(filter.search)}
       ${after}
     order by o.order_created_date desc, o.id desc
     limit ${page.limit} offset ${page.offset ?? 0}`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    orderNumber: row.order_number,
    customerAccountNumber: row.customer_account_number,
    customerName: row.customer_name,
    customerAddress: row.customer_address,
    customerPhone: row.customer_phone,
    customerEmail: row.customer_email,
    createdDate: row.created_date,
    paidDate: row.paid_date,
    installedDate: row.installed_date,
    activatedDate: row.activated_date,
    commissionPaidDate: row.commission_paid_date,
    customerStatus1: row.customer_status_1,
    customerStatus2: row.customer_status_2,
  }));
}

/** How many rows the report has, and the range's tiles (each milestone by its own date), in one statement. */
export async function countOrderReport(
  db: Executor,
  filter: OrderReportSqlFilter,
): Promise<{ total: number; created: number; paid: number; installed: number; activated: number }> {
  const result = await db.execute<{
    total: number;
    created: number;
    paid: number;
    installed: number;
    activated: number;
  }>(sql`
    select count(*) filter (where ${reportCondition(filter)} and ${searchCondition(filter.search)})::int as total,
           count(*) filter (where ${inRange('o.order_created_date', filter)})::int as created,
           count(*) filter (where ${inRange('o.order_paid_date', filter)})::int as paid,
           count(*) filter (where ${inRange('o.order_installation_date', filter)})::int as installed,
           count(*) filter (where ${inRange('o.supplier_activation_date', filter)})::int as activated
      ${fromDealersOrders(filter)}`);
  const row = result.rows[0]!;
  return {
    total: Number(row.total),
    created: Number(row.created),
    paid: Number(row.paid),
    installed: Number(row.installed),
    activated: Number(row.activated),
  };
}

/**
 * The tiles' trend: each milestone counted per day or calendar month of the range, by its own
 * date, in one statement over the dealer's orders at the supplier (the same rows the tiles count).
 */
export async function findOrderTrend(
  db: Executor,
  filter: OrderReportSqlFilter,
  unit: 'day' | 'month',
): Promise<{ period: string; created: number; paid: number; installed: number; activated: number }[]> {
  const format = unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const result = await db.execute<{
    period: string;
    created: number;
    paid: number;
    installed: number;
    activated: number;
  }>(sql`
    select to_char(date_trunc(${unit}, v.day), ${format}) as period,
           count(*) filter (where v.kind = 1)::int as created,
           count(*) filter (where v.kind = 2)::int as paid,
           count(*) filter (where v.kind = 3)::int as installed,
           count(*) filter (where v.kind = 4)::int as activated
      from (${dealersOrders(filter.userId)}) mine
      join orders_import o on o.id = mine.id
     cross join lateral (values (1, o.order_created_date), (2, o.order_paid_date),
                                (3, o.order_installation_date), (4, o.supplier_activation_date)) v(kind, day)
     where o.suppliers_master_id = ${filter.supplierId}
       and v.day between ${filter.from}::date and ${filter.to}::date
     group by 1
     order by 1`);
  return result.rows.map((row) => ({
    period: row.period,
    created: Number(row.created),
    paid: Number(row.paid),
    installed: Number(row.installed),
    activated: Number(row.activated),
  }));
}
