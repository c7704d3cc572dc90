import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { withConnection } from '../../db/client.ts';
import { createOrders } from '../../db/seed/activity-factories.ts';
import { createProduct, createProductType, createSupplier, createUser, type UserRow } from '../../db/seed/factories.ts';

// Orders and attributions name their supplier, product type, product, import batch, order and
// dealer without foreign keys: statement-level triggers check them (migration 0024, decision 043).
// A reference to a missing row must still be refused, and so must deleting a row that is named.

let ctx: TestContext;
let dealer: UserRow;
let fibreType: number;
let supplier: number;
let product: number;
let batch: number;

/** The database's message for a refused statement (drizzle wraps it as the cause), or 'accepted'. */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: { message?: string; code?: string } }).cause;
    return `${cause?.code ?? ''} ${cause?.message ?? error}`;
  }
  return 'accepted';
}

const insertOrder = (values: { supplier?: number; type?: number; product?: number | null; batch?: number | null }) =>
  ctx.db.execute(sql`
    insert into orders_import (suppliers_master_id, order_number, agent_identification, order_created_date,
                               refs_product_type_id, products_master_id, import_batch_id)
    values (${values.supplier ?? supplier}, ${`REF-${Math.random().toString(36).slice(2, 10)}`}, 'unknown',
            '2026-11-01', ${values.type ?? fibreType}, ${values.product ?? null}, ${values.batch ?? null})
    returning id`);

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createUser(ctx.db, { isAdmin: true });
  dealer = await createUser(ctx.db, { parentId: admin.id, withoutLogin: true });
  fibreType = (await createProductType(ctx.db, 'References Fibre')).id;
  supplier = (await createSupplier(ctx.db, { supplierName: 'References Metro', productTypeIds: [fibreType] })).id;
  product = (await createProduct(ctx.db, { suppliersMasterId: supplier })).id;
  const [row] = (
    await ctx.db.execute<{ id: number }>(sql`
      insert into order_imports (file_name, suppliers_master_id, refs_product_type_id, status)
      values ('references.csv', ${supplier}, ${fibreType}, 'completed') returning id`)
  ).rows;
  batch = row!.id;
});

afterAll(async () => {
  await ctx?.close();
});

