import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

// The structure report's statement (DECISIONS "Structure report"): one node and its direct
// children, each with the totals of its whole subtree, in one statement. Each subtree is the
// closure table's index range of that node; the orders are read from structure_daily_orders
// (migration 0014: per effective dealer, supplier, day and milestone, kept by triggers; the
// dealer is the override's agent when one exists, else the automatic attribution), so a milestone
// counts when its own date is in the range and the cost follows the branch's days, not the orders.
// The node's subtree is summed per dealer once: that is the node's total, and each shown child's
// subtree adds up its share of those dealer totals.

export interface StructureFilter {
  nodeId: number;
  rootId: number;
  supplierId: number | null;
  from: string;
  to: string;
}

export interface StructureRow {
  id: number;
  firstName: string;
  surname: string;
  isNode: boolean;
  depthFromRoot: number;
  children: number;
  created: number;
  paid: number;
  installed: number;
  activated: number;
}

export async function structureRows(db: Executor, filter: StructureFilter): Promise<StructureRow[]> {
  const supplier = filter.supplierId === null ? sql`true` : sql`d.suppliers_master_id = ${filter.supplierId}`;
  const result = await db.execute<{
    id: number;
    first_name: string;
    surname: string;
    is_node: boolean;
    depth_from_root: number;
    children: number;
    created: number;
    paid: number;
    installed: number;
    activated: number;
  }>(sql`
    with shown as (
      select u.id, u.first_name, u.surname, u.id = ${filter.nodeId} as is_node
        from users_master u
       where u.id = ${filter.nodeId}
          or (u.parent_id = ${filter.nodeId} and u.refs_user_lifecycle_status_id <> 4)
    ),
    per_dealer as materialized (
      select d.users_master_id as user_id,
             sum(d.orders) filter (where d.milestone = 1)::int as created,
             sum(d.orders) filter (where d.milestone = 2)::int as paid,
             sum(d.orders) filter (where d.milestone = 3)::int as installed,
             sum(d.orders) filter (where d.milestone = 4)::int as activated
        from users_hierarchy_closure c
        join structure_daily_orders d on d.users_master_id = c.descendant_id
       where c.ancestor_id = ${filter.nodeId}
         and d.day between ${filter.from}::date and ${filter.to}::date and ${supplier}
       group by d.users_master_id
    ),
    totals as (
      -- The node's subtree is per_dealer itself: only the children's go through the closure again.
      select ${filter.nodeId}::int as id,
             sum(p.created)::int as created,
             sum(p.paid)::int as paid,
             sum(p.installed)::int as installed,
             sum(p.activated)::int as activated
        from per_dealer p
      union all
      select s.id,
             sum(p.created)::int as created,
             sum(p.paid)::int as paid,
             sum(p.installed)::int as installed,
             sum(p.activated)::int as activated
        from shown s
        join users_hierarchy_closure c on c.ancestor_id = s.id
        join per_dealer p on p.user_id = c.descendant_id
       where not s.is_node
       group by s.id
    )
    select s.id, s.first_name, s.surname, s.is_node,
           coalesce((select c.depth from users_hierarchy_closure c
                      where c.ancestor_id = ${filter.rootId} and c.descendant_id = s.id), 0)::int as depth_from_root,
           (select count(*) from users_master k
             where k.parent_id = s.id and k.refs_user_lifecycle_status_id <> 4)::int as children,
           coalesce(t.created, 0) as created, coalesce(t.paid, 0) as paid,
           coalesce(t.installed, 0) as installed, coalesce(t.activated, 0) as activated
      from shown s
      left join totals t on t.id = s.id
     order by s.is_node desc, coalesce(t.paid, 0) desc, s.first_name, s.surname, s.id
  `);
  return result.rows.map((row) => ({
    id: Number(row.id),
    firstName: row.first_name,
    surname: row.surname,
    isNode: row.is_node,
    depthFromRoot: Number(row.depth_from_root),
    children: Number(row.children),
    created: Number(row.created),
    paid: Number(row.paid),
    installed: Number(row.installed),
    activated: Number(row.activated),
  }));
}
