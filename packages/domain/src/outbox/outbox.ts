import { z } from 'zod';
import { pageOf } from '../platform/problem.ts';

export const OutboxChannel = z.enum(['email', 'sms', 'chat', 'tracker']);

export const OutboxMessage = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  channel: OutboxChannel,
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const OutboxQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  channel: OutboxChannel.optional(),
  recipient: z.string().trim().max(200).optional(),
});
export type OutboxQuery = z.infer<typeof OutboxQuery>;

export const OutboxPage = pageOf(OutboxMessage);
export type OutboxPage = z.infer<typeof OutboxPage>;
