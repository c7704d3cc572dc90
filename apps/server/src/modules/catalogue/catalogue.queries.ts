import type {
  CatalogueChoice,
  CatalogueLinks,
  DealOption,
  NamedItem,
  SupplierOption,
} from '@portal/domain/catalogue/catalogue';
import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  dealsMaster,
  productsDealIndex,
  productsImport,
  productsMaster,
  productTypes,
  refsProductStatus,
  refsSupplierContactType,
  refsSupplierStatus,
  supplierBanners,
  suppliersAssistEmailIndex,
  suppliersContacts,
  suppliersMaster,
  suppliersProductTypeIndex,
  usersDealIndex,
  usersMaster,
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

/** A supplier as the dashboards and the supplier page read it. */
export interface DashboardSupplierRow {
  id: number;
  name: string;
  logoUrl: string | null;
  supplierStatus: number;
  customPage: boolean;
  customPageUrl: string | null;
  reports: boolean;
  reportsDisplayName: string | null;
  salesAssist: boolean;
  salesAssistText: string | null;
  agentAssist: boolean;
  agentAssistText: string | null;
  orderNotes: boolean;
}

const dashboardColumns = {
  id: suppliersMaster.id,
  name: suppliersMaster.supplierName,
  logoUrl: suppliersMaster.logoUrl,
  supplierStatus: suppliersMaster.supplierStatus,
  customPage: suppliersMaster.customPage,
  customPageUrl: suppliersMaster.customPageUrl,
  reports: suppliersMaster.reports,
  reportsDisplayName: suppliersMaster.reportsDisplayName,
  salesAssist: suppliersMaster.salesAssist,
  salesAssistText: suppliersMaster.salesAssistText,
  agentAssist: suppliersMaster.agentAssist,
  agentAssistText: suppliersMaster.agentAssistText,
  orderNotes: suppliersMaster.orderNotes,
};

/** Every live supplier but hidden ones (the dashboard's candidates), by name. */
export async function findDashboardSuppliers(db: Executor): Promise<DashboardSupplierRow[]> {
  return db
    .select(dashboardColumns)
    .from(suppliersMaster)
    .where(and(eq(suppliersMaster.isDeleted, false), sql`${suppliersMaster.supplierStatus} <> ${HIDDEN_SUPPLIER}`))
    .orderBy(asc(suppliersMaster.supplierName), asc(suppliersMaster.id));
}

/**
 * One live supplier (hidden ones included: the caller judges them) and whether `userId` has it in
 * their own suppliers list (false for null), in one statement; undefined when there is no such supplier.
 */
