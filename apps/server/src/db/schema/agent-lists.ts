import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { suppliersMaster } from './catalogue.ts';
import { usersMaster } from './people.ts';
import { storedFiles } from './platform.ts';

// The Agent CSV import (spec 3 §2.1, §3.6; decision 025): a supplier's audit list of the agent
// accounts it holds, stored per supplier and matched to our dealers.

/** One upload of a supplier's agent list; its job replaces the supplier's stored list. */
export const agentListImports = pgTable(
  'agent_list_imports',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    fileName: text().notNull(),
    storedFileId: uuid().references(() => storedFiles.id),
    suppliersMasterId: integer()
      .notNull()
      .references(() => suppliersMaster.id),
    uploadedBy: integer().references(() => usersMaster.id),
    rowCount: integer().notNull().default(0),
    loadedCount: integer().notNull().default(0),
    matchedCount: integer().notNull().default(0),
    rejectedCount: integer().notNull().default(0),
    /** job_progress.job_id (no foreign key: the worker writes that row and it may be pruned). */
    jobId: uuid(),
    status: text().notNull().default('queued'),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('agent_list_imports_supplier_created_idx').on(t.suppliersMasterId, t.createdAt.desc()),
    check('agent_list_imports_status', sql`${t.status} in ('queued', 'running', 'completed', 'failed')`),
  ],
);

/** The supplier's current list: one row per line of its latest completed import. */
export const supplierAgentList = pgTable(
  'supplier_agent_list',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    suppliersMasterId: integer()
      .notNull()
      .references(() => suppliersMaster.id),
    importId: integer()
      .notNull()
      .references(() => agentListImports.id),
    line: integer().notNull(),
    firstName: text().notNull(),
    surname: text().notNull(),
    /** +27XXXXXXXXX */
    mobile: text(),
    /** lower case */
    email: text(),
    /** upper case, no spaces */
    idNumber: text(),
    lastSuccessfulLogin: date(),
    userAuditDate: date(),
    usersMasterId: integer().references(() => usersMaster.id),
    matchedBy: text(),
  },
  (t) => [
    index('supplier_agent_list_supplier_line_idx').on(t.suppliersMasterId, t.line),
    index('supplier_agent_list_supplier_user_idx').on(t.suppliersMasterId, t.usersMasterId),
    check('supplier_agent_list_matched_by', sql`${t.matchedBy} in ('id_number', 'mobile', 'email')`),
  ],
);
