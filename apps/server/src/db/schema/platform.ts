import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { usersMaster } from './people.ts';

/** Who changed what, when: written in the same transaction as the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer().references(() => usersMaster.id),
    actorAuthId: uuid(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    requestId: text(),
    ipAddress: text(),
  },
  (t) => [index().on(t.entity, t.entityId, t.occurredAt), index().on(t.actorUserId, t.occurredAt)],
);

/**
 * Every e-mail, SMS, chat and tracker message the product sends. With the outbox transport this is
 * where they stop (shown on /outbox); with a real transport it is the queue the delivery worker
 * works through and then the delivery log (docs/decisions/013).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text().notNull(),
    recipient: text().notNull(),
    subject: text(),
    body: text().notNull(),
    html: text(),
    status: text().notNull().default('sent'),
    transport: text().notNull(),
    /** Why the last failed attempt failed; kept after a later success, so a retried message shows why. */
    lastError: text(),
    attempts: integer().notNull().default(0),
    /** When the worker tries again (queued after a failure); null otherwise. */
    nextAttemptAt: timestamp({ withTimezone: true }),
    /**
     * The unmasked text and html while a real transport has yet to deliver them; `body`/`html` hold
     * the masked copy. Nulled once sent or finally failed, so no live pin or link rests here.
     */
    pending: jsonb().$type<{ text: string; html: string | null }>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.createdAt.desc()),
    index().on(t.recipient, t.createdAt.desc()),
    index('outbox_messages_waiting_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('queued', 'sending')`),
    check('outbox_channel', sql`${t.channel} in ('email', 'sms', 'chat', 'tracker')`),
    check('outbox_status', sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
  ],
);

/** Files kept by the storage adapter; served only through the API, never from the web root. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    storageKey: text().notNull().unique(),
    originalName: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    sha256: text().notNull(),
    purpose: text().notNull(),
    ownerUserId: integer().references(() => usersMaster.id),
    uploadedByUserId: integer().references(() => usersMaster.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.ownerUserId)],
);

/** Progress of long work (imports, commission steps, exports), shown as a progress bar. */
export const jobProgress = pgTable(
  'job_progress',
  {
    jobId: uuid().primaryKey(),
    queue: text().notNull(),
    stage: text().notNull().default('queued'),
    percent: smallint().notNull().default(0),
    state: text().notNull().default('queued'),
    message: text(),
    result: jsonb(),
    startedByUserId: integer().references(() => usersMaster.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.queue, t.createdAt.desc()),
    check('job_progress_percent', sql`${t.percent} between 0 and 100`),
    check('job_progress_state', sql`${t.state} in ('queued', 'running', 'completed', 'failed')`),
  ],
);

/** Small product-wide switches, e.g. the commission freeze. */
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedByUserId: integer().references(() => usersMaster.id),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The request limits per client address (platform/rate-limits.ts), counted here so every instance
 * of the portal shares one count per family and address (decision 079). A row is a fixed window:
 * its count restarts when `expires_at` has passed; the hourly prune deletes rows whose window ended.
 */
export const requestLimitCounters = pgTable(
  'request_limit_counters',
  {
    family: text().notNull(),
    key: text().notNull(),
    count: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.family, t.key] }), index().on(t.expiresAt)],
);
