import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { usersMaster } from './people.ts';

// The commission periods on their own: orders point at the period they were paid in, and the
// commission lines point at orders, so keeping the period here keeps the schema free of cycles.

export const commissionsPeriodIndex = pgTable(
  'commissions_period_index',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    startDate: date().notNull(),
    endDate: date().notNull(),
    paidDate: date(),
    isActive: boolean().notNull().default(false),
    /** Set once by the close step; from then on the period's lines cannot change. */
    closedAt: timestamp({ withTimezone: true }),
    closedBy: integer().references(() => usersMaster.id),
    /**
     * Set by the first banking export of the period: from then on the period's payout is what the
     * bank was sent, so no more lines are stamped into it (decision 054).
     */
    bankingExportedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('commissions_period_index_one_active').on(t.isActive).where(sql`${t.isActive}`),
    index('commissions_period_index_dates_idx').on(t.startDate, t.endDate),
    check('commissions_period_index_dates', sql`${t.endDate} >= ${t.startDate}`),
  ],
);
