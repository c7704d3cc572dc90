import {
  type CompleteDeal,
  DEAL_PRODUCT_CHOICES_LIMIT,
  type DealRates,
  type DealsQuery,
} from '@portal/domain/catalogue/deals';
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  dealsMaster,
  productsDealIndex,
  productsMaster,
  productTypes,
  refsDealType,
  suppliersMaster,
  suppliersProductTypeIndex,
} from '../../db/schema/index.ts';

// Every statement on deals_master and products_deal_index for '/deals' (spec 3 §2.11, §3.2).

/** How many product names the grid's product column shows. */
const NAMES_SHOWN = 3;

const live = eq(dealsMaster.isDeleted, false);

const dealRowColumns = {
  id: dealsMaster.id,
  dealName: dealsMaster.dealName,
  dealDescription: sql<string>`coalesce(${dealsMaster.dealDescription}, '')`,
  supplierId: dealsMaster.suppliersMasterId,
  supplierName: suppliersMaster.supplierName,
  productTypeId: dealsMaster.refsProductTypeId,
  productTypeName: productTypes.name,
  dealTypeId: dealsMaster.refsDealTypeId,
  dealTypeName: refsDealType.dealTypeName,
  createdAt: dealsMaster.createdAt,
  // Written out in full: inside select fields Drizzle leaves columns unqualified.
  productCount: sql<number>`(SELECT count(*)::int FROM products_deal_index pdi
      JOIN products_master pm ON pm.id = pdi.products_master_id
     WHERE pdi.deals_master_id = deals_master.id AND NOT pm.is_deleted)`,
  productNames: sql<string[]>`coalesce((SELECT array_agg(name ORDER BY name) FROM (
      SELECT pm.display_name AS name FROM products_deal_index pdi
        JOIN products_master pm ON pm.id = pdi.products_master_id
       WHERE pdi.deals_master_id = deals_master.id AND NOT pm.is_deleted
       ORDER BY pm.display_name LIMIT ${NAMES_SHOWN}) AS shown), '{}')`,
};

export type DealRowRecord = {
  id: number;
  dealName: string;
  dealDescription: string;
  supplierId: number;
  supplierName: string;
  productTypeId: number;
  productTypeName: string;
  dealTypeId: number;
  dealTypeName: string;
  createdAt: Date;
  productCount: number;
  productNames: string[];
};

function joinedDeals(db: Executor) {
  return db
    .select(dealRowColumns)
    .from(dealsMaster)
    .innerJoin(suppliersMaster, eq(suppliersMaster.id, dealsMaster.suppliersMasterId))
    .innerJoin(productTypes, eq(productTypes.id, dealsMaster.refsProductTypeId))
    .innerJoin(refsDealType, eq(refsDealType.id, dealsMaster.refsDealTypeId));
}

