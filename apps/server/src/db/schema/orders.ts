import { sql } from 'drizzle-orm';
import {
  boolean,
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
} from 'drizzle-orm/pg-core';
import { productTypes, suppliersMaster } from './catalogue.ts';
import { commissionsPeriodIndex } from './commission-periods.ts';
import { usersMaster } from './people.ts';
import { storedFiles } from './platform.ts';

// Orders (spec 2 §3, spec 3 §3.4, §3.6; DECISIONS "Orders"). The effective dealer of an order is
// orders_admin_override.newly_assigned_agent when present, else orders_master.users_master_id.

/** One fibre activity CSV upload (spec 3 §2.10): the batch every imported row points back to. */
export const orderImports = pgTable(
  'order_imports',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    fileName: text().notNull(),
    storedFileId: uuid().references(() => storedFiles.id),
    suppliersMasterId: integer()
      .notNull()
      .references(() => suppliersMaster.id),
    refsProductTypeId: integer()
      .notNull()
      .references(() => productTypes.id),
    uploadedBy: integer().references(() => usersMaster.id),
    rowCount: integer().notNull().default(0),
    insertedCount: integer().notNull().default(0),
    updatedCount: integer().notNull().default(0),
    rejectedCount: integer().notNull().default(0),
    /** job_progress.job_id; no foreign key because the job row is written by the worker and may be pruned. */
    jobId: uuid(),
    status: text().notNull().default('queued'),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('order_imports_supplier_created_idx').on(t.suppliersMasterId, t.createdAt.desc()),
    check('order_imports_status', sql`${t.status} in ('queued', 'running', 'completed', 'failed')`),
    check(
      'order_imports_counts_nonnegative',
      sql`least(${t.rowCount}, ${t.insertedCount}, ${t.updatedCount}, ${t.rejectedCount}) >= 0`,
    ),
  ],
);

/**
 * One row per supplier order number; re-importing the same number updates dates and statuses.
 * Sized for millions of rows: report queries go by (supplier, milestone date).
 */
export const ordersImport = pgTable(
  'orders_import',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** suppliers_master.id; references checked per statement (decision 043), not by a foreign key. */
    suppliersMasterId: integer().notNull(),
    /** The supplier's order (reference) number, the CSV "id" column. */
    orderNumber: text().notNull(),
    /** Z-code (`Z-123` or `123`) or ID/passport number, matched to a dealer into orders_master. */
    agentIdentification: text().notNull(),
    customerStatus1: text('customer_status_1'),
    customerStatus2: text('customer_status_2'),
    customerAccountNumber: text(),
    customerName: text(),
    customerPhone: text(),
    customerEmail: text(),
    customerAddress: text(),
    orderCreatedDate: date().notNull(),
    orderPaidDate: date(),
    orderInstallationDate: date(),
    supplierActivationDate: date(),
    /** Premises id. */
    externalReference: text(),
    /** Product name as the supplier sent it; products_master_id is the match, null until matched. */
    product: text(),
    /** products_master.id (checked per statement, decision 043). */
    productsMasterId: integer(),
    /** product_types.id (checked per statement, decision 043). */
    refsProductTypeId: integer().notNull(),
    region: text(),
    /** The import that last wrote this row: order_imports.id (checked per statement, decision 043). */
    importBatchId: integer(),
    importedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_import_supplier_order_number_unique').on(t.suppliersMasterId, t.orderNumber),
    index('orders_import_supplier_created_idx').on(t.suppliersMasterId, t.orderCreatedDate),
    index('orders_import_supplier_paid_idx').on(t.suppliersMasterId, t.orderPaidDate),
    index('orders_import_supplier_installed_idx').on(t.suppliersMasterId, t.orderInstallationDate),
    index('orders_import_supplier_activated_idx').on(t.suppliersMasterId, t.supplierActivationDate),
    // No index on the paid or activated date alone (dropped by migration 0024, decision 043): the
    // leaderboard reads its pre-aggregates, and a range over all suppliers reads the per-supplier
    // indexes once per supplier (e.g. the commission sales report).
    // Re-attributing unmatched orders when a dealer with that Z-code or ID number appears.
    index('orders_import_agent_identification_idx').on(t.agentIdentification),
    // Matching products: only the not-yet-matched rows are looked up by product name.
    index('orders_import_unmatched_product_idx')
      .on(t.suppliersMasterId, t.product)
      .where(sql`${t.productsMasterId} is null`),
    index('orders_import_import_batch_idx').on(t.importBatchId),
    // No index on products_master_id / refs_product_type_id: products and types are soft-deleted, and
    // an index on a low-cardinality column of a 5M-row table costs every import for no query.
  ],
);

