import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { outboxMessages } from '../src/db/schema/index.ts';

/** The newest message the outbox transport sent to `recipient` on `channel`. */
export async function lastMessageTo(db: Database, recipient: string, channel: 'email' | 'sms' = 'sms') {
  const [message] = await db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.channel, channel)))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  if (!message) throw new Error(`no ${channel} to ${recipient} in the outbox`);
  return message;
}

/** The six-digit pin of the newest SMS to `phone`. */
export async function lastPinSentTo(db: Database, phone: string): Promise<string> {
  const message = await lastMessageTo(db, phone, 'sms');
  const pin = /\b(\d{6})\b/.exec(message.body)?.[1];
  if (!pin) throw new Error(`no pin in "${message.body}"`);
  return pin;
}

/** The first link in the newest e-mail to `email`. */
export async function lastLinkMailedTo(db: Database, email: string): Promise<string> {
  const message = await lastMessageTo(db, email, 'email');
  const link = /https?:\/\/\S+/.exec(message.body)?.[0];
  if (!link) throw new Error(`no link in "${message.body}"`);
  return link;
}
