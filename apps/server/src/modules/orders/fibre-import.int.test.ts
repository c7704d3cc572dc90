import type { FibreImportStarted, FibreImportStatus, FibreSupplierOptions } from '@portal/domain/orders/fibre-import';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { overrideOrders } from '../../db/seed/activity-factories.ts';
import { createProductType, createSupplier, createUser, grantFeatures, type UserRow } from '../../db/seed/factories.ts';
import { insertOrderImport, updateOrderImport } from './fibre-import.queries.ts';
import { FIBRE_IMPORT_QUEUE, runFibreImport } from './fibre-import.service.ts';
import { STOPPED_IMPORT_MESSAGE } from './import-job.ts';

// The fibre activity import (spec 3 §2.10, §3.6, §5.4; DECISIONS "Orders"): CSV upload → job →
// good rows upserted and attributed, bad rows reported by line and reason.

let ctx: TestContext;
let adminCookie: string;
let adminId: number;
let flaglessCookie: string;
let dealerByCode: UserRow;
let dealerByBareCode: UserRow;
let dealerById: UserRow;
let dealerByPassport: UserRow;
let fibreType: number;
let otherType: number;
let supplier: number;
let otherSupplier: number;

const PASSWORD = 'Secret123';
const HEADER =
  'agent_identification,id,customer_status_1,customer_status_2,customer_account_number,customer_name,customer_phone,customer_email,customer_address,order_created_date,order_paid_date,order_installation_date,supplier_activation_date,external_reference,product,region';

function line(
  agent: string,
  order: string,
  overrides: Partial<Record<'account' | 'created' | 'paid' | 'installed' | 'status', string>> = {},
) {
  const o = {
    account: `ACC-${order}`,
    created: '2026-11-01',
    paid: '2026-11-02',
    installed: '2026-11-03',
    status: 'Paid',
    ...overrides,
  };
  return `${agent},${order},${o.status},,${o.account},"Customer, ${order}",0821234567,,1 Main Road,${o.created},${o.paid},${o.installed},,PREM-${order},Fibre 50,Gauteng`;
}

async function upload(cookie: string, csv: string, name = 'activity.csv') {
  const boundary = 'fibreboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nfibre_activity\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { cookie, origin: TEST_ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return res;
}

async function start(cookie: string, body: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/imports/fibre-activity',
    headers: { cookie, origin: TEST_ORIGIN },
    payload: body,
  });
}

