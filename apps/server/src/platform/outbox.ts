import type { Executor } from '../db/client.ts';
import { outboxMessages } from '../db/schema/index.ts';

export type OutboxChannel = 'email' | 'sms' | 'chat' | 'tracker';

export interface OutboxEntry {
  channel: OutboxChannel;
  recipient: string;
  subject?: string | null;
  body: string;
  html?: string | null;
  transport: string;
  status: 'queued' | 'sent' | 'failed';
  error?: string | null;
}

/** Records a message; with the outbox transport this is the delivery itself. */
export async function recordOutbox(db: Executor, entry: OutboxEntry): Promise<number> {
  const [row] = await db
    .insert(outboxMessages)
    .values({
      channel: entry.channel,
      recipient: entry.recipient,
      subject: entry.subject ?? null,
      body: entry.body,
      html: entry.html ?? null,
      transport: entry.transport,
      status: entry.status,
      error: entry.error ?? null,
      sentAt: entry.status === 'sent' ? new Date() : null,
    })
    .returning({ id: outboxMessages.id });
  return row!.id;
}
