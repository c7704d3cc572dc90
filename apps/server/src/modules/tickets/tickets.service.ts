import type { LeadPage, MyListQuery } from '@portal/domain/orders/my-lists';
import { displayPhone } from '@portal/domain/people/phone';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { findLeads } from './tickets.queries.ts';

/** Lead Management: the signed-in dealer's sales-assist leads, newest first. */
export async function myLeads(db: Database, actor: Actor, query: MyListQuery): Promise<LeadPage> {
  const rows = await findLeads(db, {
    userId: actor.user.id,
    search: query.search,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      ticketNum: row.ticket_num,
      leadName: row.customer_name ?? 'Unnamed lead',
      leadPhone: row.phone_number ? displayPhone(row.phone_number) : null,
      leadAddress: row.address,
      leadStatus: row.status,
      supplierName: row.supplier_name,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(rows[0]?.total ?? 0),
  };
}
