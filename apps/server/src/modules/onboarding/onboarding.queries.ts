import { zCode } from '@portal/domain/people/z-code';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  authAccount,
  authUser,
  bankingDetails,
  dealsMaster,
  productTypes,
  refsBank,
  refsCountry,
  refsUserType,
  storedFiles,
  suppliersMaster,
  suppliersProductTypeIndex,
  usersDealIndex,
  usersMaster,
  usersProductTypeIndex,
  usersSupplierIndex,
} from '../../db/schema/index.ts';
import type { Actor } from '../../platform/access.ts';
import { reachFilter } from '../../platform/reach.ts';

export type NewUserRow = typeof usersMaster.$inferInsert;

const ACTIVE = 2;
/** Suppliers with this status are hidden from everyone but admins. */
const HIDDEN_SUPPLIER = 3;

let countryCodes: Promise<string[]> | undefined;
/** The three-letter codes of refs_country (a migration's data: read once per process). */
export function findCountryCodes(db: Executor): Promise<string[]> {
  countryCodes ??= db
    .select({ code: refsCountry.code })
    .from(refsCountry)
    .then((rows) => rows.map((row) => row.code))
    .catch((error) => {
      countryCodes = undefined;
      throw error;
    });
  return countryCodes;
}

export async function findBankByName(db: Executor, name: string) {
  const [row] = await db
    .select({ name: refsBank.name, branchCode: refsBank.branchCode })
    .from(refsBank)
    .where(sql`lower(${refsBank.name}) = lower(${name})`);
  return row;
}

export async function userTypeExists(db: Executor, id: number): Promise<boolean> {
  const rows = await db.select({ id: refsUserType.id }).from(refsUserType).where(eq(refsUserType.id, id));
  return rows.length > 0;
}

// Duplicate checks use the same expressions as the unique indexes (upper(identification_no),
// lower(email), phone), so they answer exactly what an insert would run into.

