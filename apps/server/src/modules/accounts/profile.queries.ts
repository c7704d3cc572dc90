import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  appSettings,
  authUser,
  bankingDetails,
  productTypes,
  refsBank,
  refsBankAccountType,
  refsCountry,
  refsProvince,
  refsShirtSize,
  suppliersMaster,
  usersMaster,
  usersProductTypeIndex,
  usersSupplierIndex,
} from '../../db/schema/index.ts';

export type UserRow = typeof usersMaster.$inferSelect;

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(usersMaster).where(eq(usersMaster.id, id));
  return user;
}

/** The latest banking row (latest by id wins), with its account type's name. */
export async function findLatestBanking(db: Executor, userId: number) {
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
  return row;
}

export async function findNames(db: Executor, user: Pick<UserRow, 'country' | 'province'>) {
  const [country] = await db
    .select({ name: refsCountry.name })
    .from(refsCountry)
    .where(eq(refsCountry.code, user.country));
  const [province] = user.province
    ? await db.select({ name: refsProvince.name }).from(refsProvince).where(eq(refsProvince.code, user.province))
    : [];
  return { countryName: country?.name ?? null, provinceName: province?.name ?? null };
}

export async function findUserProductTypes(db: Executor, userId: number) {
  return db
    .select({ id: productTypes.id, name: productTypes.name })
    .from(usersProductTypeIndex)
    .innerJoin(productTypes, eq(productTypes.id, usersProductTypeIndex.productTypeId))
    .where(eq(usersProductTypeIndex.userId, userId))
    .orderBy(asc(productTypes.name));
}

export async function findUserSuppliers(db: Executor, userId: number) {
  return db
    .select({ id: suppliersMaster.id, name: suppliersMaster.supplierName })
    .from(usersSupplierIndex)
    .innerJoin(suppliersMaster, eq(suppliersMaster.id, usersSupplierIndex.supplierId))
    .where(eq(usersSupplierIndex.userId, userId))
    .orderBy(asc(suppliersMaster.supplierName));
}

/**
 * The commission freeze (app_settings 'commission_freeze'): `true`, or an object with
 * `enabled`/`active` true. Anything else is off.
 */
export async function isCommissionFreezeOn(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, 'commission_freeze'));
  const value = row?.value as unknown;
  if (value === true) return true;
  if (value && typeof value === 'object') {
    const flags = value as { enabled?: unknown; active?: unknown };
    return flags.enabled === true || flags.active === true;
  }
  return false;
}

export async function countryExists(db: Executor, code: string): Promise<boolean> {
  const rows = await db.select({ code: refsCountry.code }).from(refsCountry).where(eq(refsCountry.code, code));
  return rows.length > 0;
}

export async function provinceExists(db: Executor, code: string): Promise<boolean> {
  const rows = await db.select({ code: refsProvince.code }).from(refsProvince).where(eq(refsProvince.code, code));
  return rows.length > 0;
}

export async function shirtSizeExists(db: Executor, code: string): Promise<boolean> {
  const rows = await db.select({ code: refsShirtSize.code }).from(refsShirtSize).where(eq(refsShirtSize.code, code));
  return rows.length > 0;
}

export async function bankAccountTypeExists(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: refsBankAccountType.id })
    .from(refsBankAccountType)
    .where(eq(refsBankAccountType.id, id));
  return rows.length > 0;
}

export async function findBankByName(db: Executor, name: string) {
  const [bank] = await db
    .select({ name: refsBank.name, branchCode: refsBank.branchCode })
    .from(refsBank)
    .where(sql`lower(${refsBank.name}) = lower(${name})`);
  return bank;
}

/** Whether another user (dealer or sign-in identity) already has this e-mail, case-insensitively. */
export async function emailTakenByOther(db: Executor, email: string, user: Pick<UserRow, 'id' | 'authId'>) {
  const dealers = await db
    .select({ id: usersMaster.id })
    .from(usersMaster)
    .where(and(sql`lower(${usersMaster.email}) = lower(${email})`, ne(usersMaster.id, user.id)))
    .limit(1);
  if (dealers.length) return true;
  const identities = await db
    .select({ id: authUser.id })
    .from(authUser)
    .where(
      user.authId
        ? and(sql`lower(${authUser.email}) = lower(${email})`, ne(authUser.id, user.authId))
        : sql`lower(${authUser.email}) = lower(${email})`,
    )
    .limit(1);
  return identities.length > 0;
}

/** Whether another user (dealer or sign-in identity) already has this phone (+27XXXXXXXXX). */
export async function phoneTakenByOther(db: Executor, phone: string, user: Pick<UserRow, 'id' | 'authId'>) {
  const dealers = await db
    .select({ id: usersMaster.id })
    .from(usersMaster)
    .where(and(eq(usersMaster.phone, phone), ne(usersMaster.id, user.id)))
    .limit(1);
  if (dealers.length) return true;
  const identities = await db
    .select({ id: authUser.id })
    .from(authUser)
    .where(
      user.authId
        ? and(eq(authUser.phoneNumber, phone), ne(authUser.id, user.authId))
        : eq(authUser.phoneNumber, phone),
    )
    .limit(1);
  return identities.length > 0;
}
