import type { ReferenceLists } from '@portal/domain/reference/reference-lists';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  refsBank,
  refsBankAccountType,
  refsCountry,
  refsGender,
  refsIdentityDocType,
  refsNetwork,
  refsPaymentType,
  refsProvince,
  refsShirtSize,
  refsStructureLevel,
  refsUserLifecycleStatus,
  refsUserType,
} from '../../db/schema/index.ts';

/** The shared option lists (spec 1 §9) from the refs_* tables; countries with South Africa first. */
export async function findReferenceLists(db: Executor): Promise<ReferenceLists> {
  const [
    banks,
    bankAccountTypes,
    provinces,
    countries,
    shirtSizes,
    paymentTypes,
    genders,
    identityDocTypes,
    userTypes,
    networks,
    lifecycleStatuses,
    structureLevels,
  ] = await Promise.all([
    db.select({ name: refsBank.name, branchCode: refsBank.branchCode }).from(refsBank).orderBy(asc(refsBank.id)),
    db
      .select({ id: refsBankAccountType.id, name: refsBankAccountType.name })
      .from(refsBankAccountType)
      .orderBy(asc(refsBankAccountType.id)),
    db
      .select({ value: refsProvince.code, label: refsProvince.name })
      .from(refsProvince)
      .orderBy(asc(refsProvince.name)),
    db
      .select({ value: refsCountry.code, label: refsCountry.name })
      .from(refsCountry)
      .orderBy(asc(refsCountry.sortOrder), asc(refsCountry.name)),
    db.select({ code: refsShirtSize.code }).from(refsShirtSize).orderBy(asc(refsShirtSize.sortOrder)),
    db
      .select({ value: refsPaymentType.code, label: refsPaymentType.name })
      .from(refsPaymentType)
      .orderBy(asc(refsPaymentType.code)),
    db.select({ value: refsGender.code, label: refsGender.name }).from(refsGender).orderBy(asc(refsGender.code)),
    db
      .select({ value: refsIdentityDocType.code, label: refsIdentityDocType.name })
      .from(refsIdentityDocType)
      .orderBy(asc(refsIdentityDocType.code)),
    db.select({ id: refsUserType.id, name: refsUserType.type }).from(refsUserType).orderBy(asc(refsUserType.id)),
    db
      .select({
        code: refsNetwork.code,
        name: refsNetwork.name,
        isRica: refsNetwork.isRica,
        isSales: refsNetwork.isSales,
      })
      .from(refsNetwork)
      .orderBy(asc(refsNetwork.name)),
    db
      .select({ id: refsUserLifecycleStatus.id, name: refsUserLifecycleStatus.name })
      .from(refsUserLifecycleStatus)
      .orderBy(asc(refsUserLifecycleStatus.id)),
    db
      .select({ id: refsStructureLevel.id, name: refsStructureLevel.levelName })
      .from(refsStructureLevel)
      .orderBy(asc(refsStructureLevel.id)),
  ]);
  return {
    banks,
    bankAccountTypes,
    provinces,
    countries,
    shirtSizes: shirtSizes.map((size) => size.code),
    paymentTypes,
    genders,
    identityDocTypes,
    userTypes,
    networks,
    lifecycleStatuses,
    structureLevels,
  };
}

// ---- single checks, for the forms that save a chosen option ---------------------------------------

/** A bank by name, in any letter case, with its universal branch code. */
export async function findBankByName(db: Executor, name: string) {
  const [bank] = await db
    .select({ name: refsBank.name, branchCode: refsBank.branchCode })
    .from(refsBank)
    .where(sql`lower(${refsBank.name}) = lower(${name})`);
  return bank;
}

export async function userTypeExists(db: Executor, id: number): Promise<boolean> {
  const rows = await db.select({ id: refsUserType.id }).from(refsUserType).where(eq(refsUserType.id, id));
  return rows.length > 0;
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
