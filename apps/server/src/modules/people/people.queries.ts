import type { DealOption, EligibleManager, ManagerCandidate, SupplierOption } from '@portal/domain/people/manage-user';
import type { BankingInfo, NamedItem, PersonRef } from '@portal/domain/people/user-detail';
import { zCode } from '@portal/domain/people/z-code';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  appSettings,
  authAccount,
  authSession,
  authUser,
  bankingDetails,
  refsBank,
  refsBankAccountType,
  refsCountry,
  refsProvince,
  refsUserLifecycleStatus,
  refsUserType,
  usersMaster,
} from '../../db/schema/index.ts';

export type UserRow = typeof usersMaster.$inferSelect;

/** A user with the names of their reference values. */
export async function findUserWithNames(db: Executor, id: number) {
  const [row] = await db
    .select({
      user: usersMaster,
      userTypeName: refsUserType.type,
      lifecycleStatusName: refsUserLifecycleStatus.name,
      provinceName: refsProvince.name,
      countryName: refsCountry.name,
    })
    .from(usersMaster)
    .leftJoin(refsUserType, eq(refsUserType.id, usersMaster.refsTypeId))
    .leftJoin(refsUserLifecycleStatus, eq(refsUserLifecycleStatus.id, usersMaster.refsUserLifecycleStatusId))
    .leftJoin(refsProvince, eq(refsProvince.code, usersMaster.province))
    .leftJoin(refsCountry, eq(refsCountry.code, usersMaster.country))
    .where(eq(usersMaster.id, id));
  return row;
}

/** The user row locked for the rest of the transaction, so two changes to one user queue up. */
export async function lockUser(tx: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(usersMaster).where(eq(usersMaster.id, id)).for('update');
  return row;
}

export async function findPersonRef(db: Executor, id: number): Promise<PersonRef | undefined> {
  const [row] = await db
    .select({ id: usersMaster.id, firstName: usersMaster.firstName, surname: usersMaster.surname })
    .from(usersMaster)
    .where(eq(usersMaster.id, id));
  return row ? { ...row, zCode: zCode(row.id) } : undefined;
}

/** The latest banking row (latest by id wins). */
export async function findLatestBanking(db: Executor, userId: number): Promise<BankingInfo | null> {
  const [row] = await db
    .select({
      bank: bankingDetails.bank,
      branchCode: bankingDetails.branchCode,
      accountNumber: bankingDetails.accountNumber,
      accountType: bankingDetails.accountType,
      accountTypeName: refsBankAccountType.name,
    })
    .from(bankingDetails)
    .innerJoin(refsBankAccountType, eq(refsBankAccountType.id, bankingDetails.accountType))
    .where(eq(bankingDetails.userId, userId))
    .orderBy(desc(bankingDetails.id))
    .limit(1);
  return row ?? null;
}

