import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { usersMaster } from './people.ts';
import { storedFiles } from './platform.ts';

/**
 * A dealer contract sent for signing (spec 1 §3 "Dealer contract record", spec 3 §2.16, §7.4, §9;
 * DECISIONS "Contracts and finance"). Annexure set A is SADV, set B the Herotel-type network; the
 * flags mirror product_codes, the three codes chosen when the contract was generated.
 */
export const dealerContracts = pgTable(
  'dealer_contracts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** The agent (agent_uid). */
    usersMasterId: integer()
      .notNull()
      .references(() => usersMaster.id),
    agencyAgreement: boolean().notNull().default(true),
    annexAReseller: boolean().notNull().default(false),
    annexASuperDealer: boolean().notNull().default(false),
    annexAStandardLeaderCommission: boolean().notNull().default(false),
    annexAMultipleTeams: boolean().notNull().default(false),
    annexBReseller: boolean().notNull().default(false),
    annexBSuperDealer: boolean().notNull().default(false),
    annexBStandardLeaderCommission: boolean().notNull().default(false),
    annexBMultipleTeams: boolean().notNull().default(false),
    productCodes: integer().array().notNull().default(sql`'{}'::integer[]`),
    /** Name of the generated document and the address it was sent to. */
    documentName: text(),
    email: text(),
    status: text().notNull().default('pending'),
    provider: text().notNull().default('builtin'),
    /** DocuSeal submission id when provider is docuseal. */
    providerSubmissionId: text(),
    unsignedFileId: uuid().references(() => storedFiles.id),
    signedFileId: uuid().references(() => storedFiles.id),
    signerName: text(),
    signedAt: timestamp({ withTimezone: true }),
    signerIp: text(),
    signerUserAgent: text(),
    declinedAt: timestamp({ withTimezone: true }),
    declineReason: text(),
    /** Reminders e-mailed so far (after 3 and 7 days by default); each is sent once. */
    remindersSent: integer().notNull().default(0),
    /** SHA-256 (hex) of the document the dealer signed, printed on the audit page. */
    documentSha256: text(),
    /** Keyed hash of the signing-link token; the token itself is never stored. */
    signTokenHash: text(),
    expiresAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => usersMaster.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dealer_contracts_user_idx').on(t.usersMasterId, t.createdAt.desc()),
    uniqueIndex('dealer_contracts_sign_token_hash_unique').on(t.signTokenHash),
    uniqueIndex('dealer_contracts_provider_submission_unique').on(t.provider, t.providerSubmissionId),
    check('dealer_contracts_status', sql`${t.status} in ('pending', 'completed', 'declined', 'expired')`),
    check('dealer_contracts_provider', sql`${t.provider} in ('builtin', 'docuseal')`),
    check(
      'dealer_contracts_product_codes',
      sql`${t.productCodes} <@ array[306180, 305527, 306181, 306183, 302783, 306177, 306185, 306174]`,
    ),
    check('dealer_contracts_completed_signed', sql`${t.status} <> 'completed' or ${t.signedAt} is not null`),
    check('dealer_contracts_document_sha256', sql`${t.documentSha256} ~ '^[0-9a-f]{64}$'`),
  ],
);
