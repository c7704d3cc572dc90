import { z } from 'zod';
import { isRealIsoDate } from '../people/dealer-record.ts';
import { formatRand } from '../platform/format.ts';

// The end of the commission cycle (spec 3 §2.9, §3.6, §4.5, §7.3, §8; DECISIONS "Commissions"
// 6–10; decision 032): the freeze, the current period, stamping, the closure summary, the banking
// export, closing a period, the exports and the sales report. Amounts are integer cents.

const day = z.string().refine(isRealIsoDate, { message: 'Use a real date in the form YYYY-MM-DD' });
const Id = z.coerce.number().int().positive().max(2_147_483_647);

/** Step-up: the admin's current password (never in a URL, so these calls are POSTs). */
export const StepUpPassword = z.string().min(1, 'Please enter your current password.').max(200);

// ---- Freeze (spec 3 §4.5) ----

export const CommissionFreezeStatus = z.object({ updateFreeze: z.boolean() });
export type CommissionFreezeStatus = z.infer<typeof CommissionFreezeStatus>;

export const ToggleCommissionFreeze = z.strictObject({ updateFreeze: z.boolean() });
export type ToggleCommissionFreeze = z.infer<typeof ToggleCommissionFreeze>;

export const ToggleCommissionFreezeResult = z.object({ updateFreeze: z.boolean(), message: z.string() });
export type ToggleCommissionFreezeResult = z.infer<typeof ToggleCommissionFreezeResult>;

export const FREEZE_LABELS = { on: 'Active', off: 'Inactive' } as const;

// ---- Periods ----

export const PeriodQuery = z.strictObject({ period: Id });
export type PeriodQuery = z.infer<typeof PeriodQuery>;

export const PeriodStatus = z.enum(['open', 'closed']);
export type PeriodStatus = z.infer<typeof PeriodStatus>;

export const CommissionPeriod = z.object({
  id: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  paidDate: z.string().nullable(),
  isActive: z.boolean(),
  status: PeriodStatus,
  closedAt: z.string().nullable(),
  /** The first banking export of the period: nothing is stamped into it after (decision 054). */
  bankingExportedAt: z.string().nullable(),
  /** Lines attached to the period. */
  stampedLines: z.number().int(),
});
export type CommissionPeriod = z.infer<typeof CommissionPeriod>;

export const CurrentCommissionPeriod = z.object({
  /** The active period; null before the first one is opened. */
  current: CommissionPeriod.nullable(),
  /** The latest closed period other than the current one. */
  previous: CommissionPeriod.nullable(),
  /** Lines waiting for the next stamping, and those held by the training gate among them. */
  unstampedLines: z.number().int(),
  heldLines: z.number().int(),
});
export type CurrentCommissionPeriod = z.infer<typeof CurrentCommissionPeriod>;

export const OpenNextPeriod = z
  .strictObject({ startDate: day, endDate: day, paidDate: day })
  .refine((value) => value.endDate >= value.startDate, {
    path: ['endDate'],
    message: 'The end date must be on or after the start date.',
  })
  .refine((value) => value.paidDate >= value.endDate, {
    path: ['paidDate'],
    message: 'The paid date must be on or after the end date.',
  });
export type OpenNextPeriod = z.infer<typeof OpenNextPeriod>;

// ---- Steps that run as jobs ----

export const CycleStepStarted = z.object({ jobId: z.uuid(), runId: z.number().int(), message: z.string() });
export type CycleStepStarted = z.infer<typeof CycleStepStarted>;

export const ClosePeriodRequest = z.strictObject({ password: StepUpPassword });
export type ClosePeriodRequest = z.infer<typeof ClosePeriodRequest>;

export const PERIOD_ALREADY_CLOSED = 'This commissions period is already closed.';
/** Stamping after the banking export (decision 054): those lines would be marked paid at close but not be in the bank's file. */
export const PERIOD_ALREADY_EXPORTED =
  "This period's banking details have been exported, so nothing more is stamped into it. Close it; the lines left are stamped into the next period.";
