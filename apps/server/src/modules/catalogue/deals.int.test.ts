import { DEAL_MESSAGES, RATE_FIELDS, rateLabel } from '@portal/domain/catalogue/deals';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import {
  createDeal,
  createProduct,
  createProductType,
  createSupplier,
  createUser,
  grantFeatures,
  nextSequence,
} from '../../db/seed/factories.ts';

// '/api/deals' (spec 3 §2.11, §5.1): admins with the Deals flag only; the spec's messages.

let ctx: TestContext;
const cookies: Record<'admin' | 'adminWithout' | 'leader' | 'agent', string> = {
  admin: '',
  adminWithout: '',
  leader: '',
  agent: '',
};
let fibre: { id: number };
let mobile: { id: number };
let supplier: { id: number };
let otherSupplier: { id: number };
let product: { id: number };
let foreignProduct: { id: number };

const PASSWORD = 'Secret123';

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
  await grantFeatures(ctx.db, admin.id, ['Deals']);
  const adminWithout = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
  await grantFeatures(ctx.db, adminWithout.id, ['Commissions', 'Users Management']);
  const leader = await createUser(ctx.db, { isLeader: true, password: PASSWORD });
  const agent = await createUser(ctx.db, { password: PASSWORD });
  cookies.admin = await ctx.signIn(admin.email!, PASSWORD);
  cookies.adminWithout = await ctx.signIn(adminWithout.email!, PASSWORD);
  cookies.leader = await ctx.signIn(leader.email!, PASSWORD);
  cookies.agent = await ctx.signIn(agent.email!, PASSWORD);
  const n = nextSequence();
  fibre = await createProductType(ctx.db, `Deal Fibre ${n}`);
  mobile = await createProductType(ctx.db, `Deal Mobile ${n}`);
  supplier = await createSupplier(ctx.db, { productTypeIds: [fibre.id] });
  otherSupplier = await createSupplier(ctx.db, { productTypeIds: [fibre.id, mobile.id] });
  product = await createProduct(ctx.db, {
    suppliersMasterId: supplier.id,
    refsProductTypeId: fibre.id,
    displayName: `Fibre 50 ${n}`,
  });
  foreignProduct = await createProduct(ctx.db, { suppliersMasterId: otherSupplier.id, refsProductTypeId: fibre.id });
});
afterAll(() => ctx?.close());

type Who = keyof typeof cookies | 'anonymous';

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(who === 'anonymous' ? {} : { cookie: cookies[who] }), origin: TEST_ORIGIN },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const dealBody = () => ({
  dealName: `Winter Fibre ${nextSequence()}`,
  dealDescription: 'Free installation in June',
  supplierId: supplier.id,
  productTypeId: fibre.id,
  dealTypeId: 1,
});

const rates = (value: number | string) => Object.fromEntries(RATE_FIELDS.map((field) => [field, value]));

