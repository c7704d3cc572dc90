import { boolean, char, integer, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';

// Reference lists (spec 1 §9 "Shared option lists"). Seeded by migration so every database,
// empty or not, has them; foreign keys from the data tables point here.

export const refsUserType = pgTable('refs_user_type', {
  id: smallint().primaryKey(),
  type: text().notNull(),
});

export const refsUserTier = pgTable('refs_user_tier', {
  id: smallint().primaryKey(),
  name: text().notNull(),
});

/** Agent levels 1 Admin … 8 Agent; structure levels start at 1 for the root. */
export const refsStructureLevel = pgTable('refs_structure_level', {
  id: smallint().primaryKey(),
  levelName: text().notNull(),
  /** What the level means, shown on '/settings/levels'. */
  description: text(),
});

export const refsUserLifecycleStatus = pgTable('refs_user_lifecycle_status', {
  id: smallint().primaryKey(),
  name: text().notNull(),
});

export const refsGender = pgTable('refs_gender', {
  code: char({ length: 1 }).primaryKey(),
  name: text().notNull(),
});

export const refsIdentityDocType = pgTable('refs_identity_doc_type', {
  code: varchar({ length: 10 }).primaryKey(),
  name: text().notNull(),
});

export const refsPaymentType = pgTable('refs_payment_type', {
  code: varchar({ length: 10 }).primaryKey(),
  name: text().notNull(),
});

export const refsBankAccountType = pgTable('refs_bank_account_type', {
  id: smallint().primaryKey(),
  name: text().notNull(),
});

export const refsBank = pgTable('refs_bank', {
  id: smallint().primaryKey(),
  name: text().notNull().unique(),
  branchCode: varchar({ length: 6 }).notNull(),
});

export const refsProvince = pgTable('refs_province', {
  code: varchar({ length: 3 }).primaryKey(),
  name: text().notNull().unique(),
});

/** ISO 3166 alpha-3; `sortOrder` puts South Africa (ZAF) first. */
export const refsCountry = pgTable('refs_country', {
  code: char({ length: 3 }).primaryKey(),
  name: text().notNull(),
  sortOrder: integer().notNull().default(100),
});

export const refsShirtSize = pgTable('refs_shirt_size', {
  code: varchar({ length: 10 }).primaryKey(),
  sortOrder: smallint().notNull(),
});

export const refsNetwork = pgTable('refs_network', {
  code: varchar({ length: 20 }).primaryKey(),
  name: text().notNull(),
  /** Networks offered on the RICA form (a wider list than the sales networks). */
  isRica: boolean().notNull().default(true),
  isSales: boolean().notNull().default(false),
});
