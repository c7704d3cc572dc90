import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

// The leaderboard's one statement (DECISIONS "Leaderboard"). A month's paid orders come by the
// paid-date indexes (per supplier, or across suppliers), each order's dealer is the override's
// agent when one exists, else the automatic attribution; sales are counted per dealer and ranked
// in the same statement, so the server never holds more than the rows it returns.

export interface LeaderboardFilter {
  /** First and last day of the month, 'YYYY-MM-DD'. */
  from: string;
  to: string;
  supplierId: number | null;
  /** Only this dealer and their downstream (the structure view). */
  withinId: number | null;
  limit: number;
  viewerId: number;
}

export interface RankedRow {
  rank: number;
  userId: number;
  firstName: string;
  surname: string;
  sales: number;
  topSales: number;
  ranked: number;
}

export async function rankedSellers(db: Executor, filter: LeaderboardFilter): Promise<RankedRow[]> {
  const supplier = filter.supplierId === null ? sql`true` : sql`o.suppliers_master_id = ${filter.supplierId}`;
  const within =
    filter.withinId === null
      ? sql`true`
      : sql`exists (select 1 from users_hierarchy_closure c
                     where c.ancestor_id = ${filter.withinId} and c.descendant_id = u.id)`;
  const result = await db.execute<{
    rank: number;
    user_id: number;
    first_name: string;
    surname: string;
    sales: number;
    top_sales: number;
    ranked: number;
  }>(sql`
    with paid as (
      select coalesce(ov.newly_assigned_agent, om.users_master_id) as user_id, o.order_paid_date
        from orders_import o
        left join orders_master om on om.orders_import_id = o.id
        left join orders_admin_override ov on ov.orders_import_id = o.id
       where o.order_paid_date between ${filter.from}::date and ${filter.to}::date and ${supplier}
    ),
    per_seller as (
      select p.user_id, count(*)::int as sales, min(p.order_paid_date) as first_paid
        from paid p
       where p.user_id is not null
       group by p.user_id
    ),
    ranked as (
      select u.id as user_id, u.first_name, u.surname, s.sales,
             row_number() over (order by s.sales desc, s.first_paid, u.id)::int as rank,
             max(s.sales) over ()::int as top_sales,
             count(*) over ()::int as ranked
        from per_seller s
        join users_master u on u.id = s.user_id
       where not u.is_admin and u.refs_type_id is distinct from 2 and ${within}
    )
    select rank, user_id, first_name, surname, sales, top_sales, ranked
      from ranked
     where rank <= ${filter.limit} or user_id = ${filter.viewerId}
     order by rank
  `);
  return result.rows.map((row) => ({
    rank: Number(row.rank),
    userId: Number(row.user_id),
    firstName: row.first_name,
    surname: row.surname,
    sales: Number(row.sales),
    topSales: Number(row.top_sales),
    ranked: Number(row.ranked),
  }));
}
