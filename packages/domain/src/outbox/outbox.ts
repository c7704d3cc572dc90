import { z } from 'zod';
import { PageNumber, pageOf } from '../platform/problem.ts';

export const OutboxChannel = z.enum(['email', 'sms', 'chat', 'tracker']);

export const OutboxMessage = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  channel: OutboxChannel,
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  /** queued → sending → sent, or back to queued after a failed attempt, or failed for good. */
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  /** 'outbox' (the row is the delivery), 'smtp' or 'http' (an SMS gateway). */
  transport: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const OutboxQuery = z.object({
  page: PageNumber,
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  channel: OutboxChannel.optional(),
  recipient: z.string().trim().max(200).optional(),
});
export type OutboxQuery = z.infer<typeof OutboxQuery>;

export const OutboxPage = pageOf(OutboxMessage);
export type OutboxPage = z.infer<typeof OutboxPage>;
