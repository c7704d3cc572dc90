import type { EligibleManager, ManagerCandidate } from '@portal/domain/people/manage-user';
import type { PersonRef } from '@portal/domain/people/user-detail';
import { zCode } from '@portal/domain/people/z-code';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  refsCountry,
  refsProvince,
  refsUserLifecycleStatus,
  refsUserType,
  usersMaster,
} from '../../db/schema/index.ts';

export type UserRow = typeof usersMaster.$inferSelect;

/** A user with the names of their reference values. */
export async function findUserWithNames(db: Executor, id: number) {
  const [row] = await db
    .select({
      user: usersMaster,
      userTypeName: refsUserType.type,
      lifecycleStatusName: refsUserLifecycleStatus.name,
      provinceName: refsProvince.name,
      countryName: refsCountry.name,
    })
    .from(usersMaster)
    .leftJoin(refsUserType, eq(refsUserType.id, usersMaster.refsTypeId))
    .leftJoin(refsUserLifecycleStatus, eq(refsUserLifecycleStatus.id, usersMaster.refsUserLifecycleStatusId))
    .leftJoin(refsProvince, eq(refsProvince.code, usersMaster.province))
    .leftJoin(refsCountry, eq(refsCountry.code, usersMaster.country))
    .where(eq(usersMaster.id, id));
  return row;
}

/** The user row locked for the rest of the transaction, so two changes to one user queue up. */
export async function lockUser(tx: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(usersMaster).where(eq(usersMaster.id, id)).for('update');
  return row;
}

export async function findPersonRef(db: Executor, id: number): Promise<PersonRef | undefined> {
  const [row] = await db
    .select({ id: usersMaster.id, firstName: usersMaster.firstName, surname: usersMaster.surname })
    .from(usersMaster)
    .where(eq(usersMaster.id, id));
  return row ? { ...row, zCode: zCode(row.id) } : undefined;
}

// --- Change manager --------------------------------------------------------------------------

const ELIGIBLE_MANAGER = sql`(u.is_leader OR u.is_admin) AND u.refs_user_lifecycle_status_id <> 4`;
const OUTSIDE_DOWNSTREAM = (userId: number) =>
  sql`NOT EXISTS (SELECT 1 FROM users_hierarchy_closure c WHERE c.ancestor_id = ${userId} AND c.descendant_id = u.id)`;

