import { z } from 'zod';
import { pageOf } from '../platform/problem.ts';

// The agent's own lists (spec 2 "Lead Management list", "Active Orders list"; DECISIONS "Orders"):
// the dealer's sales-assist leads across suppliers, and their orders not yet activated.

export const MY_LIST_PAGE_SIZE = 20;
/** A search shorter than this is no search (spec 2 §9: minimum search length 2). */
export const MY_LIST_MIN_SEARCH = 2;

export const MyListQuery = z.strictObject({
  search: z
    .string()
    .trim()
    .max(100, 'Search with at most 100 characters')
    .optional()
    .transform((value) => (value && value.length >= MY_LIST_MIN_SEARCH ? value : undefined)),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(MY_LIST_PAGE_SIZE),
});
export type MyListQuery = z.infer<typeof MyListQuery>;

export const ActiveOrder = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  /** The customer's name (the card's orderName). */
  orderName: z.string(),
  orderAddress: z.string().nullable(),
  supplierName: z.string(),
  product: z.string().nullable(),
  createdDate: z.string(),
  /** Placed, or Paid once paid (an active order is not activated yet). */
  progress: z.enum(['Placed', 'Paid', 'Installed']),
});
export type ActiveOrder = z.infer<typeof ActiveOrder>;
export const ActiveOrderPage = pageOf(ActiveOrder);
export type ActiveOrderPage = z.infer<typeof ActiveOrderPage>;

export const Lead = z.object({
  id: z.number().int(),
  ticketNum: z.string(),
  leadName: z.string(),
  leadPhone: z.string().nullable(),
  leadAddress: z.string().nullable(),
  leadStatus: z.enum(['Open', 'In Progress', 'Closed']),
  supplierName: z.string(),
  createdAt: z.string(),
});
export type Lead = z.infer<typeof Lead>;
export const LeadPage = pageOf(Lead);
export type LeadPage = z.infer<typeof LeadPage>;
