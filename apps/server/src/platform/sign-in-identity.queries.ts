import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import {
  authAccount,
  authRateLimit,
  authSession,
  authUser,
  authVerification,
  usersMaster,
} from '../db/schema/index.ts';

// A dealer's e-mail and phone live twice: on users_master (what people see and search) and on the
// sign-in identity (what better-auth signs in with). Every module that changes a contact keeps the
// two together through these statements, in the transaction of the change.

/** A changed e-mail or phone becomes the sign-in identity's, unverified until proven again. */
export async function syncSignInContacts(
  tx: Executor,
  authId: string,
  change: { email?: string; phone?: string },
): Promise<void> {
  if (change.email === undefined && change.phone === undefined) return;
  await tx
    .update(authUser)
    .set({
      ...(change.email !== undefined ? { email: change.email.toLowerCase(), emailVerified: false } : {}),
      ...(change.phone !== undefined ? { phoneNumber: change.phone, phoneNumberVerified: false } : {}),
      updatedAt: new Date(),
    })
    .where(eq(authUser.id, authId));
}

/** The owner proved the e-mail (link) or the phone (pin): the sign-in identity says so too. */
export async function markSignInContactVerified(
  tx: Executor,
  authId: string,
  proven: { email?: boolean; phone?: string | null },
): Promise<void> {
  await tx
    .update(authUser)
    .set({
      ...(proven.email ? { emailVerified: true } : {}),
      ...(proven.phone ? { phoneNumber: proven.phone, phoneNumberVerified: true } : {}),
      updatedAt: new Date(),
    })
    .where(eq(authUser.id, authId));
}

/** Sets the credential password, creating the credential of an identity that has none. */
export async function setCredentialPassword(tx: Executor, authId: string, hash: string): Promise<void> {
  const updated = await tx
    .update(authAccount)
    .set({ password: hash, updatedAt: new Date() })
    .where(and(eq(authAccount.userId, authId), eq(authAccount.providerId, 'credential')))
    .returning({ id: authAccount.id });
  if (!updated.length) {
    await tx
      .insert(authAccount)
      .values({ accountId: authId, providerId: 'credential', userId: authId, password: hash });
  }
}

/** Ends the identity's sessions (all, or all but the one that made the change); returns how many. */
export async function endSessionsOf(tx: Executor, authId: string, keep?: { sessionId: string }): Promise<number> {
  const ended = await tx
    .delete(authSession)
    .where(
      keep ? and(eq(authSession.userId, authId), ne(authSession.id, keep.sessionId)) : eq(authSession.userId, authId),
    )
    .returning({ id: authSession.id });
  return ended.length;
}

/** The sign-in identity of the dealer with this phone (+27…), if they have one. */
export async function findIdentityByPhone(db: Executor, phone: string): Promise<string | undefined> {
  const [row] = await db
    .select({ authId: usersMaster.authId })
    .from(usersMaster)
    .where(and(eq(usersMaster.phone, phone), isNotNull(usersMaster.authId)))
    .limit(1);
  return row?.authId ?? undefined;
}

/** better-auth's own statements run on these tables (its Drizzle adapter). */
export function signInIdentityStore(db: Database) {
  return drizzleAdapter(db, {
    provider: 'pg',
    schema: {
      user: authUser,
      session: authSession,
      account: authAccount,
      verification: authVerification,
      rateLimit: authRateLimit,
    },
  });
}

/**
 * The password of this identity was set by its owner (the e-mailed link): a temporary password is
 * over. Answers the dealer's id and whether the password was temporary, or undefined without one.
 */
export async function endTemporaryPasswordOf(
  tx: Executor,
  authId: string,
): Promise<{ userId: number; wasTemporary: boolean } | undefined> {
  const [before] = await tx
    .select({ userId: usersMaster.id, tempPw: usersMaster.tempPw })
    .from(usersMaster)
    .where(eq(usersMaster.authId, authId))
    .for('update')
    .limit(1);
  if (!before) return undefined;
  if (before.tempPw) {
    await tx
      .update(usersMaster)
      .set({ tempPw: false, lastUpdatedBy: before.userId, lastUpdatedByAuthId: authId, updatedAt: new Date() })
      .where(eq(usersMaster.id, before.userId));
  }
  return { userId: before.userId, wasTemporary: before.tempPw === true };
}
