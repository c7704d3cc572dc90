import type { Writable } from 'node:stream';
import { LIFECYCLE } from '@portal/domain/accounts/waiting';
import {
  FIBRE_COLUMN_LABELS,
  FIBRE_COLUMNS,
  FIBRE_DATE_COLUMNS,
  FIBRE_REQUIRED,
  type FibreColumn,
  type FibreRow,
} from '@portal/domain/orders/fibre-import';
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

/**
 * Settings for this transaction's bulk statements: sorts and groups of a million rows in memory
 * rather than on disk, and no JIT (compiling the large inserts cost seconds and saved nothing).
 */
export async function tuneForBulk(tx: Executor): Promise<void> {
  await tx.execute(sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`);
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
 * The Z-code rule: `Z-123`, `z123` or `123` is users_master.id 123 (DECISIONS "Orders"). The rule is
 * the pattern `^\s*(?:[zZ]-?)?([0-9]{1,9})\s*$`; a cell without any white space (nearly every cell)
 * is read with plain string functions, the same rule with `\s*` matching nothing, which costs a
 * fifth of the pattern's capture (decision 047); a cell with white space goes through the pattern.
 */
const byCode = (identification: ReturnType<typeof sql>) => {
  const digits = sql`case when left(${identification}, 2) in ('Z-', 'z-') then substr(${identification}, 3)
    when left(${identification}, 1) in ('Z', 'z') then substr(${identification}, 2) else ${identification} end`;
  return sql`(case when ${identification} ~ '\\s'
      then substring(${identification} from '^\\s*(?:[zZ]-?)?([0-9]{1,9})\\s*$')
    when length(${digits}) between 1 and 9 and translate(${digits}, '0123456789', '') = '' then ${digits}
    end)::integer`;
};

/** Dealers an admin has approved (active, or inactive since): the ones an ID number may name. */
const APPROVED_STATUSES = sql.raw(`(${LIFECYCLE.active}, ${LIFECYCLE.inactive})`);

/**
 * The dealer an agent identification names when its Z-code matched nobody (`byCodeId` null): by
 * ID/passport number (unique, case-insensitive), of an approved dealer only (decision 061: a
 * request's number is a claim until an admin has compared it with the ID photo). coalesce runs
 * the sub-select only for those rows, so the ID number is looked up for the rows whose code did
 * not match, not for every row.
 */
const dealerOf = (identification: ReturnType<typeof sql>, byCodeId: ReturnType<typeof sql>) => sql`coalesce(
  ${byCodeId},
  (select u.id from users_master u where upper(u.identification_no) = upper(btrim(${identification}))
      and u.refs_user_lifecycle_status_id in ${APPROVED_STATUSES}))`;

/**
 * The staged rows whose order number the supplier already has, with whether a dealer holds the
 * order, in `fibre_known`. Returns how many.
 */
export async function findKnownOrders(tx: Executor, supplierId: number): Promise<number> {
  await tx.execute(sql`
    create temp table fibre_known (line integer not null, id integer not null, attributed boolean not null)
    on commit drop`);
  const result = await tx.execute(sql`
    insert into fibre_known (line, id, attributed)
    select s.line, o.id, exists (select 1 from orders_master m where m.orders_import_id = o.id)
      from fibre_staging s
      join orders_import o on o.suppliers_master_id = ${supplierId} and o.order_number = s.order_number`);
  return result.rowCount ?? 0;
}

/**
 * Updates the known orders whose values changed (dates, statuses, customer details); an unchanged
 * row is not written again, so its triggers and indexes cost nothing. The agent identification of
 * an order already attributed to a dealer is kept. Returns the rows written.
 */
export async function updateKnownOrders(tx: Executor, batch: { id: number; productTypeId: number }) {
  const result = await tx.execute(sql`
    update orders_import o set
      agent_identification = case when n.attributed then o.agent_identification else n.agent_identification end,
      customer_status_1 = n.customer_status_1,
      customer_status_2 = n.customer_status_2,
      customer_account_number = n.customer_account_number,
      customer_name = n.customer_name,
      customer_phone = n.customer_phone,
      customer_email = n.customer_email,
      customer_address = n.customer_address,
      order_created_date = n.order_created_date,
      order_paid_date = n.order_paid_date,
      order_installation_date = n.order_installation_date,
      supplier_activation_date = n.supplier_activation_date,
      external_reference = n.external_reference,
      product = n.product,
      products_master_id = case when o.product is distinct from n.product then null else o.products_master_id end,
      refs_product_type_id = ${batch.productTypeId},
      region = n.region,
      import_batch_id = ${batch.id},
      updated_at = now()
    from (
      select k.id, k.attributed, s.agent_identification, s.customer_status_1, s.customer_status_2,
             s.customer_account_number, s.customer_name, s.customer_phone, s.customer_email, s.customer_address,
             s.order_created_date, s.order_paid_date, s.order_installation_date, s.supplier_activation_date,
             s.external_reference, s.product, s.region
        from fibre_known k
        join fibre_staging s on s.line = k.line
    ) n
    where o.id = n.id
      and (o.agent_identification, o.customer_status_1, o.customer_status_2, o.customer_account_number,
           o.customer_name, o.customer_phone, o.customer_email, o.customer_address, o.order_created_date,
           o.order_paid_date, o.order_installation_date, o.supplier_activation_date, o.external_reference,
           o.product, o.refs_product_type_id, o.region)
          is distinct from
          (case when n.attributed then o.agent_identification else n.agent_identification end,
           n.customer_status_1, n.customer_status_2, n.customer_account_number, n.customer_name,
           n.customer_phone, n.customer_email, n.customer_address, n.order_created_date, n.order_paid_date,
           n.order_installation_date, n.supplier_activation_date, n.external_reference, n.product,
           ${batch.productTypeId}::integer, n.region)`);
  return result.rowCount ?? 0;
}

/**
 * Inserts the staged rows the supplier does not have yet (a plain insert: imports of one supplier
 * run one after another, see lockSupplierImports) and notes each new order with its dealer and
 * milestone dates in `fibre_new`, for attributeNewOrders. Returns the rows inserted.
 */
export async function insertNewOrders(tx: Executor, batch: { id: number; supplierId: number; productTypeId: number }) {
  await tx.execute(sql`
    create temp table fibre_new (
      id integer not null, dealer integer, created date not null, paid date, installed date, activated date
    ) on commit drop`);
  const result = await tx.execute(sql`
    with inserted as (
      insert into orders_import (
        suppliers_master_id, order_number, agent_identification, customer_status_1, customer_status_2,
        customer_account_number, customer_name, customer_phone, customer_email, customer_address,
        order_created_date, order_paid_date, order_installation_date, supplier_activation_date,
        external_reference, product, refs_product_type_id, region, import_batch_id
      )
      select ${batch.supplierId}, s.order_number, s.agent_identification, s.customer_status_1, s.customer_status_2,
        s.customer_account_number, s.customer_name, s.customer_phone, s.customer_email, s.customer_address,
        s.order_created_date, s.order_paid_date, s.order_installation_date, s.supplier_activation_date,
        s.external_reference, s.product, ${batch.productTypeId}, s.region, ${batch.id}
        from fibre_staging s
       where not exists (select 1 from fibre_known k where k.line = s.line)
       order by s.order_number
      returning id, agent_identification, order_created_date, order_paid_date, order_installation_date,
                supplier_activation_date
    )
    insert into fibre_new (id, dealer, created, paid, installed, activated)
    select i.id, ${dealerOf(sql`i.agent_identification`, sql`by_code.id`)}, i.order_created_date, i.order_paid_date,
           i.order_installation_date, i.supplier_activation_date
      from inserted i
      left join users_master by_code on by_code.id = ${byCode(sql`i.agent_identification`)}`);
  return result.rowCount ?? 0;
}

/** Imports of one supplier's orders run one after another, so each sees the other's order numbers. */
export async function lockSupplierImports(tx: Executor, supplierId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`fibre-import:${supplierId}`}, 0))`);
}

