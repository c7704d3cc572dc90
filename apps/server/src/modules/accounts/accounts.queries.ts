import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailVerificationIndex, usersMaster } from '../../db/schema/index.ts';

export type UserRecordChange = Partial<typeof usersMaster.$inferInsert>;

/** Writes the signed-in user's own record, stamped with them as the last updater. */
export async function updateOwnUserRecord(
  tx: Executor,
  who: { userId: number; authId: string },
  changes: UserRecordChange,
): Promise<void> {
  await tx
    .update(usersMaster)
    .set({ ...changes, lastUpdatedBy: who.userId, lastUpdatedByAuthId: who.authId, updatedAt: new Date() })
    .where(eq(usersMaster.id, who.userId));
}

export async function countVerificationEmailsSince(db: Executor, authId: string, since: Date): Promise<number> {
  const [sent] = await db
    .select({ n: count() })
    .from(emailVerificationIndex)
    .where(and(eq(emailVerificationIndex.authId, authId), gt(emailVerificationIndex.createdAt, since)));
  return sent?.n ?? 0;
}

/** A '/verify-email/{verificationId}' record; returns its id. */
export async function insertVerificationEmail(
  db: Executor,
  record: { authId: string; email: string; expiresAt: Date; createdAt: Date },
): Promise<string> {
  const [row] = await db
    .insert(emailVerificationIndex)
    .values(record)
    .returning({ verificationId: emailVerificationIndex.verificationId });
  return row!.verificationId;
}

/**
 * Uses up the record in one statement when it is the user's, for their current address, unexpired
 * and unused; false when any of that fails (or a concurrent click used it first).
 */
export async function useVerificationEmail(
  tx: Executor,
  record: { verificationId: string; authId: string; email: string; now: Date },
): Promise<boolean> {
  const used = await tx
    .update(emailVerificationIndex)
    .set({ usedAt: record.now })
    .where(
      and(
        eq(emailVerificationIndex.verificationId, record.verificationId),
        eq(emailVerificationIndex.authId, record.authId),
        isNull(emailVerificationIndex.usedAt),
        gt(emailVerificationIndex.expiresAt, record.now),
        sql`lower(${emailVerificationIndex.email}) = lower(${record.email})`,
      ),
    )
    .returning({ verificationId: emailVerificationIndex.verificationId });
  return used.length > 0;
}
