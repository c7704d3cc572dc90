import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { outboxMessages } from '../db/schema/index.ts';

export type OutboxRow = typeof outboxMessages.$inferSelect;
export type NewOutboxRow = typeof outboxMessages.$inferInsert;

export async function insertOutboxMessage(executor: Executor, row: NewOutboxRow): Promise<number> {
  const [inserted] = await executor.insert(outboxMessages).values(row).returning({ id: outboxMessages.id });
  return inserted!.id;
}

/** Many messages in ONE statement (a batch of alert copies); their ids in the order given. */
export async function insertOutboxMessages(executor: Executor, rows: NewOutboxRow[]): Promise<number[]> {
  if (!rows.length) return [];
  const inserted = await executor.insert(outboxMessages).values(rows).returning({ id: outboxMessages.id });
  return inserted.map((row) => row.id);
}

/**
 * Claims a queued message for one delivery attempt (counting it), or one left 'sending' longer than
 * `staleSeconds` by a worker that died; undefined when it is sent, failed or being sent elsewhere.
 */
export async function claimForDelivery(db: Executor, id: number, staleSeconds: number): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(outboxMessages)
    .set({ status: 'sending', attempts: sql`${outboxMessages.attempts} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(outboxMessages.id, id),
        sql`(${outboxMessages.status} = 'queued' or (${outboxMessages.status} = 'sending' and ${outboxMessages.updatedAt} < now() - make_interval(secs => ${staleSeconds})))`,
      ),
    )
    .returning();
  return row;
}

/** A failed attempt: queued for `nextAttemptAt`, or failed for good (the unmasked copy dropped). */
export async function recordFailedAttempt(
  db: Executor,
  id: number,
  outcome: { final: boolean; lastError: string; nextAttemptAt: Date | null },
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({
      status: outcome.final ? 'failed' : 'queued',
      lastError: outcome.lastError,
      nextAttemptAt: outcome.nextAttemptAt,
      ...(outcome.final ? { pending: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(outboxMessages.id, id));
}

/** Delivered: the unmasked copy is dropped, only the masked text stays. */
export async function recordDelivered(db: Executor, id: number): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: 'sent', sentAt: new Date(), pending: null, nextAttemptAt: null, updatedAt: new Date() })
    .where(eq(outboxMessages.id, id));
}

/** How many messages of one kind (channel and subject) went to the recipient since `since`. */
export async function countMessagesSince(
  db: Executor,
  message: { channel: string; recipient: string; subject: string; since: Date },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.recipient, message.recipient),
        gt(outboxMessages.createdAt, message.since),
        eq(outboxMessages.channel, message.channel),
        eq(outboxMessages.subject, message.subject),
      ),
    );
  return row?.n ?? 0;
}
