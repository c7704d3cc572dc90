import { z } from 'zod';
import { RowIdParam } from '../platform/ids.ts';
import { pageOf } from '../platform/problem.ts';

// Order Override (spec 3 §2.13, §4.4, §5.3, §8, §9; DECISIONS "Orders"): an admin with the
// Reallocations flag assigns an order to an active dealer linked to its supplier. The override wins
// over the automatic attribution everywhere; it is refused once the order's commission is paid.

/** Spec 3 §9: unmatched and reallocated orders of the last 60 days. */
export const ORDER_OVERRIDE_WINDOW_DAYS = 60;
/** Spec 3 §9: order tables are paged by 50. */
export const ORDER_OVERRIDE_PAGE_SIZE = 50;
/** Lifecycle status 2: only active dealers receive orders (spec 3 §4.4). */
export const ACTIVE_LIFECYCLE_STATUS = 2;

export const ORDER_OVERRIDE_MESSAGES = {
  updated: 'Order Updated Successfully',
  failed: 'Error re-assigning order',
  commissionPaid: 'Commission has already been paid',
  commissionsRunning: 'Commissions are being calculated. Please try again when the step has finished.',
  notFound: (orderNumber: string) => `Order ${orderNumber} not found`,
  orderRequired: 'Please enter an order number.',
  dealerNotAllowed: 'Please choose an active dealer linked to this supplier.',
  supplierRequired: 'Please select a supplier.',
} as const;

export const OverrideListQuery = z.strictObject({
  supplierId: RowIdParam,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ORDER_OVERRIDE_PAGE_SIZE),
});
export type OverrideListQuery = z.infer<typeof OverrideListQuery>;

/** A dealer as the override shows them: 'Z-{id}' and name. */
export const OverrideDealer = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type OverrideDealer = z.infer<typeof OverrideDealer>;

export const UnmatchedOrder = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  /** What the supplier sent to identify the dealer (matched nobody). */
  agentIdentification: z.string(),
  customerName: z.string().nullable(),
  product: z.string().nullable(),
  createdDate: z.string(),
  paidDate: z.string().nullable(),
  /** A paid commission blocks the reassignment (spec 3 §4.4). */
  isCommissionPaid: z.boolean(),
});
export type UnmatchedOrder = z.infer<typeof UnmatchedOrder>;
export const UnmatchedOrderPage = pageOf(UnmatchedOrder);
export type UnmatchedOrderPage = z.infer<typeof UnmatchedOrderPage>;

export const ReallocatedOrder = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  customerName: z.string().nullable(),
  createdDate: z.string(),
  /** The automatic attribution the override replaced; null when the order was unmatched. */
  previousDealer: OverrideDealer.nullable(),
  newDealer: OverrideDealer,
  /** The admin who reassigned it (null for overrides older than the record of who did it). */
  assignedBy: OverrideDealer.nullable(),
  assignedAt: z.string(),
});
export type ReallocatedOrder = z.infer<typeof ReallocatedOrder>;
export const ReallocatedOrderPage = pageOf(ReallocatedOrder);
export type ReallocatedOrderPage = z.infer<typeof ReallocatedOrderPage>;

/** Find Order: one order of the supplier by its number (spec 3 §5.3: non-empty). */
export const FindOrderQuery = z.strictObject({
  supplierId: RowIdParam,
  orderNumber: z.string().trim().min(1, ORDER_OVERRIDE_MESSAGES.orderRequired).max(100),
});
export type FindOrderQuery = z.infer<typeof FindOrderQuery>;

/** One order with who has it now. */
export const OverrideOrder = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  supplierId: z.number().int(),
  customerName: z.string().nullable(),
  product: z.string().nullable(),
  createdDate: z.string(),
  /** The dealer the order counts for now (override first); null when unmatched. */
  currentDealer: OverrideDealer.nullable(),
  isOverridden: z.boolean(),
  isCommissionPaid: z.boolean(),
});
export type OverrideOrder = z.infer<typeof OverrideOrder>;

/** The dealers an order of the supplier may go to, searched on the server. */
export const OverrideDealersQuery = z.strictObject({
  supplierId: RowIdParam,
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((value) => value || undefined),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type OverrideDealersQuery = z.infer<typeof OverrideDealersQuery>;
export const OverrideDealerList = z.array(OverrideDealer);
export type OverrideDealerList = z.infer<typeof OverrideDealerList>;

/** Reassignment: the order and the dealer it now counts for. */
export const ReassignOrderRequest = z.strictObject({
  orderId: z.number().int().positive().max(2_147_483_647),
  dealerId: z.number({ error: 'Please choose a dealer.' }).int().positive('Please choose a dealer.').max(2_147_483_647),
});
export type ReassignOrderRequest = z.infer<typeof ReassignOrderRequest>;

/** The form's values before a dealer is chosen. */
export type ReassignOrderForm = { orderId: number; dealerId: number | null };
