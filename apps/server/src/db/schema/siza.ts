import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { usersMaster } from './people.ts';

// Siza's conversations (spec 2 "Ask Siza"; decision 030): one row per chat item, kept per user
// until the user clears them.

export type SizaSourceRow = { moduleId: number; moduleName: string };

export const sizaChatItems = pgTable(
  'siza_chat_items',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    usersMasterId: integer()
      .notNull()
      .references(() => usersMaster.id, { onDelete: 'cascade' }),
    /** 'user' (the question) or 'assistant' (the answer). */
    activityType: text().notNull(),
    text: text().notNull(),
    /** The modules an answer cites, as they were named when it was given. */
    sources: jsonb().$type<SizaSourceRow[]>().notNull().default([]),
    /** How an answer was made: 'passages' (composed) or 'llm' (rephrased); null for questions. */
    answeredBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('siza_chat_items_user_idx').on(t.usersMasterId, t.id.desc()),
    // The hourly question limit counts a user's recent questions.
    index('siza_chat_items_questions_idx').on(t.usersMasterId, t.createdAt).where(sql`${t.activityType} = 'user'`),
    check('siza_chat_items_activity_type', sql`${t.activityType} in ('user', 'assistant')`),
    check('siza_chat_items_answered_by', sql`${t.answeredBy} is null or ${t.answeredBy} in ('passages', 'llm')`),
    check('siza_chat_items_sources_array', sql`jsonb_typeof(${t.sources}) = 'array'`),
  ],
);
