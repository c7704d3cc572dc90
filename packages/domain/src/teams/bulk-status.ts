import { z } from 'zod';
import { LIFECYCLE } from '../accounts/waiting.ts';
import { MAX_ROW_ID } from '../platform/ids.ts';

// Bulk update on Manage Teams (spec 1 §2.8): the selected rows' lifecycle status, with the same
// two transitions as the manage-user screen (spec 1 §4). Why this action and who may use it:
// docs/decisions/006-bulk-team-actions.md.

/** Spec 1 §9: bulk selection is capped at 500 rows. */
export const BULK_SELECTION_CAP = 500;
export const BULK_CAP_MESSAGE = 'Maximum of 500 rows selectable.';

export const BULK_STATUS_ACTIONS = {
  deactivate: { label: 'Mark As Inactive', from: LIFECYCLE.active, to: LIFECYCLE.inactive },
  reactivate: { label: 'Reactivate User', from: LIFECYCLE.inactive, to: LIFECYCLE.active },
} as const;
export type BulkStatusAction = keyof typeof BULK_STATUS_ACTIONS;

export const BulkStatusRequest = z.object({
  action: z.enum(['deactivate', 'reactivate'], { error: 'Please choose an action.' }),
  userIds: z
    .array(z.number().int().positive().max(MAX_ROW_ID))
    .min(1, 'Please select at least one row.')
    .max(BULK_SELECTION_CAP, BULK_CAP_MESSAGE),
  /**
   * The acting admin's own password (step-up, decision 076), asked when at least one selected user
   * changes: a status decides whether a leader is paid the leader lines on their branch's sales.
   */
  currentPassword: z.string().max(128).optional(),
});
export type BulkStatusRequest = z.infer<typeof BulkStatusRequest>;

export const BulkSkipReason = z.enum(['self', 'wrong_status']);
export type BulkSkipReason = z.infer<typeof BulkSkipReason>;

export const BulkStatusResult = z.object({
  updated: z.array(z.number().int()),
  skipped: z.array(z.object({ id: z.number().int(), reason: BulkSkipReason })),
});
export type BulkStatusResult = z.infer<typeof BulkStatusResult>;

/** The snackbar after a bulk change. */
export function bulkResultMessage(action: BulkStatusAction, result: BulkStatusResult): string {
  const verb = action === 'deactivate' ? 'marked as inactive' : 'reactivated';
  const people = (n: number) => `${n} ${n === 1 ? 'user' : 'users'}`;
  const main = `${people(result.updated.length)} ${verb}.`;
  if (!result.skipped.length) return main;
  const needed = action === 'deactivate' ? 'not active' : 'not inactive';
  return `${main} ${people(result.skipped.length)} left as they were (${needed}, or yourself).`;
}
