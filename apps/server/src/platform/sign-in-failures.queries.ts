import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { authSignInFailure } from '../db/schema/index.ts';

// Failed sign-ins (e-mail and password per account and client address; wrong pins per phone) and
// the lock windows computed over them; the rules are in sign-in-limits.ts and one-time-pins.ts.

/**
 * When the lock ends: `lockMs` after the latest failure that was at least the `threshold`th within
 * the `windowMs` before it; undefined when there is no such failure.
 */
export async function findFailureLockUntil(
  db: Executor,
  rule: { account: string; clientIp?: string; now: Date; windowMs: number; lockMs: number; threshold: number },
): Promise<Date | undefined> {
  const pair = rule.clientIp === undefined ? sql`true` : sql`client_ip = ${rule.clientIp}`;
  const result = await db.execute<{ locked_until: Date | string | null }>(sql`
    select max(failed_at) + make_interval(secs => ${rule.lockMs / 1000}) as locked_until
    from (
      select failed_at,
             count(*) over (
               order by failed_at
               range between make_interval(secs => ${rule.windowMs / 1000}) preceding and current row
             ) as n
      from auth_sign_in_failure
      where account = ${rule.account} and ${pair}
        and failed_at > ${new Date(rule.now.getTime() - rule.windowMs - rule.lockMs)}
    ) recent
    where n >= ${rule.threshold}`);
  const value = result.rows[0]?.locked_until;
  return value ? new Date(value) : undefined;
}

/** The `nth` most recent failure of the account since `since`, if there are that many. */
export async function findNthRecentFailure(
  db: Executor,
  account: string,
  since: Date,
  nth: number,
): Promise<Date | undefined> {
  const result = await db.execute<{ failed_at: Date | string }>(sql`
    select failed_at from auth_sign_in_failure
    where account = ${account} and failed_at > ${since}
    order by failed_at desc
    offset ${nth - 1} limit 1`);
  const value = result.rows[0]?.failed_at;
  return value ? new Date(value) : undefined;
}

export async function insertFailure(
  db: Executor,
  failure: { account: string; clientIp: string; failedAt: Date },
): Promise<number> {
  const [row] = await db.insert(authSignInFailure).values(failure).returning({ id: authSignInFailure.id });
  return row!.id;
}

export async function deleteFailuresBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(authSignInFailure).where(lt(authSignInFailure.failedAt, before));
}

export async function deletePairFailures(db: Executor, account: string, clientIp: string): Promise<void> {
  await db
    .delete(authSignInFailure)
    .where(and(eq(authSignInFailure.account, account), eq(authSignInFailure.clientIp, clientIp)));
}

export async function deleteFailure(db: Executor, id: number): Promise<void> {
  await db.delete(authSignInFailure).where(eq(authSignInFailure.id, id));
}
