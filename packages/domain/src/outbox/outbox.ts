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

/**
 * The outbox keeps every pin, notice and alert copy: millions of rows. Its list (polled every few
 * seconds) counts matches only up to this many, and says when there are more.
 */
export const OUTBOX_COUNT_CAP = 10_000;

export const OutboxPage = pageOf(OutboxMessage).extend({
  /** True when more than `total` (the cap) match: the grid shows "more than". */
  totalIsAtLeast: z.boolean(),
});
export type OutboxPage = z.infer<typeof OutboxPage>;