/**
 * Attribution of the new orders (DECISIONS "Orders"; decision 038): written to orders_master with
 * the pre-aggregates' per-statement triggers told to stand aside, then added to the leaderboard's
 * monthly tables and the structure report's day table in one grouped statement each, straight from
 * `fibre_new`. The same counts the triggers would add (decision 027): a new order has no override,
 * so it counts for its dealer in the month of its paid date and on each milestone's day. The rank
 * buckets still follow the monthly tables by their own triggers. Rows are written in key order, so
 * two imports touching the same dealers wait on each other rather than deadlock.
 */
export async function attributeNewOrders(tx: Executor, supplierId: number): Promise<number> {
  await tx.execute(sql`select set_config('portal.attribution_counted', 'on', true)`);
  const result = await tx.execute(sql`
    insert into orders_master (orders_import_id, users_master_id)
    select id, dealer from fibre_new where dealer is not null order by id`);
  await tx.execute(sql`select set_config('portal.attribution_counted', 'off', true)`);
  await tx.execute(sql`
    insert into leaderboard_monthly_sales as l (month, suppliers_master_id, users_master_id, sales, first_paid)
    select date_trunc('month', paid)::date, ${supplierId}::integer, dealer, count(*)::int, min(paid)
      from fibre_new where dealer is not null and paid is not null
     group by 1, 3 order by 1, 3
    on conflict (month, suppliers_master_id, users_master_id) do update
       set sales = l.sales + excluded.sales, first_paid = least(l.first_paid, excluded.first_paid)`);
  await tx.execute(sql`
    insert into leaderboard_monthly_totals as t (month, users_master_id, sales, first_paid)
    select date_trunc('month', paid)::date, dealer, count(*)::int, min(paid)
      from fibre_new where dealer is not null and paid is not null
     group by 1, 2 order by 1, 2
    on conflict (month, users_master_id) do update
       set sales = t.sales + excluded.sales, first_paid = least(t.first_paid, excluded.first_paid)`);
  await tx.execute(sql`
    insert into structure_daily_orders as d (users_master_id, day, suppliers_master_id, milestone, orders)
    select n.dealer, m.day, ${supplierId}::integer, m.milestone, count(*)::int
      from fibre_new n
     cross join lateral (values (1::smallint, n.created), (2::smallint, n.paid), (3::smallint, n.installed),
                                (4::smallint, n.activated)) as m(milestone, day)
     where n.dealer is not null and m.day is not null
     group by 1, 2, 4 order by 1, 2, 4
    on conflict (users_master_id, day, suppliers_master_id, milestone) do update set orders = d.orders + excluded.orders`);
  return result.rowCount ?? 0;
}