export async function findDashboardSupplier(
  db: Executor,
  supplierId: number,
  userId: number | null,
): Promise<(DashboardSupplierRow & { linked: boolean }) | undefined> {
  const linked =
    userId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${usersSupplierIndex}
                       where ${usersSupplierIndex.userId} = ${userId} and ${usersSupplierIndex.supplierId} = ${suppliersMaster.id})`;
  const [row] = await db
    .select({ ...dashboardColumns, linked })
    .from(suppliersMaster)
    .where(and(eq(suppliersMaster.id, supplierId), eq(suppliersMaster.isDeleted, false)));
  return row;
}

/** What the supplier check needs of a supplier: its status and whether the viewer has it in their list. */
export interface SupplierCheckRow {
  id: number;
  supplierStatus: number;
  linked: boolean;
}

/**
 * The supplier check's row as a JSON value (null when there is no such live supplier), for a route
 * fact read in the actor's statement (decision 044): `supplierId` is the fact's placeholder, the
 * viewer is `users_master.id`. The same row `findDashboardSupplier` gives the check.
 */
export const supplierCheckFactSql = (supplierId: SQLWrapper) => sql`(
  select json_build_object('id', s.id, 'supplierStatus', s.supplier_status,
                           'linked', exists (select 1 from users_supplier_index usi
                                              where usi.user_id = users_master.id and usi.supplier_id = s.id))
    from suppliers_master s
   where s.id = ${supplierId}::int and not s.is_deleted)`;

/**
 * Dealers linked to a supplier (the 'Select Downstream Agent' picker): those strictly below
 * `belowId` (anyone when null), matching `search` on Z-code, first name or surname; at most
 * `limit` + 1 rows so the caller knows there are more.
 */
export async function findSupplierDealers(
  db: Executor,
  filter: { supplierId: number; belowId: number | null; search: string; limit: number },
): Promise<Array<{ id: number; firstName: string; surname: string }>> {
  const term = filter.search.replace(/^z-?/i, '').trim();
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const below =
    filter.belowId === null
      ? sql`true`
      : sql`u.id in (select c.descendant_id from users_hierarchy_closure c
                      where c.ancestor_id = ${filter.belowId} and c.descendant_id <> ${filter.belowId})`;
  const matches =
    term === ''
      ? sql`true`
      : /^\d+$/.test(term)
        ? sql`(u.id::text like ${`${term}%`} or u.first_name ilike ${pattern} or u.surname ilike ${pattern})`
        : sql`(u.first_name || ' ' || u.surname) ilike ${pattern}`;
  const result = await db.execute<{ id: number; first_name: string; surname: string }>(sql`
    select u.id, u.first_name, u.surname
      from users_supplier_index us
      join users_master u on u.id = us.user_id
     where us.supplier_id = ${filter.supplierId}
       -- Not those still awaiting approval, declined or deleted: they have no reports to read.
       and u.refs_user_lifecycle_status_id not in (1, 4, 5)
       and ${below}
       and ${matches}
     order by u.first_name, u.surname, u.id
     limit ${filter.limit + 1}`);
  return result.rows.map((row) => ({ id: Number(row.id), firstName: row.first_name, surname: row.surname }));
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

/** A supplier whose orders are ranked (the leaderboard flag), not hidden or removed. */
const rankedSupplier = () =>
  and(
    eq(suppliersMaster.leaderboard, true),
    eq(suppliersMaster.isDeleted, false),
    sql`${suppliersMaster.supplierStatus} <> ${HIDDEN_SUPPLIER}`,
  );

/** The ranked suppliers, by name. */
export async function findLeaderboardSuppliers(db: Executor): Promise<NamedItem[]> {
  return db
    .select({ id: suppliersMaster.id, name: suppliersMaster.supplierName })
    .from(suppliersMaster)
    .where(rankedSupplier())
    .orderBy(asc(suppliersMaster.supplierName), asc(suppliersMaster.id));
}

/** Whether the supplier is one of those (the leaderboard's filter offers it). */
export async function isLeaderboardSupplier(db: Executor, supplierId: number): Promise<boolean> {
  const rows = await db
    .select({ id: suppliersMaster.id })
    .from(suppliersMaster)
    .where(and(eq(suppliersMaster.id, supplierId), rankedSupplier()));
  return rows.length > 0;
}

// --- The catalogue's admin screens (spec 3 §2.12): product types, suppliers, products, matches ---

const likeTerm = (search: string) => `%${search.replace(/[%_\\]/g, '\\$&')}%`;

/** A product type by name whatever its case (deleted ones too: the name stays taken in the index). */
export async function findProductTypeByName(db: Executor, name: string) {
  const [row] = await db
    .select({ id: productTypes.id, isDeleted: productTypes.isDeleted })
    .from(productTypes)
    .where(sql`lower(${productTypes.name}) = lower(${name})`);
  return row;
}

export async function findProductTypeById(db: Executor, id: number) {
  const [row] = await db
    .select({ id: productTypes.id, name: productTypes.name, isDeleted: productTypes.isDeleted })
    .from(productTypes)
    .where(eq(productTypes.id, id));
  return row;
}

export async function insertProductType(tx: Executor, name: string) {
  const [row] = await tx
    .insert(productTypes)
    .values({ name })
    .returning({ id: productTypes.id, name: productTypes.name });
  return row!;
}

/** Renames (and, for a deleted type taken up again, restores) a product type. */
export async function updateProductType(tx: Executor, id: number, values: { name?: string; isDeleted?: boolean }) {
  const [row] = await tx
    .update(productTypes)
    .set(values)
    .where(eq(productTypes.id, id))
    .returning({ id: productTypes.id, name: productTypes.name });
  return row;
}

/** The live product types among `ids`. */
export async function findLiveProductTypeIds(db: Executor, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: productTypes.id })
    .from(productTypes)
    .where(and(inArray(productTypes.id, ids), eq(productTypes.isDeleted, false)));
  return rows.map((row) => row.id);
}

/**
 * Of `typeIds`, the product types a live deal or a live product is of (the supplier's only, when
 * given): its deals' rates are still paid, and the Deals and product screens edit only what a
 * supplier offers with a live type (decision 065).
 */
export async function findProductTypesInUse(
  db: Executor,
  typeIds: number[],
  supplierId?: number,
): Promise<Array<{ id: number; name: string }>> {
  if (!typeIds.length) return [];
  const ofDeal = supplierId === undefined ? sql`` : sql`and d.suppliers_master_id = ${supplierId}`;
  const ofProduct = supplierId === undefined ? sql`` : sql`and pm.suppliers_master_id = ${supplierId}`;
  const result = await db.execute<{ id: number; name: string }>(sql`
    select p.id, p.name from product_types p
     where p.id = any(${sql.param(typeIds)}::int[])
       and (exists (select 1 from deals_master d
                     where d.refs_product_type_id = p.id and not d.is_deleted ${ofDeal})
            or exists (select 1 from products_master pm
                        where pm.refs_product_type_id = p.id and not pm.is_deleted ${ofProduct}))
     order by p.name, p.id`);
  return result.rows;
}

export async function findSupplierStatuses(db: Executor) {
  return db
    .select({ id: refsSupplierStatus.id, name: refsSupplierStatus.status })
    .from(refsSupplierStatus)
    .orderBy(asc(refsSupplierStatus.id));
}

export async function findContactTypes(db: Executor) {
  return db
    .select({
      id: refsSupplierContactType.id,
      name: refsSupplierContactType.name,
      isRequired: refsSupplierContactType.isRequired,
    })
    .from(refsSupplierContactType)
    .orderBy(asc(refsSupplierContactType.id));
}

export async function findProductStatuses(db: Executor) {
  return db
    .select({ id: refsProductStatus.id, name: refsProductStatus.statusName })
    .from(refsProductStatus)
    .orderBy(asc(refsProductStatus.id));
}

/** One page of live suppliers by name, with their status, product types and live product count. */
export async function findSupplierPage(db: Executor, query: { page: number; pageSize: number; search: string }) {
  const where = and(
    eq(suppliersMaster.isDeleted, false),
    query.search ? ilike(suppliersMaster.supplierName, likeTerm(query.search)) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: suppliersMaster.id,
        supplierName: suppliersMaster.supplierName,
        statusName: refsSupplierStatus.status,
        logoUrl: suppliersMaster.logoUrl,
        lastUpdated: suppliersMaster.lastUpdated,
        productTypes: sql<string[]>`coalesce((
          SELECT array_agg(pt.name ORDER BY pt.name) FROM suppliers_product_type_index i
            JOIN product_types pt ON pt.id = i.refs_product_type_id AND NOT pt.is_deleted
           WHERE i.suppliers_master_id = suppliers_master.id), '{}')`,
        productCount: sql<number>`(SELECT count(*)::int FROM products_master p
           WHERE p.suppliers_master_id = suppliers_master.id AND NOT p.is_deleted)`,
      })
      .from(suppliersMaster)
      .innerJoin(refsSupplierStatus, eq(refsSupplierStatus.id, suppliersMaster.supplierStatus))
      .where(where)
      .orderBy(asc(sql`lower(${suppliersMaster.supplierName})`), asc(suppliersMaster.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(suppliersMaster).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** A live supplier with its status name. */
export async function findSupplier(db: Executor, id: number) {
  const [row] = await db
    .select({ supplier: suppliersMaster, statusName: refsSupplierStatus.status })
    .from(suppliersMaster)
    .innerJoin(refsSupplierStatus, eq(refsSupplierStatus.id, suppliersMaster.supplierStatus))
    .where(and(eq(suppliersMaster.id, id), eq(suppliersMaster.isDeleted, false)));
  return row;
}

/** What the supplier form shows besides the supplier row. */
export async function findSupplierParts(db: Executor, supplierId: number) {
  const [contacts, productTypeRows, recipients, [banner], [unmatched]] = await Promise.all([
    db
      .select({
        contactTypeId: suppliersContacts.contactTypeId,
        contactFirstName: suppliersContacts.contactFirstName,
        contactSurname: suppliersContacts.contactSurname,
        contactEmail: suppliersContacts.contactEmail,
        contactNumber: suppliersContacts.contactNumber,
      })
      .from(suppliersContacts)
      .where(eq(suppliersContacts.supplierId, supplierId))
      .orderBy(asc(suppliersContacts.contactTypeId)),
    db
      .select({ id: suppliersProductTypeIndex.refsProductTypeId })
      .from(suppliersProductTypeIndex)
      .innerJoin(productTypes, eq(productTypes.id, suppliersProductTypeIndex.refsProductTypeId))
      .where(and(eq(suppliersProductTypeIndex.suppliersMasterId, supplierId), eq(productTypes.isDeleted, false)))
      .orderBy(asc(suppliersProductTypeIndex.refsProductTypeId)),
    db
      .select({
        type: suppliersAssistEmailIndex.refsSupplierAssistEmailTypeId,
        id: usersMaster.id,
        name: sql<string>`${usersMaster.firstName} || ' ' || ${usersMaster.surname}`,
        email: usersMaster.email,
      })
      .from(suppliersAssistEmailIndex)
      .innerJoin(usersMaster, eq(usersMaster.id, suppliersAssistEmailIndex.usersMasterId))
      .where(
        and(eq(suppliersAssistEmailIndex.suppliersMasterId, supplierId), eq(suppliersAssistEmailIndex.isActive, true)),
      )
      .orderBy(asc(usersMaster.firstName), asc(usersMaster.id)),
    db
      .select({ storedFileId: supplierBanners.storedFileId })
      .from(supplierBanners)
      .where(eq(supplierBanners.suppliersMasterId, supplierId)),
    db
      .select({ total: count() })
      .from(productsImport)
      .where(and(eq(productsImport.suppliersMasterId, supplierId), sql`${productsImport.productsMasterId} IS NULL`)),
  ]);
  return {
    contacts,
    productTypeIds: productTypeRows.map((row) => row.id),
    recipients,
    bannerFileId: banner?.storedFileId ?? null,
    unmatchedImports: unmatched?.total ?? 0,
  };
}

/** Another live supplier already has this name (whatever its case). */
export async function isSupplierNameTaken(db: Executor, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: suppliersMaster.id })
    .from(suppliersMaster)
    .where(
      and(
        sql`lower(${suppliersMaster.supplierName}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(suppliersMaster.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type SupplierValues = Omit<
  typeof suppliersMaster.$inferInsert,
  'id' | 'isDeleted' | 'createdAt' | 'paymentTypes' | 'logSalesName'
>;

export async function insertSupplier(tx: Executor, values: SupplierValues) {
  const [row] = await tx.insert(suppliersMaster).values(values).returning();
  return row!;
}

export async function updateSupplier(tx: Executor, id: number, values: SupplierValues) {
  const [row] = await tx
    .update(suppliersMaster)
    .set({ ...values, lastUpdated: sql`now()` })
    .where(eq(suppliersMaster.id, id))
    .returning();
  return row;
}

/** Keeps exactly the given contacts, one per contact type. */
export async function replaceSupplierContacts(
  tx: Executor,
  supplierId: number,
  contacts: Array<{
    contactTypeId: number;
    contactFirstName: string;
    contactSurname: string;
    contactEmail: string;
    contactNumber: string;
  }>,
): Promise<void> {
  const typeIds = contacts.map((contact) => contact.contactTypeId);
  await tx
    .delete(suppliersContacts)
    .where(
      and(
        eq(suppliersContacts.supplierId, supplierId),
        typeIds.length
          ? sql`NOT (${suppliersContacts.contactTypeId} = ANY(${sql.param(typeIds)}::smallint[]))`
          : undefined,
      ),
    );
  for (const contact of contacts) {
    await tx
      .insert(suppliersContacts)
      .values({ supplierId, ...contact })
      .onConflictDoUpdate({
        target: [suppliersContacts.supplierId, suppliersContacts.contactTypeId],
        set: {
          contactFirstName: contact.contactFirstName,
          contactSurname: contact.contactSurname,
          contactEmail: contact.contactEmail,
          contactNumber: contact.contactNumber,
        },
      });
  }
}

export async function replaceSupplierProductTypes(tx: Executor, supplierId: number, ids: number[]): Promise<void> {
  await tx.execute(sql`DELETE FROM suppliers_product_type_index WHERE suppliers_master_id = ${supplierId}
    AND NOT (refs_product_type_id = ANY(${sql.param(ids)}::int[]))`);
  await tx.execute(sql`INSERT INTO suppliers_product_type_index (suppliers_master_id, refs_product_type_id)
    SELECT ${supplierId}, unnest(${sql.param(ids)}::int[]) ON CONFLICT DO NOTHING`);
}

/** The active recipients of one assist e-mail type become exactly `userIds` (others are switched off). */
export async function replaceAssistRecipients(
  tx: Executor,
  supplierId: number,
  typeId: number,
  userIds: number[],
): Promise<void> {
  await tx.execute(sql`UPDATE suppliers_assist_email_index SET is_active = false
     WHERE suppliers_master_id = ${supplierId} AND refs_supplier_assist_email_type_id = ${typeId}
       AND is_active AND NOT (users_master_id = ANY(${sql.param(userIds)}::int[]))`);
  await tx.execute(sql`INSERT INTO suppliers_assist_email_index
      (suppliers_master_id, users_master_id, refs_supplier_assist_email_type_id, is_active)
    SELECT ${supplierId}, unnest(${sql.param(userIds)}::int[]), ${typeId}, true
    ON CONFLICT (suppliers_master_id, refs_supplier_assist_email_type_id, users_master_id)
    DO UPDATE SET is_active = true`);
}

/** The user of the row holds the named feature flag (users_access_index), in the same statement. */
const holdsFeature = (feature: string) =>
  sql`EXISTS (SELECT 1 FROM users_access_index a JOIN features_master f ON f.id = a.features_master_id
               WHERE a.user_master_id = ${usersMaster.id} AND f.name = ${feature})`;

/** The admins among `ids` who are not deleted. */
export async function findAdminIds(db: Executor, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: usersMaster.id })
    .from(usersMaster)
    .where(
      and(
        inArray(usersMaster.id, ids),
        eq(usersMaster.isAdmin, true),
        sql`${usersMaster.refsUserLifecycleStatusId} <> 4`,
      ),
    );
  return rows.map((row) => row.id);
}

