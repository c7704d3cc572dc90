import { likeContains } from '@portal/domain/teams/team-search';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

// Active Orders (spec 2, DECISIONS "Orders"): one dealer's orders not yet activated. The dealer's
// rows come by the attribution and override indexes (the override's agent wins), so a search scans
// only that dealer's orders.

export interface OwnListFilter {
  userId: number;
  search: string | undefined;
  limit: number;
  offset: number;
}

export async function findActiveOrders(db: Executor, filter: OwnListFilter) {
  const search = filter.search
    ? sql`and (o.customer_name ilike ${likeContains(filter.search)} or o.order_number ilike ${likeContains(filter.search)}
               or o.customer_address ilike ${likeContains(filter.search)})`
    : sql``;
  const result = await db.execute<{
    id: number;
    order_number: string;
    customer_name: string | null;
    customer_address: string | null;
    supplier_name: string;
    product: string | null;
    order_created_date: string;
    order_paid_date: string | null;
    order_installation_date: string | null;
    total: number;
  }>(sql`
    with mine as (
      select om.orders_import_id as id from orders_master om
       where om.users_master_id = ${filter.userId}
         and not exists (select 1 from orders_admin_override ov where ov.orders_import_id = om.orders_import_id)
      union all
      select ov.orders_import_id from orders_admin_override ov where ov.newly_assigned_agent = ${filter.userId}
    )
    select o.id, o.order_number, o.customer_name, o.customer_address, s.supplier_name, o.product,
           o.order_created_date::text, o.order_paid_date::text, o.order_installation_date::text,
           count(*) over ()::int as total
      from mine m
      join orders_import o on o.id = m.id
      join suppliers_master s on s.id = o.suppliers_master_id
     where o.supplier_activation_date is null ${search}
     order by o.order_created_date desc, o.id desc
     limit ${filter.limit} offset ${filter.offset}
  `);
  return result.rows;
}