/**
 * Attribution of the known orders that have no dealer yet (by the identification just imported).
 * Few, and possibly overridden or attributed meanwhile by a commission run: written with the
 * triggers counting them as for any other attribution.
 */
export async function attributeKnownOrders(tx: Executor): Promise<number> {
  const result = await tx.execute(sql`
    insert into orders_master (orders_import_id, users_master_id)
    select id, dealer
      from (
        select k.id, ${dealerOf(sql`o.agent_identification`, sql`by_code.id`)} as dealer
          from fibre_known k
          join orders_import o on o.id = k.id
          left join users_master by_code on by_code.id = ${byCode(sql`o.agent_identification`)}
         where not k.attributed
      ) matched
     where dealer is not null
     order by id
    on conflict (orders_import_id) do nothing`);
  return result.rowCount ?? 0;
}

// --- Loading a clean file with PostgreSQL's own CSV reader (decision 047) -------------------------

/** The savepoint around loading with COPY: taken, rolled back (the parser reads the file) or kept. */
export async function rawLoadSavepoint(tx: Executor, step: 'begin' | 'roll back' | 'keep'): Promise<void> {
  const statement = { begin: 'savepoint', 'roll back': 'rollback to savepoint', keep: 'release savepoint' }[step];
  await tx.execute(sql.raw(`${statement} fibre_raw_load`));
}

/** The raw file's columns: c1 … cN in file order, and the record's number in file order. */
export async function createRawStaging(tx: Executor, fields: number): Promise<void> {
  const columns = Array.from({ length: fields }, (_, i) => `c${i + 1} text`).join(', ');
  await tx.execute(
    sql.raw(`create temp table fibre_raw (rec integer generated always as identity, ${columns}) on commit drop`),
  );
}

/**
 * Streams the raw file (header first) into fibre_raw with `COPY … (FORMAT csv, HEADER)` on `client`,
 * the connection of the open transaction. Resolves with the records loaded.
 */
export async function copyRawIntoStaging(
  client: PoolClient,
  fields: number,
  feed: (into: Writable) => Promise<void>,
): Promise<number> {
  const columns = Array.from({ length: fields }, (_, i) => `c${i + 1}`).join(', ');
  const copy = client.query(copyFrom(`copy fibre_raw (${columns}) from stdin (format csv, header true)`));
  await feed(copy);
  return copy.rowCount;
}

/** Every character String.prototype.trim removes: btrim with these trims exactly as the JS check does. */
const JS_TRIMMED = (() => {
  let chars = '';
  for (let code = 1; code <= 0xffff; code += 1) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const char = String.fromCharCode(code);
    if (char.trim() === '') chars += char;
  }
  return chars;
})();

/** parseFibreDate's pattern with `\d` spelled [0-9] (PostgreSQL's `\d` follows the locale). */
const DATE_PATTERN =
  '^[0-9]{4}[-/][0-9]{2}[-/][0-9]{2}(?:[T ][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\\.[0-9]+)?)?(?:Z|[+-][0-9]{2}:?[0-9]{2})?)?$';
/** Characters outside the Basic Multilingual Plane: two UTF-16 units each in JavaScript. */
const ASTRAL = '[\\U00010000-\\U0010FFFF]';

/**
 * Checks fibre_raw's records with exactly checkFibreRow's rules and words, set-based, into the
 * staging table the rest of the job reads (`fibre_staging`, the good rows), and returns the rejected
 * rows (the first FIBRE_MAX_REJECTED_KEPT by line), their count, and whether a reason could differ
 * from the JavaScript one (a cut of an invalid date counted in UTF-16 units: the caller falls back).
 * `columnOf` gives the raw column number of each CSV column (null when the header lacks it).
 */
