import type {
  CatalogueChoice,
  CatalogueLinks,
  DealOption,
  NamedItem,
  SupplierOption,
} from '@portal/domain/catalogue/catalogue';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  dealsMaster,
  productTypes,
  suppliersMaster,
  suppliersProductTypeIndex,
  usersDealIndex,
  usersProductTypeIndex,
  usersSupplierIndex,
} from '../../db/schema/index.ts';

/** refs_supplier_status 3: a supplier nobody but admins sees or links (spec 2 dashboard). */
const HIDDEN_SUPPLIER = 3;

export async function findProductTypes(db: Executor): Promise<NamedItem[]> {
  return db
    .select({ id: productTypes.id, name: productTypes.name })
    .from(productTypes)
    .where(eq(productTypes.isDeleted, false))
    .orderBy(asc(productTypes.name), asc(productTypes.id));
}

/** Suppliers with the (live) product types they offer; hidden ones only `includeHidden`. */
export async function findSuppliers(db: Executor, options: { includeHidden: boolean }): Promise<SupplierOption[]> {
  const rows = await db
    .select({
      id: suppliersMaster.id,
      name: suppliersMaster.supplierName,
      productTypeIds: sql<number[]>`coalesce(
        array_agg(${suppliersProductTypeIndex.refsProductTypeId} ORDER BY ${suppliersProductTypeIndex.refsProductTypeId})
          FILTER (WHERE ${suppliersProductTypeIndex.refsProductTypeId} IS NOT NULL AND ${productTypes.isDeleted} = false),
        '{}')`,
    })
    .from(suppliersMaster)
    .leftJoin(suppliersProductTypeIndex, eq(suppliersProductTypeIndex.suppliersMasterId, suppliersMaster.id))
    .leftJoin(productTypes, eq(productTypes.id, suppliersProductTypeIndex.refsProductTypeId))
    .where(
      and(
        eq(suppliersMaster.isDeleted, false),
        options.includeHidden ? undefined : sql`${suppliersMaster.supplierStatus} <> ${HIDDEN_SUPPLIER}`,
      ),
    )
    .groupBy(suppliersMaster.id)
    .orderBy(asc(suppliersMaster.supplierName), asc(suppliersMaster.id));
  return rows.map((row) => ({ ...row, productTypeIds: row.productTypeIds.map(Number) }));
}

const dealColumns = {
  id: dealsMaster.id,
  name: dealsMaster.dealName,
  supplierId: dealsMaster.suppliersMasterId,
  productTypeId: dealsMaster.refsProductTypeId,
};

/** Every live deal; or only `ids`; or only the active deals of `linkedTo`. */
export async function findDeals(
  db: Executor,
  filter: { ids?: number[]; linkedTo?: number } = {},
): Promise<DealOption[]> {
  if (filter.ids?.length === 0) return [];
  const live = eq(dealsMaster.isDeleted, false);
  if (filter.linkedTo !== undefined) {
    return db
      .select(dealColumns)
      .from(usersDealIndex)
      .innerJoin(dealsMaster, eq(dealsMaster.id, usersDealIndex.dealsMasterId))
      .where(and(eq(usersDealIndex.usersMasterId, filter.linkedTo), eq(usersDealIndex.isActive, true), live))
      .orderBy(asc(dealsMaster.dealName), asc(dealsMaster.id));
  }
  return db
    .select(dealColumns)
    .from(dealsMaster)
    .where(and(live, filter.ids ? inArray(dealsMaster.id, filter.ids) : undefined))
    .orderBy(asc(dealsMaster.dealName), asc(dealsMaster.id));
}

