import { zCode } from '@portal/domain/people/z-code';
import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { usersMaster } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/access.ts';
import { reachFilter } from '../../platform/reach.queries.ts';

export type UserRow = typeof usersMaster.$inferSelect;

const submitter = alias(usersMaster, 'submitter');
const parent = alias(usersMaster, 'parent');

const nameOf = (row: { firstName: string; surname: string }) => `${row.firstName} ${row.surname}`.trim();
const refOf = (row: { id: number | null; firstName: string | null; surname: string | null }) =>
  row.id === null
    ? null
    : {
        id: row.id,
        zCode: zCode(row.id),
        name: nameOf({ firstName: row.firstName ?? '', surname: row.surname ?? '' }),
      };

/**
 * The approval list (spec 1 §2.11a, spec 3 §2.8): users with both e-mail and phone verified, a
 * submitter, and the given status; newest first.
 */
export async function findApprovalsPage(db: Executor, status: number, page: number, pageSize: number) {
  const where = and(
    eq(usersMaster.refsUserLifecycleStatusId, status),
    eq(usersMaster.emailVerified, true),
    eq(usersMaster.phoneVerified, true),
    isNotNull(usersMaster.submittedBy),
  );
  const [rows, totals] = [
    await db
      .select({
        id: usersMaster.id,
        createdAt: usersMaster.createdAt,
        resubmittedAt: usersMaster.resubmittedAt,
        firstName: usersMaster.firstName,
        surname: usersMaster.surname,
        phone: usersMaster.phone,
        submitterId: submitter.id,
        submitterFirstName: submitter.firstName,
        submitterSurname: submitter.surname,
      })
      .from(usersMaster)
      .innerJoin(submitter, eq(submitter.id, usersMaster.submittedBy))
      .where(where)
      .orderBy(desc(sql`coalesce(${usersMaster.resubmittedAt}, ${usersMaster.createdAt})`), desc(usersMaster.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    await db.select({ total: count() }).from(usersMaster).where(where),
  ];
  return {
    items: rows.map((row) => ({
      id: row.id,
      zCode: zCode(row.id),
      createdAt: row.createdAt.toISOString(),
      resubmittedAt: row.resubmittedAt?.toISOString() ?? null,
      firstName: row.firstName,
      surname: row.surname,
      phone: row.phone,
      submittedBy: refOf({ id: row.submitterId, firstName: row.submitterFirstName, surname: row.submitterSurname })!,
    })),
    total: totals[0]?.total ?? 0,
  };
}

/** One request with its submitter and parent. */
export async function findRequest(db: Executor, id: number) {
  const [row] = await db
    .select({
      user: usersMaster,
      submitterId: submitter.id,
      submitterFirstName: submitter.firstName,
      submitterSurname: submitter.surname,
      parentId: parent.id,
      parentFirstName: parent.firstName,
      parentSurname: parent.surname,
      parentEmail: parent.email,
    })
    .from(usersMaster)
    .leftJoin(submitter, eq(submitter.id, usersMaster.submittedBy))
    .leftJoin(parent, eq(parent.id, usersMaster.parentId))
    .where(eq(usersMaster.id, id));
  if (!row) return undefined;
  return {
    user: row.user,
    submittedBy: refOf({ id: row.submitterId, firstName: row.submitterFirstName, surname: row.submitterSurname }),
    parent: refOf({ id: row.parentId, firstName: row.parentFirstName, surname: row.parentSurname }),
    parentEmail: row.parentEmail,
  };
}

/** The user row locked for the rest of the transaction, so two decisions on one request queue up. */
export async function lockUser(tx: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(usersMaster).where(eq(usersMaster.id, id)).for('update');
  return row;
}

export async function updateUser(tx: Executor, id: number, values: Partial<typeof usersMaster.$inferInsert>) {
  const [row] = await tx
    .update(usersMaster)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(usersMaster.id, id))
    .returning();
  return row!;
}

/** Users that came through the approval flow: pending, approved, declined. */
export const REQUEST_STATUSES = [1, 2, 5];

/** 'Your Pending Requests': what the user submitted, pending, approved or declined; newest first. */
export async function findMyRequestsPage(db: Executor, actor: Actor, page: number, pageSize: number) {
  // Only requests still in the submitter's reach: the detail would refuse the others.
  const where = and(
    eq(usersMaster.submittedBy, actor.user.id),
    inArray(usersMaster.refsUserLifecycleStatusId, REQUEST_STATUSES),
    reachFilter(actor, usersMaster.id),
  );
  const [rows, totals] = [
    await db
      .select({
        id: usersMaster.id,
        status: usersMaster.refsUserLifecycleStatusId,
        firstName: usersMaster.firstName,
        surname: usersMaster.surname,
        phone: usersMaster.phone,
        declineReason: usersMaster.declineReason,
        createdAt: usersMaster.createdAt,
      })
      .from(usersMaster)
      .where(where)
      .orderBy(desc(usersMaster.createdAt), desc(usersMaster.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    await db.select({ total: count() }).from(usersMaster).where(where),
  ];
  return { rows, total: totals[0]?.total ?? 0 };
}
