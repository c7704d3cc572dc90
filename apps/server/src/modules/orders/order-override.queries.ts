import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

// Order Override (spec 3 §2.13, §4.4): a supplier's unmatched orders (no attribution, no override)
// and its reallocated orders, both of the last N days, by the (supplier, created date) index and
// the override's created index; one order found by its number; the override written.

/**
 * Paid, for a reassignment (decision 054): recorded paid by a closed period, or a line of the order
 * stamped to a period (in a payout not yet closed).
 */
const COMMISSION_PAID = sql`(exists (select 1 from orders_commission_paid cp where cp.orders_import_id = o.id)
           or exists (select 1 from commission_lines cl
                       where cl.orders_import_id = o.id and cl.commissions_period_id is not null
                         and cl.source <> 'reversal'))`;

export interface WindowFilter {
  supplierId: number;
  windowDays: number;
  limit: number;
  offset: number;
}

export async function findUnmatchedOrders(db: Executor, filter: WindowFilter) {
  const result = await db.execute<{
    id: number;
    order_number: string;
    agent_identification: string;
    customer_name: string | null;
    product: string | null;
    order_created_date: string;
    order_paid_date: string | null;
    is_commission_paid: boolean;
    total: number;
  }>(sql`
    select o.id, o.order_number, o.agent_identification, o.customer_name, o.product,
           o.order_created_date::text, o.order_paid_date::text,
           ${COMMISSION_PAID} as is_commission_paid,
           count(*) over ()::int as total
      from orders_import o
     where o.suppliers_master_id = ${filter.supplierId}
       and o.order_created_date >= current_date - ${filter.windowDays}::int
       and not exists (select 1 from orders_master om where om.orders_import_id = o.id)
       and not exists (select 1 from orders_admin_override ov where ov.orders_import_id = o.id)
     order by o.order_created_date desc, o.id desc
     limit ${filter.limit} offset ${filter.offset}`);
  return result.rows;
}

export async function findReallocatedOrders(db: Executor, filter: WindowFilter) {
  const result = await db.execute<{
    id: number;
    order_number: string;
    customer_name: string | null;
    order_created_date: string;
    previous_id: number | null;
    previous_first_name: string | null;
    previous_surname: string | null;
    new_id: number;
    new_first_name: string;
    new_surname: string;
    by_id: number | null;
    by_first_name: string | null;
    by_surname: string | null;
    assigned_at: string;
    total: number;
  }>(sql`
    select o.id, o.order_number, o.customer_name, o.order_created_date::text,
           pu.id as previous_id, pu.first_name as previous_first_name, pu.surname as previous_surname,
           nu.id as new_id, nu.first_name as new_first_name, nu.surname as new_surname,
           bu.id as by_id, bu.first_name as by_first_name, bu.surname as by_surname,
           ov.created_at as assigned_at, count(*) over ()::int as total
      from orders_admin_override ov
      join orders_import o on o.id = ov.orders_import_id
      join users_master nu on nu.id = ov.newly_assigned_agent
      left join orders_master om on om.orders_import_id = o.id
      left join users_master pu on pu.id = om.users_master_id
      left join users_master bu on bu.id = ov.assigned_by
     where o.suppliers_master_id = ${filter.supplierId}
       and ov.created_at >= now() - make_interval(days => ${filter.windowDays}::int)
     order by ov.created_at desc, ov.id desc
     limit ${filter.limit} offset ${filter.offset}`);
  return result.rows;
}

export type OrderWithDealer = {
  id: number;
  order_number: string;
  suppliers_master_id: number;
  customer_name: string | null;
  product: string | null;
  order_created_date: string;
  dealer_id: number | null;
  dealer_first_name: string | null;
  dealer_surname: string | null;
  attributed_id: number | null;
  override_id: number | null;
  is_commission_paid: boolean;
};

const orderWithDealer = sql`
    select o.id, o.order_number, o.suppliers_master_id, o.customer_name, o.product, o.order_created_date::text,
           u.id as dealer_id, u.first_name as dealer_first_name, u.surname as dealer_surname,
           om.users_master_id as attributed_id, ov.newly_assigned_agent as override_id,
           ${COMMISSION_PAID} as is_commission_paid
      from orders_import o
      left join orders_master om on om.orders_import_id = o.id
      left join orders_admin_override ov on ov.orders_import_id = o.id
      left join users_master u on u.id = coalesce(ov.newly_assigned_agent, om.users_master_id)`;

/** One order of the supplier by its number, with the dealer it counts for now. */
export async function findOrderByNumber(db: Executor, supplierId: number, orderNumber: string) {
  const result = await db.execute<OrderWithDealer>(sql`${orderWithDealer}
     where o.suppliers_master_id = ${supplierId} and o.order_number = ${orderNumber}`);
  return result.rows[0];
}

/**
 * The order by id, locked for the reassignment (two reassignments queue up, and a commission close
 * recording it paid waits, or is waited for: its insert holds the order's key). Read after the lock
 * in a statement of its own: a statement that waited for a lock keeps its older view of the other
 * tables (the override, the commission paid), so what committed meanwhile would go unseen.
 */
export async function lockOrder(tx: Executor, orderId: number) {
  const locked = await tx.execute(sql`select id from orders_import where id = ${orderId} for update`);
  if (!locked.rows.length) return undefined;
  const result = await tx.execute<OrderWithDealer>(sql`${orderWithDealer} where o.id = ${orderId}`);
  return result.rows[0];
}

/** Writes the override (one per order): the newest reassignment wins. */
export async function upsertOverride(tx: Executor, orderId: number, dealerId: number, assignedBy: number) {
  await tx.execute(sql`
    insert into orders_admin_override (orders_import_id, newly_assigned_agent, assigned_by)
    values (${orderId}, ${dealerId}, ${assignedBy})
    on conflict (orders_import_id) do update
       set newly_assigned_agent = excluded.newly_assigned_agent,
           assigned_by = excluded.assigned_by,
           created_at = now()`);
}
