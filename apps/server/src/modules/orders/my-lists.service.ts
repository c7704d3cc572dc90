import type { ActiveOrderPage, MyListQuery } from '@portal/domain/orders/my-lists';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { findActiveOrders } from './my-lists.queries.ts';

/** Active Orders: the signed-in dealer's orders not yet activated, newest first. */
export async function myActiveOrders(db: Database, actor: Actor, query: MyListQuery): Promise<ActiveOrderPage> {
  const rows = await findActiveOrders(db, {
    userId: actor.user.id,
    search: query.search,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      orderNumber: row.order_number,
      orderName: row.customer_name ?? row.order_number,
      orderAddress: row.customer_address,
      supplierName: row.supplier_name,
      product: row.product,
      createdDate: row.order_created_date,
      progress: row.order_installation_date ? 'Installed' : row.order_paid_date ? 'Paid' : 'Placed',
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(rows[0]?.total ?? 0),
  };
}
