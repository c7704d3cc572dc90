import { type SQL, sql } from 'drizzle-orm';
import { type Executor, executePrepared } from '../../db/client.ts';

// The leaderboard's one statement (DECISIONS "Leaderboard"). A month's sales per dealer and supplier,
// and per dealer across suppliers, are kept current by triggers as orders are imported, attributed
// and overridden (migrations 0011 and 0014: each order counted for its effective dealer), each with
// an index in ranking order (sales desc, first paid, id). So the overall top ranks are an index read
// of that many rows; the viewer's rank and the number ranked are sums over leaderboard_monthly_ranks
// (dealers per sales and first paid date: a few hundred rows a month) plus a count of the index
// entries that tie with the viewer on both; the few people left out when reading (admins, user type 2:
// users_master_unranked_idx) are subtracted from those counts rather than every row joined to
// users. The structure view of a large branch (listed in leaderboard_branches, migration 0020,
// decision 037) reads the same index in ranking order keeping the branch's members (a closure probe
// per entry) and counts from the branch's own buckets; a small branch is ranked from its members.
// The server never holds more than the rows it returns.

/**
 * Branches of at least this many people keep rank buckets (leaderboard_branches_refresh, run by the
 * nightly job and the migration): below it, ranking the branch's members costs at most this many
 * key lookups (~1–2 ms).
 */
export const LEADERBOARD_BRANCH_MIN = 1000;

