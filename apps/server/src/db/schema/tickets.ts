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
import { refsSupplierAssistEmailType, suppliersMaster } from './catalogue.ts';
import { usersMaster } from './people.ts';
import { storedFiles } from './platform.ts';

// One ticket engine for Sales Assist (ZSA) and Agent Support (ZAA) (spec 2 §3, spec 3 §3.5/3.5a,
// DECISIONS "Tickets"). Fields used by only one kind are null for the other.

/** Categories and sub-statuses offered per kind; a null supplier means all suppliers. */
export const refsSupportStatus = pgTable(
  'refs_support_status',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    status: text().notNull(),
    statusType: text().notNull(),
    category: text().notNull(),
    suppliersMasterId: integer().references(() => suppliersMaster.id),
    /** A "waiting on supplier" sub-status: the SLA clock stops while a ticket has it. */
    pausesSla: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(100),
  },
  (t) => [
    uniqueIndex('refs_support_status_unique').on(
      t.category,
      t.statusType,
      sql`coalesce(${t.suppliersMasterId}, 0)`,
      sql`lower(${t.status})`,
    ),
    index('refs_support_status_supplier_idx').on(t.suppliersMasterId),
    check('refs_support_status_status_type', sql`${t.statusType} in ('category', 'in_progress', 'closed')`),
    check('refs_support_status_category', sql`${t.category} in ('agent_support', 'sales_assist')`),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    kind: text().notNull(),
    /** ZSA-000123 for sales assist, ZAA123 for agent support; searchable in the admin grids. */
    ticketNum: text().generatedAlwaysAs(
      sql`case when kind = 'sales_assist' then 'ZSA-' || lpad(id::text, 6, '0') else 'ZAA' || id::text end`,
    ),
    /** The owner (the dealer who raised it); stands for the spec's auth_id. */
    usersMasterId: integer()
      .notNull()
      .references(() => usersMaster.id),
    suppliersMasterId: integer()
      .notNull()
      .references(() => suppliersMaster.id),
    /** Open is shown "New" in agent support. */
    status: text().notNull().default('Open'),
    categoryId: integer().references(() => refsSupportStatus.id),
    /** ticket_in_progress_status / salesLeadInProgressStatus. */
    inProgressStatusId: integer().references(() => refsSupportStatus.id),
    /** ticket_closed_status / salesLeadClosedStatus. */
    closedStatusId: integer().references(() => refsSupportStatus.id),
    isActive: boolean().notNull().default(true),
    /** 'App' or 'ussd' (sales assist). */
    platform: text(),
    /** "Z-{id}: first name surname" as it was when the ticket was raised. */
    dealerCode: text(),
    agreedToTerms: boolean().notNull().default(false),
    /** Agent support user_note and sales assist agent_note: the dealer's text. */
    userNote: text(),
    /** Agent support admin_note and sales assist note: the helpdesk feedback. */
    adminNote: text(),

    // Sales assist lead fields.
    customerName: text(),
    address: text(),
    phoneNumber: text(),
    alternativeNumber: text(),
    emailAddress: text(),
    idNumber: text(),
    refNumber: text(),
    title: text(),
    jobTitle: text(),
    maritalStatus: text(),
    /** Months at the current address. */
    currentAddressMonths: integer(),
    employer: text(),
    employerContactNumber: text(),
    companyName: text(),
    industry: text(),
    paymentType: text(),
    gpsLocation: text(),

    // Agent support fields.
    supplierTicketNumber: text(),
    supplierTicketDate: date(),

    ratingStar: smallint(),
    ratingComment: text(),
    ratedAt: timestamp({ withTimezone: true }),

    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUpdatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** last_updated_by_dealers_id / last_updated_by_code. */
    lastUpdatedByUserId: integer().references(() => usersMaster.id),
    /** last_updated_by_pretty / last_updated_by_name; "New" on create. */
    lastUpdatedByName: text(),
    closedAt: timestamp({ withTimezone: true }),

    // SLA (beyond the spec): targets per kind from settings, clock paused on a pausing sub-status.
    firstResponseDueAt: timestamp({ withTimezone: true }),
    firstRespondedAt: timestamp({ withTimezone: true }),
    resolutionDueAt: timestamp({ withTimezone: true }),
    pausedAt: timestamp({ withTimezone: true }),
    pausedSeconds: integer().notNull().default(0),

    // Read state per side, kept by a trigger on ticket_activity (migration 0012): true while any
    // activity the side can see has no read time for it. Lists and counts read these columns
    // instead of probing the activity rows of every ticket (decision 021).
    unreadAdmin: boolean().notNull().default(false),
    unreadUser: boolean().notNull().default(false),
  },
  (t) => [
    // The dealer's list: own tickets for a supplier, newest first.
    index('tickets_owner_idx')
      .on(t.kind, t.usersMasterId, t.suppliersMasterId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isActive}`),
    // The admin grids: by kind and status, newest first, optionally one supplier.
    // The id breaks ties in the lists' order; without it a page is read whole and sorted.
    index('tickets_admin_grid_idx').on(t.kind, t.status, t.createdAt.desc(), t.id.desc()).where(sql`${t.isActive}`),
    // A console filtered to one supplier: the page in order and its count, from the index alone.
    index('tickets_supplier_grid_idx')
      .on(t.kind, t.suppliersMasterId, t.status, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isActive}`),
    index('tickets_supplier_idx').on(t.suppliersMasterId, t.kind, t.createdAt.desc()),
    index('tickets_last_updated_by_idx').on(t.lastUpdatedByUserId, t.lastUpdatedAt),
    index('tickets_ticket_num_idx').on(t.ticketNum),
    // The consoles' unread badge: an index-only count of the few unread tickets of a kind.
    index('tickets_unread_admin_idx').on(t.kind).where(sql`${t.isActive} and ${t.unreadAdmin}`),
    check('tickets_kind', sql`${t.kind} in ('sales_assist', 'agent_support')`),
    check('tickets_status', sql`${t.status} in ('Open', 'In Progress', 'Closed')`),
    check('tickets_rating_star', sql`${t.ratingStar} between 1 and 5`),
    check('tickets_rating_comment_needs_star', sql`${t.ratingComment} is null or ${t.ratingStar} is not null`),
    check('tickets_current_address_months', sql`${t.currentAddressMonths} >= 0`),
    check('tickets_paused_seconds', sql`${t.pausedSeconds} >= 0`),
  ],
);

