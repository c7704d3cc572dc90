import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { authUser } from './auth.ts';
import { dealsMaster, productTypes, suppliersMaster } from './catalogue.ts';
import {
  refsBankAccountType,
  refsCountry,
  refsGender,
  refsIdentityDocType,
  refsPaymentType,
  refsProvince,
  refsShirtSize,
  refsStructureLevel,
  refsUserLifecycleStatus,
  refsUserTier,
  refsUserType,
} from './references.ts';

/** The dealer: numeric id shown as Z-{id}, parent/child hierarchy (spec 1 §3). */
export const usersMaster = pgTable(
  'users_master',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    authId: uuid().references(() => authUser.id, { onDelete: 'set null' }),
    firstName: text().notNull(),
    middleName: text(),
    surname: text().notNull(),
    contactName: text(),
    contactSurname: text(),
    companyName: text(),
    identificationNo: text(),
    refsIdentityDocType: varchar({ length: 10 })
      .notNull()
      .default('RSAID')
      .references(() => refsIdentityDocType.code),
    dateOfBirth: date(),
    refsGender: char({ length: 1 })
      .notNull()
      .default('M')
      .references(() => refsGender.code),
    nationality: char({ length: 3 })
      .notNull()
      .default('ZAF')
      .references(() => refsCountry.code),
    /** RICA online username: at most 5 characters, upper case. */
    operatorId: varchar({ length: 5 }),
    passportIssueDate: date(),
    passportExpiryDate: date(),
    /** Stored +27XXXXXXXXX. */
    phone: varchar({ length: 12 }),
    altPhone: varchar({ length: 12 }),
    email: text(),
    street: text(),
    suburb: text(),
    city: text(),
    province: varchar({ length: 3 }).references(() => refsProvince.code),
    postalCode: varchar({ length: 4 }),
    country: char({ length: 3 })
      .notNull()
      .default('ZAF')
      .references(() => refsCountry.code),
    refsShirtSize: varchar({ length: 10 }).references(() => refsShirtSize.code),
    refsPaymentType: varchar({ length: 10 })
      .notNull()
      .default('bank')
      .references(() => refsPaymentType.code),
    eWalletLink: text(),
    idPhotoUrl: text(),
    personPhotoUrl: text(),
    parentId: integer().references((): AnyPgColumn => usersMaster.id),
    refsTypeId: smallint()
      .notNull()
      .default(1)
      .references(() => refsUserType.id),
    refsUserTierId: smallint()
      .notNull()
      .default(1)
      .references(() => refsUserTier.id),
    refsMaxStructureLevelId: smallint().references(() => refsStructureLevel.id),
    /** Depth in the tree, 1 for a root; refreshed by the "update structure levels" step. */
    structureLevel: smallint().notNull().default(1),
    isAdmin: boolean().notNull().default(false),
    isLeader: boolean().notNull().default(false),
    isLeaderDate: timestamp({ withTimezone: true }),
    isLeaderBlocked: boolean().notNull().default(false),
    growthLeader: boolean().notNull().default(false),
    growthLeaderTime: timestamp({ withTimezone: true }),
    refsUserLifecycleStatusId: smallint()
      .notNull()
      .default(1)
      .references(() => refsUserLifecycleStatus.id),
    declineReason: text(),
    resubmittedAt: timestamp({ withTimezone: true }),
    emailVerified: boolean().notNull().default(false),
    phoneVerified: boolean().notNull().default(false),
    agreedToRicaTerms: boolean().notNull().default(false),
    /** True while the user still has the generated temporary password (never the password itself). */
    tempPw: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    submittedBy: integer().references((): AnyPgColumn => usersMaster.id),
    submittedByAuthId: uuid(),
    lastUpdatedBy: integer().references((): AnyPgColumn => usersMaster.id),
    lastUpdatedByAuthId: uuid(),
  },
  (t) => [
    uniqueIndex('users_master_auth_id_unique').on(t.authId),
    uniqueIndex('users_master_phone_unique').on(t.phone),
    uniqueIndex('users_master_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_master_identification_no_unique').on(sql`upper(${t.identificationNo})`),
    index('users_master_parent_id_idx').on(t.parentId),
    index('users_master_status_idx').on(t.refsUserLifecycleStatusId),
    index('users_master_submitted_by_idx').on(t.submittedBy),
    check('users_master_phone_format', sql`${t.phone} ~ '^\\+27[0-9]{9}$'`),
    check('users_master_alt_phone_format', sql`${t.altPhone} ~ '^\\+27[0-9]{9}$'`),
    check('users_master_postal_code_format', sql`${t.postalCode} ~ '^[0-9]{1,4}$'`),
    check('users_master_operator_id_upper', sql`${t.operatorId} = upper(${t.operatorId})`),
    check('users_master_not_own_parent', sql`${t.parentId} <> ${t.id}`),
    check(
      'users_master_passport_dates',
      sql`${t.refsIdentityDocType} <> 'PASSPORT' or (${t.passportIssueDate} is not null and ${t.passportExpiryDate} is not null)`,
    ),
  ],
);

