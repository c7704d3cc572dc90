import { z } from 'zod';

// The calculation half of the commission cycle (spec 3 §2.9, §3.6, §4.5, §7.3; DECISIONS
// "Commissions"; decision 031): payout imports, post-import, structure levels, the agent and
// leader steps, and the preview of what stamping would attach. Amounts are integer cents.

export const COMMISSION_PATHS = {
  importCommissions: '/api/commissions/import-commissions',
  importStatus: (id: number) => `/api/commissions/imports/${id}`,
  agentCommissions: '/api/commissions/agent-commissions',
  leaderCommissions: '/api/commissions/leader-commissions',
  runs: '/api/commissions/runs',
  previewLines: '/api/commissions/preview/lines',
  previewExceptions: '/api/commissions/preview/exceptions',
  previewTotals: '/api/commissions/preview/totals',
  runPostImport: '/api/imports/run-post-import',
  postImportComplete: '/api/imports/post-import-complete',
  updateStructureLevels: '/api/structure/update-structure-levels',
  structureLevelsComplete: '/api/structure/structure-levels-update-complete',
} as const;

/** The upload purpose of a payout CSV (the existing upload flow, POST /api/files). */
export const COMMISSION_IMPORT_PURPOSE = 'commission_import';

// ---------------------------------------------------------------------------------------------
// Payout CSV rows (spec 3 §3.6)

export const COMMISSION_IMPORT_TYPES = ['Agent', 'Leader'] as const;
export type CommissionImportType = (typeof COMMISSION_IMPORT_TYPES)[number];

/** Agent file: order_number, payment_date, paid_to_1, amount_1, tier_1. */
export const AGENT_IMPORT_COLUMNS = ['order_number', 'payment_date', 'paid_to_1', 'amount_1', 'tier_1'] as const;
/** Leader file: order_number, payment_date, then tier_n, paid_to_n, amount_n for n = 1..4. */
export const LEADER_IMPORT_COLUMNS = [
  'order_number',
  'payment_date',
  ...[1, 2, 3, 4].flatMap((n) => [`tier_${n}`, `paid_to_${n}`, `amount_${n}`]),
] as const;

/** Header names as files spell them ("Paid To 1", "paid_to_1", "Amount1") → our column names. */
export function normaliseImportHeader(name: string): string {
  const base = name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .replace(/([a-z])(\d)$/, '$1_$2');
  if (base === 'agent_payment_date') return 'payment_date';
  return base;
}

export function missingImportColumns(type: CommissionImportType, header: readonly string[]): string[] {
  const names = new Set(header.map(normaliseImportHeader));
  const required = type === 'Agent' ? AGENT_IMPORT_COLUMNS : ['order_number', 'tier_1', 'paid_to_1', 'amount_1'];
  return required.filter((column) => !names.has(column));
}

