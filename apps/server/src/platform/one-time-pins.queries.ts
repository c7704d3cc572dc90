import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { phoneVerificationIndex } from '../db/schema/index.ts';

export type PinRow = typeof phoneVerificationIndex.$inferInsert;

/** When each pin sent to the number since `since` was made, oldest first. */
export async function findPinSendTimes(tx: Executor, phone: string, since: Date): Promise<Date[]> {
  const rows = await tx
    .select({ createdAt: phoneVerificationIndex.createdAt })
    .from(phoneVerificationIndex)
    .where(and(eq(phoneVerificationIndex.phone, phone), gt(phoneVerificationIndex.createdAt, since)))
    .orderBy(asc(phoneVerificationIndex.createdAt));
  return rows.map((row) => row.createdAt);
}

/** A new pin retires the number's earlier live pins of the same purpose. */
export async function retireLivePins(tx: Executor, phone: string, purpose: PinRow['purpose'], now: Date) {
  await tx
    .update(phoneVerificationIndex)
    .set({ expiresAt: now })
    .where(
      and(
        eq(phoneVerificationIndex.phone, phone),
        eq(phoneVerificationIndex.purpose, purpose),
        isNull(phoneVerificationIndex.usedAt),
        gt(phoneVerificationIndex.expiresAt, now),
      ),
    );
}

export async function insertPin(tx: Executor, row: PinRow): Promise<void> {
  await tx.insert(phoneVerificationIndex).values(row);
}

/**
 * One statement: the latest pin, if still alive, gives up one of its tries before the code is
 * compared, so parallel guesses cannot get more than `tries` comparisons.
 */
export async function spendPinTry(
  db: Executor,
  pin: { phone: string; purpose: string; authId?: string; now: Date; tries: number },
): Promise<{ id: string; pinHash: string; authId: string | null } | undefined> {
  const owner = pin.authId === undefined ? sql`true` : sql`auth_id = ${pin.authId}`;
  const spent = await db.execute<{ id: string; pin_hash: string; auth_id: string | null }>(sql`
    update phone_verification_index set attempts = attempts + 1
    where id = (
      select id from phone_verification_index
      where phone = ${pin.phone} and purpose = ${pin.purpose} and ${owner}
        and used_at is null and expires_at > ${pin.now}
      order by created_at desc, id desc limit 1
    )
      and attempts < ${pin.tries} and used_at is null and expires_at > ${pin.now}
    returning id, pin_hash, auth_id`);
  const row = spent.rows[0];
  return row ? { id: row.id, pinHash: row.pin_hash, authId: row.auth_id } : undefined;
}

/** Uses the pin up; undefined when it expired or was used in the meantime. */
export async function usePin(db: Executor, id: string, now: Date): Promise<{ authId: string | null } | undefined> {
  const used = await db.execute<{ auth_id: string | null }>(sql`
    update phone_verification_index set used_at = ${now}
    where id = ${id} and used_at is null and expires_at > ${now}
    returning auth_id`);
  const row = used.rows[0];
  return row ? { authId: row.auth_id } : undefined;
}
