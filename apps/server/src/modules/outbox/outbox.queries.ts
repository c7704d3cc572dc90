import { OUTBOX_COUNT_CAP, type OutboxQuery } from '@portal/domain/outbox/outbox';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/index.ts';

export async function findOutboxPage(db: Executor, query: OutboxQuery) {
  const filters: SQL[] = [];
  if (query.channel) filters.push(eq(outboxMessages.channel, query.channel));
  if (query.recipient) filters.push(ilike(outboxMessages.recipient, `%${query.recipient.replace(/[%_\\]/g, '\\$&')}%`));
  const where = filters.length ? and(...filters) : undefined;
  const [items, [totals]] = await Promise.all([
    db
      .select({
        id: outboxMessages.id,
        createdAt: outboxMessages.createdAt,
        channel: outboxMessages.channel,
        recipient: outboxMessages.recipient,
        subject: outboxMessages.subject,
        body: outboxMessages.body,
        status: outboxMessages.status,
        transport: outboxMessages.transport,
        attempts: outboxMessages.attempts,
        lastError: outboxMessages.lastError,
        nextAttemptAt: outboxMessages.nextAttemptAt,
        sentAt: outboxMessages.sentAt,
      })
      .from(outboxMessages)
      .where(where)
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    // Counted up to one past the cap: a bounded read, however many millions the table holds.
    db.select({ total: count() }).from(
      db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(where)
        .limit(OUTBOX_COUNT_CAP + 1)
        .as('m'),
    ),
  ]);
  const matched = totals?.total ?? 0;
  return { items, total: Math.min(matched, OUTBOX_COUNT_CAP), totalIsAtLeast: matched > OUTBOX_COUNT_CAP };
}
