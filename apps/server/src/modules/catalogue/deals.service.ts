import {
  type CompleteDeal,
  completeDeal,
  DEAL_MESSAGES,
  type DealChoices,
  type DealChoicesQuery,
  type DealProduct,
  type DealProductRequest,
  type DealRequest,
  type DealRow,
  type DealsPage,
  type DealsQuery,
  missingDealFieldsMessage,
  RATE_FIELDS,
} from '@portal/domain/catalogue/deals';
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { supplierOffersProductType } from './catalogue.queries.ts';
import {
  type DealRowRecord,
  dealHoldsProductsOutside,
  dealTypeExists,
  deleteDealProduct,
  findDealProduct,
  findDealProducts,
  findDealRow,
  findDealsPage,
  findDealTypes,
  findProductChoices,
  findProductSupplier,
  findSuppliersWithProductTypes,
  insertDeal,
  lockDeal,
  markDealDeleted,
  updateDeal,
  upsertDealProduct,
} from './deals.queries.ts';

// '/deals' (spec 3 §2.11, §5.1): admins with the Deals flag (the routes' guard) create, edit and
// delete deals and set the rates of their products. A deal's product type must be one its supplier
// offers, and its products must be the supplier's and of that type (so a deal holding products
// keeps its supplier and type). Every write is one transaction with its audit.

type Request = Pick<FastifyRequest, 'id' | 'ip'> & { actor?: Actor };

function toDealRow(row: DealRowRecord): DealRow {
  return {
    ...row,
    createdAt: (row.createdAt instanceof Date ? row.createdAt : new Date(row.createdAt)).toISOString(),
    productCount: Number(row.productCount),
  };
}

export async function dealsPage(db: Executor, query: DealsQuery): Promise<DealsPage> {
  const { rows, total } = await findDealsPage(db, query);
  return { items: rows.map(toDealRow), page: query.page, pageSize: query.pageSize, total: Number(total) };
}

export async function getDeal(db: Executor, dealId: number): Promise<DealRow> {
  const row = await findDealRow(db, dealId);
  if (!row) throw notFound(DEAL_MESSAGES.notFound, 'DEAL_NOT_FOUND');
  return toDealRow(row);
}

/** The request with every field, or the spec's one message naming what is missing. */
function requireComplete(request: DealRequest): CompleteDeal {
  const deal = completeDeal(request);
  if (!deal) {
    const message = missingDealFieldsMessage(request);
    throw badRequest(message, [{ field: 'root', message }], 'VALIDATION_FAILED');
  }
  return deal;
}

/** The supplier must offer the product type, and the deal type must exist. */
async function assertConsistent(tx: Executor, deal: CompleteDeal): Promise<void> {
  if (!(await supplierOffersProductType(tx, deal.supplierId, deal.productTypeId))) {
    throw badRequest(
      DEAL_MESSAGES.supplierMismatch,
      [{ field: 'productTypeId', message: DEAL_MESSAGES.supplierMismatch }],
      'SUPPLIER_PRODUCT_TYPE_MISMATCH',
    );
  }
  if (!(await dealTypeExists(tx, deal.dealTypeId))) {
    throw badRequest('Please choose a deal type.', [{ field: 'dealTypeId', message: 'Unknown deal type' }]);
  }
}

export async function createDeal(db: Database, actor: Actor, request: DealRequest, http?: Request): Promise<DealRow> {
  const deal = requireComplete(request);
  const id = await db.transaction(async (tx) => {
    await assertConsistent(tx, deal);
    const dealId = await insertDeal(tx, deal);
    await writeAudit(tx, {
      actor,
      action: 'deal.create',
      entity: 'deals_master',
      entityId: dealId,
      after: deal,
      request: http,
    });
    return dealId;
  });
  return getDeal(db, id);
}

export async function editDeal(
  db: Database,
  actor: Actor,
  dealId: number,
  request: DealRequest,
  http?: Request,
): Promise<DealRow> {
  const deal = requireComplete(request);
  await db.transaction(async (tx) => {
    const before = await lockDeal(tx, dealId);
    if (!before) throw notFound(DEAL_MESSAGES.notFound, 'DEAL_NOT_FOUND');
    await assertConsistent(tx, deal);
    // The rates are for the products of one supplier and type: moving the deal would leave its
    // products another supplier's, with rates shown for a deal they are not in.
    if (await dealHoldsProductsOutside(tx, dealId, deal)) {
      throw badRequest(
        DEAL_MESSAGES.productsDoNotFit,
        [{ field: 'supplierId', message: DEAL_MESSAGES.productsDoNotFit }],
        'DEAL_PRODUCTS_DO_NOT_FIT',
      );
    }
    await updateDeal(tx, dealId, deal);
    const { id: _id, ...beforeFields } = before;
    await writeAudit(tx, {
      actor,
      action: 'deal.update',
      entity: 'deals_master',
      entityId: dealId,
      before: beforeFields,
      after: deal,
      request: http,
    });
  });
  return getDeal(db, dealId);
}