export async function checkRawRows(
  tx: Executor,
  columnOf: Record<FibreColumn, number | null>,
  limits: { maxCell: number; kept: number },
): Promise<{
  rejected: { line: number; orderNumber: string | null; reason: string }[];
  rejectedCount: number;
  inexact: boolean;
}> {
  const t = (column: FibreColumn) => sql.raw(`t.${column}`);
  const trimmed = sql.join(
    FIBRE_COLUMNS.map((column) => {
      const at = columnOf[column];
      return at === null
        ? sql`''::text as ${sql.raw(column)}`
        : sql`btrim(coalesce(${sql.raw(`r.c${at}`)}, ''), ${JS_TRIMMED}) as ${sql.raw(column)}`;
    }),
    sql`, `,
  );
  const part = (v: ReturnType<typeof sql>, from: number, length: number) =>
    sql`substr(${v}, ${sql.raw(String(from))}, ${sql.raw(String(length))})::integer`;
  const dateOk = (column: FibreColumn) => {
    const v = t(column);
    return sql`case when ${v} = '' then true when ${v} !~ ${DATE_PATTERN} then false
      when ${part(v, 1, 4)} between 1990 and 2100 and ${part(v, 6, 2)} between 1 and 12 and ${part(v, 9, 2)} between 1 and 31
        then extract(month from make_date(${part(v, 1, 4)}, ${part(v, 6, 2)}, 1) + (${part(v, 9, 2)} - 1)) = ${part(v, 6, 2)}
      else false end as ${sql.raw(`${column}_ok`)}`;
  };
  const ok = (column: FibreColumn) => sql.raw(`d.${column}_ok`);
  const list = (items: ReturnType<typeof sql>[]) => sql`nullif(concat_ws(', ', ${sql.join(items, sql`, `)}), '')`;
  const missing = list(
    FIBRE_REQUIRED.map((column) => sql`case when ${t(column)} = '' then ${FIBRE_COLUMN_LABELS[column]}::text end`),
  );
  const badDates = list(
    FIBRE_DATE_COLUMNS.map(
      (column) =>
        sql`case when not ${ok(column)} then ${FIBRE_COLUMN_LABELS[column]}::text || ' "' || left(${t(column)}, 40) || '"' end`,
    ),
  );
  // JavaScript counts UTF-16 units: a character outside the BMP counts twice. UTF-8 never has
  // fewer bytes than UTF-16 units, so only cells of more than maxCell bytes need the exact count.
  const max = sql.raw(String(limits.maxCell));
  const tooLong = list(
    FIBRE_COLUMNS.map(
      (column) => sql`case when octet_length(${t(column)}) > ${max}
          and 2 * length(${t(column)}) - length(regexp_replace(${t(column)}, ${ASTRAL}, '', 'g')) > ${max}
        then ${FIBRE_COLUMN_LABELS[column]}::text end`,
    ),
  );
  const value = (column: FibreColumn) =>
    FIBRE_DATE_COLUMNS.includes(column)
      ? sql`case when ${t(column)} <> '' and ${ok(column)}
          then make_date(${part(t(column), 1, 4)}, ${part(t(column), 6, 2)}, ${part(t(column), 9, 2)}) end
          as ${sql.raw(column === 'id' ? 'order_number' : column)}`
      : sql`nullif(${t(column)}, '') as ${sql.raw(column === 'id' ? 'order_number' : column)}`;
  await tx.execute(sql`
    create temp table fibre_staging on commit drop as
    select r.rec + 1 as line, ${sql.join(FIBRE_COLUMNS.map(value), sql`, `)},
           nullif(concat_ws('; ', 'Missing ' || ${missing},
                              'Invalid date: ' || ${badDates} || ' (use YYYY-MM-DD)',
                              'Longer than ' || ${max} || ' characters: ' || ${tooLong}), '') as reason
      from fibre_raw r
     cross join lateral (select ${trimmed} offset 0) t
     cross join lateral (select ${sql.join(FIBRE_DATE_COLUMNS.map(dateOk), sql`, `)} offset 0) d`);
  const result = await tx.execute<{
    line: number;
    order_number: string | null;
    reason: string;
    total: number;
    inexact: boolean;
  }>(sql`
    with rejected as (
      delete from fibre_staging where reason is not null returning line, order_number, reason
    )
    select line, order_number, reason, count(*) over ()::int as total,
           bool_or(reason ~ ${ASTRAL}) over () as inexact
      from rejected order by line limit ${limits.kept}`);
  const first = result.rows[0];
  return {
    rejected: result.rows.map((row) => ({ line: row.line, orderNumber: row.order_number, reason: row.reason })),
    rejectedCount: first?.total ?? 0,
    inexact: first?.inexact ?? false,
  };
}
