import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { suppliersMaster } from './catalogue.ts';
import { usersMaster } from './people.ts';
import { storedFiles } from './platform.ts';

// What admins set up on '/settings' (spec 3 §2.1): the service list and the banner images.

/** The service list of '/settings/services'; a removed service is kept, marked removed. */
export const services = pgTable(
  'services',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    serviceName: text().notNull(),
    isDeleted: boolean().notNull().default(false),
    createdByUserId: integer().references(() => usersMaster.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('services_name_live_unique').on(sql`lower(${t.serviceName})`).where(sql`not ${t.isDeleted}`)],
);

/** Banner images of the dashboard ('dash' folder); the newest is shown. */
export const dashboardBanners = pgTable(
  'dashboard_banners',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    storedFileId: uuid()
      .notNull()
      .references(() => storedFiles.id),
    uploadedByUserId: integer().references(() => usersMaster.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.createdAt.desc())],
);

/** A supplier's banner image ('Add Banner' on the supplier form); one at a time. */
export const supplierBanners = pgTable('supplier_banners', {
  suppliersMasterId: integer()
    .primaryKey()
    .references(() => suppliersMaster.id),
  storedFileId: uuid()
    .notNull()
    .references(() => storedFiles.id),
  uploadedByUserId: integer().references(() => usersMaster.id),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