/** The active admins among `ids` who hold `feature` (an assist e-mail recipient: decisions 068, 078). */
export async function findActiveAdminIdsWith(db: Executor, ids: number[], feature: string): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: usersMaster.id })
    .from(usersMaster)
    .where(
      and(
        inArray(usersMaster.id, ids),
        eq(usersMaster.isAdmin, true),
        eq(usersMaster.refsUserLifecycleStatusId, 2),
        holdsFeature(feature),
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * Up to 20 active admins by name or e-mail: the assist e-mail recipient picker; with `feature`,
 * only those holding it (each list its console's flag: decisions 068, 078).
 */
export async function searchAdmins(db: Executor, search: string, feature?: string) {
  const term = likeTerm(search);
  return db
    .select({
      id: usersMaster.id,
      name: sql<string>`${usersMaster.firstName} || ' ' || ${usersMaster.surname}`,
      email: usersMaster.email,
    })
    .from(usersMaster)
    .where(
      and(
        eq(usersMaster.isAdmin, true),
        eq(usersMaster.refsUserLifecycleStatusId, 2),
        feature ? holdsFeature(feature) : undefined,
        search
          ? sql`(${usersMaster.firstName} || ' ' || ${usersMaster.surname} ILIKE ${term} OR ${usersMaster.email} ILIKE ${term})`
          : undefined,
      ),
    )
    .orderBy(asc(usersMaster.firstName), asc(usersMaster.surname), asc(usersMaster.id))
    .limit(20);
}

export async function upsertSupplierBanner(tx: Executor, supplierId: number, storedFileId: string, userId: number) {
  await tx
    .insert(supplierBanners)
    .values({ suppliersMasterId: supplierId, storedFileId, uploadedByUserId: userId })
    .onConflictDoUpdate({
      target: supplierBanners.suppliersMasterId,
      set: { storedFileId, uploadedByUserId: userId, updatedAt: sql`now()` },
    });
}

/** One page of a supplier's live products as cards (price without VAT, status and the supplier's logo). */
export async function findProductCardPage(db: Executor, supplierId: number, page: number, pageSize: number) {
  const where = and(eq(productsMaster.suppliersMasterId, supplierId), eq(productsMaster.isDeleted, false));
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: productsMaster.id,
        displayName: productsMaster.displayName,
        refsProductStatusId: productsMaster.refsProductStatusId,
        statusName: refsProductStatus.statusName,
        priceExclCents: productsMaster.customerPriceVatExclCents,
        logoUrl: suppliersMaster.logoUrl,
      })
      .from(productsMaster)
      .innerJoin(suppliersMaster, eq(suppliersMaster.id, productsMaster.suppliersMasterId))
      .leftJoin(refsProductStatus, eq(refsProductStatus.id, productsMaster.refsProductStatusId))
      .where(where)
      .orderBy(asc(sql`lower(${productsMaster.displayName})`), asc(productsMaster.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(productsMaster).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findProduct(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(productsMaster)
    .where(and(eq(productsMaster.id, id), eq(productsMaster.isDeleted, false)));
  return row;
}

/** The live product, locked until the end of the transaction (a deal adding it waits, decision 065). */
export async function lockProduct(tx: Executor, id: number) {
  const [row] = await tx
    .select()
    .from(productsMaster)
    .where(and(eq(productsMaster.id, id), eq(productsMaster.isDeleted, false)))
    .for('update');
  return row;
}

/** The live deals holding the product (their rates are paid on its orders), with their supplier and type. */
export async function findLiveDealsHoldingProduct(db: Executor, productId: number) {
  return db
    .select({
      id: dealsMaster.id,
      dealName: dealsMaster.dealName,
      supplierId: dealsMaster.suppliersMasterId,
      productTypeId: dealsMaster.refsProductTypeId,
    })
    .from(productsDealIndex)
    .innerJoin(dealsMaster, eq(dealsMaster.id, productsDealIndex.dealsMasterId))
    .where(and(eq(productsDealIndex.productsMasterId, productId), eq(dealsMaster.isDeleted, false)))
    .orderBy(asc(dealsMaster.id));
}

export async function supplierOffersProductType(db: Executor, supplierId: number, productTypeId: number) {
  const [row] = await db
    .select({ id: suppliersProductTypeIndex.suppliersMasterId })
    .from(suppliersProductTypeIndex)
    .innerJoin(suppliersMaster, eq(suppliersMaster.id, suppliersProductTypeIndex.suppliersMasterId))
    .innerJoin(productTypes, eq(productTypes.id, suppliersProductTypeIndex.refsProductTypeId))
    .where(
      and(
        eq(suppliersProductTypeIndex.suppliersMasterId, supplierId),
        eq(suppliersProductTypeIndex.refsProductTypeId, productTypeId),
        eq(suppliersMaster.isDeleted, false),
        eq(productTypes.isDeleted, false),
      ),
    );
  return row !== undefined;
}

export async function isProductStatus(db: Executor, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: refsProductStatus.id })
    .from(refsProductStatus)
    .where(eq(refsProductStatus.id, id));
  return row !== undefined;
}

export type ProductValues = Omit<typeof productsMaster.$inferInsert, 'id' | 'isDeleted' | 'createdAt'>;

export async function insertProduct(tx: Executor, values: ProductValues) {
  const [row] = await tx.insert(productsMaster).values(values).returning();
  return row!;
}

export async function updateProduct(
  tx: Executor,
  id: number,
  values: Partial<ProductValues> & { isDeleted?: boolean },
) {
  const [row] = await tx.update(productsMaster).set(values).where(eq(productsMaster.id, id)).returning();
  return row;
}

/** The supplier's imported products, unmatched first (at most `limit`), with the counts. */
export async function findImportedProducts(db: Executor, supplierId: number, limit: number) {
  const mine = eq(productsImport.suppliersMasterId, supplierId);
  const [items, [counts]] = await Promise.all([
    db
      .select({
        id: productsImport.id,
        productName: productsImport.productName,
        productsMasterId: productsImport.productsMasterId,
      })
      .from(productsImport)
      .where(mine)
      .orderBy(
        desc(sql`${productsImport.productsMasterId} IS NULL`),
        asc(productsImport.productName),
        asc(productsImport.id),
      )
      .limit(limit),
    db
      .select({
        total: count(),
        unmatched: sql<number>`count(*) FILTER (WHERE ${productsImport.productsMasterId} IS NULL)::int`,
      })
      .from(productsImport)
      .where(mine),
  ]);
  return { items, total: counts?.total ?? 0, unmatched: counts?.unmatched ?? 0 };
}

/** The supplier's live products by name (at most `limit`): what an import can be matched to. */
export async function findProductNames(db: Executor, supplierId: number, limit: number) {
  return db
    .select({ id: productsMaster.id, name: productsMaster.displayName })
    .from(productsMaster)
    .where(and(eq(productsMaster.suppliersMasterId, supplierId), eq(productsMaster.isDeleted, false)))
    .orderBy(asc(sql`lower(${productsMaster.displayName})`), asc(productsMaster.id))
    .limit(limit);
}

/** How many of the imports and live products belong to the supplier. */
export async function countOwnMatchParts(db: Executor, supplierId: number, importIds: number[], productIds: number[]) {
  const [[imports], [products]] = await Promise.all([
    db
      .select({ total: count() })
      .from(productsImport)
      .where(and(inArray(productsImport.id, importIds), eq(productsImport.suppliersMasterId, supplierId))),
    db
      .select({ total: count() })
      .from(productsMaster)
      .where(
        and(
          inArray(productsMaster.id, productIds),
          eq(productsMaster.suppliersMasterId, supplierId),
          eq(productsMaster.isDeleted, false),
        ),
      ),
  ]);
  return { imports: imports?.total ?? 0, products: products?.total ?? 0 };
}

/** The chosen imports' current matches (null when unmatched), locked until the end of the transaction. */
export async function lockImportMatches(tx: Executor, supplierId: number, importIds: number[]) {
  if (!importIds.length) return [];
  return tx
    .select({ id: productsImport.id, productsMasterId: productsImport.productsMasterId })
    .from(productsImport)
    .where(and(eq(productsImport.suppliersMasterId, supplierId), inArray(productsImport.id, importIds)))
    .orderBy(asc(productsImport.id))
    .for('update');
}

export async function setImportMatch(tx: Executor, supplierId: number, importId: number, productsMasterId: number) {
  await tx
    .update(productsImport)
    .set({ productsMasterId })
    .where(and(eq(productsImport.id, importId), eq(productsImport.suppliersMasterId, supplierId)));
}

/** The supplier's live deals (at most `limit`) with their type, product type and product count. */
export async function findSupplierDeals(db: Executor, supplierId: number, limit: number) {
  const where: SQL = and(eq(dealsMaster.suppliersMasterId, supplierId), eq(dealsMaster.isDeleted, false))!;
  const [items, [totals]] = await Promise.all([
    db.execute<{
      id: number;
      dealName: string;
      dealTypeName: string;
      productTypeName: string;
      productCount: number;
    }>(sql`
      SELECT d.id, d.deal_name AS "dealName", t.deal_type_name AS "dealTypeName", pt.name AS "productTypeName",
             (SELECT count(*)::int FROM products_deal_index pd WHERE pd.deals_master_id = d.id) AS "productCount"
        FROM deals_master d
        JOIN refs_deal_type t ON t.id = d.refs_deal_type_id
        JOIN product_types pt ON pt.id = d.refs_product_type_id
       WHERE d.suppliers_master_id = ${supplierId} AND NOT d.is_deleted
       ORDER BY lower(d.deal_name), d.id
       LIMIT ${limit}`),
    db.select({ total: count() }).from(dealsMaster).where(where),
  ]);
  return { items: items.rows, total: totals?.total ?? 0 };
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
export async function findLinkedDealersByStatus(
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

/** The names of a supplier's live product types, by name. */
export async function findSupplierProductTypeNames(db: Executor, supplierId: number): Promise<string[]> {
  const rows = await db
    .select({ name: productTypes.name })
    .from(suppliersProductTypeIndex)
    .innerJoin(productTypes, eq(productTypes.id, suppliersProductTypeIndex.refsProductTypeId))
    .where(and(eq(suppliersProductTypeIndex.suppliersMasterId, supplierId), eq(productTypes.isDeleted, false)))
    .orderBy(asc(productTypes.name));
  return rows.map((row) => row.name);
}
