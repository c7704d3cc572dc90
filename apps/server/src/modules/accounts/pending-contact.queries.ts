import { and, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailVerificationIndex, usersPendingContact } from '../../db/schema/index.ts';

export type PendingKind = 'email' | 'phone';
export type PendingContactRow = typeof usersPendingContact.$inferSelect;

/** A new request replaces the user's earlier one of the same kind (one statement). */
export async function replacePendingContact(
  tx: Executor,
  row: { userId: number; kind: PendingKind; value: string; requestedAt: Date; expiresAt: Date },
): Promise<void> {
  await tx
    .insert(usersPendingContact)
    .values(row)
    .onConflictDoUpdate({
      target: [usersPendingContact.userId, usersPendingContact.kind],
      set: { value: row.value, requestedAt: row.requestedAt, expiresAt: row.expiresAt },
    });
}

/** The user's pending changes still alive at `now`, by kind. */
export async function livePendingContacts(
  db: Executor,
  userId: number,
  now: Date,
): Promise<Partial<Record<PendingKind, PendingContactRow>>> {
  const rows = await db
    .select()
    .from(usersPendingContact)
    .where(and(eq(usersPendingContact.userId, userId), gt(usersPendingContact.expiresAt, now)));
  return Object.fromEntries(rows.map((row) => [row.kind, row]));
}

/**
 * Takes (deletes) the pending change when it is still this value and alive: once, even when two
 * verifications race. False when it expired, was cancelled or replaced meanwhile.
 */
export async function takePendingContact(
  tx: Executor,
  pending: { userId: number; kind: PendingKind; value: string; now: Date },
): Promise<boolean> {
  const taken = await tx
    .delete(usersPendingContact)
    .where(
      and(
        eq(usersPendingContact.userId, pending.userId),
        eq(usersPendingContact.kind, pending.kind),
        eq(usersPendingContact.value, pending.value),
        gt(usersPendingContact.expiresAt, pending.now),
      ),
    )
    .returning({ userId: usersPendingContact.userId });
  return taken.length > 0;
}

export async function dropPendingContact(db: Executor, userId: number, kind: PendingKind): Promise<boolean> {
  const dropped = await db
    .delete(usersPendingContact)
    .where(and(eq(usersPendingContact.userId, userId), eq(usersPendingContact.kind, kind)))
    .returning({ userId: usersPendingContact.userId });
  return dropped.length > 0;
}

/** The address a verification record of this identity was made for (used or not), if any. */
export async function addressOfVerificationEmail(
  db: Executor,
  record: { verificationId: string; authId: string },
): Promise<string | undefined> {
  const [row] = await db
    .select({ email: emailVerificationIndex.email })
    .from(emailVerificationIndex)
    .where(
      and(
        eq(emailVerificationIndex.verificationId, record.verificationId),
        eq(emailVerificationIndex.authId, record.authId),
      ),
    );
  return row?.email;
}

export const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  a != null && b != null && a.toLowerCase() === b.toLowerCase();