describe('deal create, edit and delete', () => {
  it('creates a deal, finds it by search, edits it and deletes it (audited)', async () => {
    const body = dealBody();
    const created = await call('POST', '/api/deals', 'admin', body);
    expect(created.statusCode).toBe(201);
    const deal = created.json();
    expect(deal).toMatchObject({
      dealName: body.dealName,
      dealDescription: body.dealDescription,
      supplierId: supplier.id,
      productTypeName: expect.stringContaining('Deal Fibre'),
      dealTypeName: 'Standard',
      productCount: 0,
    });

    const found = await call('GET', `/api/deals?search=${encodeURIComponent(body.dealName)}`, 'admin');
    expect(found.statusCode).toBe(200);
    expect(found.json().items.map((row: { id: number }) => row.id)).toEqual([deal.id]);

    const edited = await call('PUT', `/api/deals/${deal.id}`, 'admin', {
      ...body,
      dealName: `${body.dealName} v2`,
      dealTypeId: 2,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ dealName: `${body.dealName} v2`, dealTypeName: 'Promotional' });

    expect((await call('DELETE', `/api/deals/${deal.id}`, 'admin')).statusCode).toBe(200);
    expect((await call('GET', `/api/deals/${deal.id}`, 'admin')).statusCode).toBe(404);
    const { rows } = await ctx.db.$client.query(
      `SELECT action FROM audit_log WHERE entity = 'deals_master' AND entity_id = $1 ORDER BY occurred_at, id`,
      [String(deal.id)],
    );
    expect(rows.map((row) => row.action)).toEqual(['deal.create', 'deal.update', 'deal.delete']);
  });

  it('names exactly the missing required fields, in the form order', async () => {
    const response = await call('POST', '/api/deals', 'admin', {
      dealName: '  ',
      dealDescription: 'Something',
      supplierId: supplier.id,
      productTypeId: null,
      dealTypeId: null,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(
      'Please fill in the following required fields: Deal Name, Product Type, Deal Type',
    );
    const all = await call('POST', '/api/deals', 'admin', {
      dealName: '',
      dealDescription: '',
      supplierId: null,
      productTypeId: null,
      dealTypeId: null,
    });
    expect(all.json().detail).toBe(
      'Please fill in the following required fields: Deal Name, Deal Description, Supplier, Product Type, Deal Type',
    );
  });

  it('refuses a product type the supplier does not offer', async () => {
    const response = await call('POST', '/api/deals', 'admin', { ...dealBody(), productTypeId: mobile.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(DEAL_MESSAGES.supplierMismatch);
    const deal = await createDeal(ctx.db, { suppliersMasterId: supplier.id, refsProductTypeId: fibre.id });
    const edit = await call('PUT', `/api/deals/${deal.id}`, 'admin', { ...dealBody(), productTypeId: mobile.id });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().code).toBe('SUPPLIER_PRODUCT_TYPE_MISMATCH');
  });
});

describe("a deal's products and rates", () => {
  it('adds a product with its 11 rates, updates them and removes it', async () => {
    const deal = await createDeal(ctx.db, { suppliersMasterId: supplier.id, refsProductTypeId: fibre.id });
    const added = await call('PUT', `/api/deals/${deal.id}/products`, 'admin', {
      productId: product.id,
      ...rates('250'),
      leaderRate7: 5,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      added: true,
      product: { productId: product.id, userRate1: 250, leaderRate7: 5 },
    });

    const updated = await call('PUT', `/api/deals/${deal.id}/products`, 'admin', {
      productId: product.id,
      ...rates(300),
    });
    expect(updated.json()).toMatchObject({ added: false, product: { userRate4: 300, leaderRate7: 300 } });

    const list = await call('GET', `/api/deals/${deal.id}/products`, 'admin');
    expect(list.json()).toHaveLength(1);
    const row = await call('GET', `/api/deals/${deal.id}`, 'admin');
    expect(row.json()).toMatchObject({ productCount: 1, productNames: [expect.stringContaining('Fibre 50')] });

    expect((await call('DELETE', `/api/deals/${deal.id}/products/${product.id}`, 'admin')).statusCode).toBe(200);
    expect((await call('GET', `/api/deals/${deal.id}/products`, 'admin')).json()).toEqual([]);
    expect((await call('DELETE', `/api/deals/${deal.id}/products/${product.id}`, 'admin')).statusCode).toBe(404);
  });

  it.each(RATE_FIELDS.map((field) => [field, rateLabel(field)]))(
    'refuses a %s that is not a whole number: "%s"',
    async (field, label) => {
      const deal = await createDeal(ctx.db, { suppliersMasterId: supplier.id, refsProductTypeId: fibre.id });
      for (const bad of ['12.5', 'abc', '', -1, 1.5]) {
        const response = await call('PUT', `/api/deals/${deal.id}/products`, 'admin', {
          productId: product.id,
          ...rates(10),
          [field]: bad,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().errors).toEqual([{ field, message: `Please enter a valid number for ${label}.` }]);
      }
    },
  );

  it("asks for a product: 'Please select a product.'", async () => {
    const deal = await createDeal(ctx.db, { suppliersMasterId: supplier.id, refsProductTypeId: fibre.id });
    const response = await call('PUT', `/api/deals/${deal.id}/products`, 'admin', { productId: null, ...rates(1) });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Please select a product.');
  });

  it('refuses a product of another supplier', async () => {
    const deal = await createDeal(ctx.db, { suppliersMasterId: supplier.id, refsProductTypeId: fibre.id });
    const response = await call('PUT', `/api/deals/${deal.id}/products`, 'admin', {
      productId: foreignProduct.id,
      ...rates(1),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(DEAL_MESSAGES.productOfAnotherSupplier);
  });

  it("refuses a product of another product type than the deal's", async () => {
    const deal = await createDeal(ctx.db, { suppliersMasterId: otherSupplier.id, refsProductTypeId: fibre.id });
    const mobileProduct = await createProduct(ctx.db, {
      suppliersMasterId: otherSupplier.id,
      refsProductTypeId: mobile.id,
    });
    const response = await call('PUT', `/api/deals/${deal.id}/products`, 'admin', {
      productId: mobileProduct.id,
      ...rates(1),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'PRODUCT_OF_ANOTHER_TYPE',
      detail: DEAL_MESSAGES.productOfAnotherType,
    });
    expect((await call('GET', `/api/deals/${deal.id}/products`, 'admin')).json()).toEqual([]);
  });

  it('keeps a deal with products on its supplier and product type, so its products stay theirs', async () => {
    const deal = await createDeal(ctx.db, { suppliersMasterId: supplier.id, refsProductTypeId: fibre.id });
    const body = { ...dealBody(), supplierId: supplier.id, productTypeId: fibre.id };
    expect(
      (await call('PUT', `/api/deals/${deal.id}/products`, 'admin', { productId: product.id, ...rates(9) })).statusCode,
    ).toBe(200);

    const moved = await call('PUT', `/api/deals/${deal.id}`, 'admin', { ...body, supplierId: otherSupplier.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ code: 'DEAL_PRODUCTS_DO_NOT_FIT', detail: DEAL_MESSAGES.productsDoNotFit });
    const retyped = await call('PUT', `/api/deals/${deal.id}`, 'admin', {
      ...body,
      supplierId: otherSupplier.id,
      productTypeId: mobile.id,
    });
    expect(retyped.json().code).toBe('DEAL_PRODUCTS_DO_NOT_FIT');
    expect((await call('GET', `/api/deals/${deal.id}`, 'admin')).json()).toMatchObject({ supplierId: supplier.id });

    // Renaming it is still fine, and once its products are gone it may move.
    expect((await call('PUT', `/api/deals/${deal.id}`, 'admin', { ...body, dealName: 'Renamed' })).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `/api/deals/${deal.id}/products/${product.id}`, 'admin')).statusCode).toBe(200);
    const movedEmpty = await call('PUT', `/api/deals/${deal.id}`, 'admin', { ...body, supplierId: otherSupplier.id });
    expect(movedEmpty.statusCode).toBe(200);
  });

  it("offers the supplier's products of the type, the suppliers with their types and the deal types", async () => {
    const response = await call(
      'GET',
      `/api/deals/choices?supplierId=${supplier.id}&productTypeId=${fibre.id}`,
      'admin',
    );
    expect(response.statusCode).toBe(200);
    const choices = response.json();
    expect(choices.products.map((p: { id: number }) => p.id)).toEqual([product.id]);
    expect(choices.dealTypes).toEqual([
      { id: 1, name: 'Standard' },
      { id: 2, name: 'Promotional' },
    ]);
    const other = choices.suppliers.find((s: { id: number }) => s.id === otherSupplier.id);
    expect(other.productTypes.map((t: { id: number }) => t.id).sort()).toEqual([fibre.id, mobile.id].sort());
  });
});

describe('who may manage deals', () => {
  const routes = (dealId: number): Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> => [
    ['GET', '/api/deals'],
    ['GET', '/api/deals/choices'],
    ['POST', '/api/deals', dealBody()],
    ['GET', `/api/deals/${dealId}`],
    ['PUT', `/api/deals/${dealId}`, dealBody()],
    ['DELETE', `/api/deals/${dealId}`],
    ['GET', `/api/deals/${dealId}/products`],
    ['PUT', `/api/deals/${dealId}/products`, { productId: product.id, ...rates(1) }],
    ['DELETE', `/api/deals/${dealId}/products/${product.id}`],
  ];

  it('refuses an admin with the Deals flag once marked inactive or deleted, on the session they still hold', async () => {
    const deal = await createDeal(ctx.db, { suppliersMasterId: supplier.id, refsProductTypeId: fibre.id });
    for (const status of [3, 4]) {
      const leaver = await createUser(ctx.db, { isAdmin: true, password: PASSWORD });
      await grantFeatures(ctx.db, leaver.id, ['Deals']);
      const cookie = await ctx.signIn(leaver.email!, PASSWORD);
      await ctx.db.execute(
        sql`update users_master set refs_user_lifecycle_status_id = ${status} where id = ${leaver.id}`,
      );
      for (const [method, url, body] of routes(deal.id)) {
        const response = await ctx.app.inject({
          method,
          url,
          headers: { cookie, origin: TEST_ORIGIN },
          ...(body === undefined ? {} : { payload: body as object }),
        });
        expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 403 });
      }
    }
    expect((await call('GET', `/api/deals/${deal.id}/products`, 'admin')).json()).toEqual([]);
  });

  it.each([
    ['an admin without the Deals flag', 'adminWithout', 403],
    ['a leader', 'leader', 403],
    ['an agent', 'agent', 403],
    ['someone signed out', 'anonymous', 401],
  ] as const)('refuses %s', async (_name, who, status) => {
    const deal = await createDeal(ctx.db, { suppliersMasterId: supplier.id, refsProductTypeId: fibre.id });
    for (const [method, url, body] of routes(deal.id)) {
      const response = await call(method, url, who, body);
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status });
    }
    expect((await call('GET', `/api/deals/${deal.id}`, 'admin')).statusCode).toBe(200);
  });
});
