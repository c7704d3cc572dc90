import { likeContains } from '@portal/domain/teams/team-search';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

// The tickets' SQL (spec 2 §3, DECISIONS "Tickets"). Lead Management: one dealer's sales-assist
// leads across suppliers, by the owner index, newest first.

export interface OwnTicketsFilter {
  userId: number;
  search: string | undefined;
  limit: number;
  offset: number;
}

export async function findLeads(db: Executor, filter: OwnTicketsFilter) {
  const search = filter.search
    ? sql`and (t.customer_name ilike ${likeContains(filter.search)} or t.phone_number ilike ${likeContains(filter.search)}
               or t.address ilike ${likeContains(filter.search)} or t.ticket_num ilike ${likeContains(filter.search)})`
    : sql``;
  const result = await db.execute<{
    id: number;
    ticket_num: string;
    customer_name: string | null;
    phone_number: string | null;
    address: string | null;
    status: 'Open' | 'In Progress' | 'Closed';
    supplier_name: string;
    created_at: Date | string;
    total: number;
  }>(sql`
    select t.id, t.ticket_num, t.customer_name, t.phone_number, t.address, t.status, s.supplier_name, t.created_at,
           count(*) over ()::int as total
      from tickets t
      join suppliers_master s on s.id = t.suppliers_master_id
     where t.kind = 'sales_assist' and t.users_master_id = ${filter.userId} and t.is_active ${search}
     order by t.created_at desc, t.id desc
     limit ${filter.limit} offset ${filter.offset}
  `);
  return result.rows;
}
