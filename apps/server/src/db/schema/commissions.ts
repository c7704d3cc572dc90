import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { commissionsPeriodIndex } from './commission-periods.ts';
import { ordersImport } from './orders.ts';
import { usersMaster } from './people.ts';
import { storedFiles } from './platform.ts';

// The commission cycle (spec 3 §2.9, §3.6, §4.5; DECISIONS "Commissions"). Amounts in integer cents.
// Lines of a closed period are read-only, enforced by triggers in the migration
// commission_lines_read_only_when_closed.

// A line's role and source as enums (4 bytes, compared as numbers) rather than text: the same
// words in SQL and in the API, a smaller line (decision 042).
export const commissionLineRole = pgEnum('commission_line_role', ['agent', 'leader']);
export const commissionLineSource = pgEnum('commission_line_source', ['calculated', 'import', 'reversal']);

/** One execution of a cycle step; steps are idempotent, so a rerun replaces the lines of the previous one. */
export const commissionRuns = pgTable(
  'commission_runs',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    stepName: text().notNull(),
    commissionsPeriodId: integer().references(() => commissionsPeriodIndex.id),
    status: text().notNull().default('queued'),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    linesCount: integer().notNull().default(0),
    exceptionsCount: integer().notNull().default(0),
    ordersCount: integer().notNull().default(0),
    /** job_progress.job_id (no foreign key: the job row may be pruned). */
    jobId: uuid(),
    startedBy: integer().references(() => usersMaster.id),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('commission_runs_period_step_idx').on(t.commissionsPeriodId, t.stepName, t.createdAt.desc()),
    check(
      'commission_runs_step_name',
      sql`${t.stepName} in ('post_import', 'structure_levels', 'agent_commissions', 'leader_commissions', 'stamp', 'closure_summary', 'banking_export', 'close')`,
    ),
    check('commission_runs_status', sql`${t.status} in ('queued', 'running', 'completed', 'failed')`),
  ],
);

/** An agent or leader payout CSV (spec 3 §3.6); its rows become lines with source 'import'. */
export const commissionImports = pgTable(
  'commission_imports',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    fileName: text().notNull(),
    storedFileId: uuid().references(() => storedFiles.id),
    kind: text().notNull(),
    uploadedBy: integer().references(() => usersMaster.id),
    status: text().notNull().default('queued'),
    rowCount: integer().notNull().default(0),
    importedCount: integer().notNull().default(0),
    exceptionsCount: integer().notNull().default(0),
    /** job_progress.job_id (no foreign key: the job row may be pruned). */
    jobId: uuid(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('commission_imports_created_idx').on(t.createdAt.desc()),
    check('commission_imports_kind', sql`${t.kind} in ('agent', 'leader')`),
    check('commission_imports_status', sql`${t.status} in ('queued', 'running', 'completed', 'failed')`),
  ],
);

/**
 * One payment to one payee for one order. Unstamped (period null) until the stamp step; held lines
 * (training gate) stay unstamped so they roll into the next period. A correction after close is a
 * reversal line in a later period, never an edit.
 */
