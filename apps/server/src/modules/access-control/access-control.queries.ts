import type { AccessControlQuery } from '@portal/domain/access-control/access-control';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { featuresMaster, usersAccessIndex, usersMaster } from '../../db/schema/index.ts';

/** One page of dealers with their granted features aggregated (one query for the rows). */
export async function findAccessPage(db: Executor, query: AccessControlQuery) {
  const filters: SQL[] = [sql`${usersMaster.refsUserLifecycleStatusId} <> 4`];
  if (query.adminsOnly) filters.push(eq(usersMaster.isAdmin, true));
  if (query.search) {
    const term = `%${query.search.replace(/[%_\\]/g, '\\$&')}%`;
    const id = /^z?-?(\d+)$/i.exec(query.search)?.[1];
    filters.push(
      or(
        ilike(sql`${usersMaster.firstName} || ' ' || ${usersMaster.surname}`, term),
        ilike(usersMaster.email, term),
        ...(id ? [eq(usersMaster.id, Number(id))] : []),
      )!,
    );
  }
  const where = and(...filters);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: usersMaster.id,
        firstName: usersMaster.firstName,
        surname: usersMaster.surname,
        email: usersMaster.email,
        isAdmin: usersMaster.isAdmin,
        // Written out in full: inside select fields Drizzle leaves columns unqualified, and a bare
        // "id" here would bind to features_master.id.
        features: sql<string[]>`coalesce((
          SELECT array_agg(f.name ORDER BY f.id) FROM users_access_index a
            JOIN features_master f ON f.id = a.features_master_id
           WHERE a.user_master_id = users_master.id), '{}')`,
      })
      .from(usersMaster)
      .where(where)
      // Admins first: they are the only rows whose selectors can change.
      .orderBy(sql`${usersMaster.isAdmin} desc`, asc(usersMaster.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(usersMaster).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findFeatureId(db: Executor, name: string): Promise<number | undefined> {
  const [row] = await db.select({ id: featuresMaster.id }).from(featuresMaster).where(eq(featuresMaster.name, name));
  return row?.id;
}

export async function grantFeature(db: Executor, userId: number, featureId: number, addedBy: number): Promise<boolean> {
  const inserted = await db
    .insert(usersAccessIndex)
    .values({ userMasterId: userId, featuresMasterId: featureId, addedByUsersMasterId: addedBy })
    .onConflictDoNothing()
    .returning({ userId: usersAccessIndex.userMasterId });
  return inserted.length > 0;
}

export async function revokeFeature(db: Executor, userId: number, featureId: number): Promise<boolean> {
  const deleted = await db
    .delete(usersAccessIndex)
    .where(and(eq(usersAccessIndex.userMasterId, userId), eq(usersAccessIndex.featuresMasterId, featureId)))
    .returning({ userId: usersAccessIndex.userMasterId });
  return deleted.length > 0;
}

/**
 * The user's row, locked until commit in a statement of its own: a grant to them (its insert
 * holds the row) commits first, and the rule is then judged on their flags as they are now.
 */
export async function lockUserForAccess(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`SELECT 1 FROM users_master WHERE id = ${userId} FOR UPDATE`);
}

export async function findUserForAccess(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: usersMaster.id, isAdmin: usersMaster.isAdmin, status: usersMaster.refsUserLifecycleStatusId })
    .from(usersMaster)
    .where(eq(usersMaster.id, userId));
  return row;
}
