import { count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { creditApplications, financeTierLimits, supportApplications, usersMaster } from '../../db/schema/index.ts';

/**
 * The applicant with their tier's finance settings and what they already owe, in one statement.
 * `lock` takes the applicant's row so two applications for one dealer are judged one after the
 * other (the second sees the first's outstanding credit). The lock is its own statement: under
 * READ COMMITTED a statement that waited on a lock still reads the rest with the snapshot it
 * started with, so sums read in the locking statement would miss the application that held the
 * lock (decision 073). `alsoLock` (the cosigner) is locked in the same statement, so a status
 * change to either in flight is waited for and the statuses read after it are current (decision
 * 077); in id order, so two applications naming each other's applicant as cosigner cannot deadlock.
 */
export async function findApplicantStanding(db: Executor, userId: number, lock = false, alsoLock: number[] = []) {
  if (lock) {
    const ids = [...new Set([userId, ...alsoLock])].map((id) => sql`${id}`);
    await db.execute(sql`SELECT 1 FROM users_master WHERE id IN (${sql.join(ids, sql`, `)}) ORDER BY id FOR UPDATE`);
  }
  const result = await db.execute<{
    id: number;
    first_name: string;
    surname: string;
    email: string | null;
    phone: string | null;
    status: number;
    tier: number;
    max_credit_cents: number | null;
    months: number | null;
    max_monthly_payment_cents: number | null;
    max_support_cents: number | null;
    outstanding_cents: string;
    pending_support_cents: string;
  }>(sql`
    WITH applicant AS (
      SELECT id, first_name, surname, email, phone, refs_user_lifecycle_status_id AS status, refs_user_tier_id AS tier
        FROM users_master WHERE id = ${userId}
    )
    SELECT a.id, a.first_name, a.surname, a.email, a.phone, a.status, a.tier,
           l.max_credit_cents, l.months, l.max_monthly_payment_cents, l.max_support_cents,
           (SELECT coalesce(sum(c.outstanding_amount_cents), 0) FROM credit_applications c
             WHERE c.users_master_id = a.id AND NOT c.settled) AS outstanding_cents,
           (SELECT coalesce(sum(s.items_amount_cents), 0) FROM support_applications s
             WHERE s.users_master_id = a.id AND s.status = 'pending') AS pending_support_cents
      FROM applicant a
      LEFT JOIN finance_tier_limits l ON l.refs_user_tier_id = a.tier`);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    firstName: row.first_name,
    surname: row.surname,
    email: row.email,
    phone: row.phone,
    status: row.status,
    tier: row.tier,
    // A tier without settings gets nothing: credit is granted by settings, never by omission.
    maxCreditCents: row.max_credit_cents ?? 0,
    months: row.months ?? 0,
    maxMonthlyPaymentCents: row.max_monthly_payment_cents ?? 0,
    maxSupportCents: row.max_support_cents ?? 0,
    outstandingCents: Number(row.outstanding_cents),
    pendingSupportCents: Number(row.pending_support_cents),
  };
}

/** The cosigner as they stand; for a new application, read after their row was locked (`alsoLock`). */
export async function findCosigner(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: usersMaster.id,
      firstName: usersMaster.firstName,
      surname: usersMaster.surname,
      email: usersMaster.email,
      phone: usersMaster.phone,
      status: usersMaster.refsUserLifecycleStatusId,
    })
    .from(usersMaster)
    .where(eq(usersMaster.id, userId));
  return row;
}

export type SupportApplicationValues = typeof supportApplications.$inferInsert;
export type CreditApplicationValues = typeof creditApplications.$inferInsert;

export async function insertSupportApplication(db: Executor, values: SupportApplicationValues): Promise<number> {
  const [row] = await db.insert(supportApplications).values(values).returning({ id: supportApplications.id });
  return row!.id;
}

export async function insertCreditApplication(db: Executor, values: CreditApplicationValues): Promise<number> {
  const [row] = await db.insert(creditApplications).values(values).returning({ id: creditApplications.id });
  return row!.id;
}

/** Who made the application, as `Z-12: Name Surname` (the table named in full: see access-control). */
const creatorName = (table: 'support_applications' | 'credit_applications') =>
  sql<string | null>`(SELECT 'Z-' || u.id || ': ' || u.first_name || ' ' || u.surname
     FROM users_master u WHERE u.id = ${sql.raw(table)}.created_by)`;

export async function findSupportPage(db: Executor, userId: number, page: number, pageSize: number) {
  const where = eq(supportApplications.usersMasterId, userId);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: supportApplications.id,
        itemsAmountCents: supportApplications.itemsAmountCents,
        status: supportApplications.status,
        createdAt: supportApplications.createdAt,
        createdBy: creatorName('support_applications'),
        s1: supportApplications.support1Type,
        v1: supportApplications.support1ValueCents,
        s2: supportApplications.support2Type,
        v2: supportApplications.support2ValueCents,
        s3: supportApplications.support3Type,
        v3: supportApplications.support3ValueCents,
        s4: supportApplications.support4Type,
        v4: supportApplications.support4ValueCents,
        s5: supportApplications.support5Type,
        v5: supportApplications.support5ValueCents,
      })
      .from(supportApplications)
      .where(where)
      .orderBy(desc(supportApplications.createdAt), desc(supportApplications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(supportApplications).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findCreditPage(db: Executor, userId: number, page: number, pageSize: number) {
  const where = eq(creditApplications.usersMasterId, userId);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: creditApplications.id,
        creditType: creditApplications.creditType,
        cosignorZCode: creditApplications.cosignorZCode,
        cosignorName: creditApplications.cosignorName,
        cosignorSurname: creditApplications.cosignorSurname,
        requestValueCents: creditApplications.requestValueCents,
        assetType: creditApplications.assetType,
        assetDescription: creditApplications.assetDescription,
        assetUniqueNumber: creditApplications.assetUniqueNumber,
        months: creditApplications.months,
        monthlyPaymentCents: creditApplications.monthlyPaymentCents,
        maxCreditCents: creditApplications.maxCreditCents,
        settled: creditApplications.settled,
        outstandingAmountCents: creditApplications.outstandingAmountCents,
        createdAt: creditApplications.createdAt,
        createdBy: creatorName('credit_applications'),
      })
      .from(creditApplications)
      .where(where)
      .orderBy(desc(creditApplications.createdAt), desc(creditApplications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(creditApplications).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** The tier settings as they stand (for tests and the demo). */
export async function findTierLimits(db: Executor) {
  return db.select().from(financeTierLimits).orderBy(financeTierLimits.refsUserTierId);
}