/** One page of live deals, newest first; the search matches deal, supplier, product type or deal type names. */
export async function findDealsPage(
  db: Executor,
  query: DealsQuery,
): Promise<{ rows: DealRowRecord[]; total: number }> {
  const filters: SQL[] = [live];
  if (query.search) {
    const term = `%${query.search.replace(/[%_\\]/g, '\\$&')}%`;
    filters.push(
      or(
        ilike(dealsMaster.dealName, term),
        ilike(dealsMaster.dealDescription, term),
        ilike(suppliersMaster.supplierName, term),
        ilike(productTypes.name, term),
        ilike(refsDealType.dealTypeName, term),
      )!,
    );
  }
  const where = and(...filters);
  const rows = await joinedDeals(db)
    .where(where)
    .orderBy(desc(dealsMaster.createdAt), desc(dealsMaster.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [totals] = await db
    .select({ total: count() })
    .from(dealsMaster)
    .innerJoin(suppliersMaster, eq(suppliersMaster.id, dealsMaster.suppliersMasterId))
    .innerJoin(productTypes, eq(productTypes.id, dealsMaster.refsProductTypeId))
    .innerJoin(refsDealType, eq(refsDealType.id, dealsMaster.refsDealTypeId))
    .where(where);
  return { rows, total: totals?.total ?? 0 };
}

export async function findDealRow(db: Executor, dealId: number): Promise<DealRowRecord | undefined> {
  const [row] = await joinedDeals(db).where(and(live, eq(dealsMaster.id, dealId)));
  return row;
}

/** The live deal's own columns, locked for the change that follows. */
export async function lockDeal(tx: Executor, dealId: number) {
  const [row] = await tx
    .select({
      id: dealsMaster.id,
      dealName: dealsMaster.dealName,
      dealDescription: dealsMaster.dealDescription,
      supplierId: dealsMaster.suppliersMasterId,
      productTypeId: dealsMaster.refsProductTypeId,
      dealTypeId: dealsMaster.refsDealTypeId,
    })
    .from(dealsMaster)
    .where(and(live, eq(dealsMaster.id, dealId)))
    .for('update');
  return row;
}

export async function insertDeal(tx: Executor, deal: CompleteDeal): Promise<number> {
  const [row] = await tx
    .insert(dealsMaster)
    .values({
      dealName: deal.dealName,
      dealDescription: deal.dealDescription,
      suppliersMasterId: deal.supplierId,
      refsProductTypeId: deal.productTypeId,
      refsDealTypeId: deal.dealTypeId,
    })
    .returning({ id: dealsMaster.id });
  return row!.id;
}

export async function updateDeal(tx: Executor, dealId: number, deal: CompleteDeal): Promise<void> {
  await tx
    .update(dealsMaster)
    .set({
      dealName: deal.dealName,
      dealDescription: deal.dealDescription,
      suppliersMasterId: deal.supplierId,
      refsProductTypeId: deal.productTypeId,
      refsDealTypeId: deal.dealTypeId,
    })
    .where(eq(dealsMaster.id, dealId));
}

export async function markDealDeleted(tx: Executor, dealId: number): Promise<void> {
  await tx.update(dealsMaster).set({ isDeleted: true }).where(eq(dealsMaster.id, dealId));
}

/** Does the live supplier offer the live product type? */
export async function dealTypeExists(db: Executor, dealTypeId: number): Promise<boolean> {
  const [row] = await db.select({ id: refsDealType.id }).from(refsDealType).where(eq(refsDealType.id, dealTypeId));
  return row !== undefined;
}

const rateColumns = {
  userRate1: productsDealIndex.dealOnceOffUserComRate1,
  userRate2: productsDealIndex.dealOnceOffUserComRate2,
  userRate3: productsDealIndex.dealOnceOffUserComRate3,
  userRate4: productsDealIndex.dealOnceOffUserComRate4,
  leaderRate1: productsDealIndex.dealOnceOffLeaderComRate1,
  leaderRate2: productsDealIndex.dealOnceOffLeaderComRate2,
  leaderRate3: productsDealIndex.dealOnceOffLeaderComRate3,
  leaderRate4: productsDealIndex.dealOnceOffLeaderComRate4,
  leaderRate5: productsDealIndex.dealOnceOffLeaderComRate5,
  leaderRate6: productsDealIndex.dealOnceOffLeaderComRate6,
  leaderRate7: productsDealIndex.dealOnceOffLeaderComRate7,
};

function rateValues(rates: DealRates) {
  return {
    dealOnceOffUserComRate1: rates.userRate1,
    dealOnceOffUserComRate2: rates.userRate2,
    dealOnceOffUserComRate3: rates.userRate3,
    dealOnceOffUserComRate4: rates.userRate4,
    dealOnceOffLeaderComRate1: rates.leaderRate1,
    dealOnceOffLeaderComRate2: rates.leaderRate2,
    dealOnceOffLeaderComRate3: rates.leaderRate3,
    dealOnceOffLeaderComRate4: rates.leaderRate4,
    dealOnceOffLeaderComRate5: rates.leaderRate5,
    dealOnceOffLeaderComRate6: rates.leaderRate6,
    dealOnceOffLeaderComRate7: rates.leaderRate7,
  };
}

/** The deal's (live) products with their rates, by name. */
export async function findDealProducts(db: Executor, dealId: number) {
  return db
    .select({ productId: productsMaster.id, productName: productsMaster.displayName, ...rateColumns })
    .from(productsDealIndex)
    .innerJoin(productsMaster, eq(productsMaster.id, productsDealIndex.productsMasterId))
    .where(and(eq(productsDealIndex.dealsMasterId, dealId), eq(productsMaster.isDeleted, false)))
    .orderBy(asc(productsMaster.displayName), asc(productsMaster.id));
}

export async function findDealProduct(db: Executor, dealId: number, productId: number) {
  const [row] = await db
    .select({ productId: productsDealIndex.productsMasterId, ...rateColumns })
    .from(productsDealIndex)
    .where(and(eq(productsDealIndex.dealsMasterId, dealId), eq(productsDealIndex.productsMasterId, productId)));
  return row;
}

/**
 * A live product's supplier and product type, or undefined; share-locked to the end of the
 * transaction, so a catalogue edit moving or deleting it waits for the deal's row (decision 065).
 */
export async function findProductSupplier(db: Executor, productId: number) {
  const [row] = await db
    .select({ supplierId: productsMaster.suppliersMasterId, productTypeId: productsMaster.refsProductTypeId })
    .from(productsMaster)
    .where(and(eq(productsMaster.id, productId), eq(productsMaster.isDeleted, false)))
    .for('share');
  return row;
}

/**
 * Whether the deal holds a product that is not the supplier's or (when it has one) not of the
 * product type: what the deal would hold if it moved to them.
 */
export async function dealHoldsProductsOutside(
  db: Executor,
  dealId: number,
  deal: Pick<CompleteDeal, 'supplierId' | 'productTypeId'>,
): Promise<boolean> {
  const [row] = await db
    .select({ id: productsDealIndex.productsMasterId })
    .from(productsDealIndex)
    .innerJoin(productsMaster, eq(productsMaster.id, productsDealIndex.productsMasterId))
    .where(
      and(
        eq(productsDealIndex.dealsMasterId, dealId),
        sql`(${productsMaster.suppliersMasterId} is distinct from ${deal.supplierId}
             or ${productsMaster.refsProductTypeId} <> ${deal.productTypeId})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function upsertDealProduct(tx: Executor, dealId: number, productId: number, rates: DealRates) {
  const values = rateValues(rates);
  await tx
    .insert(productsDealIndex)
    .values({ dealsMasterId: dealId, productsMasterId: productId, ...values })
    .onConflictDoUpdate({ target: [productsDealIndex.dealsMasterId, productsDealIndex.productsMasterId], set: values });
}

export async function deleteDealProduct(tx: Executor, dealId: number, productId: number): Promise<boolean> {
  const deleted = await tx
    .delete(productsDealIndex)
    .where(and(eq(productsDealIndex.dealsMasterId, dealId), eq(productsDealIndex.productsMasterId, productId)))
    .returning({ productId: productsDealIndex.productsMasterId });
  return deleted.length > 0;
}

export async function findDealTypes(db: Executor) {
  return db
    .select({ id: refsDealType.id, name: refsDealType.dealTypeName })
    .from(refsDealType)
    .orderBy(asc(refsDealType.id));
}

/** Live suppliers (hidden ones included: admins) with the live product types they offer. */
export async function findSuppliersWithProductTypes(db: Executor) {
  const rows = await db
    .select({
      id: suppliersMaster.id,
      name: suppliersMaster.supplierName,
      productTypes: sql<Array<{ id: number; name: string }>>`coalesce(
        json_agg(json_build_object('id', ${productTypes.id}, 'name', ${productTypes.name}) ORDER BY ${productTypes.name})
          FILTER (WHERE ${productTypes.id} IS NOT NULL AND ${productTypes.isDeleted} = false),
        '[]')`,
    })
    .from(suppliersMaster)
    .leftJoin(suppliersProductTypeIndex, eq(suppliersProductTypeIndex.suppliersMasterId, suppliersMaster.id))
    .leftJoin(productTypes, eq(productTypes.id, suppliersProductTypeIndex.refsProductTypeId))
    .where(eq(suppliersMaster.isDeleted, false))
    .groupBy(suppliersMaster.id)
    .orderBy(asc(suppliersMaster.supplierName), asc(suppliersMaster.id));
  return rows;
}

/** The supplier's live products of the product type (or of no type yet), by name, bounded. */
export async function findProductChoices(db: Executor, supplierId: number, productTypeId: number) {
  return db
    .select({ id: productsMaster.id, name: productsMaster.displayName })
    .from(productsMaster)
    .where(
      and(
        eq(productsMaster.suppliersMasterId, supplierId),
        eq(productsMaster.isDeleted, false),
        or(eq(productsMaster.refsProductTypeId, productTypeId), isNull(productsMaster.refsProductTypeId)),
      ),
    )
    .orderBy(asc(productsMaster.displayName), asc(productsMaster.id))
    .limit(DEAL_PRODUCT_CHOICES_LIMIT);
}