export const PERIOD_BEING_CLOSED = 'This commissions period is already being closed.';
export const CLOSE_FAILED = 'Failed to close commissions period.';
export const PERIOD_CLOSED_SUCCESS = 'Commissions period closed. The page reloads in 2 seconds.';
/** Spec 3 §4.5, §9: the page reloads 2 seconds after a successful close. */
export const RELOAD_AFTER_CLOSE_MS = 2000;

// ---- Closure summary (spec 3 §3.6) ----

const SummaryBlock = z.object({
  order_count: z.number().int(),
  /** Cents. */
  total_amount: z.number().int(),
});

export const ClosureSummary = z.object({
  data: z.object({
    agent: SummaryBlock,
    dealer: SummaryBlock,
    /** Cents: agent plus dealer, held lines excluded (they are not in the period). */
    total_commissions_paid: z.number().int(),
    payee_count: z.number().int(),
  }),
});
export type ClosureSummary = z.infer<typeof ClosureSummary>;

// ---- Reversal lines (DECISIONS "Commissions" 7; decision 035) ----

/** The lines of a closed period for one order, to pick the one a reversal takes back. */
export const PeriodLinesQuery = z.strictObject({ period: Id, order: z.string().trim().min(1).max(100) });
export type PeriodLinesQuery = z.infer<typeof PeriodLinesQuery>;

export const PeriodLine = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  payeeId: z.number().int(),
  payeeName: z.string(),
  role: z.enum(['agent', 'leader']),
  leaderLevel: z.number().int().nullable(),
  /** Cents. */
  amountCents: z.number().int(),
  source: z.enum(['calculated', 'import', 'reversal']),
  /**
   * Cents already taken back by reversal lines (positive). A line may be reversed in parts, never
   * beyond its amount (decision 046): what is left is `amountCents - reversedCents`.
   */
  reversedCents: z.number().int(),
});
export type PeriodLine = z.infer<typeof PeriodLine>;

export const PeriodLines = z.object({ lines: z.array(PeriodLine) });
export type PeriodLines = z.infer<typeof PeriodLines>;

export const ReverseLineRequest = z.strictObject({
  lineId: Id,
  /** Cents taken back, at most what is left of the line; all that is left when left out. */
  takeBackCents: z.number().int().positive().max(2_147_483_647).optional(),
  reason: z.string().trim().min(3, 'Please say why the line is reversed.').max(500),
  password: StepUpPassword,
});
export type ReverseLineRequest = z.infer<typeof ReverseLineRequest>;

export const LineReversed = z.object({
  reversalLineId: z.number().int(),
  /** Cents, negative. */
  amountCents: z.number().int(),
  message: z.string(),
});
export type LineReversed = z.infer<typeof LineReversed>;

export const LINE_REVERSED = 'Reversal line added: the next stamping puts it in the open period.';
export const LINE_ALREADY_REVERSED = 'This line has already been reversed in full.';
/** The refusal of a reversal larger than what is left of the line (the card's check and the server's). */
export const reversalBeyondLeft = (leftCents: number) =>
  `At most ${formatRand(leftCents)} is left to reverse on this line.`;

/**
 * The amount a reversal takes back as the admin types it, in rand ("120.50", "R 1 200,50": the
 * portal shows rand with a decimal comma, so either separator is the decimal one), to cents: more
 * than zero, whole cents, at most what is left of the line. The server refuses the same limit
 * again under the line's lock (the card's figure may be stale).
 */
export function takeBackAmount(leftCents: number) {
  return z.string().transform((text, ctx) => {
    const cleaned = text.replace(/^\s*R/i, '').replace(/[\s\u00a0\u202f]/g, '');
    if (cleaned === '') {
      ctx.addIssue({ code: 'custom', message: 'Enter the amount to take back.' });
      return z.NEVER;
    }
    const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec(cleaned);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount in rand, for example 120.50.' });
      return z.NEVER;
    }
    const fraction = match[2] ?? '';
    if (fraction.length > 2) {
      ctx.addIssue({ code: 'custom', message: 'Use whole cents: at most two digits after the decimal point.' });
      return z.NEVER;
    }
    const cents = Number(match[1]) * 100 + Number(fraction.padEnd(2, '0'));
    if (cents <= 0) {
      ctx.addIssue({ code: 'custom', message: `The amount must be more than ${formatRand(0)}.` });
      return z.NEVER;
    }
    if (cents > leftCents) {
      ctx.addIssue({ code: 'custom', message: reversalBeyondLeft(leftCents) });
      return z.NEVER;
    }
    return cents;
  });
}

