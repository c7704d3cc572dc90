import type { OutboxQuery } from '@portal/domain/outbox/outbox';
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
    db.select({ total: count() }).from(outboxMessages).where(where),
  ]);
  return { items, total: totals?.total ?? 0 };
}
