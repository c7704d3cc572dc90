import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

// The leaderboard's one statement (DECISIONS "Leaderboard"). A month's sales per dealer and supplier
// are kept current by triggers as orders are imported, attributed and overridden (migration 0011:
// leaderboard_monthly_sales, each order counted for its effective dealer), so a read sums one
// month's rows instead of scanning its orders, and ranks them in the same statement: the server
// never holds more than the rows it returns.

export interface LeaderboardFilter {
  /** The month's first day, 'YYYY-MM-DD'. */
  from: string;
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
  const supplier = filter.supplierId === null ? sql`true` : sql`l.suppliers_master_id = ${filter.supplierId}`;
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
    with per_seller as (
      select l.users_master_id as user_id, sum(l.sales)::int as sales, min(l.first_paid) as first_paid
        from leaderboard_monthly_sales l
       where l.month = ${filter.from}::date and ${supplier}
       group by l.users_master_id
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
