import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

// Sales notes, "Logged Sales" (orders_agent_note): one dealer's notes for a supplier, or every
// dealer's for the admin page; not deleted, newest first; soft deletes.

export type NoteRow = {
  id: number;
  users_master_id: number;
  suppliers_master_id: number;
  order_number: string;
  agent_note: string | null;
  created_at: string;
  updated_at: string;
  first_name: string;
  surname: string;
  total?: number;
};

export async function findNotes(
  db: Executor,
  filter: { supplierId: number; userId?: number; limit: number; offset: number },
) {
  const own = filter.userId !== undefined ? sql`and n.users_master_id = ${filter.userId}` : sql``;
  const result = await db.execute<NoteRow>(sql`
    select n.id, n.users_master_id, n.suppliers_master_id, n.order_number, n.agent_note, n.created_at, n.updated_at,
           u.first_name, u.surname, count(*) over ()::int as total
      from orders_agent_note n
      join users_master u on u.id = n.users_master_id
     where n.suppliers_master_id = ${filter.supplierId} and not n.deleted ${own}
     order by n.created_at desc, n.id desc
     limit ${filter.limit} offset ${filter.offset}`);
  return result.rows;
}

const noteById = (id: number) => sql`
    select n.id, n.users_master_id, n.suppliers_master_id, n.order_number, n.agent_note, n.created_at, n.updated_at,
           u.first_name, u.surname
      from orders_agent_note n
      join users_master u on u.id = n.users_master_id
     where n.id = ${id} and not n.deleted`;

export async function findNote(db: Executor, id: number): Promise<NoteRow | undefined> {
  return (await db.execute<NoteRow>(noteById(id))).rows[0];
}

/** The live note, locked for a change. */
export async function lockNote(tx: Executor, id: number): Promise<NoteRow | undefined> {
  return (await tx.execute<NoteRow>(sql`${noteById(id)} for update of n`)).rows[0];
}

export async function insertNote(
  tx: Executor,
  note: { userId: number; supplierId: number; orderNumber: string; agentNote: string | null },
): Promise<number> {
  const result = await tx.execute<{ id: number }>(sql`
    insert into orders_agent_note (users_master_id, suppliers_master_id, order_number, agent_note)
    values (${note.userId}, ${note.supplierId}, ${note.orderNumber}, ${note.agentNote})
    returning id`);
  return Number(result.rows[0]!.id);
}

export async function updateNote(tx: Executor, id: number, note: { orderNumber: string; agentNote: string | null }) {
  await tx.execute(sql`
    update orders_agent_note set order_number = ${note.orderNumber}, agent_note = ${note.agentNote}, updated_at = now()
     where id = ${id}`);
}

export async function markNoteDeleted(tx: Executor, id: number) {
  await tx.execute(sql`update orders_agent_note set deleted = true, updated_at = now() where id = ${id}`);
}