/** Rand as written in a payout file ("R1 234.50", "150", "99.9") → cents; null when it is not money. */
export function parseRandToCents(text: string | undefined | null): number | null {
  if (text === undefined || text === null) return null;
  const cleaned = text.trim().replace(/^R\s*/i, '').replace(/[\s,]/g, '');
  const match = /^(-)?(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** A Z-code ("Z-123", "z123", "123") → the user id; null when it is not one. */
export function parseZCodeId(text: string | undefined | null): number | null {
  if (!text) return null;
  const match = /^\s*(?:z-?)?(\d{1,9})\s*$/i.exec(text);
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** One payee of one CSV row, as staged: the match to order and payee happens in SQL. */
export interface ImportPayout {
  line: number;
  orderNumber: string;
  paidTo: string;
  payeeId: number | null;
  amountCents: number | null;
  /** Agent file: the dealer's tier (kept for the record). Leader file: the leader level 1–7. */
  tier: number | null;
  role: 'agent' | 'leader';
  raw: Record<string, string>;
}

/**
 * The payouts of one CSV row: one for an agent row, one per filled paid-to for a leader row. A row
 * with nothing filled gives one payout with empty fields, so the SQL keeps it as an exception.
 */
export function payoutsOfRow(type: CommissionImportType, line: number, record: Record<string, string>): ImportPayout[] {
  const row: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) row[normaliseImportHeader(key)] = (value ?? '').trim();
  const orderNumber = row.order_number ?? '';
  const slots = type === 'Agent' ? [1] : [1, 2, 3, 4];
  const payouts: ImportPayout[] = [];
  for (const n of slots) {
    const paidTo = row[`paid_to_${n}`] ?? '';
    const amount = row[`amount_${n}`] ?? '';
    if (n > 1 && !paidTo && !amount) continue;
    const tierText = row[`tier_${n}`] ?? '';
    const tier = /^\d{1,2}$/.test(tierText) ? Number(tierText) : null;
    payouts.push({
      line,
      orderNumber,
      paidTo,
      payeeId: parseZCodeId(paidTo),
      amountCents: parseRandToCents(amount),
      tier: type === 'Leader' ? (tier ?? n) : tier,
      role: type === 'Agent' ? 'agent' : 'leader',
      raw: record,
    });
  }
  return payouts;
}

// ---------------------------------------------------------------------------------------------
// Requests and answers

const Id = z.number().int().positive().max(2_147_483_647);
const QueryId = z.coerce.number().int().positive().max(2_147_483_647);

export const CommissionImportRequest = z.strictObject({
  type: z.enum(COMMISSION_IMPORT_TYPES),
  fileId: z.uuid(),
});
export type CommissionImportRequest = z.infer<typeof CommissionImportRequest>;

export const CommissionImportStarted = z.object({ id: Id, jobId: z.uuid(), message: z.string() });
export type CommissionImportStarted = z.infer<typeof CommissionImportStarted>;

export const COMMISSION_IMPORT_STAGES = ['preparing', 'uploading', 'processing', 'complete'] as const;

export const CommissionImportStatus = z.object({
  id: Id,
  type: z.enum(COMMISSION_IMPORT_TYPES),
  fileName: z.string(),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  stage: z.string().nullable(),
  percent: z.number().int().min(0).max(100),
  message: z.string().nullable(),
  error: z.string().nullable(),
  jobId: z.uuid().nullable(),
  counts: z.object({ rows: z.number().int(), imported: z.number().int(), exceptions: z.number().int() }),
});
export type CommissionImportStatus = z.infer<typeof CommissionImportStatus>;

export const PeriodQuery = z.object({ period: QueryId });
export const PeriodBody = z.strictObject({ period: Id });
export const StructureLevelsBody = z.strictObject({ commissions_period: Id });
export const PostImportQuery = z.object({ supplier_id: z.union([z.literal('all'), QueryId]).default('all') });

export const CommissionStepStarted = z.object({ runId: Id, jobId: z.uuid(), message: z.string() });
export type CommissionStepStarted = z.infer<typeof CommissionStepStarted>;

export const PostImportStarted = z.object({ jobId: z.uuid(), message: z.string() });
export const PostImportComplete = z.object({
  complete: z.boolean(),
  message: z.string(),
  activeJobs: z.number().int(),
});
export type PostImportComplete = z.infer<typeof PostImportComplete>;
export const StructureLevelsComplete = z.object({ complete: z.boolean() });

export const COMMISSION_STEPS = ['post_import', 'structure_levels', 'agent_commissions', 'leader_commissions'] as const;
export type CommissionStep = (typeof COMMISSION_STEPS)[number];

export const CommissionRun = z.object({
  id: Id,
  step: z.string(),
  periodId: z.number().int().nullable(),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  linesCount: z.number().int(),
  exceptionsCount: z.number().int(),
  ordersCount: z.number().int(),
  error: z.string().nullable(),
  jobId: z.uuid().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type CommissionRun = z.infer<typeof CommissionRun>;
export const CommissionRuns = z.object({
  /** The active period (one at a time), which the steps run for. */
  activePeriod: z.object({ id: Id, startDate: z.string(), endDate: z.string(), closed: z.boolean() }).nullable(),
  runs: z.array(CommissionRun),
});
export type CommissionRuns = z.infer<typeof CommissionRuns>;

const Paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
};
const Flag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const PreviewLinesQuery = z.object({
  ...Paging,
  role: z.enum(['agent', 'leader']).optional(),
  source: z.enum(['calculated', 'import', 'reversal']).optional(),
  held: Flag.optional(),
  payee: QueryId.optional(),
  /** Order number (exact). */
  order: z.string().trim().min(1).max(100).optional(),
});
export type PreviewLinesQuery = z.input<typeof PreviewLinesQuery>;

export const PreviewLine = z.object({
  id: Id,
  orderId: Id,
  orderNumber: z.string(),
  supplierName: z.string(),
  payeeId: Id,
  payeeCode: z.string(),
  payeeName: z.string(),
  role: z.enum(['agent', 'leader']),
  leaderLevel: z.number().int().nullable(),
  amountCents: z.number().int(),
  source: z.enum(['calculated', 'import', 'reversal']),
  isHeld: z.boolean(),
  dealId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
  rateColumn: z.string().nullable(),
  rule: z.string().nullable(),
});
export type PreviewLine = z.infer<typeof PreviewLine>;

export const PreviewLines = z.object({
  items: z.array(PreviewLine),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totals: z.object({
    lines: z.number().int(),
    amountCents: z.number().int(),
    heldLines: z.number().int(),
    heldCents: z.number().int(),
  }),
});
export type PreviewLines = z.infer<typeof PreviewLines>;

export const PreviewExceptionsQuery = z.object({ ...Paging });
export const PreviewException = z.object({
  id: Id,
  source: z.enum(['agent_commissions', 'leader_commissions', 'import']),
  orderId: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  line: z.number().int().nullable(),
  reason: z.string(),
  createdAt: z.string(),
});
export type PreviewException = z.infer<typeof PreviewException>;
export const PreviewExceptions = z.object({
  items: z.array(PreviewException),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PreviewExceptions = z.infer<typeof PreviewExceptions>;

export const PreviewTotalsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
export const PayeeTotal = z.object({
  payeeId: Id,
  payeeCode: z.string(),
  payeeName: z.string(),
  agentCents: z.number().int(),
  leaderCents: z.number().int(),
  heldCents: z.number().int(),
  totalCents: z.number().int(),
  lines: z.number().int(),
});
export type PayeeTotal = z.infer<typeof PayeeTotal>;
export const PreviewTotals = z.object({
  payees: z.array(PayeeTotal),
  payeeCount: z.number().int(),
  totalCents: z.number().int(),
});
export type PreviewTotals = z.infer<typeof PreviewTotals>;
