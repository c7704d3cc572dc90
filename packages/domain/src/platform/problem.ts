import { z } from 'zod';

/** RFC 9457 problem details: the one error body every API route answers with. */
export const ProblemDetails = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.string(),
  detail: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  retryAfterSeconds: z.number().int().optional(),
});
export type ProblemDetails = z.infer<typeof ProblemDetails>;

/** A page of a server-paged list. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });

/**
 * A list's page number, 1 and up. Bounded, so the first row's position (page × page size) stays a
 * safe integer: an unbounded page of 9e15 made the answer's own numbers fail their schema (a 500).
 */
export const PageNumber = z.coerce.number().int().min(1).max(1_000_000).default(1);

export const PageQuery = z.object({
  page: PageNumber,
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