/** A dealer's suppliers, product types and active deals by name, in one statement. */
export async function findUserLinks(db: Executor, userId: number): Promise<CatalogueLinks> {
  const result = await db.execute<{ kind: 'supplier' | 'product_type' | 'deal'; id: number; name: string }>(sql`
    SELECT 'supplier' AS kind, s.id, s.supplier_name AS name
      FROM users_supplier_index us JOIN suppliers_master s ON s.id = us.supplier_id
     WHERE us.user_id = ${userId}
    UNION ALL
    SELECT 'product_type', p.id, p.name
      FROM users_product_type_index up JOIN product_types p ON p.id = up.product_type_id
     WHERE up.user_id = ${userId}
    UNION ALL
    SELECT 'deal', d.id, d.deal_name
      FROM users_deal_index ud JOIN deals_master d ON d.id = ud.deals_master_id
     WHERE ud.users_master_id = ${userId} AND ud.is_active
    ORDER BY kind, name, id`);
  const pick = (kind: string) => result.rows.filter((row) => row.kind === kind).map(({ id, name }) => ({ id, name }));
  return { suppliers: pick('supplier'), productTypes: pick('product_type'), deals: pick('deal') };
}

/** The ids a dealer is linked to (for the audit of a change). */
export async function findUserLinkIds(db: Executor, userId: number): Promise<CatalogueChoice> {
  const result = await db.execute<{ kind: string; ids: number[] }>(sql`
    SELECT 'suppliers' AS kind, coalesce(array_agg(supplier_id ORDER BY supplier_id), '{}') AS ids
      FROM users_supplier_index WHERE user_id = ${userId}
    UNION ALL
    SELECT 'productTypes', coalesce(array_agg(product_type_id ORDER BY product_type_id), '{}')
      FROM users_product_type_index WHERE user_id = ${userId}
    UNION ALL
    SELECT 'deals', coalesce(array_agg(deals_master_id ORDER BY deals_master_id), '{}')
      FROM users_deal_index WHERE users_master_id = ${userId} AND is_active`);
  const of = (kind: string) => (result.rows.find((row) => row.kind === kind)?.ids ?? []).map(Number);
  return { supplierIds: of('suppliers'), productTypeIds: of('productTypes'), dealIds: of('deals') };
}

/** Links a new dealer (inside the creation transaction). */
export async function insertUserLinks(
  tx: Executor,
  userId: number,
  links: CatalogueChoice & { addedBy: number },
): Promise<void> {
  if (links.productTypeIds.length) {
    await tx
      .insert(usersProductTypeIndex)
      .values(links.productTypeIds.map((productTypeId) => ({ userId, productTypeId })));
  }
  if (links.supplierIds.length) {
    await tx.insert(usersSupplierIndex).values(links.supplierIds.map((supplierId) => ({ userId, supplierId })));
  }
  if (links.dealIds.length) {
    await tx.insert(usersDealIndex).values(
      links.dealIds.map((dealsMasterId) => ({
        usersMasterId: userId,
        dealsMasterId,
        addedByUsersMasterId: links.addedBy,
      })),
    );
  }
}

/** Replaces the dealer's supplier and product type rows (and deals when given) with the chosen ones. */
export async function replaceUserLinks(
  tx: Executor,
  userId: number,
  links: { supplierIds: number[]; productTypeIds: number[]; dealIds?: number[] | undefined },
  addedBy: number,
): Promise<void> {
  await tx.execute(sql`DELETE FROM users_supplier_index WHERE user_id = ${userId}
    AND NOT (supplier_id = ANY(${sql.param(links.supplierIds)}::int[]))`);
  await tx.execute(sql`INSERT INTO users_supplier_index (user_id, supplier_id)
    SELECT ${userId}, unnest(${sql.param(links.supplierIds)}::int[]) ON CONFLICT DO NOTHING`);
  await tx.execute(sql`DELETE FROM users_product_type_index WHERE user_id = ${userId}
    AND NOT (product_type_id = ANY(${sql.param(links.productTypeIds)}::int[]))`);
  await tx.execute(sql`INSERT INTO users_product_type_index (user_id, product_type_id)
    SELECT ${userId}, unnest(${sql.param(links.productTypeIds)}::int[]) ON CONFLICT DO NOTHING`);
  if (links.dealIds) {
    await tx.execute(sql`DELETE FROM users_deal_index WHERE users_master_id = ${userId}
      AND NOT (deals_master_id = ANY(${sql.param(links.dealIds)}::int[]))`);
    await tx.execute(sql`INSERT INTO users_deal_index (users_master_id, deals_master_id, is_active, added_by_users_master_id)
      SELECT ${userId}, unnest(${sql.param(links.dealIds)}::int[]), true, ${addedBy}
      ON CONFLICT (users_master_id, deals_master_id) DO UPDATE SET is_active = true`);
  }
}

