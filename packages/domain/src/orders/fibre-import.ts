import { z } from 'zod';

// The fibre activity import (spec 3 §2.10, §3.6, §5.4; DECISIONS "Orders"): an admin with the
// Commissions flag picks a product type and a supplier and uploads the supplier's CSV; a job checks
// every row, loads the good ones and reports the rest by line number and reason.

/** The CSV columns, as the supplier's file names them (spec 3 §3.6). */
export const FIBRE_COLUMNS = [
  'agent_identification',
  'id',
  'customer_status_1',
  'customer_status_2',
  'customer_account_number',
  'customer_name',
  'customer_phone',
  'customer_email',
  'customer_address',
  'order_created_date',
  'order_paid_date',
  'order_installation_date',
  'supplier_activation_date',
  'external_reference',
  'product',
  'region',
] as const;
export type FibreColumn = (typeof FIBRE_COLUMNS)[number];

/** Cells a row must have (spec 3 §3.6). */
export const FIBRE_REQUIRED: readonly FibreColumn[] = [
  'agent_identification',
  'id',
  'customer_account_number',
  'order_created_date',
  'order_paid_date',
  'order_installation_date',
  'product',
  'region',
];

export const FIBRE_DATE_COLUMNS: readonly FibreColumn[] = [
  'order_created_date',
  'order_paid_date',
  'order_installation_date',
  'supplier_activation_date',
];

/** How the page names a column in a reason (the CSV "id" is the order number). */
export const FIBRE_COLUMN_LABELS: Record<FibreColumn, string> = {
  agent_identification: 'agent_identification',
  id: 'id (Order Number)',
  customer_status_1: 'customer_status_1',
  customer_status_2: 'customer_status_2',
  customer_account_number: 'customer_account_number',
  customer_name: 'customer_name',
  customer_phone: 'customer_phone',
  customer_email: 'customer_email',
  customer_address: 'customer_address',
  order_created_date: 'order_created_date',
  order_paid_date: 'order_paid_date',
  order_installation_date: 'order_installation_date',
  supplier_activation_date: 'supplier_activation_date',
  external_reference: 'external_reference',
  product: 'product',
  region: 'region',
};

/** Longest cell kept; a longer one rejects the row rather than being cut. */
export const FIBRE_MAX_CELL = 500;
/** Rejected rows kept for the page (the count covers them all). */
export const FIBRE_MAX_REJECTED_KEPT = 1000;

/** A checked row: every column, an empty cell as null, dates as YYYY-MM-DD. */
export type FibreRow = Record<FibreColumn, string | null>;

export type FibreRowCheck = { ok: true; row: FibreRow } | { ok: false; reason: string };

const DATE = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A date cell as YYYY-MM-DD (also read: YYYY/MM/DD and a trailing time); undefined when invalid. */
export function parseFibreDate(value: string): string | undefined {
  const match = DATE.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  if (year < 1990 || year > 2100) return undefined;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** A header row's missing columns (names compared trimmed and case-insensitively). */
export function missingFibreColumns(header: readonly string[]): FibreColumn[] {
  const names = new Set(header.map((name) => name.trim().toLowerCase()));
  return FIBRE_REQUIRED.filter((column) => !names.has(column));
}

/**
 * Checks one CSV row (header name → cell). Empty cells become null (spec 3 §5.4); a missing
 * required cell, an invalid date or an over-long cell rejects the row, all reasons together.
 */
export function checkFibreRow(record: Readonly<Record<string, string | undefined>>): FibreRowCheck {
  const cells: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(record)) cells[key.trim().toLowerCase()] = value;
  const row = {} as FibreRow;
  const missing: string[] = [];
  const badDates: string[] = [];
  const tooLong: string[] = [];
  for (const column of FIBRE_COLUMNS) {
    const raw = cells[column]?.trim() ?? '';
    let value: string | null = raw === '' ? null : raw;
    if (value !== null && value.length > FIBRE_MAX_CELL) tooLong.push(FIBRE_COLUMN_LABELS[column]);
    if (value !== null && FIBRE_DATE_COLUMNS.includes(column)) {
      const date = parseFibreDate(value);
      if (date === undefined) badDates.push(`${FIBRE_COLUMN_LABELS[column]} "${value.slice(0, 40)}"`);
      value = date ?? null;
    }
    if (value === null && raw === '' && FIBRE_REQUIRED.includes(column)) missing.push(FIBRE_COLUMN_LABELS[column]);
    row[column] = value;
  }
  const reasons: string[] = [];
  if (missing.length) reasons.push(`Missing ${missing.join(', ')}`);
  if (badDates.length) reasons.push(`Invalid date: ${badDates.join(', ')} (use YYYY-MM-DD)`);
  if (tooLong.length) reasons.push(`Longer than ${FIBRE_MAX_CELL} characters: ${tooLong.join(', ')}`);
  return reasons.length ? { ok: false, reason: reasons.join('; ') } : { ok: true, row };
}

// --- API shapes ------------------------------------------------------------------------------

export const FibreImportRequest = z.strictObject({
  productTypeId: z.number().int().positive(),
  supplierId: z.number().int().positive(),
  fileId: z.uuid(),
});
export type FibreImportRequest = z.infer<typeof FibreImportRequest>;

export const FibreImportStarted = z.object({ id: z.number().int(), jobId: z.uuid() });
export type FibreImportStarted = z.infer<typeof FibreImportStarted>;

export const FibreSupplierQuery = z.strictObject({ productTypeId: z.coerce.number().int().positive() });
export const FibreSupplierOptions = z.array(z.object({ id: z.number().int(), name: z.string() }));
export type FibreSupplierOptions = z.infer<typeof FibreSupplierOptions>;

export const FibreImportQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const FibreRejectedRow = z.object({
  line: z.number().int(),
  orderNumber: z.string().nullable(),
  reason: z.string(),
});
export type FibreRejectedRow = z.infer<typeof FibreRejectedRow>;

export const FibreImportStatus = z.object({
  id: z.number().int(),
  fileName: z.string(),
  supplierId: z.number().int(),
  productTypeId: z.number().int(),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  error: z.string().nullable(),
  jobId: z.uuid().nullable(),
  stage: z.string().nullable(),
  percent: z.number().int().min(0).max(100),
  counts: z.object({
    rows: z.number().int(),
    inserted: z.number().int(),
    updated: z.number().int(),
    rejected: z.number().int(),
    /** New orders attributed to a dealer by this run. */
    attributed: z.number().int(),
  }),
  rejected: z.object({
    items: z.array(FibreRejectedRow),
    /** Rejected rows kept (at most FIBRE_MAX_REJECTED_KEPT; `counts.rejected` has them all). */
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type FibreImportStatus = z.infer<typeof FibreImportStatus>;
