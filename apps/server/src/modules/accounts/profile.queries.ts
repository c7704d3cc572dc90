import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { authUser, refsCountry, refsProvince, usersMaster } from '../../db/schema/index.ts';

export type UserRow = typeof usersMaster.$inferSelect;

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(usersMaster).where(eq(usersMaster.id, id));
  return user;
}

/** The user's row, locked until the transaction ends (so two edits of one record take turns). */
export async function lockUserRow(tx: Executor, id: number): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(usersMaster).where(eq(usersMaster.id, id)).for('update');
  return user;
}

/**
 * 'Become A Leader' in one conditional statement, so a block or tier change made at the same
 * moment wins; false when the user may not (not admin, not leader, not blocked, tier above 2).
 */
export async function setLeaderIfEligible(
  tx: Executor,
  who: { userId: number; authId: string },
  now: Date,
): Promise<boolean> {
  const updated = await tx
    .update(usersMaster)
    .set({
      isLeader: true,
      isLeaderDate: now,
      lastUpdatedBy: who.userId,
      lastUpdatedByAuthId: who.authId,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(usersMaster.id, who.userId),
        eq(usersMaster.isAdmin, false),
        eq(usersMaster.isLeader, false),
        eq(usersMaster.isLeaderBlocked, false),
        gt(usersMaster.refsUserTierId, 2),
      ),
    )
    .returning({ id: usersMaster.id });
  return updated.length > 0;
}

export async function findNames(db: Executor, user: Pick<UserRow, 'country' | 'province'>) {
  const [country] = await db
    .select({ name: refsCountry.name })
    .from(refsCountry)
    .where(eq(refsCountry.code, user.country));
  const [province] = user.province
    ? await db.select({ name: refsProvince.name }).from(refsProvince).where(eq(refsProvince.code, user.province))
    : [];
  return { countryName: country?.name ?? null, provinceName: province?.name ?? null };
}

/** Whether another user (dealer or sign-in identity) already has this e-mail, case-insensitively. */
export async function emailTakenByOther(db: Executor, email: string, user: Pick<UserRow, 'id' | 'authId'>) {
  const dealers = await db
    .select({ id: usersMaster.id })
    .from(usersMaster)
    .where(and(sql`lower(${usersMaster.email}) = lower(${email})`, ne(usersMaster.id, user.id)))
    .limit(1);
  if (dealers.length) return true;
  const identities = await db
    .select({ id: authUser.id })
    .from(authUser)
    .where(
      user.authId
        ? and(sql`lower(${authUser.email}) = lower(${email})`, ne(authUser.id, user.authId))
        : sql`lower(${authUser.email}) = lower(${email})`,
    )
    .limit(1);
  return identities.length > 0;
}

/** Whether another user (dealer or sign-in identity) already has this phone (+27XXXXXXXXX). */
export async function phoneTakenByOther(db: Executor, phone: string, user: Pick<UserRow, 'id' | 'authId'>) {
  const dealers = await db
    .select({ id: usersMaster.id })
    .from(usersMaster)
    .where(and(eq(usersMaster.phone, phone), ne(usersMaster.id, user.id)))
    .limit(1);
  if (dealers.length) return true;
  const identities = await db
    .select({ id: authUser.id })
    .from(authUser)
    .where(
      user.authId
        ? and(eq(authUser.phoneNumber, phone), ne(authUser.id, user.authId))
        : eq(authUser.phoneNumber, phone),
    )
    .limit(1);
  return identities.length > 0;
}