/** Suppliers whose orders are ranked (the leaderboard flag), not hidden or removed, by name. */
export async function findLeaderboardSuppliers(db: Executor): Promise<NamedItem[]> {
  return db
    .select({ id: suppliersMaster.id, name: suppliersMaster.supplierName })
    .from(suppliersMaster)
    .where(
      and(
        eq(suppliersMaster.leaderboard, true),
        eq(suppliersMaster.isDeleted, false),
        sql`${suppliersMaster.supplierStatus} <> ${HIDDEN_SUPPLIER}`,
      ),
    )
    .orderBy(asc(suppliersMaster.supplierName), asc(suppliersMaster.id));
}

/** A supplier's rules for sales notes (pattern, order_notes, logSalesName); undefined when removed. */
export async function findSupplierNoteRules(db: Executor, supplierId: number) {
  const [row] = await db
    .select({
      id: suppliersMaster.id,
      name: suppliersMaster.supplierName,
      regex: suppliersMaster.regex,
      orderNotes: suppliersMaster.orderNotes,
      logSalesName: suppliersMaster.logSalesName,
      referenceLabel: suppliersMaster.orderNotesName,
    })
    .from(suppliersMaster)
    .where(and(eq(suppliersMaster.id, supplierId), eq(suppliersMaster.isDeleted, false)));
  return row;
}

/** Suppliers taking sales notes (order_notes), hidden ones included, by name. */
export async function findNoteSuppliers(db: Executor) {
  return db
    .select({
      id: suppliersMaster.id,
      name: suppliersMaster.supplierName,
      regex: suppliersMaster.regex,
      orderNotes: suppliersMaster.orderNotes,
      logSalesName: suppliersMaster.logSalesName,
      referenceLabel: suppliersMaster.orderNotesName,
    })
    .from(suppliersMaster)
    .where(and(eq(suppliersMaster.orderNotes, true), eq(suppliersMaster.isDeleted, false)))
    .orderBy(asc(suppliersMaster.supplierName), asc(suppliersMaster.id));
}

/**
 * Dealers with lifecycle status `lifecycleStatusId` linked to the supplier, by name; searched by
 * name or Z-code ('Z-12', '12'). With `dealerId`, only that dealer (is they one of them?).
 */
export async function findSupplierDealers(
  db: Executor,
  filter: {
    supplierId: number;
    lifecycleStatusId: number;
    search?: string | undefined;
    dealerId?: number;
    limit: number;
  },
) {
  const digits = filter.search?.replace(/^z-?/i, '');
  const byId = digits && /^\d{1,9}$/.test(digits) ? sql`or u.id = ${Number(digits)}` : sql``;
  const search = filter.search
    ? sql`and ((u.first_name || ' ' || u.surname) ilike ${`%${filter.search.replace(/[\\%_]/g, '\\$&')}%`} ${byId})`
    : sql``;
  const one = filter.dealerId !== undefined ? sql`and u.id = ${filter.dealerId}` : sql``;
  const result = await db.execute<{ id: number; first_name: string; surname: string }>(sql`
    select u.id, u.first_name, u.surname
      from users_supplier_index us
      join users_master u on u.id = us.user_id
     where us.supplier_id = ${filter.supplierId}
       and u.refs_user_lifecycle_status_id = ${filter.lifecycleStatusId}
       ${one} ${search}
     order by u.first_name, u.surname, u.id
     limit ${filter.limit}`);
  return result.rows.map((row) => ({ id: Number(row.id), firstName: row.first_name, surname: row.surname }));
}
