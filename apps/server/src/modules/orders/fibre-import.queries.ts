import type { Writable } from 'node:stream';
import type { FibreRow } from '@portal/domain/orders/fibre-import';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Executor } from '../../db/client.ts';
import { copyTextLine } from '../../db/copy.ts';
import { orderImports, productTypes, suppliersMaster, suppliersProductTypeIndex } from '../../db/schema/index.ts';

// SQL of the fibre activity import. The rows are COPYed into a TEMP staging table that lives only in
// the job's one transaction; everything after loading it is set-based.

export type OrderImportRow = typeof orderImports.$inferSelect;

export async function findProductType(db: Executor, id: number) {
  const [row] = await db
    .select({ id: productTypes.id })
    .from(productTypes)
    .where(and(eq(productTypes.id, id), eq(productTypes.isDeleted, false)));
  return row;
}

/** Suppliers linked to the product type (not deleted), by name. */
export function suppliersOfProductType(db: Executor, productTypeId: number) {
  return db
    .select({ id: suppliersMaster.id, name: suppliersMaster.supplierName })
    .from(suppliersProductTypeIndex)
    .innerJoin(suppliersMaster, eq(suppliersMaster.id, suppliersProductTypeIndex.suppliersMasterId))
    .innerJoin(productTypes, eq(productTypes.id, suppliersProductTypeIndex.refsProductTypeId))
    .where(
      and(
        eq(suppliersProductTypeIndex.refsProductTypeId, productTypeId),
        eq(suppliersMaster.isDeleted, false),
        eq(productTypes.isDeleted, false),
      ),
    )
    .orderBy(asc(suppliersMaster.supplierName), asc(suppliersMaster.id));
}

export async function insertOrderImport(db: Executor, values: typeof orderImports.$inferInsert) {
  const [row] = await db.insert(orderImports).values(values).returning();
  return row!;
}

export async function findOrderImport(db: Executor, id: number): Promise<OrderImportRow | undefined> {
  const [row] = await db.select().from(orderImports).where(eq(orderImports.id, id));
  return row;
}

export async function updateOrderImport(db: Executor, id: number, values: Partial<typeof orderImports.$inferInsert>) {
  await db.update(orderImports).set(values).where(eq(orderImports.id, id));
}

export async function createStaging(tx: Executor): Promise<void> {
  await tx.execute(sql`
    create temp table fibre_staging (
      line integer not null,
      agent_identification text not null,
      order_number text not null,
      customer_status_1 text,
      customer_status_2 text,
      customer_account_number text,
      customer_name text,
      customer_phone text,
      customer_email text,
      customer_address text,
      order_created_date date not null,
      order_paid_date date,
      order_installation_date date,
      supplier_activation_date date,
      external_reference text,
      product text,
      region text
    ) on commit drop`);
}

/** The staging columns in table order: what each COPY line carries. */
export const STAGING_COLUMNS = [
  'agent_identification',
  'id',
  'customer_status_1',
  'customer_status_2',
  'customer_account_number',
  'customer_name',
  'customer_phone',
  'customer_email',
  'customer_address',
  'order_created_date',
  'order_paid_date',
  'order_installation_date',
  'supplier_activation_date',
  'external_reference',
  'product',
  'region',
] as const satisfies readonly (keyof FibreRow)[];

/** One checked row as a COPY text line: its line number, then STAGING_COLUMNS. */
export function stagingLine(line: number, row: FibreRow): string {
  return copyTextLine([line, ...STAGING_COLUMNS.map((column) => row[column])]);
}

/**
 * Streams COPY text lines into the staging table on `client`, which must be the connection of the
 * open transaction (see withConnection). Resolves with the rows loaded.
 */
export async function copyIntoStaging(client: PoolClient, feed: (into: Writable) => Promise<void>): Promise<number> {
  const copy = client.query(copyFrom('copy fibre_staging from stdin'));
  await feed(copy);
  return copy.rowCount;
}

