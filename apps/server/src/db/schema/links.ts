import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { suppliersMaster } from './catalogue.ts';
import { usersMaster } from './people.ts';

/** A query parameter of a supplier link: `q` = name; `var` = a dealer variable, or a literal when is_static. */
export type SupplierLinkRestVar = { id: string; q: string; var: string; is_static: boolean };

/** Supplier links (spec 2 §3); deleting sets is_active false. */
export const suppliersLinkIndex = pgTable(
  'suppliers_link_index',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    supplierId: integer()
      .notNull()
      .references(() => suppliersMaster.id),
    linkName: text().notNull(),
    linkAddress: text().notNull(),
    restVar: jsonb().$type<SupplierLinkRestVar[]>().notNull().default([]),
    isActive: boolean().notNull().default(true),
    createdBy: integer().references(() => usersMaster.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    clickCount: integer().notNull().default(0),
    lastClickedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('suppliers_link_index_supplier_active_idx').on(t.supplierId).where(sql`${t.isActive}`),
    check('suppliers_link_index_rest_var_array', sql`jsonb_typeof(${t.restVar}) = 'array'`),
    check('suppliers_link_index_click_count', sql`${t.clickCount} >= 0`),
  ],
);
