import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Suppliers, product types, products and deals (spec 2 §3, spec 3 §3.2–3.3).

export const refsSupplierStatus = pgTable('refs_supplier_status', {
  id: smallint().primaryKey(),
  status: text().notNull(),
});

export const refsSupplierContactType = pgTable('refs_supplier_contact_type', {
  id: smallint().primaryKey(),
  name: text().notNull(),
  /** A supplier cannot be saved without a complete contact of a required type (spec 3 §5.5). */
  isRequired: boolean().notNull().default(false),
});

export const refsProductStatus = pgTable('refs_product_status', {
  id: smallint().primaryKey(),
  statusName: text().notNull(),
});

export const refsDealType = pgTable('refs_deal_type', {
  id: smallint().primaryKey(),
  dealTypeName: text().notNull(),
});

export const refsSupplierAssistEmailType = pgTable('refs_supplier_assist_email_type', {
  id: smallint().primaryKey(),
  name: text().notNull(),
});

export const productTypes = pgTable(
  'product_types',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    isDeleted: boolean().notNull().default(false),
  },
  (t) => [uniqueIndex('product_types_name_unique').on(sql`lower(${t.name})`)],
);

export const suppliersMaster = pgTable(
  'suppliers_master',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    supplierName: text().notNull(),
    supplierDescription: text(),
    /** 1 active (visible to all), 2 registered-only, 3 hidden. */
    supplierStatus: smallint()
      .notNull()
      .default(2)
      .references(() => refsSupplierStatus.id),
    logoUrl: text(),
    /** Order (reference) number pattern, a regular expression. */
    regex: text(),
    customPage: boolean().notNull().default(false),
    customPageUrl: text(),
    leaderboard: boolean().notNull().default(true),
    logSalesName: boolean().notNull().default(false),
    orderNotes: boolean().notNull().default(false),
    orderNotesName: text(),
    reports: boolean().notNull().default(false),
    reportsName: text(),
    reportsDisplayName: text(),
    salesAssist: boolean().notNull().default(false),
    salesAssistText: text(),
    agentAssist: boolean().notNull().default(false),
    agentAssistText: text(),
    /** Payment types offered on Add Lead; empty means the field is not asked. */
    paymentTypes: text().array().notNull().default(sql`'{}'::text[]`),
    isDeleted: boolean().notNull().default(false),
    lastUpdated: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('suppliers_master_name_unique').on(sql`lower(${t.supplierName})`)],
);

export const suppliersProductTypeIndex = pgTable(
  'suppliers_product_type_index',
  {
    suppliersMasterId: integer()
      .notNull()
      .references(() => suppliersMaster.id),
    refsProductTypeId: integer()
      .notNull()
      .references(() => productTypes.id),
  },
  (t) => [primaryKey({ columns: [t.suppliersMasterId, t.refsProductTypeId] }), index().on(t.refsProductTypeId)],
);

export const suppliersContacts = pgTable(
  'suppliers_contacts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    supplierId: integer()
      .notNull()
      .references(() => suppliersMaster.id),
    contactTypeId: smallint()
      .notNull()
      .references(() => refsSupplierContactType.id),
    contactFirstName: text(),
    contactSurname: text(),
    contactNumber: text(),
    contactEmail: text(),
  },
  (t) => [uniqueIndex('suppliers_contacts_one_per_type').on(t.supplierId, t.contactTypeId)],
);

export const productsMaster = pgTable(
  'products_master',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    displayName: text().notNull(),
    productDescription: text(),
    suppliersMasterId: integer()
      .notNull()
      .references(() => suppliersMaster.id),
    refsProductTypeId: integer().references(() => productTypes.id),
    /** Integer cents, VAT excluded. */
    customerPriceVatExclCents: integer().notNull().default(0),
    comOnceOffReceivableVatExclCents: integer().notNull().default(0),
    comOgrPercentageReceivable: numeric({ precision: 6, scale: 3 }).notNull().default('0'),
    revenuePoints: integer().notNull().default(0),
    refsProductStatusId: smallint().references(() => refsProductStatus.id),
    isDeleted: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.suppliersMasterId),
    check('products_master_price_nonnegative', sql`${t.customerPriceVatExclCents} >= 0`),
  ],
);

/** Raw product rows as imported, matched to products_master when possible. */
export const productsImport = pgTable('products_import', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  suppliersMasterId: integer().references(() => suppliersMaster.id),
  productName: text().notNull(),
  productsMasterId: integer().references(() => productsMaster.id),
  raw: text(),
  importedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const dealsMaster = pgTable(
  'deals_master',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    dealName: text().notNull(),
    dealDescription: text(),
    suppliersMasterId: integer()
      .notNull()
      .references(() => suppliersMaster.id),
    refsProductTypeId: integer()
      .notNull()
      .references(() => productTypes.id),
    refsDealTypeId: smallint()
      .notNull()
      .references(() => refsDealType.id),
    isDeleted: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.suppliersMasterId, t.refsProductTypeId)],
);

const rate = (name: string) => integer(name).notNull().default(0);

/** A product within a deal, with its commission rates in whole rand (4 user tiers, 7 leader levels). */
export const productsDealIndex = pgTable(
  'products_deal_index',
  {
    productsMasterId: integer()
      .notNull()
      .references(() => productsMaster.id),
    dealsMasterId: integer()
      .notNull()
      .references(() => dealsMaster.id, { onDelete: 'cascade' }),
    dealOnceOffUserComRate1: rate('deal_once_off_user_com_rate_1'),
    dealOnceOffUserComRate2: rate('deal_once_off_user_com_rate_2'),
    dealOnceOffUserComRate3: rate('deal_once_off_user_com_rate_3'),
    dealOnceOffUserComRate4: rate('deal_once_off_user_com_rate_4'),
    dealOnceOffLeaderComRate1: rate('deal_once_off_leader_com_rate_1'),
    dealOnceOffLeaderComRate2: rate('deal_once_off_leader_com_rate_2'),
    dealOnceOffLeaderComRate3: rate('deal_once_off_leader_com_rate_3'),
    dealOnceOffLeaderComRate4: rate('deal_once_off_leader_com_rate_4'),
    dealOnceOffLeaderComRate5: rate('deal_once_off_leader_com_rate_5'),
    dealOnceOffLeaderComRate6: rate('deal_once_off_leader_com_rate_6'),
    dealOnceOffLeaderComRate7: rate('deal_once_off_leader_com_rate_7'),
  },
  (t) => [
    primaryKey({ columns: [t.dealsMasterId, t.productsMasterId] }),
    index().on(t.productsMasterId),
    check(
      'products_deal_index_rates_nonnegative',
      sql`least(${t.dealOnceOffUserComRate1}, ${t.dealOnceOffUserComRate2}, ${t.dealOnceOffUserComRate3}, ${t.dealOnceOffUserComRate4},
        ${t.dealOnceOffLeaderComRate1}, ${t.dealOnceOffLeaderComRate2}, ${t.dealOnceOffLeaderComRate3}, ${t.dealOnceOffLeaderComRate4},
        ${t.dealOnceOffLeaderComRate5}, ${t.dealOnceOffLeaderComRate6}, ${t.dealOnceOffLeaderComRate7}) >= 0`,
    ),
  ],
);