describe('references of orders and attributions', () => {
  it('refuses an order naming a missing supplier, product type, product or import batch', async () => {
    expect(await refusal(insertOrder({ supplier: 999_999_001 }))).toMatch(/23503 .*supplier 999999001/);
    expect(await refusal(insertOrder({ type: 999_999_002 }))).toMatch(/23503 .*product type 999999002/);
    expect(await refusal(insertOrder({ product: 999_999_003 }))).toMatch(/23503 .*product 999999003/);
    expect(await refusal(insertOrder({ batch: 999_999_004 }))).toMatch(/23503 .*import 999999004/);
    expect(await refusal(insertOrder({ product, batch }))).toBe('accepted');
    const [order] = await createOrders(ctx.db, [
      { suppliersMasterId: supplier, refsProductTypeId: fibreType, orderCreatedDate: '2026-11-01' },
    ]);
    // Matching a product (or re-importing into another batch) is checked as well.
    expect(
      await refusal(
        ctx.db.execute(sql`update orders_import set products_master_id = 999999005 where id = ${order!.id}`),
      ),
    ).toMatch(/23503 .*product 999999005/);
    expect(
      await refusal(
        ctx.db.execute(sql`update orders_import set products_master_id = ${product} where id = ${order!.id}`),
      ),
    ).toBe('accepted');
  });

  it('refuses an attribution naming a missing order or dealer', async () => {
    const [order] = await createOrders(ctx.db, [
      { suppliersMasterId: supplier, refsProductTypeId: fibreType, orderCreatedDate: '2026-11-01' },
    ]);
    const attribute = (orderId: number, userId: number) =>
      ctx.db.execute(sql`insert into orders_master (orders_import_id, users_master_id) values (${orderId}, ${userId})`);
    expect(await refusal(attribute(999_999_006, dealer.id))).toMatch(/23503 .*order 999999006/);
    expect(await refusal(attribute(order!.id, 999_999_007))).toMatch(/23503 .*user 999999007/);
    expect(await refusal(attribute(order!.id, dealer.id))).toBe('accepted');
    expect(
      await refusal(
        ctx.db.execute(sql`update orders_master set users_master_id = 999999008 where orders_import_id = ${order!.id}`),
      ),
    ).toMatch(/23503 .*user 999999008/);
    const dealers = await ctx.db.execute<{ users_master_id: number }>(
      sql`select users_master_id from orders_master where orders_import_id = ${order!.id}`,
    );
    expect(dealers.rows).toEqual([{ users_master_id: dealer.id }]);
  });

  it('refuses deleting an order, dealer, product or import batch that orders name, and allows it once unnamed', async () => {
    const owner = await createUser(ctx.db, { withoutLogin: true });
    const spareProduct = (await createProduct(ctx.db, { suppliersMasterId: supplier })).id;
    const [order] = await createOrders(ctx.db, [
      {
        suppliersMasterId: supplier,
        refsProductTypeId: fibreType,
        orderCreatedDate: '2026-11-01',
        productsMasterId: spareProduct,
        importBatchId: batch,
        dealerId: owner.id,
      },
    ]);
    expect(await refusal(ctx.db.execute(sql`delete from orders_import where id = ${order!.id}`))).toMatch(
      /23503 .*orders_import \d+ is named by orders_master/,
    );
    expect(await refusal(ctx.db.execute(sql`delete from users_master where id = ${owner.id}`))).toMatch(
      /23503 .*users_master \d+ is named by orders_master/,
    );
    expect(await refusal(ctx.db.execute(sql`delete from products_master where id = ${spareProduct}`))).toMatch(
      /23503 .*products_master \d+ is named by orders_import/,
    );
    expect(await refusal(ctx.db.execute(sql`delete from order_imports where id = ${batch}`))).toMatch(
      /23503 .*order_imports \d+ is named by orders_import/,
    );
    expect(await refusal(ctx.db.execute(sql`update order_imports set id = 999999009 where id = ${batch}`))).toMatch(
      /23503 .*order_imports \d+ is named by orders_import and cannot be renumbered/,
    );
    expect(await refusal(ctx.db.execute(sql`truncate order_imports`))).toMatch(/23503 .*orders_import refers to it/);
    const stillThere = await ctx.db.execute(sql`select 1 from orders_master where orders_import_id = ${order!.id}`);
    expect(stillThere.rows).toHaveLength(1);

    // Once nothing names them, they can go.
    await ctx.db.execute(sql`delete from orders_master where orders_import_id = ${order!.id}`);
    expect(await refusal(ctx.db.execute(sql`delete from orders_import where id = ${order!.id}`))).toBe('accepted');
    expect(await refusal(ctx.db.execute(sql`delete from products_master where id = ${spareProduct}`))).toBe('accepted');
  });

  it('a delete waits for an attribution in flight and is refused once it commits', async () => {
    const owner = await createUser(ctx.db, { withoutLogin: true });
    const [order] = await createOrders(ctx.db, [
      { suppliersMasterId: supplier, refsProductTypeId: fibreType, orderCreatedDate: '2026-11-01' },
    ]);
    await withConnection(ctx.db, async (_writer, writerClient) =>
      withConnection(ctx.db, async (_deleter, deleterClient) => {
        await writerClient.query('begin');
        await writerClient.query('insert into orders_master (orders_import_id, users_master_id) values ($1, $2)', [
          order!.id,
          owner.id,
        ]);
        // The dealer's row is not locked by the writer: the delete runs, then its check waits.
        await deleterClient.query(`set statement_timeout = '20s'`);
        const deleting = deleterClient.query('delete from users_master where id = $1', [owner.id]).then(
          () => 'accepted',
          (error: { code?: string; message: string }) => `${error.code} ${error.message}`,
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
        await writerClient.query('commit');
        expect(await deleting).toMatch(/23503 .*users_master \d+ is named by orders_master/);
      }),
    );
    const rows = await ctx.db.execute(sql`select 1 from users_master where id = ${owner.id}`);
    expect(rows.rows).toHaveLength(1);
  });
});
