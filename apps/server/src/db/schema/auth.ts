import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// The sign-in identity, owned by better-auth. users_master.auth_id points here; the dealer record
// (numeric id, Z-code) lives in users_master as the spec has it.

export const authUser = pgTable('auth_user', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  email: text().notNull().unique(),
  emailVerified: boolean().notNull().default(false),
  image: text(),
  phoneNumber: text().unique(),
  phoneNumberVerified: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const authSession = pgTable(
  'auth_session',
  {
    id: uuid().primaryKey().defaultRandom(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ipAddress: text(),
    userAgent: text(),
    userId: uuid()
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    /** "Keep me signed in": without it the session also ends after 30 minutes idle (platform/sessions.ts). */
    rememberMe: boolean().notNull().default(true),
    /** The last request made with the session, written at most once a minute. */
    lastSeenAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId)],
);

export const authAccount = pgTable(
  'auth_account',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId)],
);

export const authVerification = pgTable(
  'auth_verification',
  {
    id: uuid().primaryKey().defaultRandom(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.identifier)],
);

export const authRateLimit = pgTable('auth_rate_limit', {
  id: uuid().primaryKey().defaultRandom(),
  key: text().notNull().unique(),
  count: integer().notNull(),
  lastRequest: bigint({ mode: 'number' }).notNull(),
});

/**
 * Failed e-mail sign-ins, per account (the e-mail as typed, lower case) and client address, kept
 * for two hours: 5 in 15 minutes lock the pair for 15 minutes, 100 in an hour lock the account
 * (platform/sign-in-limits.ts). A success clears the pair.
 */
export const authSignInFailure = pgTable(
  'auth_sign_in_failure',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    account: text().notNull(),
    clientIp: text().notNull(),
    failedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('auth_sign_in_failure_account_idx').on(t.account, t.failedAt),
    index('auth_sign_in_failure_pair_idx').on(t.account, t.clientIp, t.failedAt),
    index('auth_sign_in_failure_failed_at_idx').on(t.failedAt),
  ],
);