/**
 * Messages and events on a ticket. Null read_user / read_admin means unread for that side;
 * admin_only rows (internal notes) are never shown to, nor unread for, the dealer.
 */
export const ticketActivity = pgTable(
  'ticket_activity',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id),
    text: text().notNull(),
    activityType: text().notNull(),
    adminOnly: boolean().notNull().default(false),
    readUser: timestamp({ withTimezone: true }),
    readAdmin: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => usersMaster.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Thread in order, and "latest activity" for Mark as Unread.
    index('ticket_activity_ticket_idx').on(t.ticketId, t.id),
    // Unread flags per ticket, for each side; small because most rows are read.
    index('ticket_activity_unread_user_idx').on(t.ticketId).where(sql`${t.readUser} is null and not ${t.adminOnly}`),
    index('ticket_activity_unread_admin_idx').on(t.ticketId).where(sql`${t.readAdmin} is null`),
    check('ticket_activity_type', sql`${t.activityType} in ('admin', 'user', 'internal', 'update')`),
    check('ticket_activity_internal_is_admin_only', sql`${t.activityType} <> 'internal' or ${t.adminOnly}`),
  ],
);

/** One entry per admin update: the values as they were set (text, so later renames do not rewrite history). */
export const ticketHistory = pgTable(
  'ticket_history',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** updated_by_dealers_id / updated_by_code. */
    updatedByUserId: integer().references(() => usersMaster.id),
    /** updated_by_pretty / updated_by_code_name. */
    updatedByName: text(),
    /** Sales assist: the lead address as updated. */
    updateAddress: text(),
    updateStatus: text(),
    updateInProgressStatus: text(),
    updateClosedStatus: text(),
    updateFeedback: text(),
  },
  (t) => [index('ticket_history_ticket_idx').on(t.ticketId, t.updatedAt)],
);

/** The ticket's Documents tab (replaces the storage folder reference supporting_doc_ref). */
export const ticketFiles = pgTable(
  'ticket_files',
  {
    ticketId: integer()
      .notNull()
      .references(() => tickets.id),
    storedFileId: uuid()
      .notNull()
      .references(() => storedFiles.id),
    uploadedBy: integer().references(() => usersMaster.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.storedFileId] }), index().on(t.storedFileId)],
);

/** Admin contacts e-mailed on a new ticket: type 1 sales assist, 2 agent support (spec 3 §3.3). */
export const suppliersAssistEmailIndex = pgTable(
  'suppliers_assist_email_index',
  {
    suppliersMasterId: integer()
      .notNull()
      .references(() => suppliersMaster.id),
    usersMasterId: integer()
      .notNull()
      .references(() => usersMaster.id),
    refsSupplierAssistEmailTypeId: smallint()
      .notNull()
      .references(() => refsSupplierAssistEmailType.id),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.suppliersMasterId, t.refsSupplierAssistEmailTypeId, t.usersMasterId] }),
    index().on(t.usersMasterId),
  ],
);

/** Helpdesk canned replies per kind (beyond the spec; decision 021); {variables} filled in on use. */
export const ticketCannedReplies = pgTable(
  'ticket_canned_replies',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    isActive: boolean().notNull().default(true),
    createdBy: integer().references(() => usersMaster.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ticket_canned_replies_title_unique').on(t.kind, sql`lower(${t.title})`),
    check('ticket_canned_replies_kind', sql`${t.kind} in ('agent_support', 'sales_assist')`),
  ],
);
