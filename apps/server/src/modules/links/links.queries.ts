import { likeContains } from '@portal/domain/teams/team-search';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { SupplierLinkRestVar } from '../../db/schema/links.ts';

export type { SupplierLinkRestVar };

// Supplier links (suppliers_link_index): a supplier's active links, paged and searched by name;
// soft deletes; a click counted with its time in the statement that reads the link to open.

export type LinkRow = {
  id: number;
  supplier_id: number;
  link_name: string;
  link_address: string;
  rest_var: SupplierLinkRestVar[];
  click_count: number;
  last_clicked_at: string | Date | null;
  total?: number;
};

const COLUMNS = sql`l.id, l.supplier_id, l.link_name, l.link_address, l.rest_var, l.click_count, l.last_clicked_at`;

export async function findLinks(
  db: Executor,
  filter: { supplierId: number; search?: string | undefined; limit: number; offset: number },
): Promise<LinkRow[]> {
  const search = filter.search ? sql`and l.link_name ilike ${likeContains(filter.search)}` : sql``;
  const result = await db.execute<LinkRow>(sql`
    select ${COLUMNS}, count(*) over ()::int as total
      from suppliers_link_index l
     where l.supplier_id = ${filter.supplierId} and l.is_active ${search}
     order by lower(l.link_name), l.id
     limit ${filter.limit} offset ${filter.offset}`);
  return result.rows;
}

/** An active link; undefined when there is none (or it was deleted). */
export async function findLink(db: Executor, id: number): Promise<LinkRow | undefined> {
  const result = await db.execute<LinkRow>(sql`
    select ${COLUMNS} from suppliers_link_index l where l.id = ${id} and l.is_active`);
  return result.rows[0];
}

/** The active link, locked for a change. */
export async function lockLink(tx: Executor, id: number): Promise<LinkRow | undefined> {
  const result = await tx.execute<LinkRow>(sql`
    select ${COLUMNS} from suppliers_link_index l where l.id = ${id} and l.is_active for update`);
  return result.rows[0];
}

export async function insertLink(
  tx: Executor,
  link: { supplierId: number; name: string; address: string; restVar: SupplierLinkRestVar[]; createdBy: number },
): Promise<number> {
  const result = await tx.execute<{ id: number }>(sql`
    insert into suppliers_link_index (supplier_id, link_name, link_address, rest_var, created_by)
    values (${link.supplierId}, ${link.name}, ${link.address}, ${JSON.stringify(link.restVar)}::jsonb, ${link.createdBy})
    returning id`);
  return Number(result.rows[0]!.id);
}

export async function updateLink(
  tx: Executor,
  id: number,
  link: { name: string; address: string; restVar: SupplierLinkRestVar[] },
) {
  await tx.execute(sql`
    update suppliers_link_index
       set link_name = ${link.name}, link_address = ${link.address},
           rest_var = ${JSON.stringify(link.restVar)}::jsonb, updated_at = now()
     where id = ${id}`);
}

export async function markLinkInactive(tx: Executor, id: number) {
  await tx.execute(sql`update suppliers_link_index set is_active = false, updated_at = now() where id = ${id}`);
}

export type DealerRow = { id: number; company_name: string | null; first_name: string; surname: string };

/**
 * Counts a click on an active link of the supplier and returns what its address is built from,
 * with the dealer it is built for; undefined when the link is gone. One statement: concurrent
 * clicks never lose a count.
 */
export async function countClick(
  db: Executor,
  click: { linkId: number; supplierId: number; userId: number },
): Promise<(Pick<LinkRow, 'link_address' | 'rest_var'> & DealerRow) | undefined> {
  const result = await db.execute<Pick<LinkRow, 'link_address' | 'rest_var'> & DealerRow>(sql`
    update suppliers_link_index l
       set click_count = l.click_count + 1, last_clicked_at = now()
      from users_master u
     where l.id = ${click.linkId} and l.supplier_id = ${click.supplierId} and l.is_active and u.id = ${click.userId}
     returning l.link_address, l.rest_var, u.id, u.company_name, u.first_name, u.surname`);
  return result.rows[0];
}

/** The dealer a link is built for: the fields of the dealer variables. */
export async function findLinkDealer(db: Executor, userId: number): Promise<DealerRow | undefined> {
  const result = await db.execute<DealerRow>(
    sql`select id, company_name, first_name, surname from users_master where id = ${userId}`,
  );
  return result.rows[0];
}