/** Suppliers, product types and active deals of a user, in one statement. */
export async function findUserLinks(
  db: Executor,
  userId: number,
): Promise<{ suppliers: NamedItem[]; productTypes: NamedItem[]; deals: NamedItem[] }> {
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

// --- Change manager --------------------------------------------------------------------------

const ELIGIBLE_MANAGER = sql`(u.is_leader OR u.is_admin) AND u.refs_user_lifecycle_status_id <> 4`;
const OUTSIDE_DOWNSTREAM = (userId: number) =>
  sql`NOT EXISTS (SELECT 1 FROM users_hierarchy_closure c WHERE c.ancestor_id = ${userId} AND c.descendant_id = u.id)`;

/** Leaders (and admins) who are not the user, not below them and not deleted; by name. */
export async function findEligibleManagers(
  db: Executor,
  userId: number,
  search: string | undefined,
  limit: number,
): Promise<{ items: EligibleManager[]; total: number }> {
  let filter = sql``;
  if (search) {
    const id = /^z?-?(\d{1,9})$/i.exec(search)?.[1];
    const term = `%${search.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;
    filter = sql` AND (lower(u.first_name || ' ' || u.surname) LIKE ${term} OR lower(coalesce(u.email, '')) LIKE ${term}${
      id ? sql` OR u.id = ${Number(id)}` : sql``
    })`;
  }
  const result = await db.execute<{
    id: number;
    first_name: string;
    surname: string;
    is_admin: boolean;
    is_leader: boolean;
    total: number;
  }>(sql`
    SELECT u.id, u.first_name, u.surname, u.is_admin, u.is_leader, count(*) OVER () AS total
      FROM users_master u
     WHERE ${ELIGIBLE_MANAGER} AND ${OUTSIDE_DOWNSTREAM(userId)}${filter}
     ORDER BY u.first_name, u.surname, u.id
     LIMIT ${limit}`);
  return {
    items: result.rows.map((row) => ({
      id: row.id,
      zCode: zCode(row.id),
      firstName: row.first_name,
      surname: row.surname,
      isAdmin: row.is_admin,
      isLeader: row.is_leader,
    })),
    total: Number(result.rows[0]?.total ?? 0),
  };
}

export async function findManagerCandidate(
  db: Executor,
  userId: number,
  candidateId: number,
): Promise<ManagerCandidate | undefined> {
  const result = await db.execute<{
    id: number;
    is_leader: boolean;
    is_admin: boolean;
    status: number;
    in_downstream: boolean;
  }>(sql`
    SELECT u.id, u.is_leader, u.is_admin, u.refs_user_lifecycle_status_id AS status,
           EXISTS (SELECT 1 FROM users_hierarchy_closure c
                    WHERE c.ancestor_id = ${userId} AND c.descendant_id = u.id) AS in_downstream
      FROM users_master u WHERE u.id = ${candidateId}`);
  const row = result.rows[0];
  return row
    ? {
        id: row.id,
        isLeader: row.is_leader,
        isAdmin: row.is_admin,
        lifecycleStatusId: row.status,
        isInUsersDownstream: row.in_downstream,
      }
    : undefined;
}

export interface Updater {
  userId: number;
  authId: string;
  requestId: string | null;
  ip: string | null;
}

/**
 * Moves every child of `userId` to `newParentId`, and writes one audit row per moved child in the
 * same statement (set-based, whatever the number of children). The closure trigger runs per row.
 */
export async function reassignChildren(
  tx: Executor,
  userId: number,
  newParentId: number | null,
  updater: Updater,
): Promise<number> {
  const result = await tx.execute<{ moved: number }>(sql`
    WITH moved AS (
      UPDATE users_master
         SET parent_id = ${newParentId}, last_updated_by = ${updater.userId},
             last_updated_by_auth_id = ${updater.authId}, updated_at = now()
       WHERE parent_id = ${userId}
      RETURNING id
    ), audited AS (
      INSERT INTO audit_log (actor_user_id, actor_auth_id, action, entity, entity_id, before, after, request_id, ip_address)
      SELECT ${updater.userId}, ${updater.authId}, 'user.parent.change', 'users_master', moved.id::text,
             jsonb_build_object('parentId', ${userId}::int),
             jsonb_build_object('parentId', ${newParentId}::int, 'reason', 'manager of their parent changed without children'),
             ${updater.requestId}, ${updater.ip}
        FROM moved
      RETURNING 1
    )
    SELECT count(*)::int AS moved FROM audited`);
  return result.rows[0]?.moved ?? 0;
}

export async function setParent(tx: Executor, userId: number, parentId: number, updater: Updater): Promise<void> {
  await tx
    .update(usersMaster)
    .set({ parentId, lastUpdatedBy: updater.userId, lastUpdatedByAuthId: updater.authId, updatedAt: new Date() })
    .where(eq(usersMaster.id, userId));
}

// --- Edit user -------------------------------------------------------------------------------

/** Another user holding the value, compared as the unique indexes do (phone as is, e-mail lower, ID upper). */
export async function findContactOwners(
  db: Executor,
  userId: number,
  values: { phone?: string | undefined; email?: string | undefined; identificationNo?: string | undefined },
): Promise<{ phone: boolean; email: boolean; identificationNo: boolean }> {
  const result = await db.execute<{ phone: boolean; email: boolean; identification_no: boolean }>(sql`
    SELECT
      ${values.phone ? sql`EXISTS (SELECT 1 FROM users_master WHERE phone = ${values.phone} AND id <> ${userId})` : sql`false`} AS phone,
      ${values.email ? sql`EXISTS (SELECT 1 FROM users_master WHERE lower(email) = lower(${values.email}) AND id <> ${userId})` : sql`false`} AS email,
      ${
        values.identificationNo
          ? sql`EXISTS (SELECT 1 FROM users_master WHERE upper(identification_no) = upper(${values.identificationNo}) AND id <> ${userId})`
          : sql`false`
      } AS identification_no`);
  const row = result.rows[0];
  return { phone: !!row?.phone, email: !!row?.email, identificationNo: !!row?.identification_no };
}

export async function findBank(db: Executor, name: string) {
  const [row] = await db.select().from(refsBank).where(eq(refsBank.name, name));
  return row;
}

/** The commission freeze (spec 3 §4.5): profile and banking edits are refused while it is on. */
export async function isCommissionFreezeOn(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, 'commission_freeze'));
  return row?.value === true;
}

export async function updateUserRow(tx: Executor, userId: number, fields: Partial<typeof usersMaster.$inferInsert>) {
  await tx
    .update(usersMaster)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(usersMaster.id, userId));
}

export async function insertBanking(tx: Executor, row: typeof bankingDetails.$inferInsert) {
  await tx.insert(bankingDetails).values(row);
}

/** The sign-in identity follows the dealer's e-mail and phone; a changed one must be verified again. */
export async function updateIdentityContacts(
  tx: Executor,
  authId: string,
  change: { email?: string; phone?: string },
): Promise<void> {
  const set: Partial<typeof authUser.$inferInsert> = { updatedAt: new Date() };
  if (change.email !== undefined) Object.assign(set, { email: change.email.toLowerCase(), emailVerified: false });
  if (change.phone !== undefined) Object.assign(set, { phoneNumber: change.phone, phoneNumberVerified: false });
  await tx.update(authUser).set(set).where(eq(authUser.id, authId));
}

// --- Password --------------------------------------------------------------------------------

/** Sets the credential password (creating the credential when missing) and ends every session. */
export async function replacePassword(tx: Executor, authId: string, hash: string): Promise<number> {
  const updated = await tx
    .update(authAccount)
    .set({ password: hash, updatedAt: new Date() })
    .where(and(eq(authAccount.userId, authId), eq(authAccount.providerId, 'credential')))
    .returning({ id: authAccount.id });
  if (!updated.length) {
    await tx
      .insert(authAccount)
      .values({ accountId: authId, providerId: 'credential', userId: authId, password: hash });
  }
  const ended = await tx.delete(authSession).where(eq(authSession.userId, authId)).returning({ id: authSession.id });
  return ended.length;
}

// --- Links -----------------------------------------------------------------------------------

/** Product types, suppliers (hidden ones only `withHidden`) and, `withDeals`, the deals to link. */
export async function findLinkOptions(
  db: Executor,
  { withDeals, withHidden }: { withDeals: boolean; withHidden: boolean },
) {
  const productTypes = await db.execute<{ id: number; name: string }>(
    sql`SELECT id, name FROM product_types WHERE NOT is_deleted ORDER BY name, id`,
  );
  const suppliers = await db.execute<{ id: number; name: string; product_type_ids: number[] }>(sql`
    SELECT s.id, s.supplier_name AS name,
           coalesce(array_agg(i.refs_product_type_id ORDER BY i.refs_product_type_id)
                    FILTER (WHERE i.refs_product_type_id IS NOT NULL), '{}') AS product_type_ids
      FROM suppliers_master s
      LEFT JOIN suppliers_product_type_index i ON i.suppliers_master_id = s.id
     WHERE NOT s.is_deleted AND (${withHidden} OR s.supplier_status <> ${HIDDEN_SUPPLIER_STATUS})
     GROUP BY s.id ORDER BY s.supplier_name, s.id`);
  const deals = withDeals
    ? await db.execute<{ id: number; name: string; supplier_id: number; product_type_id: number }>(sql`
        SELECT id, deal_name AS name, suppliers_master_id AS supplier_id, refs_product_type_id AS product_type_id
          FROM deals_master WHERE NOT is_deleted ORDER BY deal_name, id`)
    : { rows: [] };
  return {
    productTypes: productTypes.rows as NamedItem[],
    suppliers: suppliers.rows.map(
      (row): SupplierOption => ({ id: row.id, name: row.name, productTypeIds: row.product_type_ids.map(Number) }),
    ),
    deals: deals.rows.map(
      (row): DealOption => ({
        id: row.id,
        name: row.name,
        supplierId: row.supplier_id,
        productTypeId: row.product_type_id,
      }),
    ),
  };
}

/** refs_supplier_status 3: a supplier nobody but admins sees or links (spec 2 dashboard). */
const HIDDEN_SUPPLIER_STATUS = 3;

export async function findLinkIds(db: Executor, userId: number) {
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

/** Replaces the user's supplier and product type rows (and deals when given) with the chosen ones. */
export async function replaceLinks(
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

export async function userTypeExists(db: Executor, id: number): Promise<boolean> {
  const rows = await db.select({ id: refsUserType.id }).from(refsUserType).where(eq(refsUserType.id, id));
  return rows.length > 0;
}