// ---- Banking export (DECISIONS "Commissions" 9) ----

export const PaymentFile = z.enum(['bank', 'eWallet']);
export type PaymentFile = z.infer<typeof PaymentFile>;

export const BankingExportRequest = z.strictObject({
  period: Id,
  payment: PaymentFile.default('bank'),
  password: StepUpPassword,
});
export type BankingExportRequest = z.infer<typeof BankingExportRequest>;

export const BANK_EXPORT_HEADER = [
  'Z-Code',
  'Name',
  'Bank',
  'Branch Code',
  'Account Number',
  'Account Type',
  'Amount',
] as const;
export const EWALLET_EXPORT_HEADER = ['Z-Code', 'Name', 'Mobile Number', 'eWallet Link', 'Amount'] as const;

// ---- Exports (spec 3 §7.3) ----

export const EXPORT_COMPLETED = 'Export completed successfully';
export const NO_DATA_TO_EXPORT = 'No data to export';
export const exportsOutcome = (succeeded: number, failed: number) => `${succeeded} exports succeeded, ${failed} failed`;
/** Spec 3 §9: the all-users export reads 1000 users a page. */
export const USERS_EXPORT_PAGE_SIZE = 1000;

export const CommissionsPeriodQuery = z.strictObject({ commissions_period: Id });

export const UserCount = z.object({ count: z.number().int() });

export const UsersPageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(USERS_EXPORT_PAGE_SIZE).default(USERS_EXPORT_PAGE_SIZE),
});

export const UsersExportRow = z.object({
  z_code: z.string(),
  first_name: z.string().nullable(),
  surname: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string(),
  user_type: z.string(),
  tier: z.number().int(),
  is_leader: z.boolean(),
  parent_z_code: z.string().nullable(),
  created_at: z.string(),
});
export type UsersExportRow = z.infer<typeof UsersExportRow>;

export const UsersPage = z.object({
  data: z.array(UsersExportRow),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});
export type UsersPage = z.infer<typeof UsersPage>;

export const USERS_EXPORT_HEADER = [
  'Z-Code',
  'First Name',
  'Surname',
  'Email',
  'Mobile Number',
  'Status',
  'User Type',
  'Tier',
  'Leader',
  'Parent Z-Code',
  'Created',
] as const;

/** The CSV exports streamed by the server: path under /api/commissions/, label, whether it needs a period. */
export const CSV_EXPORTS = [
  { key: 'fibre-comms-report', label: 'Fibre commissions report', needsPeriod: true },
  { key: 'fibre-leader-comms-report', label: 'Fibre leader commissions report', needsPeriod: true },
  { key: 'banking-report', label: 'Banking report', needsPeriod: true },
  { key: 'agent-tiers', label: 'Agent tiers', needsPeriod: false },
  { key: 'advances', label: 'Advances', needsPeriod: false },
  { key: 'user-structure', label: 'User structure', needsPeriod: false },
  { key: 'user-contracts', label: 'User contracts', needsPeriod: false },
] as const;
export type CsvExportKey = (typeof CSV_EXPORTS)[number]['key'];

// ---- Sales report ----

export const SalesReportRow = z.object({
  supplierId: z.number().int(),
  supplierName: z.string(),
  product: z.string(),
  orderCount: z.number().int(),
  /** Cents of the lines stamped into the period for these orders. */
  commissionCents: z.number().int(),
});
export const SalesReport = z.object({
  periodId: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  rows: z.array(SalesReportRow),
  totalOrders: z.number().int(),
});
export type SalesReport = z.infer<typeof SalesReport>;

/** Cents as the page and the CSV show them: 12345 → "123.45". */
export function centsToRand(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
