import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { usersMaster } from './people.ts';
import { storedFiles } from './platform.ts';

// Alerts and notifications (spec 2 §2–§4, §7). An alert is addressed either to explicit users
// (alert_targets, is_individual) or to a segment; alert_recipients is the resolved fan-out with
// per-user read state.

/** 1 all users, 2 by product types, 3 by suppliers, 4 by structure level (seeded with the table). */
export const refsUserSegmentType = pgTable('refs_user_segment_type', {
  id: smallint().primaryKey(),
  name: text().notNull(),
});

export const alerts = pgTable(
  'alerts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    title: text().notNull(),
    /** Sanitised HTML. */
    descriptionHtml: text().notNull().default(''),
    imageFileId: uuid().references(() => storedFiles.id),
    active: boolean().notNull().default(true),
    /** Free text: the spec does not enumerate alert types. */
    type: text(),
    /** Null for alerts the system raises (e.g. a ticket reply). */
    createdBy: integer().references(() => usersMaster.id),
    isIndividual: boolean().notNull().default(false),
    refsUserSegmentTypeId: smallint().references(() => refsUserSegmentType.id),
    productTypeIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    supplierIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    /** Matched against users_master.structure_level (depth in the tree, 1 for a root). */
    structureLevel: smallint(),
    sendEmail: boolean().notNull().default(false),
    sendSms: boolean().notNull().default(false),
    /**
     * The e-mail/SMS copies job's cursor: copies to recipients up to this user id are in the outbox,
     * written in the same transaction, so a retried job goes on from here instead of sending again.
     */
    copiesSentThrough: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('alerts_created_by_idx').on(t.createdBy, t.createdAt.desc()),
    index('alerts_created_idx').on(t.createdAt.desc()),
    check('alerts_structure_level', sql`${t.structureLevel} >= 1`),
    check('alerts_audience', sql`${t.isIndividual} or ${t.refsUserSegmentTypeId} is not null`),
  ],
);

/** The explicit individual or group targets as chosen on the form. */
export const alertTargets = pgTable(
  'alert_targets',
  {
    alertId: integer()
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => usersMaster.id),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.userId] }), index('alert_targets_user_idx').on(t.userId)],
);

/** Who received an alert and what they did with it; the user's list walks the primary key. */
export const alertRecipients = pgTable(
  'alert_recipients',
  {
    userId: integer()
      .notNull()
      .references(() => usersMaster.id),
    alertId: integer()
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    deliveredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp({ withTimezone: true }),
    popupDismissedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.alertId] }),
    // Unread count for a user is an index-only scan of this partial index (alert_id included so the
    // join to alerts for `active` needs no heap visit of alert_recipients).
    index('alert_recipients_unread_idx').on(t.userId, t.alertId).where(sql`${t.seenAt} is null`),
    // Fan-out and deletes by alert (100k recipients per alert): the copies job reads a batch in
    // user id order after its cursor as a range of this index, not the alert's whole list sorted.
    index('alert_recipients_alert_user_idx').on(t.alertId, t.userId),
  ],
);
