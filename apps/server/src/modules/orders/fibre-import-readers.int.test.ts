import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createProductType, createSupplier, createUser, type UserRow } from '../../db/seed/factories.ts';
import { insertOrderImport } from './fibre-import.queries.ts';
import { runFibreImport } from './fibre-import.service.ts';

// The two readers of a fibre CSV (decision 047): PostgreSQL's COPY with the checks in SQL for a
// clean file, csv-parse with checkFibreRow for any file. The same file must give the same rejected
// rows (line, order number, reason, word for word), the same counts and the same stored orders by
// either reader; a file COPY cannot read exactly must be read by csv-parse.

let ctx: TestContext;
let dealer: UserRow;
let fibreType: number;
let bySql: number;
let byJs: number;

const HEADER =
  'agent_identification,id,customer_status_1,customer_status_2,customer_account_number,customer_name,customer_phone,customer_email,customer_address,order_created_date,order_paid_date,order_installation_date,supplier_activation_date,external_reference,product,region';

function row(order: string, cells: Partial<Record<string, string>> = {}) {
  const c = {
    agent: `Z-${dealer.id}`,
    status: 'Paid',
    account: `ACC-${order}`,
    name: `"Customer, ${order}"`,
    created: '2026-11-01',
    paid: '2026-11-02',
    installed: '2026-11-03',
    activated: '',
    product: 'Fibre 50',
    region: 'Gauteng',
    ...cells,
  };
  return `${c.agent},${order},${c.status},,${c.account},${c.name},0821234567,,1 Main Road,${c.created},${c.paid},${c.installed},${c.activated},PREM-${order},${c.product},${c.region}`;
}

async function storeFile(csv: string) {
  const key = `fibre_activity/readers/${randomUUID()}.csv`;
  await ctx.storage.put(key, Readable.from([Buffer.from(csv)]), 'text/csv');
  const stored = await ctx.db.execute<{ id: string }>(sql`
    insert into stored_files (storage_key, original_name, content_type, size_bytes, sha256, purpose)
    values (${key}, 'readers.csv', 'text/csv', ${Buffer.byteLength(csv)}, 'test', 'fibre_activity') returning id`);
  return stored.rows[0]!.id;
}

/** Imports the file for `supplierId` with the chosen reader; the outcome, or the failure's message. */
async function importWith(csv: string, supplierId: number, parseInJs: boolean) {
  const fileId = await storeFile(csv);
  const batch = await insertOrderImport(ctx.db, {
    fileName: 'readers.csv',
    storedFileId: fileId,
    suppliersMasterId: supplierId,
    refsProductTypeId: fibreType,
    status: 'queued',
  });
  const deps = { db: ctx.db, jobs: ctx.services.jobs, storage: ctx.storage };
  try {
    const result = await runFibreImport(deps, { importId: batch.id }, async () => {}, { parseInJs });
    const counts = await ctx.db.execute(sql`
      select row_count, inserted_count, updated_count, rejected_count from order_imports where id = ${batch.id}`);
    return { result, counts: counts.rows[0], orders: await ordersOf(supplierId) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error), orders: await ordersOf(supplierId) };
  }
}

async function ordersOf(supplierId: number) {
  const result = await ctx.db.execute(sql`
    select o.order_number, o.agent_identification, o.customer_status_1, o.customer_status_2,
           o.customer_account_number, o.customer_name, o.customer_phone, o.customer_email, o.customer_address,
           o.order_created_date::text, o.order_paid_date::text, o.order_installation_date::text,
           o.supplier_activation_date::text, o.external_reference, o.product, o.region, m.users_master_id
      from orders_import o left join orders_master m on m.orders_import_id = o.id
     where o.suppliers_master_id = ${supplierId}
     order by o.order_number`);
  return result.rows;
}

/** Both readers over the same file, each into its own supplier; returns the SQL reader's outcome. */
async function bothReaders(csv: string) {
  const fromSql = await importWith(csv, bySql, false);
  const fromJs = await importWith(csv, byJs, true);
  expect(fromJs.result?.parsedBy ?? 'parser').toBe('parser');
  expect({ ...fromSql, result: fromSql.result && { ...fromSql.result, parsedBy: undefined } }).toEqual({
    ...fromJs,
    result: fromJs.result && { ...fromJs.result, parsedBy: undefined },
  });
  return fromSql;
}

const long = (length: number) => 'x'.repeat(length);
const emoji = '\u{1F600}';

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createUser(ctx.db, { isAdmin: true });
  dealer = await createUser(ctx.db, { parentId: admin.id, withoutLogin: true });
  fibreType = (await createProductType(ctx.db, `Readers Fibre ${randomUUID().slice(0, 8)}`)).id;
  bySql = (await createSupplier(ctx.db, { supplierName: 'Readers SQL', productTypeIds: [fibreType] })).id;
  byJs = (await createSupplier(ctx.db, { supplierName: 'Readers JS', productTypeIds: [fibreType] })).id;
});