export interface LeaderboardFilter {
  /** The month's first day, 'YYYY-MM-DD'. */
  from: string;
  supplierId: number | null;
  /** Only this dealer and their downstream (the structure view). */
  withinId: number | null;
  limit: number;
  viewerId: number;
  /**
   * How the structure view reads: chosen from the branch's size when left out ('walk': the month in
   * ranking order with a closure probe per entry and the branch's buckets; 'members': the branch's
   * members ranked). Both answer the same; the tests set it to compare them.
   */
  plan?: 'walk' | 'members';
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

interface RankedDbRow extends Record<string, unknown> {
  rank: number;
  user_id: number;
  first_name: string;
  surname: string;
  sales: number;
  top_sales: number;
  ranked: number;
}

export async function rankedSellers(db: Executor, filter: LeaderboardFilter): Promise<RankedRow[]> {
  // Each use names its own alias `t` so the fragments can be used in subqueries.
  const table = filter.supplierId === null ? sql`leaderboard_monthly_totals` : sql`leaderboard_monthly_sales`;
  const scope =
    filter.supplierId === null
      ? sql`t.month = ${filter.from}::date`
      : sql`t.month = ${filter.from}::date and t.suppliers_master_id = ${filter.supplierId}`;
  const source = sql`${table} t where ${scope}`;
  const unranked = sql`(select x.id from users_master x where x.is_admin or x.refs_type_id = 2)`;
  let statement: SQL;
  let plan: 'walk' | 'members' | 'overall' = 'overall';
  if (filter.withinId === null) {
    const histogram = sql`leaderboard_monthly_ranks h
      where h.month = ${filter.from}::date and h.suppliers_master_id = ${filter.supplierId ?? 0}`;
    statement = inRankingOrder({
      source,
      unranked,
      histogram,
      member: null,
      limit: filter.limit,
      viewerId: filter.viewerId,
    });
  } else {
    const withinId = filter.withinId;
    const chosen = filter.plan ?? (await structurePlan(db, { ...filter, withinId }));
    if (chosen === 'empty') return [];
    plan = chosen;
    const inBranch = sql`exists (select 1 from users_hierarchy_closure c
                                  where c.ancestor_id = ${withinId} and c.descendant_id = t.users_master_id)`;
    const branchHistogram = sql`leaderboard_branch_ranks h
      where h.ancestor_id = ${withinId} and h.month = ${filter.from}::date
        and h.suppliers_master_id = ${filter.supplierId ?? 0}`;
    statement =
      plan === 'walk'
        ? inRankingOrder({
            source,
            unranked,
            histogram: branchHistogram,
            member: inBranch,
            limit: filter.limit,
            viewerId: filter.viewerId,
          })
        : sql`
    with branch as (
      select t.users_master_id as user_id, t.sales, t.first_paid
        from users_hierarchy_closure c
        join ${table} t on t.users_master_id = c.descendant_id and ${scope}
       where c.ancestor_id = ${withinId} and t.users_master_id not in ${unranked}
    ),
    ranked as (
      select b.user_id, b.sales,
             row_number() over (order by b.sales desc, b.first_paid, b.user_id)::int as rank,
             max(b.sales) over ()::int as top_sales,
             count(*) over ()::int as ranked
        from branch b
    )
    select r.rank, r.user_id, u.first_name, u.surname, r.sales, r.top_sales, r.ranked
      from ranked r
      join users_master u on u.id = r.user_id
     where r.rank <= ${filter.limit} or r.user_id = ${filter.viewerId}
     order by r.rank
  `;
  }
  // The index walks are prepared statements (their planning cost as much as their running); ranking
  // a branch's members is planned for each branch, whose size decides the best join (decision 062).
  const result =
    plan === 'members'
      ? await db.execute<RankedDbRow>(statement)
      : await executePrepared<RankedDbRow>(db, 'leaderboard', statement);
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

/**
 * The month's ranking index read in order (the overall view, and a listed branch's walk: decision
 * 037): the top `limit` entries of `source` that pass `member`, skipping the left-out people; the
 * viewer's rank as 1 + the dealers in `histogram`'s buckets before theirs + the members tying with
 * them on both − the left-out members before them; the number ranked as the buckets summed less the
 * left-out members. `source` and `member` speak of the index entry as `t`, `histogram` of a bucket
 * as `h` (each ends in a WHERE clause so conditions can follow). With `member` the walk probes the
 * closure on every entry it reads; without it the statement is the overall view's.
 */
function inRankingOrder(parts: {
  source: SQL;
  unranked: SQL;
  histogram: SQL;
  member: SQL | null;
  limit: number;
  viewerId: number;
}): SQL {
  const { source, unranked, histogram, limit, viewerId } = parts;
  const member = parts.member ? sql` and ${parts.member}` : sql``;
  return sql`
    with top as (
      select t.users_master_id as user_id, t.sales, t.first_paid
        from ${source}${member} and t.users_master_id not in ${unranked}
       order by t.sales desc nulls last, t.first_paid, t.users_master_id
       limit ${limit}
    ),
    excluded as (
      select t.users_master_id, t.sales, t.first_paid
        from ${source} and t.users_master_id in ${unranked}${member}
    ),
    mine as (
      select t.users_master_id as user_id, t.sales, t.first_paid
        from ${source} and t.users_master_id = ${viewerId}${member} and t.users_master_id not in ${unranked}
    ),
    ranked_rows as (
      select top.user_id, top.sales,
             row_number() over (order by top.sales desc, top.first_paid, top.user_id)::int as rank
        from top
      union all
      select m.user_id, m.sales,
             (1 + (select coalesce(sum(h.dealers), 0) from ${histogram}
                      and (h.sales > m.sales or (h.sales = m.sales and h.first_paid < m.first_paid)))
                + (select count(*) from ${source} and t.sales = m.sales and t.first_paid = m.first_paid
                     and t.users_master_id < m.user_id${member})
                - (select count(*) from excluded e
                    where e.sales > m.sales
                       or (e.sales = m.sales and (e.first_paid, e.users_master_id) < (m.first_paid, m.user_id)))
             )::int
        from mine m
       where not exists (select 1 from top where top.user_id = m.user_id)
    )
    select r.rank, r.user_id, u.first_name, u.surname, r.sales,
           (select max(top.sales) from top)::int as top_sales,
           ((select coalesce(sum(h.dealers), 0) from ${histogram}) - (select count(*) from excluded))::int as ranked
      from ranked_rows r
      join users_master u on u.id = r.user_id
     order by r.rank
  `;
}

/**
 * How to read a branch's structure view. A listed branch with its buckets tells, before reading,
 * how many of the month's index entries the walk would read to find its top `limit` members
 * (the month's dealers up to the bucket where the branch reaches `limit`): the walk is taken when
 * that is no more than the branch's people this month, whom the other plan would look up one by one.
 * A listed branch with nobody in the month has no rows at all.
 */
async function structurePlan(
  db: Executor,
  filter: LeaderboardFilter & { withinId: number },
): Promise<'walk' | 'members' | 'empty'> {
  const supplier = filter.supplierId ?? 0;
  const result = await executePrepared<{ listed: boolean; branch: number; walk: number }>(
    db,
    'leaderboard_plan',
    sql`
    with b as (
      select h.sales, h.first_paid,
             sum(h.dealers) over (order by h.sales desc, h.first_paid) as upto
        from leaderboard_branch_ranks h
       where h.ancestor_id = ${filter.withinId} and h.month = ${filter.from}::date and h.suppliers_master_id = ${supplier}
    ),
    cut as (
      select b.sales, b.first_paid from b where b.upto >= ${filter.limit}
       order by b.sales desc, b.first_paid limit 1
    )
    select exists (select 1 from leaderboard_branches k where k.ancestor_id = ${filter.withinId}) as listed,
           (select coalesce(max(b.upto), 0) from b)::int as branch,
           (select coalesce(sum(h.dealers), 0) from leaderboard_monthly_ranks h
             where h.month = ${filter.from}::date and h.suppliers_master_id = ${supplier}
               and not exists (select 1 from cut
                                where h.sales < cut.sales or (h.sales = cut.sales and h.first_paid > cut.first_paid))
           )::int as walk
  `,
  );
  const row = result.rows[0]!;
  if (!row.listed) return 'members';
  if (Number(row.branch) === 0) return 'empty';
  return Number(row.walk) <= Number(row.branch) ? 'walk' : 'members';
}

/**
 * Lists the branches of at least LEADERBOARD_BRANCH_MIN people for bucket keeping and drops those
 * that shrank below half of it (leaderboard_branches_refresh; writers of the monthly tables and the
 * closure wait meanwhile). Only which plan the structure view takes depends on it.
 */
export async function refreshLeaderboardBranches(db: Executor): Promise<void> {
  await db.execute(sql`select leaderboard_branches_refresh(${LEADERBOARD_BRANCH_MIN})`);
}