/** Lines whose order number appears again later in the file: the later line wins; these are dropped. */
export async function takeRepeatedLines(tx: Executor) {
  const result = await tx.execute<{ line: number; order_number: string; kept_line: number }>(sql`
    with ranked as (
      select line, order_number, max(line) over (partition by order_number) as kept_line from fibre_staging
    )
    delete from fibre_staging s using ranked r
    where s.line = r.line and r.line < r.kept_line
    returning s.line, s.order_number, r.kept_line`);
  return result.rows;
}

/**
 * Upserts the staged rows into orders_import on (supplier, order number): new numbers inserted,
 * known ones updated (dates, statuses, customer details). The agent identification of an order
 * already attributed to a dealer is kept.
 */
export async function upsertOrders(tx: Executor, batch: { id: number; supplierId: number; productTypeId: number }) {
  const result = await tx.execute<{ inserted: number; updated: number }>(sql`
    with upserted as (
      insert into orders_import as o (
        suppliers_master_id, order_number, agent_identification, customer_status_1, customer_status_2,
        customer_account_number, customer_name, customer_phone, customer_email, customer_address,
        order_created_date, order_paid_date, order_installation_date, supplier_activation_date,
        external_reference, product, refs_product_type_id, region, import_batch_id
      )
      select ${batch.supplierId}, order_number, agent_identification, customer_status_1, customer_status_2,
        customer_account_number, customer_name, customer_phone, customer_email, customer_address,
        order_created_date, order_paid_date, order_installation_date, supplier_activation_date,
        external_reference, product, ${batch.productTypeId}, region, ${batch.id}
      from fibre_staging
      order by order_number
      on conflict (suppliers_master_id, order_number) do update set
        agent_identification = case
          when exists (select 1 from orders_master m where m.orders_import_id = o.id) then o.agent_identification
          else excluded.agent_identification end,
        customer_status_1 = excluded.customer_status_1,
        customer_status_2 = excluded.customer_status_2,
        customer_account_number = excluded.customer_account_number,
        customer_name = excluded.customer_name,
        customer_phone = excluded.customer_phone,
        customer_email = excluded.customer_email,
        customer_address = excluded.customer_address,
        order_created_date = excluded.order_created_date,
        order_paid_date = excluded.order_paid_date,
        order_installation_date = excluded.order_installation_date,
        supplier_activation_date = excluded.supplier_activation_date,
        external_reference = excluded.external_reference,
        product = excluded.product,
        products_master_id = case when o.product is distinct from excluded.product then null else o.products_master_id end,
        refs_product_type_id = excluded.refs_product_type_id,
        region = excluded.region,
        import_batch_id = excluded.import_batch_id,
        updated_at = now()
      returning (o.xmax = 0) as inserted
    )
    select count(*) filter (where inserted)::int as inserted, count(*) filter (where not inserted)::int as updated
    from upserted`);
  return result.rows[0] ?? { inserted: 0, updated: 0 };
}

/**
 * Attribution (DECISIONS "Orders"): the file's orders with no dealer yet are matched by Z-code
 * (`Z-123`, `z123` or `123` = users_master.id), else by ID/passport number (case-insensitive).
 * No match leaves the order unmatched (Order Override shows it).
 */
export async function attributeOrders(tx: Executor, supplierId: number): Promise<number> {
  const result = await tx.execute(sql`
    insert into orders_master (orders_import_id, users_master_id)
    select o.id, coalesce(by_code.id, by_id_number.id)
    from fibre_staging s
    join orders_import o on o.suppliers_master_id = ${supplierId} and o.order_number = s.order_number
    left join users_master by_code
      on by_code.id = substring(o.agent_identification from '^\\s*(?:[zZ]-?)?([0-9]{1,9})\\s*$')::integer
    left join users_master by_id_number
      on upper(by_id_number.identification_no) = upper(btrim(o.agent_identification))
    where coalesce(by_code.id, by_id_number.id) is not null
      and not exists (select 1 from orders_master m where m.orders_import_id = o.id)
    order by o.id
    on conflict (orders_import_id) do nothing`);
  return result.rowCount ?? 0;
}
