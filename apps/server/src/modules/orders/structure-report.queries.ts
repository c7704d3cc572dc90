import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

// The structure report's statement (DECISIONS "Structure report"): one node and its direct
// children, each with the totals of its whole subtree, in one statement. Each subtree is the
// closure table's index range of that node; each order's dealer is the override's agent when one
// exists, else the automatic attribution. A milestone counts when its own date is in the range.

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
  const supplier = filter.supplierId === null ? sql`true` : sql`o.suppliers_master_id = ${filter.supplierId}`;
  const inRange = (column: string) => sql`${sql.raw(column)} between ${filter.from}::date and ${filter.to}::date`;
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
    orders_in_range as (
      select coalesce(ov.newly_assigned_agent, om.users_master_id) as user_id,
             ${inRange('o.order_created_date')} as created,
             coalesce(${inRange('o.order_paid_date')}, false) as paid,
             coalesce(${inRange('o.order_installation_date')}, false) as installed,
             coalesce(${inRange('o.supplier_activation_date')}, false) as activated
        from orders_import o
        left join orders_master om on om.orders_import_id = o.id
        left join orders_admin_override ov on ov.orders_import_id = o.id
       where ${supplier}
         and coalesce(ov.newly_assigned_agent, om.users_master_id) in
             (select c.descendant_id from users_hierarchy_closure c where c.ancestor_id = ${filter.nodeId})
         and (${inRange('o.order_created_date')} or ${inRange('o.order_paid_date')}
              or ${inRange('o.order_installation_date')} or ${inRange('o.supplier_activation_date')})
    ),
    totals as (
      select s.id,
             count(*) filter (where r.created)::int as created,
             count(*) filter (where r.paid)::int as paid,
             count(*) filter (where r.installed)::int as installed,
             count(*) filter (where r.activated)::int as activated
        from shown s
        join users_hierarchy_closure c on c.ancestor_id = s.id
        join orders_in_range r on r.user_id = c.descendant_id
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