/** Leaders (and admins) who are not the user, not below them and not deleted; by name. */
export async function findEligibleManagers(
  db: Executor,
  userId: number,
  search: string | undefined,
  limit: number,
): Promise<{ items: EligibleManager[]; total: number }> {
  let filter = sql``;
  if (search) {
    const id = /^z?-?(\d{1,9})$/i.exec(search)?.[1];
    const term = `%${search.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;
    filter = sql` AND (lower(u.first_name || ' ' || u.surname) LIKE ${term} OR lower(coalesce(u.email, '')) LIKE ${term}${
      id ? sql` OR u.id = ${Number(id)}` : sql``
    })`;
  }
  const result = await db.execute<{
    id: number;
    first_name: string;
    surname: string;
    is_admin: boolean;
    is_leader: boolean;
    total: number;
  }>(sql`
    SELECT u.id, u.first_name, u.surname, u.is_admin, u.is_leader, count(*) OVER () AS total
      FROM users_master u
     WHERE ${ELIGIBLE_MANAGER} AND ${OUTSIDE_DOWNSTREAM(userId)}${filter}
     ORDER BY u.first_name, u.surname, u.id
     LIMIT ${limit}`);
  return {
    items: result.rows.map((row) => ({
      id: row.id,
      zCode: zCode(row.id),
      firstName: row.first_name,
      surname: row.surname,
      isAdmin: row.is_admin,
      isLeader: row.is_leader,
    })),
    total: Number(result.rows[0]?.total ?? 0),
  };
}

export async function findManagerCandidate(
  db: Executor,
  userId: number,
  candidateId: number,
): Promise<ManagerCandidate | undefined> {
  const result = await db.execute<{
    id: number;
    is_leader: boolean;
    is_admin: boolean;
    status: number;
    in_downstream: boolean;
  }>(sql`
    SELECT u.id, u.is_leader, u.is_admin, u.refs_user_lifecycle_status_id AS status,
           EXISTS (SELECT 1 FROM users_hierarchy_closure c
                    WHERE c.ancestor_id = ${userId} AND c.descendant_id = u.id) AS in_downstream
      FROM users_master u WHERE u.id = ${candidateId}`);
  const row = result.rows[0];
  return row
    ? {
        id: row.id,
        isLeader: row.is_leader,
        isAdmin: row.is_admin,
        lifecycleStatusId: row.status,
        isInUsersDownstream: row.in_downstream,
      }
    : undefined;
}

/** The user's children as the permission rules see them (admin, flags): a move may hand them on. */
/**
 * Whether a direct child of `userId` other than `actorId` is an admin holding one of `flags` (the
 * flags the actor lacks): one row, whatever the number of children (a top leader has thousands).
 */
export async function hasChildHoldingFlags(
  db: Executor,
  userId: number,
  actorId: number,
  flags: readonly string[],
): Promise<boolean> {
  if (!flags.length) return false;
  const result = await db.execute<{ found: boolean }>(sql`
    SELECT EXISTS (
      SELECT 1 FROM users_master u
        JOIN users_access_index a ON a.user_master_id = u.id
        JOIN features_master f ON f.id = a.features_master_id
       WHERE u.parent_id = ${userId} AND u.id <> ${actorId} AND u.is_admin
         AND f.name = ANY(${sql.param([...flags])}::text[])
    ) AS found`);
  return Boolean(result.rows[0]?.found);
}

export interface Updater {
  userId: number;
  authId: string;
  requestId: string | null;
  ip: string | null;
}

/**
 * Moves every child of `userId` to `newParentId`, and writes one audit row per moved child in the
 * same statement (set-based, whatever the number of children). The closure trigger runs per row.
 */
export async function reassignChildren(
  tx: Executor,
  userId: number,
  newParentId: number | null,
  updater: Updater,
): Promise<number> {
  const result = await tx.execute<{ moved: number }>(sql`
    WITH moved AS (
      UPDATE users_master
         SET parent_id = ${newParentId}, last_updated_by = ${updater.userId},
             last_updated_by_auth_id = ${updater.authId}, updated_at = now()
       WHERE parent_id = ${userId}
      RETURNING id
    ), audited AS (
      INSERT INTO audit_log (actor_user_id, actor_auth_id, action, entity, entity_id, before, after, request_id, ip_address)
      SELECT ${updater.userId}, ${updater.authId}, 'user.parent.change', 'users_master', moved.id::text,
             jsonb_build_object('parentId', ${userId}::int),
             jsonb_build_object('parentId', ${newParentId}::int, 'reason', 'manager of their parent changed without children'),
             ${updater.requestId}, ${updater.ip}
        FROM moved
      RETURNING 1
    )
    SELECT count(*)::int AS moved FROM audited`);
  return result.rows[0]?.moved ?? 0;
}

export async function setParent(tx: Executor, userId: number, parentId: number, updater: Updater): Promise<void> {
  await tx
    .update(usersMaster)
    .set({ parentId, lastUpdatedBy: updater.userId, lastUpdatedByAuthId: updater.authId, updatedAt: new Date() })
    .where(eq(usersMaster.id, userId));
}

// --- Edit user -------------------------------------------------------------------------------

/** Another user holding the value, compared as the unique indexes do (phone as is, e-mail lower, ID upper). */
export async function findContactOwners(
  db: Executor,
  userId: number,
  values: { phone?: string | undefined; email?: string | undefined; identificationNo?: string | undefined },
): Promise<{ phone: boolean; email: boolean; identificationNo: boolean }> {
  const result = await db.execute<{ phone: boolean; email: boolean; identification_no: boolean }>(sql`
    SELECT
      ${values.phone ? sql`EXISTS (SELECT 1 FROM users_master WHERE phone = ${values.phone} AND id <> ${userId})` : sql`false`} AS phone,
      ${values.email ? sql`EXISTS (SELECT 1 FROM users_master WHERE lower(email) = lower(${values.email}) AND id <> ${userId})` : sql`false`} AS email,
      ${
        values.identificationNo
          ? sql`EXISTS (SELECT 1 FROM users_master WHERE upper(identification_no) = upper(${values.identificationNo}) AND id <> ${userId})`
          : sql`false`
      } AS identification_no`);
  const row = result.rows[0];
  return { phone: !!row?.phone, email: !!row?.email, identificationNo: !!row?.identification_no };
}

export async function updateUserRow(tx: Executor, userId: number, fields: Partial<typeof usersMaster.$inferInsert>) {
  await tx
    .update(usersMaster)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(usersMaster.id, userId));
}
