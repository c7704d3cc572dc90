import type { Writable } from 'node:stream';
import type { AgentListRow, AgentListView } from '@portal/domain/orders/agent-list-import';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Executor } from '../../db/client.ts';
import { copyTextLine } from '../../db/copy.ts';
import { agentListImports, suppliersMaster } from '../../db/schema/index.ts';

// SQL of the Agent CSV import (decision 025). Checked rows are COPYed into a TEMP staging table
// that lives only in the job's one transaction; matching and replacing the supplier's list is one
// set-based statement each, by the unique indexes on users_master (upper ID number, phone, lower e-mail).

export type AgentListImportRow = typeof agentListImports.$inferSelect;

/** Suppliers to choose from (not deleted), by name. */
export function activeSuppliers(db: Executor) {
  return db
    .select({ id: suppliersMaster.id, name: suppliersMaster.supplierName })
    .from(suppliersMaster)
    .where(eq(suppliersMaster.isDeleted, false))
    .orderBy(asc(suppliersMaster.supplierName), asc(suppliersMaster.id));
}

export async function findSupplierName(db: Executor, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: suppliersMaster.supplierName })
    .from(suppliersMaster)
    .where(and(eq(suppliersMaster.id, id), eq(suppliersMaster.isDeleted, false)));
  return row?.name;
}

export async function insertAgentListImport(db: Executor, values: typeof agentListImports.$inferInsert) {
  const [row] = await db.insert(agentListImports).values(values).returning();
  return row!;
}

export async function findAgentListImport(db: Executor, id: number): Promise<AgentListImportRow | undefined> {
  const [row] = await db.select().from(agentListImports).where(eq(agentListImports.id, id));
  return row;
}

export async function updateAgentListImport(
  db: Executor,
  id: number,
  values: Partial<typeof agentListImports.$inferInsert>,
) {
  await db.update(agentListImports).set(values).where(eq(agentListImports.id, id));
}

/** The supplier's latest completed import: the one its stored list came from. */
export async function latestCompletedImport(db: Executor, supplierId: number) {
  const [row] = await db
    .select()
    .from(agentListImports)
    .where(and(eq(agentListImports.suppliersMasterId, supplierId), eq(agentListImports.status, 'completed')))
    .orderBy(desc(agentListImports.finishedAt), desc(agentListImports.id))
    .limit(1);
  return row;
}

export async function createAgentListStaging(tx: Executor): Promise<void> {
  await tx.execute(sql`
    create temp table agent_list_staging (
      line integer not null,
      first_name text not null,
      surname text not null,
      mobile text,
      email text,
      id_number text,
      last_successful_login date,
      user_audit_date date
    ) on commit drop`);
}

/** One checked row as a COPY text line, in the staging table's column order. */
export function agentListStagingLine(line: number, row: AgentListRow): string {
  return copyTextLine([
    line,
    row.firstName,
    row.surname,
    row.mobile,
    row.email,
    row.idNumber,
    row.lastSuccessfulLogin,
    row.userAuditDate,
  ]);
}

/** Streams COPY lines into the staging table on `client`, the connection of the open transaction. */
export async function copyIntoAgentListStaging(
  client: PoolClient,
  feed: (into: Writable) => Promise<void>,
): Promise<number> {
  const copy = client.query(copyFrom('copy agent_list_staging from stdin'));
  await feed(copy);
  return copy.rowCount;
}

/**
 * Replaces the supplier's stored list with the staged rows, each matched to our dealer by ID
 * number, else mobile, else e-mail. Returns the rows stored and how many matched.
 */