/** A deal is marked deleted (dealers linked to it keep the history). */
export async function deleteDeal(db: Database, actor: Actor, dealId: number, http?: Request): Promise<{ ok: true }> {
  await db.transaction(async (tx) => {
    const before = await lockDeal(tx, dealId);
    if (!before) throw notFound(DEAL_MESSAGES.notFound, 'DEAL_NOT_FOUND');
    await markDealDeleted(tx, dealId);
    await writeAudit(tx, {
      actor,
      action: 'deal.delete',
      entity: 'deals_master',
      entityId: dealId,
      before: { isDeleted: false },
      after: { isDeleted: true },
      request: http,
    });
  });
  return { ok: true };
}

export async function dealProducts(db: Executor, dealId: number): Promise<DealProduct[]> {
  await getDeal(db, dealId);
  return findDealProducts(db, dealId);
}

/** Adds a product of the deal's supplier with its rates, or replaces the rates of one already in it. */
export async function saveDealProduct(
  db: Database,
  actor: Actor,
  dealId: number,
  request: DealProductRequest,
  http?: Request,
): Promise<{ product: DealProduct; added: boolean }> {
  const { productId, ...rates } = request;
  if (productId === null) {
    throw badRequest(DEAL_MESSAGES.selectProduct, [{ field: 'productId', message: DEAL_MESSAGES.selectProduct }]);
  }
  const added = await db.transaction(async (tx) => {
    const deal = await lockDeal(tx, dealId);
    if (!deal) throw notFound(DEAL_MESSAGES.notFound, 'DEAL_NOT_FOUND');
    const product = await findProductSupplier(tx, productId);
    if (!product) throw notFound('Product not found', 'PRODUCT_NOT_FOUND');
    if (product.supplierId !== deal.supplierId) {
      throw badRequest(
        DEAL_MESSAGES.productOfAnotherSupplier,
        [{ field: 'productId', message: DEAL_MESSAGES.productOfAnotherSupplier }],
        'PRODUCT_OF_ANOTHER_SUPPLIER',
      );
    }
    // A product without a type is offered for every type (the deal dialog's choices).
    if (product.productTypeId !== null && product.productTypeId !== deal.productTypeId) {
      throw badRequest(
        DEAL_MESSAGES.productOfAnotherType,
        [{ field: 'productId', message: DEAL_MESSAGES.productOfAnotherType }],
        'PRODUCT_OF_ANOTHER_TYPE',
      );
    }
    const before = await findDealProduct(tx, dealId, productId);
    await upsertDealProduct(tx, dealId, productId, rates);
    const { productId: _productId, ...beforeRates } = before ?? { productId };
    await writeAudit(tx, {
      actor,
      action: before ? 'deal.product.update' : 'deal.product.add',
      entity: 'products_deal_index',
      entityId: `${dealId}:${productId}`,
      before: before ? beforeRates : null,
      after: rates,
      request: http,
    });
    return before === undefined;
  });
  const saved = (await findDealProducts(db, dealId)).find((row) => row.productId === productId);
  if (!saved) throw notFound('Product not found', 'PRODUCT_NOT_FOUND');
  return { product: saved, added };
}

export async function removeDealProduct(
  db: Database,
  actor: Actor,
  dealId: number,
  productId: number,
  http?: Request,
): Promise<{ ok: true }> {
  await db.transaction(async (tx) => {
    const deal = await lockDeal(tx, dealId);
    if (!deal) throw notFound(DEAL_MESSAGES.notFound, 'DEAL_NOT_FOUND');
    const before = await findDealProduct(tx, dealId, productId);
    if (!before || !(await deleteDealProduct(tx, dealId, productId))) {
      throw notFound('This product is not part of the deal.', 'DEAL_PRODUCT_NOT_FOUND');
    }
    const beforeRates = Object.fromEntries(RATE_FIELDS.map((field) => [field, before[field]]));
    await writeAudit(tx, {
      actor,
      action: 'deal.product.remove',
      entity: 'products_deal_index',
      entityId: `${dealId}:${productId}`,
      before: beforeRates,
      request: http,
    });
  });
  return { ok: true };
}

/** Suppliers with their product types and the deal types; the products once a supplier and type are chosen. */
export async function dealChoices(db: Executor, query: DealChoicesQuery): Promise<DealChoices> {
  const suppliers = await findSuppliersWithProductTypes(db);
  const dealTypes = await findDealTypes(db);
  const products =
    query.supplierId !== undefined && query.productTypeId !== undefined
      ? await findProductChoices(db, query.supplierId, query.productTypeId)
      : [];
  return { suppliers, dealTypes, products };
}