/**
 * Every (ancestor, descendant) pair including (self, self) at depth 0. Kept exact by a trigger on
 * users_master.parent_id in the same transaction as the change (see the closure migration).
 */
export const usersHierarchyClosure = pgTable(
  'users_hierarchy_closure',
  {
    ancestorId: integer()
      .notNull()
      .references(() => usersMaster.id, { onDelete: 'cascade' }),
    descendantId: integer()
      .notNull()
      .references(() => usersMaster.id, { onDelete: 'cascade' }),
    depth: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.descendantId] }),
    index('users_hierarchy_closure_descendant_idx').on(t.descendantId, t.depth),
  ],
);

/** Latest row by id wins. */
export const bankingDetails = pgTable(
  'banking_details',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => usersMaster.id),
    bank: text().notNull(),
    branchCode: varchar({ length: 6 }).notNull(),
    accountNumber: varchar({ length: 20 }).notNull(),
    accountType: smallint()
      .notNull()
      .references(() => refsBankAccountType.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdByAuthId: uuid(),
  },
  (t) => [
    index('banking_details_user_latest_idx').on(t.userId, t.id.desc()),
    check('banking_details_account_number_digits', sql`${t.accountNumber} ~ '^[0-9]{6,20}$'`),
  ],
);

/** E-mail verification link records: /verify-email/{verificationId}. */
export const emailVerificationIndex = pgTable(
  'email_verification_index',
  {
    verificationId: uuid().primaryKey().defaultRandom(),
    authId: uuid()
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.authId)],
);

/**
 * A new sign-in e-mail or phone the owner asked for on their profile, not yet proven (decision
 * 069): at most one of each kind per user (a new request replaces it), live until `expires_at`.
 * Until the new contact is verified (the e-mailed link, the one-time pin; their records and
 * hashes stay in the two tables around this one) the old contact signs in and gets resets.
 */
export const usersPendingContact = pgTable(
  'users_pending_contact',
  {
    userId: integer()
      .notNull()
      .references(() => usersMaster.id, { onDelete: 'cascade' }),
    kind: varchar({ length: 5 }).notNull(),
    value: text().notNull(),
    requestedAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('users_pending_contact_kind', sql`${t.kind} in ('email', 'phone')`),
  ],
);

/**
 * One-time pins for phone verification and phone sign-in. Only a keyed hash of the pin is stored;
 * attempts are counted so a pin dies after 3 wrong tries.
 */
export const phoneVerificationIndex = pgTable(
  'phone_verification_index',
  {
    id: uuid().primaryKey().defaultRandom(),
    authId: uuid().references(() => authUser.id, { onDelete: 'cascade' }),
    phone: varchar({ length: 12 }).notNull(),
    purpose: varchar({ length: 10 }).notNull(),
    pinHash: text().notNull(),
    attempts: smallint().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.phone, t.createdAt),
    check('phone_verification_purpose', sql`${t.purpose} in ('verify', 'sign_in')`),
  ],
);

export const usersSupplierIndex = pgTable(
  'users_supplier_index',
  {
    userId: integer()
      .notNull()
      .references(() => usersMaster.id),
    supplierId: integer()
      .notNull()
      .references(() => suppliersMaster.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.supplierId] }), index().on(t.supplierId)],
);

export const usersProductTypeIndex = pgTable(
  'users_product_type_index',
  {
    userId: integer()
      .notNull()
      .references(() => usersMaster.id),
    productTypeId: integer()
      .notNull()
      .references(() => productTypes.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productTypeId] }), index().on(t.productTypeId)],
);

export const usersDealIndex = pgTable(
  'users_deal_index',
  {
    usersMasterId: integer()
      .notNull()
      .references(() => usersMaster.id),
    dealsMasterId: integer()
      .notNull()
      .references(() => dealsMaster.id),
    isActive: boolean().notNull().default(true),
    addedByUsersMasterId: integer().references(() => usersMaster.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.usersMasterId, t.dealsMasterId] }), index().on(t.dealsMasterId)],
);

/** Feature flags: Commissions, Deals, Reallocations, Sales Assist, Agent Support, Access Control, Users Management. */
export const featuresMaster = pgTable('features_master', {
  id: smallint().primaryKey(),
  name: text().notNull().unique(),
});

export const usersAccessIndex = pgTable(
  'users_access_index',
  {
    userMasterId: integer()
      .notNull()
      .references(() => usersMaster.id),
    featuresMasterId: smallint()
      .notNull()
      .references(() => featuresMaster.id),
    addedByUsersMasterId: integer().references(() => usersMaster.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userMasterId, t.featuresMasterId] })],
);