/** Automatic attribution: order → dealer, written when agent_identification matches. */
export const ordersMaster = pgTable(
  'orders_master',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    // Both references are checked per statement by triggers (migration 0024, decision 043): a
    // foreign key checks each inserted row on its own, which was ~40 % of the fibre import's inserts.
    /** orders_import.id */
    ordersImportId: integer().notNull(),
    /** users_master.id */
    usersMasterId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_master_orders_import_unique').on(t.ordersImportId),
    index('orders_master_user_order_idx').on(t.usersMasterId, t.ordersImportId),
  ],
);

/** Manual reassignment (Order Override); wins over orders_master everywhere. */
export const ordersAdminOverride = pgTable(
  'orders_admin_override',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    ordersImportId: integer()
      .notNull()
      .references(() => ordersImport.id),
    newlyAssignedAgent: integer()
      .notNull()
      .references(() => usersMaster.id),
    assignedBy: integer().references(() => usersMaster.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_admin_override_orders_import_unique').on(t.ordersImportId),
    index('orders_admin_override_agent_order_idx').on(t.newlyAssignedAgent, t.ordersImportId),
    index('orders_admin_override_created_idx').on(t.createdAt.desc()),
  ],
);

/** Written at period close; its presence blocks reassignment and re-payment of the order. */
export const ordersCommissionPaid = pgTable(
  'orders_commission_paid',
  {
    ordersImportId: integer()
      .primaryKey()
      .references(() => ordersImport.id),
    paidDate: date().notNull(),
    commissionsPeriodId: integer().references(() => commissionsPeriodIndex.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('orders_commission_paid_period_idx').on(t.commissionsPeriodId)],
);

/** Sales notes ("Logged Sales"): a dealer's own record of an order number; soft-deleted. */
export const ordersAgentNote = pgTable(
  'orders_agent_note',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    usersMasterId: integer()
      .notNull()
      .references(() => usersMaster.id),
    suppliersMasterId: integer()
      .notNull()
      .references(() => suppliersMaster.id),
    orderNumber: text().notNull(),
    agentNote: text(),
    deleted: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_agent_note_user_supplier_idx')
      .on(t.usersMasterId, t.suppliersMasterId, t.createdAt.desc())
      .where(sql`not ${t.deleted}`),
    index('orders_agent_note_supplier_order_idx').on(t.suppliersMasterId, t.orderNumber),
    index('orders_agent_note_created_idx').on(t.createdAt.desc()),
  ],
);

/**
 * Paid orders per dealer, supplier and month, kept exact by statement triggers on orders_import,
 * orders_master and orders_admin_override (migration 0011), so the leaderboard reads one month's
 * rows instead of scanning its orders. Derived data: no foreign keys, rebuilt by the migration.
 */
export const leaderboardMonthlySales = pgTable(
  'leaderboard_monthly_sales',
  {
    /** The first day of the month the orders were paid in. */
    month: date().notNull(),
    suppliersMasterId: integer().notNull(),
    usersMasterId: integer().notNull(),
    sales: integer().notNull(),
    /** The earliest paid date of those orders (ranking ties). */
    firstPaid: date().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.suppliersMasterId, t.usersMasterId] }),
    index('leaderboard_monthly_sales_month_user_idx').on(t.month, t.usersMasterId),
    // A supplier's top ranks are an index read and the viewer's rank a count of the entries before theirs.
    index('leaderboard_monthly_sales_rank_idx').on(
      t.month,
      t.suppliersMasterId,
      t.sales.desc(),
      t.firstPaid,
      t.usersMasterId,
    ),
  ],
);