export const commissionLines = pgTable(
  'commission_lines',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    // Every reference of a line (period, order, payee, reversed line, run, import) is checked by
    // statement-level triggers (migration commission_lines_set_based_checks, decision 041), not by
    // foreign keys: a key checks every row on its own (a lookup and a row lock per line and key,
    // a trigger call even for a null), ten times the insert itself at millions of lines.
    commissionsPeriodId: integer(),
    ordersImportId: integer().notNull(),
    payeeUsersMasterId: integer().notNull(),
    role: commissionLineRole().notNull(),
    /** k-th leader ancestor (1–7); null for the agent line. */
    leaderLevel: smallint(),
    /** Negative only for reversals. */
    amountCents: integer().notNull(),
    source: commissionLineSource().notNull(),
    isHeld: boolean().notNull().default(false),
    reversalOfLineId: integer(),
    commissionRunId: integer(),
    commissionImportId: integer(),
    /** Traceability of a calculated line: the deal row (deal × product) it read. */
    dealsMasterId: integer(),
    productsMasterId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The rule and rate column of a line are stored as their parts and put into words where lines
    // are read (view commission_lines_traced, decision 042): the words took half of every line.
    /** Calculated lines: the dealer whose sale the line pays (the payee of an agent line). */
    dealerUsersMasterId: integer(),
    /** Calculated agent lines: the dealer's tier, i.e. the rate column deal_once_off_user_com_rate_{tier}. */
    dealerTier: smallint(),
    /** Calculated leader lines: the leader's depth above the dealer in the tree (the rate column is the level's). */
    treeDepth: smallint(),
    /** Imported lines: the row's line in the CSV file (the file is commission_import_id's). */
    importLine: integer(),
  },
  (t) => [
    // Makes each step idempotent: rerunning it cannot duplicate a line. leader_level is coalesced so
    // two agent lines (level null) collide too.
    uniqueIndex('commission_lines_natural_key')
      .on(t.ordersImportId, t.payeeUsersMasterId, t.role, sql`coalesce(${t.leaderLevel}, 0)`, t.source)
      .where(sql`${t.source} <> 'reversal'`),
    index('commission_lines_period_payee_idx').on(t.commissionsPeriodId, t.payeeUsersMasterId),
    // The preview pages the unstamped lines by order (a payee's unstamped lines are found through
    // period_payee with period is null).
    index('commission_lines_unstamped_order_idx').on(t.ordersImportId).where(sql`${t.commissionsPeriodId} is null`),
    index('commission_lines_payee_idx').on(t.payeeUsersMasterId, t.createdAt.desc()),
    index('commission_lines_run_idx').on(t.commissionRunId),
    index('commission_lines_import_idx').on(t.commissionImportId),
    index('commission_lines_reversal_of_idx').on(t.reversalOfLineId),
    check(
      'commission_lines_leader_level',
      sql`(${t.role} = 'agent' and ${t.leaderLevel} is null) or (${t.role} = 'leader' and ${t.leaderLevel} between 1 and 7)`,
    ),
    check('commission_lines_reversal_link', sql`(${t.source} = 'reversal') = (${t.reversalOfLineId} is not null)`),
    check('commission_lines_amount', sql`${t.source} = 'reversal' or ${t.amountCents} > 0`),
    check('commission_lines_held_unstamped', sql`not (${t.isHeld} and ${t.commissionsPeriodId} is not null)`),
  ],
);

/**
 * The unstamped lines summed per payee, role, source and held flag, kept by statement-level
 * triggers on commission_lines (migration commission_lines_set_based_checks, decision 041), so
 * the preview's totals read a few hundred thousand rows at most instead of every line.
 */
export const commissionUnstampedTotals = pgTable(
  'commission_unstamped_totals',
  {
    payeeUsersMasterId: integer().notNull(),
    role: commissionLineRole().notNull(),
    source: commissionLineSource().notNull(),
    isHeld: boolean().notNull(),
    lines: integer().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.payeeUsersMasterId, t.role, t.source, t.isHeld] })],
);

/** An order a step could not pay, or an imported row that did not match; kept, never dropped. */
export const commissionExceptions = pgTable(
  'commission_exceptions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    commissionRunId: integer().references(() => commissionRuns.id, { onDelete: 'cascade' }),
    commissionImportId: integer().references(() => commissionImports.id, { onDelete: 'cascade' }),
    /** Null when an imported row's order number matched no order. */
    ordersImportId: integer().references(() => ordersImport.id),
    reason: text().notNull(),
    /** Imported rows: the CSV line number, so the admin can find the row in the file. */
    line: integer(),
    rawRow: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('commission_exceptions_run_idx').on(t.commissionRunId),
    index('commission_exceptions_import_idx').on(t.commissionImportId),
    index('commission_exceptions_order_idx').on(t.ordersImportId),
    check('commission_exceptions_source', sql`${t.commissionRunId} is not null or ${t.commissionImportId} is not null`),
  ],
);
