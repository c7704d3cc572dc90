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

export const MASKED_SECRET = '••••••';

/**
 * The text as it may rest in the database once a real transport delivered it: each one-time pin,
 * reset or verification link replaced by dots. Whoever reads the outbox can then track delivery
 * but not sign in as the recipient.
 */
export function withoutSecrets<T extends string | null | undefined>(text: T, secrets: readonly string[] = []): T {
  if (!text) return text;
  let masked: string = text;
  for (const secret of secrets) if (secret) masked = masked.split(secret).join(MASKED_SECRET);
  return masked as T;
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
