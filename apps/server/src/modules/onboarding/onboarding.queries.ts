import { zCode } from '@portal/domain/people/z-code';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { authAccount, authUser, refsCountry, usersMaster } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/access.ts';
import { reachFilter } from '../../platform/reach.queries.ts';

export type NewUserRow = typeof usersMaster.$inferInsert;

const ACTIVE = 2;
/** Suppliers with this status are hidden from everyone but admins. */

let countryCodes: Promise<string[]> | undefined;
/** The three-letter codes of refs_country (a migration's data: read once per process). */
export function findCountryCodes(db: Executor): Promise<string[]> {
  countryCodes ??= db
    .select({ code: refsCountry.code })
    .from(refsCountry)
    .then((rows) => rows.map((row) => row.code))
    .catch((error) => {
      countryCodes = undefined;
      throw error;
    });
  return countryCodes;
}

// Duplicate checks use the same expressions as the unique indexes (upper(identification_no),
// lower(email), phone), so they answer exactly what an insert would run into.

export async function isIdentificationTaken(db: Executor, identificationNo: string, exceptUserId?: number) {
  const rows = await db
    .select({ id: usersMaster.id })
    .from(usersMaster)
    .where(
      and(
        sql`upper(${usersMaster.identificationNo}) = upper(${identificationNo})`,
        exceptUserId === undefined ? undefined : sql`${usersMaster.id} <> ${exceptUserId}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function isPhoneTaken(db: Executor, phone: string, except?: { userId: number; authId: string | null }) {
  const result = await db.execute<{ taken: boolean }>(sql`
    SELECT EXISTS (
      SELECT 1 FROM users_master WHERE phone = ${phone} ${except ? sql`AND id <> ${except.userId}` : sql``}
      UNION ALL
      SELECT 1 FROM auth_user WHERE phone_number = ${phone}
        ${except?.authId ? sql`AND id <> ${except.authId}` : sql``}
    ) AS taken`);
  return Boolean(result.rows[0]?.taken);
}

export async function isEmailTaken(db: Executor, email: string) {
  const result = await db.execute<{ taken: boolean }>(sql`
    SELECT EXISTS (
      SELECT 1 FROM users_master WHERE lower(email) = lower(${email})
      UNION ALL
      SELECT 1 FROM auth_user WHERE lower(email) = lower(${email})
    ) AS taken`);
  return Boolean(result.rows[0]?.taken);
}

/** An active (status 2) user the actor reaches, or undefined. */
export async function findActiveUserInReach(db: Executor, actor: Actor, userId: number) {
  const reach = reachFilter(actor, usersMaster.id);
  const [row] = await db
    .select({ id: usersMaster.id, firstName: usersMaster.firstName, surname: usersMaster.surname })
    .from(usersMaster)
    .where(and(eq(usersMaster.id, userId), eq(usersMaster.refsUserLifecycleStatusId, ACTIVE), reach));
  return row;
}

/** Managers to choose from: active users the actor reaches, by first name; search by name or Z-code. */
export async function findManagerOptions(db: Executor, actor: Actor, search: string | undefined, limit: number) {
  const filters: Array<SQL | undefined> = [
    eq(usersMaster.refsUserLifecycleStatusId, ACTIVE),
    reachFilter(actor, usersMaster.id),
  ];
  const text = search?.trim();
  if (text) {
    const code = /^\s*(?:z-?)?(\d{1,9})\s*$/i.exec(text);
    const like = `%${text.replace(/[%_\\]/g, '\\$&')}%`;
    filters.push(
      code
        ? sql`(${usersMaster.id} = ${Number(code[1])})`
        : sql`(${usersMaster.firstName} || ' ' || ${usersMaster.surname}) ILIKE ${like}`,
    );
  }
  const rows = await db
    .select({
      id: usersMaster.id,
      firstName: usersMaster.firstName,
      middleName: usersMaster.middleName,
      surname: usersMaster.surname,
    })
    .from(usersMaster)
    .where(and(...filters))
    .orderBy(asc(usersMaster.firstName), asc(usersMaster.surname), asc(usersMaster.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, zCode: zCode(row.id), name: personName(row) }));
}

export function personName(row: { firstName: string; middleName?: string | null; surname: string }): string {
  return [row.firstName, row.middleName, row.surname].filter(Boolean).join(' ');
}

// ---- writes (inside the creation transaction) -----------------------------------------------------

export async function insertSignInIdentity(
  tx: Executor,
  input: { name: string; email: string; phone: string; passwordHash: string },
): Promise<string> {
  const [identity] = await tx
    .insert(authUser)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      emailVerified: false,
      phoneNumber: input.phone,
      phoneNumberVerified: false,
    })
    .returning({ id: authUser.id });
  await tx.insert(authAccount).values({
    accountId: identity!.id,
    providerId: 'credential',
    userId: identity!.id,
    password: input.passwordHash,
  });
  return identity!.id;
}

export async function insertDealer(tx: Executor, values: NewUserRow) {
  const [row] = await tx.insert(usersMaster).values(values).returning();
  return row!;
}