export async function isIdentificationTaken(db: Executor, identificationNo: string, exceptUserId?: number) {
  const rows = await db
    .select({ id: usersMaster.id })
    .from(usersMaster)
    .where(
      and(
        sql`upper(${usersMaster.identificationNo}) = upper(${identificationNo})`,
        exceptUserId === undefined ? undefined : sql`${usersMaster.id} <> ${exceptUserId}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function isPhoneTaken(db: Executor, phone: string, except?: { userId: number; authId: string | null }) {
  const result = await db.execute<{ taken: boolean }>(sql`
    SELECT EXISTS (
      SELECT 1 FROM users_master WHERE phone = ${phone} ${except ? sql`AND id <> ${except.userId}` : sql``}
      UNION ALL
      SELECT 1 FROM auth_user WHERE phone_number = ${phone}
        ${except?.authId ? sql`AND id <> ${except.authId}` : sql``}
    ) AS taken`);
  return Boolean(result.rows[0]?.taken);
}

export async function isEmailTaken(db: Executor, email: string) {
  const result = await db.execute<{ taken: boolean }>(sql`
    SELECT EXISTS (
      SELECT 1 FROM users_master WHERE lower(email) = lower(${email})
      UNION ALL
      SELECT 1 FROM auth_user WHERE lower(email) = lower(${email})
    ) AS taken`);
  return Boolean(result.rows[0]?.taken);
}

/** An active (status 2) user the actor reaches, or undefined. */
export async function findActiveUserInReach(db: Executor, actor: Actor, userId: number) {
  const reach = reachFilter(actor, usersMaster.id);
  const [row] = await db
    .select({ id: usersMaster.id, firstName: usersMaster.firstName, surname: usersMaster.surname })
    .from(usersMaster)
    .where(and(eq(usersMaster.id, userId), eq(usersMaster.refsUserLifecycleStatusId, ACTIVE), reach));
  return row;
}

export async function userExists(db: Executor, userId: number): Promise<boolean> {
  const rows = await db.select({ id: usersMaster.id }).from(usersMaster).where(eq(usersMaster.id, userId));
  return rows.length > 0;
}

/** Managers to choose from: active users the actor reaches, by first name; search by name or Z-code. */
export async function findManagerOptions(db: Executor, actor: Actor, search: string | undefined, limit: number) {
  const filters: Array<SQL | undefined> = [
    eq(usersMaster.refsUserLifecycleStatusId, ACTIVE),
    reachFilter(actor, usersMaster.id),
  ];
  const text = search?.trim();
  if (text) {
    const code = /^\s*(?:z-?)?(\d{1,9})\s*$/i.exec(text);
    const like = `%${text.replace(/[%_\\]/g, '\\$&')}%`;
    filters.push(
      code
        ? sql`(${usersMaster.id} = ${Number(code[1])})`
        : sql`(${usersMaster.firstName} || ' ' || ${usersMaster.surname}) ILIKE ${like}`,
    );
  }
  const rows = await db
    .select({
      id: usersMaster.id,
      firstName: usersMaster.firstName,
      middleName: usersMaster.middleName,
      surname: usersMaster.surname,
    })
    .from(usersMaster)
    .where(and(...filters))
    .orderBy(asc(usersMaster.firstName), asc(usersMaster.surname), asc(usersMaster.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, zCode: zCode(row.id), name: personName(row) }));
}

export function personName(row: { firstName: string; middleName?: string | null; surname: string }): string {
  return [row.firstName, row.middleName, row.surname].filter(Boolean).join(' ');
}

export async function findProductTypes(db: Executor) {
  return db
    .select({ id: productTypes.id, name: productTypes.name })
    .from(productTypes)
    .where(eq(productTypes.isDeleted, false))
    .orderBy(asc(productTypes.name));
}

/** Suppliers with the product types they offer; hidden ones only for admins. */
export async function findSuppliersWithProductTypes(db: Executor, includeHidden: boolean) {
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
        includeHidden ? undefined : sql`${suppliersMaster.supplierStatus} <> ${HIDDEN_SUPPLIER}`,
      ),
    )
    .groupBy(suppliersMaster.id)
    .orderBy(asc(suppliersMaster.supplierName));
  return rows.map((row) => ({ ...row, productTypeIds: row.productTypeIds.map(Number) }));
}

const dealColumns = {
  id: dealsMaster.id,
  name: dealsMaster.dealName,
  supplierId: dealsMaster.suppliersMasterId,
  productTypeId: dealsMaster.refsProductTypeId,
};

export async function findAllDeals(db: Executor) {
  return db
    .select(dealColumns)
    .from(dealsMaster)
    .where(eq(dealsMaster.isDeleted, false))
    .orderBy(asc(dealsMaster.dealName));
}

/** A user's own active deals (a leader's base for deal selection, spec 1 §6). */
export async function findUserDeals(db: Executor, userId: number) {
  return db
    .select(dealColumns)
    .from(usersDealIndex)
    .innerJoin(dealsMaster, eq(dealsMaster.id, usersDealIndex.dealsMasterId))
    .where(
      and(
        eq(usersDealIndex.usersMasterId, userId),
        eq(usersDealIndex.isActive, true),
        eq(dealsMaster.isDeleted, false),
      ),
    )
    .orderBy(asc(dealsMaster.dealName));
}

export async function findDealsByIds(db: Executor, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select(dealColumns)
    .from(dealsMaster)
    .where(and(inArray(dealsMaster.id, ids), eq(dealsMaster.isDeleted, false)));
}

export async function findStoredFilesByIds(db: Executor, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: storedFiles.id,
      purpose: storedFiles.purpose,
      uploadedByUserId: storedFiles.uploadedByUserId,
      ownerUserId: storedFiles.ownerUserId,
    })
    .from(storedFiles)
    .where(inArray(storedFiles.id, ids));
}

// ---- writes (inside the creation transaction) -----------------------------------------------------

export async function insertSignInIdentity(
  tx: Executor,
  input: { name: string; email: string; phone: string; passwordHash: string },
): Promise<string> {
  const [identity] = await tx
    .insert(authUser)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      emailVerified: false,
      phoneNumber: input.phone,
      phoneNumberVerified: false,
    })
    .returning({ id: authUser.id });
  await tx.insert(authAccount).values({
    accountId: identity!.id,
    providerId: 'credential',
    userId: identity!.id,
    password: input.passwordHash,
  });
  return identity!.id;
}

export async function insertDealer(tx: Executor, values: NewUserRow) {
  const [row] = await tx.insert(usersMaster).values(values).returning();
  return row!;
}

export async function insertBanking(
  tx: Executor,
  values: {
    userId: number;
    bank: string;
    branchCode: string;
    accountNumber: string;
    accountType: number;
    createdByAuthId: string;
  },
) {
  await tx.insert(bankingDetails).values(values);
}

export async function insertLinks(
  tx: Executor,
  userId: number,
  links: { productTypeIds: number[]; supplierIds: number[]; dealIds: number[]; addedBy: number },
) {
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

/** The photos now belong to the new user (who may then read them), still readable by their uploader. */
export async function assignFilesTo(tx: Executor, userId: number, fileIds: string[]) {
  if (!fileIds.length) return;
  await tx.update(storedFiles).set({ ownerUserId: userId }).where(inArray(storedFiles.id, fileIds));
}