/**
 * A month's paid orders per dealer across all suppliers: the sum of that dealer's
 * leaderboard_monthly_sales rows, kept by the same statement triggers (migration 0014), so the
 * "All suppliers" leaderboard reads its top ranks in index order instead of summing and ranking
 * the whole month. Derived data: no foreign keys, rebuilt by the migration.
 */
export const leaderboardMonthlyTotals = pgTable(
  'leaderboard_monthly_totals',
  {
    month: date().notNull(),
    usersMasterId: integer().notNull(),
    sales: integer().notNull(),
    firstPaid: date().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.usersMasterId] }),
    index('leaderboard_monthly_totals_rank_idx').on(t.month, t.sales.desc(), t.firstPaid, t.usersMasterId),
  ],
);

/**
 * How many dealers stand at each (sales, first paid) in a month, per supplier (0: all suppliers),
 * kept by statement triggers on the two monthly tables (migration 0014). The viewer's rank and the
 * number ranked are sums of a few hundred of these rows instead of counts of the month's dealers.
 */
export const leaderboardMonthlyRanks = pgTable(
  'leaderboard_monthly_ranks',
  {
    month: date().notNull(),
    /** 0 for the dealers' totals across suppliers. */
    suppliersMasterId: integer().notNull(),
    sales: integer().notNull(),
    firstPaid: date().notNull(),
    /** May be 0 once its dealers moved on; such rows add nothing and are left in place. */
    dealers: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.suppliersMasterId, t.sales, t.firstPaid] })],
);

/**
 * The branches whose rank buckets are kept (leaderboard_branch_ranks): people with a large
 * downstream, chosen by leaderboard_branches_refresh (migration 0020). Which branches are listed
 * only decides how the structure view reads, never what it answers. Derived data: no foreign keys.
 */
export const leaderboardBranches = pgTable('leaderboard_branches', {
  ancestorId: integer().primaryKey(),
});

/**
 * leaderboard_monthly_ranks per listed branch: how many of the branch's dealers stand at each
 * (sales, first paid) in a month, per supplier (0: all suppliers), kept by the same statement
 * triggers and by the closure table's (migration 0020), so a large branch's structure view counts
 * its ranked people and the viewer's rank from a few hundred rows.
 */
export const leaderboardBranchRanks = pgTable(
  'leaderboard_branch_ranks',
  {
    ancestorId: integer().notNull(),
    month: date().notNull(),
    /** 0 for the dealers' totals across suppliers. */
    suppliersMasterId: integer().notNull(),
    sales: integer().notNull(),
    firstPaid: date().notNull(),
    /** May be 0 once its dealers moved on; such rows add nothing and are left in place. */
    dealers: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.month, t.suppliersMasterId, t.sales, t.firstPaid] })],
);

/**
 * Orders per effective dealer, supplier, day and milestone (1 created, 2 paid, 3 installed,
 * 4 activated, each by its own date), kept by statement triggers on orders_import, orders_master
 * and orders_admin_override (migration 0014), so the structure report sums a subtree's days
 * instead of finding its orders among all orders. Derived data: no foreign keys.
 */
export const structureDailyOrders = pgTable(
  'structure_daily_orders',
  {
    usersMasterId: integer().notNull(),
    day: date().notNull(),
    suppliersMasterId: integer().notNull(),
    milestone: smallint().notNull(),
    orders: integer().notNull(),
  },
  // The key carries `orders` (INCLUDE, migration 0024, which drizzle cannot declare): the structure
  // report reads a dealer's days in a range from it alone, and it is the table's only index.
  (t) => [primaryKey({ columns: [t.usersMasterId, t.day, t.suppliersMasterId, t.milestone] })],
);