afterAll(async () => {
  await ctx?.close();
});

describe('the fibre import reads a clean file with COPY and checks it in SQL exactly as in JavaScript', () => {
  it('rejects the same rows for the same reasons and stores the same orders', async () => {
    const csv = [
      HEADER,
      row('G-1'),
      row('G-2', { name: '"Say ""hello"", then, go"', activated: '2026-11-04' }),
      row('M-1', { agent: '' }),
      row('', { account: '' }),
      row('M-3', { account: '   ', product: '\t', region: '\u00a0\u3000' }),
      row('M-4', { created: '', paid: '""', installed: ' ' }),
      row('D-1', { paid: '2026-02-30' }),
      row('D-2', { created: '1989-12-31', paid: '2101-01-01', installed: '2100-12-31' }),
      row('D-3', { created: '2026-13-01', paid: '2026-00-10', installed: '2026-01-00' }),
      row('D-4', { created: '26-01-01', paid: '2026/01/05', installed: '2026-01-05T10:20' }),
      row('D-5', {
        created: '2026-01-05 10:20:30.5+02:00',
        paid: '2026-01-05Z',
        installed: '2026-01-05T10:20:30+0200',
      }),
      row('D-6', { created: ' 2026-01-05 ', paid: '\u00a02026-01-06\u3000', installed: '2026-1-05' }),
      row('D-7', { created: '2024-02-29', paid: '2023-02-29', installed: `2026-01-01${long(60)}` }),
      row('D-8', { created: '2026-01-05T1:20', paid: '2026-01-05t10:20', activated: '2026-01-05 10:20:30.' }),
      row('D-9', { created: '２０２６-01-05', paid: '2026-01-05\u2028' }),
      row('L-1', { name: long(500) }),
      row('L-2', { name: long(501), region: ` ${long(500)} ` }),
      row('L-3', { name: emoji.repeat(250) }),
      row('L-4', { name: emoji.repeat(251), status: `${emoji.repeat(200)}${long(101)}` }),
      row('L-5', { agent: '', created: 'nope', account: long(600) }),
      row('R-1'),
      row('R-1', { status: 'Installed' }),
      row(' G-3 ', { agent: ` Z-${dealer.id} `, status: ' Paid ' }),
    ].join('\n');
    const outcome = await bothReaders(csv);
    expect(outcome.result?.parsedBy).toBe('copy');
    expect(outcome.result?.rejected.length).toBeGreaterThan(15);
  });

  it('reads a header in another order, in other case, with an unknown and a repeated column, CRLF and no last line end', async () => {
    const header =
      ' ID ,Region,PRODUCT,extra,agent_identification,customer_account_number,order_created_date,order_paid_date,order_installation_date,region';
    const csv = [
      `\ufeff${header}`,
      `H-1,North,Fibre 20,whatever,Z-${dealer.id},ACC-H-1,2026-11-01,2026-11-02,2026-11-03,South`,
      `H-2,North,Fibre 20,,Z-${dealer.id},ACC-H-2,2026-11-01,2026-11-31,2026-11-03,`,
      `H-3,,"Fibre ""20""",,nobody,ACC-H-3,2026-11-01,2026-11-02,2026-11-03,East`,
    ].join('\r\n');
    const outcome = await bothReaders(csv);
    expect(outcome.result?.parsedBy).toBe('copy');
    expect(outcome.result?.rejected.map((r) => r.line)).toEqual([3]);
  });

  it('reads with csv-parse what COPY cannot read exactly, with the same outcome', async () => {
    const unclean = [
      [HEADER, row('U-1'), '', row('U-2', { paid: 'bad' })].join('\n'),
      [HEADER, row('U-3', { name: '"two\nlines"' }), row('U-4', { account: '' })].join('\n'),
      [HEADER, row('U-5'), 'short,row', row('U-6')].join('\n'),
      [HEADER, `${row('U-7')},extra`, row('U-8')].join('\n'),
      [HEADER, row('U-9'), row('U-10', { paid: `bad ${emoji}` })].join('\n'),
      [HEADER, row('U-11'), row('U-12')].join('\r\n').replace(/\r\n(?=[^\r\n]*U-12)/, '\n'),
      [HEADER, row('U-13'), row('U-14')].join('\n').concat('\n\n'),
      [HEADER, row('U-15', { name: 'say "hi"' })].join('\n'),
      [HEADER, row('U-16', { name: '"closed"late' })].join('\n'),
      [HEADER, row('U-17', { name: '"never closed' })].join('\n'),
      ['agent_identification,id', `Z-${dealer.id},U-18`].join('\n'),
      '',
    ];
    for (const csv of unclean) {
      const outcome = await bothReaders(csv);
      expect(outcome.result?.parsedBy ?? 'parser').toBe('parser');
    }
  });
});
