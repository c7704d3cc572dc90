import { sql } from 'drizzle-orm';
import { char, check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { usersMaster } from './people.ts';
import { refsCountry, refsIdentityDocType, refsNetwork } from './references.ts';

/** A SIM registration made by a dealer (spec 1 §2.6, §3, §5.6), with what the RICA adapter answered. */
export const ricaSubmissions = pgTable(
  'rica_submissions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** The dealer who submitted it. */
    userId: integer()
      .notNull()
      .references(() => usersMaster.id),
    network: varchar({ length: 20 })
      .notNull()
      .references(() => refsNetwork.code),
    /** The SIM number (ICCID). */
    referenceNumber: text().notNull(),
    last4Sim: varchar('last_4_sim', { length: 4 }).notNull(),
    idType: varchar({ length: 10 })
      .notNull()
      .references(() => refsIdentityDocType.code),
    /** ID nationality. */
    countryCode: char({ length: 3 })
      .notNull()
      .references(() => refsCountry.code),
    idNumber: text().notNull(),
    fullName: text().notNull(),
    surname: text().notNull(),
    address1: text('address_1').notNull(),
    address2: text('address_2'),
    address3: text('address_3'),
    cityTown: text().notNull(),
    suburb: text().notNull(),
    postalCode: text().notNull(),
    residentialCountry: char({ length: 3 })
      .notNull()
      .references(() => refsCountry.code),
    status: text().notNull().default('submitted'),
    resultText: text(),
    /** Which adapter handled it ('local' records only; otherwise the operator API adapter). */
    adapter: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rica_submissions_user_idx').on(t.userId, t.createdAt.desc()),
    index('rica_submissions_reference_number_idx').on(t.referenceNumber),
    check('rica_submissions_status', sql`${t.status} in ('submitted', 'succeeded', 'failed')`),
    check('rica_submissions_reference_number_digits', sql`${t.referenceNumber} ~ '^[0-9]+$'`),
    check('rica_submissions_last_4_sim', sql`${t.last4Sim} = right(${t.referenceNumber}, 4)`),
  ],
);