export async function replaceSupplierAgentList(tx: Executor, target: { supplierId: number; importId: number }) {
  await tx.execute(sql`delete from supplier_agent_list where suppliers_master_id = ${target.supplierId}`);
  const result = await tx.execute<{ loaded: number; matched: number }>(sql`
    with stored as (
      insert into supplier_agent_list (
        suppliers_master_id, import_id, line, first_name, surname, mobile, email, id_number,
        last_successful_login, user_audit_date, users_master_id, matched_by
      )
      select ${target.supplierId}, ${target.importId}, s.line, s.first_name, s.surname, s.mobile, s.email,
             s.id_number, s.last_successful_login, s.user_audit_date,
             coalesce(by_id.id, by_mobile.id, by_email.id),
             case when by_id.id is not null then 'id_number'
                  when by_mobile.id is not null then 'mobile'
                  when by_email.id is not null then 'email' end
        from agent_list_staging s
        left join users_master by_id
          on s.id_number is not null and upper(by_id.identification_no) = s.id_number
        left join users_master by_mobile on s.mobile is not null and by_mobile.phone = s.mobile
        left join users_master by_email on s.email is not null and lower(by_email.email) = s.email
       order by s.line
      returning users_master_id
    )
    select count(*)::int as loaded, count(users_master_id)::int as matched from stored`);
  return result.rows[0] ?? { loaded: 0, matched: 0 };
}

/** The report's three totals, one statement. */
export async function agentListTotals(db: Executor, supplierId: number) {
  const result = await db.execute<{ matched: number; unmatched: number; missing: number }>(sql`
    select
      (select count(*) from supplier_agent_list
        where suppliers_master_id = ${supplierId} and users_master_id is not null)::int as matched,
      (select count(*) from supplier_agent_list
        where suppliers_master_id = ${supplierId} and users_master_id is null)::int as unmatched,
      (select count(*) from users_supplier_index usi
        where usi.supplier_id = ${supplierId}
          and not exists (select 1 from supplier_agent_list l
                           where l.suppliers_master_id = ${supplierId} and l.users_master_id = usi.user_id))::int as missing`);
  return result.rows[0] ?? { matched: 0, unmatched: 0, missing: 0 };
}

export type AgentListDbRow = {
  key: number;
  line: number | null;
  first_name: string | null;
  surname: string | null;
  mobile: string | null;
  email: string | null;
  id_number: string | null;
  last_successful_login: string | null;
  user_audit_date: string | null;
  dealer_id: number | null;
  dealer_first_name: string | null;
  dealer_surname: string | null;
  matched_by: 'id_number' | 'mobile' | 'email' | null;
};

/**
 * One page of a view, in a stable order with a key: matched and unmatched by line in the file,
 * missing dealers by id. `after` (a key) reads on from there, for the export.
 */
export async function agentListRows(
  db: Executor,
  supplierId: number,
  view: AgentListView,
  paging: { limit: number; offset?: number; after?: number },
): Promise<AgentListDbRow[]> {
  const offset = paging.offset ?? 0;
  const after = paging.after ?? -1;
  if (view === 'missing') {
    const result = await db.execute<AgentListDbRow>(sql`
      select u.id as key, null::int as line, u.first_name, u.surname, u.phone as mobile, u.email,
             u.identification_no as id_number, null::text as last_successful_login, null::text as user_audit_date,
             u.id as dealer_id, u.first_name as dealer_first_name, u.surname as dealer_surname, null::text as matched_by
        from users_supplier_index usi
        join users_master u on u.id = usi.user_id
       where usi.supplier_id = ${supplierId} and usi.user_id > ${after}
         and not exists (select 1 from supplier_agent_list l
                          where l.suppliers_master_id = ${supplierId} and l.users_master_id = usi.user_id)
       order by usi.user_id
       limit ${paging.limit} offset ${offset}`);
    return result.rows;
  }
  const result = await db.execute<AgentListDbRow>(sql`
    select l.line as key, l.line, l.first_name, l.surname, l.mobile, l.email, l.id_number,
           l.last_successful_login::text, l.user_audit_date::text,
           u.id as dealer_id, u.first_name as dealer_first_name, u.surname as dealer_surname, l.matched_by
      from supplier_agent_list l
      left join users_master u on u.id = l.users_master_id
     where l.suppliers_master_id = ${supplierId} and l.line > ${after}
       and ${view === 'matched' ? sql`l.users_master_id is not null` : sql`l.users_master_id is null`}
     order by l.line
     limit ${paging.limit} offset ${offset}`);
  return result.rows;
}
