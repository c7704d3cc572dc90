import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { usersMaster } from './people.ts';
import { refsUserTier } from './references.ts';

// Support and credit applications (spec 3 §3.7, §4.8, §5.7; DECISIONS "Contracts and finance").
// Z-code, name and surname are kept as submitted, next to the users_master reference.

const supportType = (n: number) => text(`support_${n}_type`);
const supportValueCents = (n: number) => integer(`support_${n}_value_cents`);

export const supportApplications = pgTable(
  'support_applications',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    usersMasterId: integer()
      .notNull()
      .references(() => usersMaster.id),
    agentZCode: text().notNull(),
    agentName: text(),
    agentSurname: text(),
    itemsAmountCents: integer().notNull().default(0),
    // At most 5 items per application.
    support1Type: supportType(1),
    support1ValueCents: supportValueCents(1),
    support2Type: supportType(2),
    support2ValueCents: supportValueCents(2),
    support3Type: supportType(3),
    support3ValueCents: supportValueCents(3),
    support4Type: supportType(4),
    support4ValueCents: supportValueCents(4),
    support5Type: supportType(5),
    support5ValueCents: supportValueCents(5),
    status: text().notNull().default('pending'),
    createdBy: integer().references(() => usersMaster.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_applications_user_idx').on(t.usersMasterId, t.createdAt.desc()),
    check('support_applications_status', sql`${t.status} in ('pending', 'approved', 'declined')`),
    check('support_applications_items_amount', sql`${t.itemsAmountCents} >= 0`),
    check(
      'support_applications_values_nonnegative',
      sql`coalesce(least(${t.support1ValueCents}, ${t.support2ValueCents}, ${t.support3ValueCents}, ${t.support4ValueCents}, ${t.support5ValueCents}), 0) >= 0`,
    ),
    check(
      'support_applications_items_paired',
      sql`(${t.support1Type} is null) = (${t.support1ValueCents} is null)
        and (${t.support2Type} is null) = (${t.support2ValueCents} is null)
        and (${t.support3Type} is null) = (${t.support3ValueCents} is null)
        and (${t.support4Type} is null) = (${t.support4ValueCents} is null)
        and (${t.support5Type} is null) = (${t.support5ValueCents} is null)`,
    ),
  ],
);

/** Available credit = the tier's maximum (settings) minus outstanding_amount of unsettled applications. */
export const creditApplications = pgTable(
  'credit_applications',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    usersMasterId: integer()
      .notNull()
      .references(() => usersMaster.id),
    agentZCode: text().notNull(),
    agentName: text(),
    agentSurname: text(),
    creditType: text().notNull(),
    cosignorUsersMasterId: integer().references(() => usersMaster.id),
    cosignorZCode: text(),
    cosignorName: text(),
    cosignorSurname: text(),
    requestValueCents: integer().notNull(),
    assetType: text(),
    assetDescription: text(),
    assetUniqueNumber: text(),
    months: smallint(),
    monthlyPaymentCents: integer(),
    /** The maximum credit when the application was made. */
    maxCreditCents: integer(),
    settled: boolean().notNull().default(false),
    outstandingAmountCents: integer().notNull().default(0),
    createdBy: integer().references(() => usersMaster.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_applications_user_idx').on(t.usersMasterId, t.createdAt.desc()),
    index('credit_applications_unsettled_idx').on(t.usersMasterId).where(sql`not ${t.settled}`),
    index('credit_applications_cosignor_idx').on(t.cosignorUsersMasterId),
    check(
      'credit_applications_credit_type',
      sql`${t.creditType} in ('Unsecured Loan', 'Advance', 'Expense paid on behalf of agent')`,
    ),
    check('credit_applications_request_value', sql`${t.requestValueCents} > 0`),
    check('credit_applications_months', sql`${t.months} > 0`),
    check(
      'credit_applications_amounts_nonnegative',
      sql`${t.outstandingAmountCents} >= 0 and coalesce(least(${t.monthlyPaymentCents}, ${t.maxCreditCents}), 0) >= 0`,
    ),
  ],
);

/**
 * The finance settings per user tier (spec 3 §3.7; decision 033): the maximum credit, the longest
 * term in months and the largest monthly payment of a credit application, and the most support
 * that may be pending at once. Seeded by the migration with defaults for tiers 1 to 4.
 */
export const financeTierLimits = pgTable(
  'finance_tier_limits',
  {
    refsUserTierId: smallint()
      .primaryKey()
      .references(() => refsUserTier.id),
    maxCreditCents: integer().notNull(),
    months: smallint().notNull(),
    maxMonthlyPaymentCents: integer().notNull(),
    maxSupportCents: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'finance_tier_limits_positive',
      sql`${t.maxCreditCents} >= 0 and ${t.months} > 0 and ${t.maxMonthlyPaymentCents} >= 0 and ${t.maxSupportCents} >= 0`,
    ),
  ],
);
