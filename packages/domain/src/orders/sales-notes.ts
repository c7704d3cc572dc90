import { z } from 'zod';
import { RowIdParam } from '../platform/ids.ts';
import { pageOf } from '../platform/problem.ts';
import { fitsSupplierPattern, type PatternTest } from '../suppliers/reference-pattern.ts';

// Sales notes, "Logged Sales" (spec 2 "Sales notes tab", §3 Agent note, §5, §8; spec 3 §2.14): a
// dealer's own record of an order number for a supplier that takes notes (order_notes). The
// reference must match the supplier's pattern when it has one. Soft-deleted; newest first.

/** Spec 2 §9 / spec 3 §9: notes are paged by 50. */
export const SALES_NOTE_PAGE_SIZE = 50;
export const SALES_NOTE_MAX_LENGTH = 1000;

export const SALES_NOTE_MESSAGES = {
  referenceRequired: 'Please enter a reference number.',
  referenceFormat: 'Reference number does not follow the correct format.',
  /** Spec 2 §5: suppliers flagged logSalesName refuse the note with this message. */
  code411: 'There has been an error, please contact support. Code: 411',
  notesOff: 'This supplier does not take sales notes.',
  notFound: 'This log no longer exists.',
  notOwner: 'You can only change your own logs.',
  logged: 'Sale logged successfully!',
  edited: 'Sale edited successfully!',
  deleted: 'Sale deleted successfully!',
  logFailed: 'Error creating entry',
  editFailed: 'Error editing the sale. Please try again.',
  deleteFailed: 'Error deleting the sale. Please try again.',
  confirmDelete: 'Are you sure you want to remove this log?',
} as const;

/** The supplier's rules for its notes. */
export interface SalesNoteRules {
  regex: string | null;
  orderNotes: boolean;
  logSalesName: boolean;
}

/** Spaces are not part of a reference number (spec 3 §5.3). */
export const normaliseReference = (value: string): string => value.replace(/\s+/g, '');

/** The supplier's pattern, or undefined when it has none (or an unusable one). */
/** Why a note with this reference cannot be saved for the supplier; undefined when it can. */
export function salesNoteRefusal(rules: SalesNoteRules, orderNumber: string, test?: PatternTest): string | undefined {
  if (!rules.orderNotes) return SALES_NOTE_MESSAGES.notesOff;
  if (rules.logSalesName) return SALES_NOTE_MESSAGES.code411;
  const reference = normaliseReference(orderNumber);
  if (!reference) return SALES_NOTE_MESSAGES.referenceRequired;
  if (!fitsSupplierPattern(rules.regex, reference, test)) return SALES_NOTE_MESSAGES.referenceFormat;
  return undefined;
}

const orderNumberField = z
  .string()
  .transform(normaliseReference)
  .pipe(
    z.string().min(1, SALES_NOTE_MESSAGES.referenceRequired).max(100, 'Use at most 100 characters for the reference'),
  );
const agentNoteField = z
  .string()
  .trim()
  .max(SALES_NOTE_MAX_LENGTH, `Use at most ${SALES_NOTE_MAX_LENGTH} characters for the note`)
  .nullable()
  .optional()
  .transform((value) => value || null);

/** Edit a note: its reference and text. */
export const SalesNoteRequest = z.strictObject({ orderNumber: orderNumberField, agentNote: agentNoteField });
export type SalesNoteRequest = z.infer<typeof SalesNoteRequest>;

/** Log a sale for a supplier. */
export const CreateSalesNoteRequest = SalesNoteRequest.extend({ supplierId: z.number().int().positive() });
export type CreateSalesNoteRequest = z.infer<typeof CreateSalesNoteRequest>;

/** The form's values. */
export type SalesNoteForm = z.input<typeof SalesNoteRequest>;

/** The form's schema: the request, plus the supplier's pattern (the server checks it again). */
export const salesNoteFormSchema = (rules: SalesNoteRules | undefined) =>
  SalesNoteRequest.superRefine((value, context) => {
    const refusal = rules ? salesNoteRefusal(rules, value.orderNumber) : undefined;
    if (refusal) context.addIssue({ code: 'custom', path: ['orderNumber'], message: refusal });
  });

export const SalesNotesQuery = z.strictObject({
  supplierId: RowIdParam,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(SALES_NOTE_PAGE_SIZE),
});
export type SalesNotesQuery = z.infer<typeof SalesNotesQuery>;

export const SalesNote = z.object({
  id: z.number().int(),
  supplierId: z.number().int(),
  orderNumber: z.string(),
  agentNote: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  dealer: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
});
export type SalesNote = z.infer<typeof SalesNote>;

/** The supplier a list of notes is for, with its rules (the form checks the pattern too). */
export const SalesNoteSupplier = z.object({
  id: z.number().int(),
  name: z.string(),
  regex: z.string().nullable(),
  orderNotes: z.boolean(),
  logSalesName: z.boolean(),
  /** What the supplier calls the reference (order_notes_name), e.g. 'Order number'. */
  referenceLabel: z.string().nullable(),
});
export type SalesNoteSupplier = z.infer<typeof SalesNoteSupplier>;

export const SalesNotePage = pageOf(SalesNote).extend({ supplier: SalesNoteSupplier });
export type SalesNotePage = z.infer<typeof SalesNotePage>;

/** Suppliers that take notes, for the admin's picker. */
export const SalesNoteSupplierList = z.array(SalesNoteSupplier);
export type SalesNoteSupplierList = z.infer<typeof SalesNoteSupplierList>;