async function status(id: number): Promise<FibreImportStatus> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/imports/fibre-activity/${id}`,
    headers: { cookie: adminCookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as FibreImportStatus;
}

async function waitFor(id: number): Promise<FibreImportStatus> {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const row = await status(id);
    if (row.status === 'completed' || row.status === 'failed') return row;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`import ${id} did not finish`);
}

async function importCsv(csv: string): Promise<FibreImportStatus> {
  const file = await upload(adminCookie, csv);
  expect(file.statusCode).toBe(201);
  const res = await start(adminCookie, { productTypeId: fibreType, supplierId: supplier, fileId: file.json().id });
  expect(res.statusCode).toBe(202);
  const started = res.json() as FibreImportStarted;
  return waitFor(started.id);
}

async function ordersOf(orderNumbers: string[]) {
  const result = await ctx.db.execute<{
    order_number: string;
    users_master_id: number | null;
    order_paid_date: string | null;
    customer_status_1: string | null;
  }>(sql`
    select o.order_number, m.users_master_id, o.order_paid_date::text, o.customer_status_1
    from orders_import o left join orders_master m on m.orders_import_id = o.id
    where o.suppliers_master_id = ${supplier} and o.order_number in ${orderNumbers}
    order by o.order_number`);
  return result.rows;
}

const effectiveDealer = sql`coalesce(ov.newly_assigned_agent, om.users_master_id)`;
const everyOrder = sql`orders_import o
  left join orders_master om on om.orders_import_id = o.id
  left join orders_admin_override ov on ov.orders_import_id = o.id`;

/** The leaderboard's and the structure report's pre-aggregates, each beside a rebuild from the orders. */
async function aggregatesKeptAndRebuilt() {
  const rows = async (query: ReturnType<typeof sql>) => (await ctx.db.execute(query)).rows;
  return {
    kept: {
      sales: await rows(sql`select month::text, suppliers_master_id as supplier, users_master_id as dealer, sales,
        first_paid::text from leaderboard_monthly_sales order by 1, 2, 3`),
      totals: await rows(sql`select month::text, users_master_id as dealer, sales, first_paid::text
        from leaderboard_monthly_totals order by 1, 2`),
      ranks: await rows(sql`select month::text, suppliers_master_id as supplier, sales, first_paid::text, dealers
        from leaderboard_monthly_ranks where dealers <> 0 order by 1, 2, 3, 4`),
      days: await rows(sql`select users_master_id as dealer, day::text, suppliers_master_id as supplier,
        milestone::int, orders from structure_daily_orders order by 1, 2, 3, 4`),
    },
    rebuilt: {
      sales:
        await rows(sql`select date_trunc('month', o.order_paid_date)::date::text as month, o.suppliers_master_id as supplier,
        ${effectiveDealer} as dealer, count(*)::int as sales, min(o.order_paid_date)::text as first_paid
        from ${everyOrder} where o.order_paid_date is not null and ${effectiveDealer} is not null
        group by 1, 2, 3 order by 1, 2, 3`),
      totals:
        await rows(sql`select date_trunc('month', o.order_paid_date)::date::text as month, ${effectiveDealer} as dealer,
        count(*)::int as sales, min(o.order_paid_date)::text as first_paid
        from ${everyOrder} where o.order_paid_date is not null and ${effectiveDealer} is not null
        group by 1, 2 order by 1, 2`),
      ranks: await rows(sql`select month::text, supplier, sales, first_paid::text, count(*)::int as dealers
        from (select month, suppliers_master_id as supplier, sales, first_paid from leaderboard_monthly_sales
              union all select month, 0, sales, first_paid from leaderboard_monthly_totals) x
        group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
      days: await rows(sql`select ${effectiveDealer} as dealer, m.day::text, o.suppliers_master_id as supplier,
        m.milestone, count(*)::int as orders
        from ${everyOrder}
        cross join lateral (values (1, o.order_created_date), (2, o.order_paid_date),
                                   (3, o.order_installation_date), (4, o.supplier_activation_date)) m(milestone, day)
        where ${effectiveDealer} is not null and m.day is not null
        group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
    },
  };
}

const unique = () => String(Date.now()).slice(-6) + String(Math.floor(Math.random() * 1000)).padStart(3, '0');

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const admin = await createUser(db, { isAdmin: true, password: PASSWORD });
  await grantFeatures(db, admin.id, ['Commissions']);
  adminId = admin.id;
  const flagless = await createUser(db, { isAdmin: true, password: PASSWORD });
  dealerByCode = await createUser(db, { parentId: admin.id, withoutLogin: true });
  dealerByBareCode = await createUser(db, { parentId: admin.id, withoutLogin: true });
  dealerById = await createUser(db, { parentId: admin.id, withoutLogin: true, identificationNo: `9001${unique()}` });
  dealerByPassport = await createUser(db, {
    parentId: admin.id,
    withoutLogin: true,
    identificationNo: `AB${unique()}`,
  });
  fibreType = (await createProductType(db, `Import Fibre ${unique()}`)).id;
  otherType = (await createProductType(db, `Import LTE ${unique()}`)).id;
  supplier = (await createSupplier(db, { supplierName: 'Import Metro', productTypeIds: [fibreType] })).id;
  otherSupplier = (await createSupplier(db, { supplierName: 'Import Mobile', productTypeIds: [otherType] })).id;
  adminCookie = await ctx.signIn(admin.email!, PASSWORD);
  flaglessCookie = await ctx.signIn(flagless.email!, PASSWORD);
});

afterAll(async () => {
  await ctx?.close();
});

describe('the fibre activity import', () => {
  let first: FibreImportStatus;
  let csv: string;

  it('lists the suppliers of a product type (none for an unused type)', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/imports/fibre-activity/suppliers?productTypeId=${fibreType}`,
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as FibreSupplierOptions).map((s) => s.id)).toEqual([supplier]);
    const unused = await createProductType(ctx.db, `Import Unused ${unique()}`);
    const none = await ctx.app.inject({
      method: 'GET',
      url: `/api/imports/fibre-activity/suppliers?productTypeId=${unused.id}`,
      headers: { cookie: adminCookie },
    });
    expect(none.json()).toEqual([]);
  });

  it('loads the good rows, attributes them and reports the two bad rows by line and reason', async () => {
    csv = [
      HEADER,
      line(`Z-${dealerByCode.id}`, 'F-1'),
      line(String(dealerByBareCode.id), 'F-2'),
      line(dealerById.identificationNo!, 'F-3'),
      line(dealerByPassport.identificationNo!.toLowerCase(), 'F-4'),
      line('Z-999999999', 'F-5'),
      line('nobody-known', 'F-6'),
      line(`Z-${dealerByCode.id}`, 'F-7', { account: '' }),
      line(`Z-${dealerByCode.id}`, 'F-8', { paid: '2026-02-30' }),
    ].join('\n');
    first = await importCsv(csv);
    expect(first.status).toBe('completed');
    expect(first.counts).toEqual({ rows: 8, inserted: 6, updated: 0, rejected: 2, attributed: 4 });
    expect(first.rejected.total).toBe(2);
    expect(first.rejected.items).toEqual([
      { line: 8, orderNumber: 'F-7', reason: 'Missing customer_account_number' },
      { line: 9, orderNumber: 'F-8', reason: expect.stringContaining('Invalid date: order_paid_date "2026-02-30"') },
    ]);
    const rows = await ordersOf(['F-1', 'F-2', 'F-3', 'F-4', 'F-5', 'F-6', 'F-7', 'F-8']);
    expect(rows.map((row) => [row.order_number, row.users_master_id])).toEqual([
      ['F-1', dealerByCode.id],
      ['F-2', dealerByBareCode.id],
      ['F-3', dealerById.id],
      ['F-4', dealerByPassport.id],
      ['F-5', null],
      ['F-6', null],
    ]);
  });

  it('leaves an audit row for the start (who, supplier, file) and one for what the apply changed', async () => {
    const audit = await ctx.db.execute<{ actor_user_id: number; action: string; after: Record<string, unknown> }>(sql`
      select actor_user_id, action, after from audit_log
       where entity = 'order_imports' and entity_id = ${String(first.id)} order by id`);
    expect(audit.rows).toEqual([
      {
        actor_user_id: adminId,
        action: 'orders.fibre_import.start',
        after: expect.objectContaining({ supplierId: supplier, productTypeId: fibreType, fileName: 'activity.csv' }),
      },
      {
        actor_user_id: adminId,
        action: 'orders.fibre_import.complete',
        after: expect.objectContaining({ rows: 8, inserted: 6, updated: 0, rejected: 2, attributed: 4 }),
      },
    ]);
  });

  it('re-importing the same file updates instead of duplicating', async () => {
    const again = await importCsv(csv.replace(`Paid,,ACC-F-6`, 'Installed,,ACC-F-6'));
    expect(again.counts).toEqual({ rows: 8, inserted: 0, updated: 6, rejected: 2, attributed: 0 });
    const count = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders_import where suppliers_master_id = ${supplier}`,
    );
    expect(count.rows[0]!.n).toBe(6);
    const masters = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from orders_master m join orders_import o on o.id = m.orders_import_id
      where o.suppliers_master_id = ${supplier}`);
    expect(masters.rows[0]!.n).toBe(4);
    expect((await ordersOf(['F-6']))[0]!.customer_status_1).toBe('Installed');
  });

  it('running the same job again changes nothing', async () => {
    const jobRow = await ctx.services.jobs.runNow(FIBRE_IMPORT_QUEUE, { importId: first.id });
    expect(jobRow.state).toBe('completed');
    const count = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders_import where suppliers_master_id = ${supplier}`,
    );
    expect(count.rows[0]!.n).toBe(6);
    expect((await status(first.id)).counts.updated).toBe(6);
  });

  it('an unmatched order is attributed when a later import names a known dealer', async () => {
    const late = await importCsv([HEADER, line(`Z-${dealerByBareCode.id}`, 'F-6', { paid: '2026-11-20' })].join('\n'));
    expect(late.counts).toMatchObject({ rows: 1, updated: 1, attributed: 1 });
    expect(await ordersOf(['F-6'])).toEqual([
      {
        order_number: 'F-6',
        users_master_id: dealerByBareCode.id,
        order_paid_date: '2026-11-20',
        customer_status_1: 'Paid',
      },
    ]);
  });

  it('attributes by ID number only to an approved dealer: a request still pending or declined claims no sales', async () => {
    // A leader's wizard request carries an ID number nobody has checked against the ID photo yet:
    // until it is approved, orders naming that number stay unmatched (Order Override), and they
    // reach the dealer once approved, when a later import names them again.
    const pending = await createUser(ctx.db, {
      parentId: adminId,
      withoutLogin: true,
      refsUserLifecycleStatusId: 1,
      submittedBy: adminId,
      identificationNo: `PEND${unique()}`,
    });
    const declined = await createUser(ctx.db, {
      parentId: adminId,
      withoutLogin: true,
      refsUserLifecycleStatusId: 5,
      submittedBy: adminId,
      identificationNo: `DECL${unique()}`,
    });
    const claims = [HEADER, line(pending.identificationNo!, 'F-40'), line(declined.identificationNo!, 'F-41')].join(
      '\n',
    );
    const first = await importCsv(claims);
    expect(first.counts).toMatchObject({ inserted: 2, attributed: 0 });
    expect((await ordersOf(['F-40', 'F-41'])).map((row) => row.users_master_id)).toEqual([null, null]);

    await ctx.db.execute(sql`update users_master set refs_user_lifecycle_status_id = 2 where id = ${pending.id}`);
    const again = await importCsv(claims);
    expect(again.counts).toMatchObject({ updated: 2, attributed: 1 });
    expect((await ordersOf(['F-40', 'F-41'])).map((row) => row.users_master_id)).toEqual([pending.id, null]);
  });

  it('loads cells with tabs, backslashes, quotes and line breaks unchanged through COPY', async () => {
    const name = '"Tab\there, back\\slash ""quoted""\nnext line"';
    const row = line(`Z-${dealerByCode.id}`, 'F-20').replace('"Customer, F-20"', name);
    const done = await importCsv([HEADER, row, line(`Z-${dealerByCode.id}`, 'F-21')].join('\n'));
    expect(done.counts).toMatchObject({ rows: 2, inserted: 2, rejected: 0 });
    const stored = await ctx.db.execute<{ customer_name: string }>(
      sql`select customer_name from orders_import where suppliers_master_id = ${supplier} and order_number = 'F-20'`,
    );
    expect(stored.rows[0]!.customer_name).toBe('Tab\there, back\\slash "quoted"\nnext line');
  });

  it('keeps the leaderboard and structure pre-aggregates equal to a rebuild from the orders', async () => {
    const a = (agent: string, order: string, dates: Partial<Record<'created' | 'paid' | 'installed', string>> = {}) =>
      line(agent, order, { created: '2026-10-01', paid: '2026-10-05', installed: '2026-10-09', ...dates });
    const first = await importCsv(
      [
        HEADER,
        a(`Z-${dealerByCode.id}`, 'A-1'),
        a(`Z-${dealerByCode.id}`, 'A-2', { paid: '2026-11-02', installed: '2026-11-03' }),
        a(`${dealerByBareCode.id}`, 'A-3', { paid: '2026-10-05' }),
        a(dealerById.identificationNo!, 'A-4', { created: '2026-09-28' }),
        a('nobody', 'A-5'),
        a('nobody', 'A-6'),
        a(`Z-${dealerByCode.id}`, 'A-7', { paid: '2026-02-30' }),
      ].join('\n'),
    );
    expect(first.counts).toMatchObject({ rows: 7, inserted: 6, rejected: 1, attributed: 4 });
    let aggregates = await aggregatesKeptAndRebuilt();
    expect(aggregates.kept).toEqual(aggregates.rebuilt);
    expect(aggregates.kept.totals.length).toBeGreaterThan(0);

    // A-6 is reassigned before a later file names a dealer for it: the reassignment keeps deciding.
    const overridden = await ctx.db.execute<{ id: number }>(
      sql`select id from orders_import where suppliers_master_id = ${supplier} and order_number = 'A-6'`,
    );
    await overrideOrders(ctx.db, [{ orderId: overridden.rows[0]!.id, dealerId: dealerByPassport.id }]);
    const second = await importCsv(
      [
        HEADER,
        a(`Z-${dealerByCode.id}`, 'A-1', { paid: '2026-11-04', installed: '2026-11-06' }),
        a(`Z-${dealerByCode.id}`, 'A-2', { paid: '2026-11-02', installed: '2026-11-03' }),
        a(`${dealerByBareCode.id}`, 'A-3', { created: '2026-09-30', paid: '2026-10-05' }),
        a(`Z-${dealerByBareCode.id}`, 'A-5', { paid: '2026-10-01' }),
        a(`Z-${dealerByCode.id}`, 'A-6'),
        a(`Z-${dealerById.id}`, 'A-8', { paid: '2026-10-01' }),
      ].join('\n'),
    );
    expect(second.counts).toMatchObject({ rows: 6, inserted: 1, updated: 5, rejected: 0, attributed: 3 });
    aggregates = await aggregatesKeptAndRebuilt();
    expect(aggregates.kept).toEqual(aggregates.rebuilt);
  });

  it('a connection killed between loading and applying leaves nothing applied; running the job again applies the whole file', async () => {
    const csv = [HEADER, line(`Z-${dealerByCode.id}`, 'R-1'), line('nobody', 'R-2'), line('', 'R-3')].join('\n');
    const file = await upload(adminCookie, csv);
    const batch = await insertOrderImport(ctx.db, {
      fileName: 'restart.csv',
      storedFileId: file.json().id,
      suppliersMasterId: supplier,
      refsProductTypeId: fibreType,
      status: 'queued',
    });
    const deps = { db: ctx.db, jobs: ctx.services.jobs, storage: ctx.services.storage };
    const stages: string[] = [];
    // What a dying server looks like to PostgreSQL: the import's connection goes away mid-transaction.
    const killing = async (stage: string) => {
      stages.push(stage);
      if (stage !== 'processing') return;
      const staged = await ctx.db.execute<{ n: number }>(sql`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state = 'idle in transaction' and pid <> pg_backend_pid()`);
      expect(staged.rows[0]!.n).toBeGreaterThan(0);
      await ctx.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and state = 'idle in transaction' and pid <> pg_backend_pid()`);
    };
    await expect(runFibreImport(deps, { importId: batch.id }, killing)).rejects.toThrow();
    expect(stages).toContain('uploading');
    expect(await ordersOf(['R-1', 'R-2', 'R-3'])).toEqual([]);
    expect((await status(batch.id)).status).toBe('failed');

    const result = await runFibreImport(deps, { importId: batch.id }, async () => {});
    expect(result.rejected).toEqual([{ line: 4, orderNumber: 'R-3', reason: 'Missing agent_identification' }]);
    expect((await ordersOf(['R-1', 'R-2', 'R-3'])).map((row) => [row.order_number, row.users_master_id])).toEqual([
      ['R-1', dealerByCode.id],
      ['R-2', null],
    ]);
    const after = await ctx.db.execute<{ status: string; inserted_count: number; rejected_count: number }>(
      sql`select status, inserted_count, rejected_count from order_imports where id = ${batch.id}`,
    );
    expect(after.rows[0]).toEqual({ status: 'completed', inserted_count: 2, rejected_count: 1 });
  });

  it('a batch whose job has stopped (failed after the server died, or deleted) reads as failed with the reason', async () => {
    const file = await upload(adminCookie, [HEADER, line(`Z-${dealerByCode.id}`, 'S-1')].join('\n'));
    const { id, jobId } = await ctx.db.transaction(async (tx) => {
      const row = await insertOrderImport(tx, {
        fileName: 'stopped.csv',
        storedFileId: file.json().id,
        suppliersMasterId: supplier,
        refsProductTypeId: fibreType,
        status: 'queued',
      });
      const job = await ctx.jobs.enqueueWithin(tx, FIBRE_IMPORT_QUEUE, { importId: row.id });
      // Held back, so this test's workers leave it waiting.
      await tx.execute(sql`update pgboss.job set start_after = now() + interval '1 hour' where id = ${job}::uuid`);
      await updateOrderImport(tx, row.id, { jobId: job });
      return { id: row.id, jobId: job };
    });
    const waiting = await status(id);
    expect(waiting).toMatchObject({ status: 'queued', error: null });

    // What pg-boss makes of a job whose process died: it expires, and fails without a retry.
    await ctx.db.execute(sql`update order_imports set status = 'running' where id = ${id}`);
    await ctx.db.execute(sql`update pgboss.job set state = 'failed' where id = ${jobId}::uuid`);
    const failed = await status(id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(STOPPED_IMPORT_MESSAGE);

    await ctx.db.execute(sql`delete from pgboss.job where id = ${jobId}::uuid`);
    expect((await status(id)).error).toBe(STOPPED_IMPORT_MESSAGE);
    expect(await ordersOf(['S-1'])).toEqual([]);
  });

  it('a file without the required columns fails the batch and applies nothing', async () => {
    const failed = await importCsv(['agent_identification,id', `Z-${dealerByCode.id},F-99`].join('\n'));
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('customer_account_number');
    expect(await ordersOf(['F-99'])).toEqual([]);
  });

  it('refuses a supplier that does not offer the product type', async () => {
    const file = await upload(adminCookie, [HEADER, line('Z-1', 'X-1')].join('\n'));
    const res = await start(adminCookie, {
      productTypeId: fibreType,
      supplierId: otherSupplier,
      fileId: file.json().id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('SUPPLIER_PRODUCT_TYPE_MISMATCH');
  });

  it('refuses a binary file as a CSV upload', async () => {
    const res = await upload(adminCookie, '%PDF-1.4\n\u0000\u0001binary');
    expect(res.statusCode).toBe(415);
  });

  it('refuses an admin without the Commissions flag', async () => {
    const file = await upload(flaglessCookie, [HEADER, line('Z-1', 'X-2')].join('\n'));
    expect(file.statusCode).toBe(201);
    const res = await start(flaglessCookie, { productTypeId: fibreType, supplierId: supplier, fileId: file.json().id });
    expect(res.statusCode).toBe(403);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/imports/fibre-activity/${first.id}`,
      headers: { cookie: flaglessCookie },
    });
    expect(read.statusCode).toBe(403);
  });

  it('lets only admins with the Commissions flag (and the uploader) download an activity file: its customers', async () => {
    const file = await upload(adminCookie, [HEADER, line('Z-1', 'X-3')].join('\n'));
    const download = (cookie: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/files/${file.json().id}`, headers: { cookie } });
    expect((await download(adminCookie)).statusCode).toBe(200);
    expect((await download(flaglessCookie)).statusCode).toBe(403);
    const colleague = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
    await grantFeatures(ctx.db, colleague.id, ['Commissions']);
    expect((await download(await ctx.signIn(colleague.email!, PASSWORD))).statusCode).toBe(200);
  });
});
